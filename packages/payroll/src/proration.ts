import { PayrollInputError } from './errors.ts';
import { divideHalfUp } from './money.ts';
import type { PayInput, ProrationCode } from './types.ts';

// Month events (issue 32): a joiner, a leaver, unpaid leave, suspension without pay and unpaid absences pay only the
// part of the month worked. The month's regular figures — salary, the tax on it, pension, NHF, health insurance and
// tier 3 — are each the full month's figure times paidDays / periodDays, rounded half-up once; the reduction of the
// salary is listed line by line (each event its own line, the last absorbing the rounding), so
// monthly salary − the lines = the salary earned, exactly. See docs: "proration reduces gross before tax".

export const PRORATION_CODES = ['proration', 'unpaid-leave', 'suspension', 'absence'] as const;

/** Working days per year an annual salary pays (52 weeks × 5 days): the daily rate of leave paid out at exit. */
export const WORKING_DAYS_PER_YEAR = 260;
const MAX_PERIOD_DAYS = 31;

export type ValidProration = {
  paidDays: number;
  periodDays: number;
  basis: 'calendar' | 'working';
  lines: { code: ProrationCode; legalName: string; days: number }[];
};

const isDayCount = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

export const validateProration = (input: PayInput['proration']): ValidProration | null => {
  if (input === undefined) return null;
  if (typeof input !== 'object' || input === null) throw new PayrollInputError('proration', 'must be an object with paidDays, periodDays and lines');
  const { paidDays, periodDays, basis = 'calendar', lines = [] } = input;
  if (!isDayCount(periodDays, MAX_PERIOD_DAYS) || periodDays === 0) throw new PayrollInputError('proration.periodDays', `must be a whole number from 1 to ${MAX_PERIOD_DAYS}`);
  if (!isDayCount(paidDays, periodDays)) throw new PayrollInputError('proration.paidDays', `must be a whole number from 0 to the period's ${periodDays} days`);
  if (basis !== 'calendar' && basis !== 'working') throw new PayrollInputError('proration.basis', 'must be calendar or working');
  if (!Array.isArray(lines)) throw new PayrollInputError('proration.lines', 'must be a list');
  let unpaid = 0;
  const valid = lines.map((line, index) => {
    if (!(PRORATION_CODES as readonly unknown[]).includes(line?.code)) throw new PayrollInputError(`proration.lines.${index}.code`, `must be one of ${PRORATION_CODES.join(', ')}`);
    if (typeof line.legalName !== 'string' || !line.legalName.trim()) throw new PayrollInputError(`proration.lines.${index}.legalName`, 'must be a text');
    if (!isDayCount(line.days, periodDays) || line.days === 0) throw new PayrollInputError(`proration.lines.${index}.days`, `must be a whole number from 1 to ${periodDays}`);
    unpaid += line.days;
    return { code: line.code, legalName: line.legalName, days: line.days };
  });
  if (unpaid !== periodDays - paidDays)
    throw new PayrollInputError('proration.lines', `count ${unpaid} unpaid days, but ${periodDays} − ${paidDays} paid = ${periodDays - paidDays}`);
  // A whole month is paid exactly as without proration (no re-rounding of its pieces).
  return paidDays === periodDays ? null : { paidDays, periodDays, basis, lines: valid };
};

/** Unused leave days to pay out: a multiple of half a day (leave balances are kept in half days). */
export const validateLeavePayoutDays = (value: unknown): number => {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 366 || !Number.isInteger(value * 2))
    throw new PayrollInputError('leavePayoutDays', 'must be a number of days from 0 to 366, in half days');
  return value;
};

/** The leave paid out: annual gross ÷ 260 working days per day, rounded half-up once (half days kept exact). */
export const leavePayoutOf = (grossAnnual: number, days: number) => divideHalfUp(grossAnnual * (days * 2), WORKING_DAYS_PER_YEAR * 2);

/** The month's share of a full month's figure. */
export const prorate = (p: ValidProration, monthly: number) => divideHalfUp(monthly * p.paidDays, p.periodDays);

/** The reduction of the salary, one amount per line, summing to monthlySalary − prorate(monthlySalary) exactly. */
export const reductionLines = (p: ValidProration, monthlySalary: number) => {
  const total = monthlySalary - prorate(p, monthlySalary);
  let left = total;
  return p.lines.map((line, index) => {
    const amount = index === p.lines.length - 1 ? left : divideHalfUp(monthlySalary * line.days, p.periodDays);
    left -= amount;
    return { code: line.code, legalName: line.legalName, amount };
  });
};
