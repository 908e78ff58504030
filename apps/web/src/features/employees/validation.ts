import type { TFunction } from 'i18next';
import { fieldErrorText } from '../../shared/i18n/index.ts';

/** The contract's rules of the people screens, as the schema and the server word them. */
const PEOPLE_RULES: readonly [RegExp, string][] = [
  [/^is not a valid code$/, 'code'],
  [/^must be a date as YYYY-MM-DD$/, 'date'],
  [/^is not a real date$/, 'realDate'],
  [/^must be a phone number/, 'phone'],
  [/^may contain only letters, digits/, 'employeeNumber'],
  [/^must be an amount with at most 2 decimal places/, 'amount'],
  [/^must not be negative$/, 'amount'],
  [/^must be one of: /, 'choice'],
];

/** A field error in the user's language: the people rules here, the common ones in the core texts. */
export const fieldError = (t: TFunction, message: string | undefined) => {
  if (!message) return undefined;
  const rule = PEOPLE_RULES.find(([pattern]) => pattern.test(message));
  return rule ? t(`people:validation.${rule[1]}`) : fieldErrorText(t, message);
};
