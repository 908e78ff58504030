import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { MSG } from '@bizdesk/contract';
import { serverFieldErrors, type TErrorResponse } from '../../shared/api/errors.ts';
import { displayError } from '../../shared/i18n/index.ts';

/** Messages of the catalogue that are about one field although they do not name it. */
const FIELD_OF_CATALOGUE: Record<string, string> = {
  [MSG.employeeEmailTaken]: 'email',
  [MSG.employeeNumberTaken]: 'employeeNumber',
  [MSG.designationTaken]: 'name',
};

/**
 * The server's errors by field. It names fields two ways: `details` of a validation failure
 * (`[{ field: 'body.firstName', message }]`) and a message that starts with the field
 * (`upline: this would make a circle …`, `departmentId: is not a department of this business`).
 */
export const serverErrorsByField = (error: unknown, fields: readonly string[]): Record<string, string> => {
  const data = (error as { response?: TErrorResponse } | null)?.response?.data;
  const out: Record<string, string> = {};
  const put = (field: string | undefined, message: string) => {
    if (field && fields.includes(field) && !out[field]) out[field] = message;
  };
  for (const [field, message] of Object.entries(serverFieldErrors(error))) put(field, message);
  const message = data?.message;
  if (typeof message === 'string') {
    const named = /^([A-Za-z]+)(?:\.\d+)?: (.+)$/.exec(message);
    if (named) put(named[1], named[2]!);
    put(FIELD_OF_CATALOGUE[message], message);
  }
  return out;
};

/** Puts the server's field errors on the form and returns the message for the form as a whole. */
export const applyServerErrors = <F extends FieldValues>(t: TFunction, error: unknown, setError: UseFormSetError<F>, fields: readonly Path<F>[]) => {
  const byField = serverErrorsByField(error, fields as readonly string[]);
  for (const field of fields) {
    const message = byField[field as string];
    if (message) setError(field, { type: 'server', message });
  }
  return displayError(t, error);
};
