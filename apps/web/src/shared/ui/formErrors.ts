import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { serverFieldErrors, type TErrorResponse } from '../api/errors.ts';
import { displayError, translateMessage } from '../i18n/index.ts';
import { serverText, type TFieldLabels } from '../i18n/words.ts';

/**
 * Puts the server's field errors on the form's fields and returns the message for the form as a whole, which
 * names the field by its label (`labels`, else the shared ones) in the reader's language.
 */
export const applyServerError = <F extends FieldValues>(t: TFunction, error: unknown, setError: UseFormSetError<F>, fields: readonly Path<F>[], labels?: TFieldLabels) => {
  const byField = serverFieldErrors(error);
  const data = (error as { response?: TErrorResponse } | null)?.response?.data;
  const main = data?.field?.split('.')[0];
  for (const field of fields) {
    let message = byField[field as string];
    // The failure's own field shows the message without the label (the field shows it), in the reader's language.
    if (message && data && field === main) message = serverText(t, data, (text) => translateMessage(t, text));
    if (message) setError(field, { type: 'server', message });
  }
  return displayError(t, error, labels);
};
