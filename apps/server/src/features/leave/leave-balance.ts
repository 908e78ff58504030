import type { TLeaveBalance } from '@bizdesk/contract';
import { badRequest } from '../../platform/errors.ts';
import { accrued, workingDays, type TLeaveRule } from './leave-days.ts';

// Days and balances of leave that fits the calendar (issue 33): each day counts against its own year, half days,
// opening balances and adjustments, carried-forward days that lapse, eligibility per type.

export type THalf = 'first' | 'second';
/** Each counted day of a request and its weight (1, or 0.5 for a half day). */
export type TDayList = Array<[string, number]>;

/**
 * The counted days of a request: working days (weekends and holidays out); the start day is half when the leave starts
 * in its second half, the end day half when it ends after its first half; a one-day request with either half is 0.5.
 */
export const countedDays = (startDate: string, endDate: string, holidays: ReadonlySet<string>, half: { startHalf?: THalf | null; endHalf?: THalf | null } = {}): TDayList =>
  workingDays(startDate, endDate, holidays).map((d): [string, number] => {
    if (startDate === endDate) return [d, half.startHalf || half.endHalf ? 0.5 : 1];
    if (d === startDate && half.startHalf === 'second') return [d, 0.5];
    if (d === endDate && half.endHalf === 'first') return [d, 0.5];
    return [d, 1];
  });

export const totalOf = (list: TDayList) => list.reduce((s, [, w]) => s + w, 0);

/** The request's days by year: { 2026: 2, 2027: 1 }. */
export const daysByYear = (list: TDayList) => {
  const out = new Map<number, number>();
  for (const [d, w] of list) out.set(Number(d.slice(0, 4)), (out.get(Number(d.slice(0, 4))) ?? 0) + w);
  return out;
};

/** A stored request's day list (rows from before issue 33 have none: their days count on the start date). */
export const dayListOf = (r: { startDate: string; days: number; dayList: TDayList | null }): TDayList => r.dayList ?? [[r.startDate, Number(r.days)]];

export type TCalendarRule = TLeaveRule & { carryForwardExpires?: string | null };
export type TUseRow = { status: string; dayList: TDayList };
export type TAdjustmentRow = { year: number; kind: string; days: number };

/** What an employee used of one type, by year: approved, pending, and approved days taken on or before a date of the year (the carry-forward expiry). */
type TYearUse = { taken: number; pending: number; takenBy: (mmdd: string) => number };
const useByYear = (rows: TUseRow[]) => {
  const years = new Map<number, { taken: number; pending: number; days: Array<[string, number]> }>();
  for (const r of rows) {
    for (const [d, w] of r.dayList) {
      const y = Number(d.slice(0, 4));
      if (!years.has(y)) years.set(y, { taken: 0, pending: 0, days: [] });
      const u = years.get(y)!;
      if (r.status === 'approved') { u.taken += w; u.days.push([d, w]); } else if (r.status === 'pending') u.pending += w;
    }
  }
  return (y: number): TYearUse => {
    const u = years.get(y);
    return { taken: u?.taken ?? 0, pending: u?.pending ?? 0, takenBy: (mmdd) => (u?.days ?? []).filter(([d]) => d.slice(5) <= mmdd).reduce((s, [, w]) => s + w, 0) };
  };
};

export type TCalendarBalance = TLeaveBalance & { opening: number | null; adjustments: number; expired: number; carryForwardExpires: string | null };

/**
 * The balance of one type in a year as of a day of it (`asOf`, YYYY-MM-DD): carried forward (or the opening balance HR
 * set for the year), less carried days that lapsed unused after the expiry date, plus the days accrued through the
 * month of `asOf`, plus adjustments, less taken and pending.
 */
export const calendarBalance = (rule: TCalendarRule, startDate: string, year: number, asOf: string, uses: TUseRow[], adjustments: TAdjustmentRow[]): TCalendarBalance => {
  const use = useByYear(uses);
  const openingOf = (y: number) => {
    const o = adjustments.filter((a) => a.year === y && a.kind === 'opening');
    return o.length ? Number(o.at(-1)!.days) : null;
  };
  const adjustOf = (y: number) => adjustments.filter((a) => a.year === y && a.kind === 'adjustment').reduce((s, a) => s + Number(a.days), 0);
  const expiredOf = (y: number, carried: number, through: string) => {
    const exp = rule.carryForwardExpires;
    if (!exp || carried <= 0 || through.slice(5) <= exp) return 0;
    return Math.max(0, carried - use(y).takenBy(exp));
  };
  const startYear = Number(startDate.slice(0, 4));
  // Carried into each year: the previous year's leftover, capped; an opening balance replaces it.
  let carry = 0;
  for (let y = Math.max(startYear, year - 50); y < year; y++) {
    const carried = openingOf(y) ?? carry;
    const left = carried - expiredOf(y, carried, `${y}-12-31`) + accrued(rule, startDate, y, 12) + adjustOf(y) - use(y).taken;
    carry = Math.min(rule.carryForwardCap, Math.max(0, left));
  }
  const opening = openingOf(year);
  const carriedForward = opening ?? carry;
  const expired = expiredOf(year, carriedForward, asOf);
  const earned = accrued(rule, startDate, year, Number(asOf.slice(5, 7)));
  const adjusted = adjustOf(year);
  const { taken, pending } = use(year);
  return {
    leaveTypeId: rule.id, type: rule.name, year, entitlement: rule.yearlyEntitlement, carriedForward, accrued: earned, taken, pending,
    available: carriedForward - expired + earned + adjusted - taken - pending,
    opening, adjustments: adjusted, expired, carryForwardExpires: rule.carryForwardExpires ?? null,
  };
};

export type TEligibilityRule = { name: string; gender?: string | null; minServiceMonths?: number; oncePerYear?: boolean };
type TEmployeeFacts = { name: string; gender: string | null; startDate: string };

/** Whole months of service from the joining day to a day. */
export const monthsOfService = (startDate: string, day: string) => {
  const [sy, sm, sd] = startDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return (y - sy) * 12 + (m - sm) - (d < sd ? 1 : 0);
};
const addMonths = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

/** Why the employee cannot take this type (null: they can), for the type list and the request. */
export const ineligibility = (rule: TEligibilityRule, e: TEmployeeFacts, startDate?: string): { key: string; message: string; params: Record<string, string | number> } | null => {
  if (rule.gender && e.gender !== rule.gender) {
    return e.gender
      ? { key: 'leaveGender', message: `${rule.name} leave is only for ${rule.gender} employees; ${e.name}'s record says ${e.gender}`, params: { type: rule.name, gender: rule.gender, name: e.name } }
      : { key: 'leaveGenderUnknown', message: `${rule.name} leave is only for ${rule.gender} employees; set ${e.name}'s gender on their record first`, params: { type: rule.name, gender: rule.gender, name: e.name } };
  }
  const months = rule.minServiceMonths ?? 0;
  if (months > 0 && startDate && monthsOfService(e.startDate, startDate) < months) {
    const from = addMonths(e.startDate, months);
    return { key: 'leaveServiceShort', message: `${rule.name} leave needs ${months} month${months === 1 ? '' : 's'} of service; ${e.name} joined on ${e.startDate} and can take it from ${from}`,
      params: { type: rule.name, months, name: e.name, joined: e.startDate, from } };
  }
  return null;
};

export const assertEligible = (rule: TEligibilityRule, e: TEmployeeFacts, startDate: string, takenYears: ReadonlySet<number>, years: number[]) => {
  const why = ineligibility(rule, e, startDate);
  if (why) throw badRequest(`type: ${why.message}`).as(why.key, why.params);
  if (rule.oncePerYear) {
    const year = years.find((y) => takenYears.has(y));
    if (year !== undefined) throw badRequest(`type: ${rule.name} leave can be taken once a year; ${e.name} already has a ${rule.name} leave in ${year}`).as('leaveOncePerYear', { type: rule.name, name: e.name, year });
  }
};
