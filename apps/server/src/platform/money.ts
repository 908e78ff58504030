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
