import { parseMajor, PayrollInputError } from '@bizdesk/payroll';
import { badRequest } from './errors.ts';

/**
 * An amount typed in major units (naira, cedi: "1500000", "38686.67", or a number) → integer minor
 * units, read from its text, never by multiplying a float. Bad input → 400 naming the field.
 */
export function majorToMinor(value: unknown, field: string, opts?: { isPositive?: boolean }): number;
export function majorToMinor(value: unknown, field: string, opts: { isPositive?: boolean; isOptional: true }): number | null | undefined;
export function majorToMinor(value: unknown, field: string, opts: { isPositive?: boolean; isOptional?: boolean } = {}) {
  if (opts.isOptional && (value === undefined || value === null)) return value;
  try {
    return parseMajor(value, field, { isPositive: opts.isPositive });
  } catch (err) {
    if (err instanceof PayrollInputError) throw badRequest(`${field}: ${err.reason}`);
    throw err;
  }
}

/**
 * The largest amount (minor units) the app keeps. Amounts live in bigint columns (to 2^63 − 1) but are read and
 * sent as JavaScript numbers, which hold integers exactly only to 2^53 − 1: past it a product would be stored
 * rounded, and past 2^63 − 1 the database refuses it.
 */
export const MAX_STORED_MINOR = Number.MAX_SAFE_INTEGER;

/**
 * Range check for every money product (quantity × unit cost, quantity × price, a sum of them) before it is stored
 * or sent: the value back as a number, or 400 naming the field.
 */
export const checkMinor = (value: number | bigint, field: string, label = 'amount'): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || (typeof value === 'bigint' && BigInt(n) !== value)) {
    throw badRequest(`${field}: the ${label} would pass the largest amount that can be kept (${MAX_STORED_MINOR / 100} in major units)`);
  }
  return n;
};
