import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { serverFieldErrors } from '../api/errors.ts';
import { displayError } from '../i18n/index.ts';

/** Puts the server's field errors on the form's fields and returns the message for the form as a whole. */
export const applyServerError = <F extends FieldValues>(t: TFunction, error: unknown, setError: UseFormSetError<F>, fields: readonly Path<F>[]) => {
  const byField = serverFieldErrors(error);
  for (const field of fields) {
    const message = byField[field as string];
    if (message) setError(field, { type: 'server', message });
  }
  return displayError(t, error);
};
