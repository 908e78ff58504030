import type { TLeaveBalance } from '@bizdesk/contract';

/** Days between two dates (inclusive) that are working days: not Saturday, Sunday or a holiday. */
export const workingDays = (startDate: string, endDate: string, holidays: ReadonlySet<string>) => {
  const out: string[] = [];
  const d = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  for (; d <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.getUTCDay();
    const iso = d.toISOString().slice(0, 10);
    if (day !== 0 && day !== 6 && !holidays.has(iso)) out.push(iso);
  }
  return out;
};

/** Fixed-date public holidays (the movable ones — Easter, Eid, Mawlid — change every year and are added by hand). */
export const FIXED_HOLIDAYS: Record<string, Array<[string, string]>> = {
  NG: [['01-01', "New Year's Day"], ['05-01', "Workers' Day"], ['06-12', 'Democracy Day'], ['10-01', 'Independence Day'], ['12-25', 'Christmas Day'], ['12-26', 'Boxing Day']],
  GH: [['01-01', "New Year's Day"], ['01-07', 'Constitution Day'], ['03-06', 'Independence Day'], ['05-01', 'May Day'], ['07-01', 'Republic Day'], ['08-04', "Founders' Day"],
    ['09-21', 'Kwame Nkrumah Memorial Day'], ['12-25', 'Christmas Day'], ['12-26', 'Boxing Day']],
};

/** Rounded down to half days: a balance never shows a day not yet fully earned. */
const floorHalf = (n: number) => Math.floor(n * 2 + 1e-9) / 2;

export type TLeaveRule = { id: string; name: string; yearlyEntitlement: number; accruesMonthly: boolean; carryForwardCap: number; isPaid?: boolean };
/** Days of one leave type the employee took (approved) and asked for (pending), by year. */
export type TUsage = Map<number, { taken: number; pending: number }>;

/**
 * Days earned in a year up to and including `throughMonth` (1–12). Monthly accrual earns a twelfth
 * of the entitlement each month from the month the employee joined; otherwise the whole entitlement
 * is there from the start of the year (or of the month they joined).
 */
export const accrued = (rule: TLeaveRule, startDate: string, year: number, throughMonth: number) => {
  const startYear = Number(startDate.slice(0, 4));
  const startMonth = Number(startDate.slice(5, 7));
  if (year < startYear) return 0;
  const firstMonth = year === startYear ? startMonth : 1;
  const months = Math.max(0, throughMonth - firstMonth + 1);
  if (months === 0) return 0;
  return rule.accruesMonthly ? floorHalf((rule.yearlyEntitlement * months) / 12) : rule.yearlyEntitlement;
};

/** Unused days carried into `year`: each year's leftover, capped, rolled forward from the year the employee joined. */
export const carriedInto = (rule: TLeaveRule, startDate: string, year: number, usage: TUsage) => {
  const startYear = Number(startDate.slice(0, 4));
  let carry = 0;
  for (let y = Math.max(startYear, year - 50); y < year; y++) {
    const used = usage.get(y)?.taken ?? 0;
    carry = Math.min(rule.carryForwardCap, Math.max(0, carry + accrued(rule, startDate, y, 12) - used));
  }
  return carry;
};

/** The balance of one type in a year, as of a month of that year. */
export const balanceOf = (rule: TLeaveRule, startDate: string, year: number, throughMonth: number, usage: TUsage): TLeaveBalance => {
  const carriedForward = carriedInto(rule, startDate, year, usage);
  const earned = accrued(rule, startDate, year, throughMonth);
  const { taken, pending } = usage.get(year) ?? { taken: 0, pending: 0 };
  return {
    leaveTypeId: rule.id, type: rule.name, year, entitlement: rule.yearlyEntitlement, carriedForward, accrued: earned, taken, pending,
    available: carriedForward + earned - taken - pending, opening: null, adjustments: 0, expired: 0, carryForwardExpires: null,
  };
};
