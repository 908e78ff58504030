import { PayrollInputError } from './errors.ts';

// Money is an integer count of minor units (kobo, pesewa); rates are integer basis
// points (1% = 100 bp). Every supported currency has 100 minor units to the major one.
export const MINOR_PER_MAJOR = 100;
export const BP_PER_WHOLE = 10_000;

// 10^12 major units keeps every sum of amounts a safe integer with room to spare;
// no salary comes near it.
export const MAX_MAJOR = 1_000_000_000_000;
const MAX_MINOR = MAX_MAJOR * MINOR_PER_MAJOR;

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

// Reads a decimal with at most two places from its text, never through float
// multiplication, so "38686.67" is exactly 3868667. A number is read through
// String(), which gives the shortest text that round-trips: 0.1 stays "0.1", but the
// result of float arithmetic like 0.30000000000000004 is refused rather than guessed.
const parseHundredths = (value: unknown, field: string, example: string): { isNegative: boolean; hundredths: number } => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : null;
  if (text === null) throw new PayrollInputError(field, `must be a number (got ${describe(value)})`);
  const match = DECIMAL.exec(text);
  if (!match) throw new PayrollInputError(field, `must be a number with at most 2 decimal places, like ${example} (got ${describe(value)})`);
  const whole = match[2].replace(/^0+(?=\d)/, '');
  // A long digit string would lose precision before the range check could see it.
  if (whole.length > 13) return { isNegative: match[1] === '-', hundredths: Number.POSITIVE_INFINITY };
  const cents = (match[3] ?? '').padEnd(2, '0');
  return { isNegative: match[1] === '-' && /[1-9]/.test(whole + cents), hundredths: Number(whole) * 100 + Number(cents) };
};

const describe = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  return typeof value;
};

// Major units (number or decimal text) → minor units. `isPositive` is for amounts
// where zero makes no sense (the gross); every other amount may be zero ("none").
export const parseMajor = (value: unknown, field: string, { isPositive = false }: { isPositive?: boolean } = {}): number => {
  const { isNegative, hundredths } = parseHundredths(value, field, '4000000 or 38686.67');
  if (isNegative) throw new PayrollInputError(field, `must not be negative (got ${describe(value)})`);
  if (hundredths > MAX_MINOR) throw new PayrollInputError(field, `must be at most ${MAX_MAJOR} (got ${describe(value)})`);
  if (isPositive && hundredths === 0) throw new PayrollInputError(field, `must be greater than 0 (got ${describe(value)})`);
  return hundredths;
};

// A percentage with at most two decimals (7.5, 17.5, 33.33) → basis points.
export const parsePercent = (value: unknown, field: string): number => {
  const { isNegative, hundredths } = parseHundredths(value, field, '8 or 7.5');
  if (isNegative) throw new PayrollInputError(field, `must not be negative (got ${describe(value)})`);
  if (hundredths > BP_PER_WHOLE) throw new PayrollInputError(field, `must be at most 100 (got ${describe(value)})`);
  return hundredths;
};

// amount × bp / 10000, rounded half-up. The amount is split at 10^4 so that no
// intermediate product leaves the safe-integer range whatever the amount.
export const applyRate = (amount: number, bp: number): number => {
  const high = Math.floor(amount / BP_PER_WHOLE);
  const low = amount - high * BP_PER_WHOLE;
  return high * bp + Math.floor((low * bp + BP_PER_WHOLE / 2) / BP_PER_WHOLE);
};

// a / d rounded half-up, for a ≥ 0 (the engine never divides a negative amount).
export const divideHalfUp = (amount: number, divisor: number): number => Math.floor((2 * amount + divisor) / (2 * divisor));

export const toMajor = (minor: number): number => minor / MINOR_PER_MAJOR;

export const bpToPercent = (bp: number): number => bp / 100;
