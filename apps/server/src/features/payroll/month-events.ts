import { computePayMinor, type PayInput, type PayResult } from '@bizdesk/payroll';
import type { DbOrTx } from '../../db/client.ts';
import type { TAttendanceService } from '../attendance/attendance.service.ts';
import { daysOfMonth } from '../../platform/local-time.ts';
import type { TLeaveService } from '../leave/leave.service.ts';
import * as eventsRepo from './month-events.repo.ts';
import type { TLineInsert } from './payroll.repo.ts';

// How the month's events reach pay (issue 32): a joiner or a leaver is paid for the days employed, suspension without
// pay, approved unpaid leave and (by the business's rule) absences are unpaid days, each its own payslip line; a
// leaver's last run settles: pay to the last day, unused annual leave if the business pays it out, loans and the IOU
// recovered up to the pay available. The facts come from the leave and attendance services, never their tables.

/** What payroll needs of the leave and attendance features. */
export type TMonthEventsPort = { leave: Pick<TLeaveService, 'payFactsOf'>; attendance: Pick<TAttendanceService, 'unpaidDaysOf'> };

export type TMonthEvent = {
  proration?: NonNullable<PayInput['proration']>;
  leavePayoutDays?: number;
  /** The member's last day falls in this month: this run is their final settlement. */
  exit?: { lastDay: string; reason: string | null };
  /** The member cannot be on this run (left before it). */
  error?: string;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-12-16 → "16 Dec 2026" (the payslip's wording; no time zone involved). */
export const formatDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

const isWeekday = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d !== 0 && d !== 6;
};

type TFacts = {
  basis: 'calendar' | 'working';
  /** The days a month's pay is divided into: every day, or Monday to Friday less the business's holidays. */
  periodDays: string[];
  suspension?: string[];
  unpaidLeave?: string[];
  absence?: string[];
  unusedLeave?: number;
  paysOutLeave: boolean;
};

/** One member's month: null when nothing reduces it and they do not leave in it. */
export const monthEventOf = (member: eventsRepo.TMonthEventRow, facts: TFacts): TMonthEvent | null => {
  const { periodDays, basis } = facts;
  const from = periodDays[0] ?? '';
  const month = from.slice(0, 7);
  const last = daysOfMonth(month).at(-1)!;
  const exit = member.exit_date;
  if (exit && exit < `${month}-01`) return { error: `left on ${formatDay(exit)}, before this month; take them off the run` };
  const unit = basis === 'working' ? 'working days' : 'days';
  const total = periodDays.length;
  // Only a start date someone gave makes a joiner: a defaulted one (the day the record was entered) says nothing about
  // when they started, so existing staff entered mid-month are paid the whole month. A start date after the month says
  // nothing about it either (the month is paid as it always was). A given start inside the month makes a joiner.
  const start = !member.start_date_given || member.start_date > last ? '' : member.start_date;
  // Most of a run: employed every day of the month and nothing unpaid (no day-by-day work for them).
  if (!exit && start <= from && !facts.suspension?.length && !facts.unpaidLeave?.length && !facts.absence?.length) return null;
  const employed = periodDays.filter((d) => d >= start && (!exit || d <= exit));
  const employedSet = new Set(employed);
  const taken = new Set<string>();
  const take = (dates: string[] | undefined) => {
    let n = 0;
    for (const d of dates ?? []) if (employedSet.has(d) && !taken.has(d)) { taken.add(d); n += 1; }
    return n;
  };
  // One cause per day: a suspension first, then unpaid leave, then an absence.
  const suspension = take(facts.suspension);
  const unpaidLeave = take(facts.unpaidLeave);
  const absence = take(facts.absence);
  const notEmployed = total - employed.length;
  const isLeaving = exit !== null && exit <= last;
  if (notEmployed + suspension + unpaidLeave + absence === 0 && !isLeaving) return null;
  const lines: NonNullable<PayInput['proration']>['lines'] = [];
  if (notEmployed > 0) {
    const joinedIn = start > `${month}-01`;
    const what = [joinedIn ? `Joined ${formatDay(start)}` : null, isLeaving ? `Left ${formatDay(exit!)}` : null].filter(Boolean).join(', ');
    lines.push({ code: 'proration', legalName: `${what}: paid ${employed.length} of ${total} ${unit}`, days: notEmployed });
  }
  if (suspension) lines.push({ code: 'suspension', legalName: `Suspension without pay: ${suspension} of ${total} ${unit}`, days: suspension });
  if (unpaidLeave) lines.push({ code: 'unpaid-leave', legalName: `Unpaid leave: ${unpaidLeave} of ${total} ${unit}`, days: unpaidLeave });
  if (absence) lines.push({ code: 'absence', legalName: `Unpaid absence: ${absence} of ${total} ${unit}`, days: absence });
  const unpaid = notEmployed + suspension + unpaidLeave + absence;
  return {
    ...(unpaid > 0 ? { proration: { paidDays: total - unpaid, periodDays: total, basis, lines } } : {}),
    ...(isLeaving ? { exit: { lastDay: exit!, reason: member.exit_reason } } : {}),
    ...(isLeaving && facts.paysOutLeave && (facts.unusedLeave ?? 0) > 0 ? { leavePayoutDays: facts.unusedLeave } : {}),
  };
};

/**
 * Every run member's month events, read once per run (the business's rules and the two services' reads); `members`: each
 * member's start and exit, as the run's compute read gives them (payroll.repo.ts findComputeRows: no second read of the members).
 */
export const loadMonthEvents = async (tx: DbOrTx, port: TMonthEventsPort, businessId: string, members: eventsRepo.TMonthEventRow[], month: string) => {
  const days = daysOfMonth(month);
  const period = { from: days[0], to: days.at(-1)! };
  const rules = await eventsRepo.getPayRules(tx, businessId);
  const leavers = members.filter((m) => m.exit_date && m.exit_date >= period.from && m.exit_date <= period.to)
    .map((m) => ({ id: m.employee_id, startDate: m.start_date, lastDay: m.exit_date! }));
  const leave = await port.leave.payFactsOf(tx, businessId, period, rules.pays_out_leave ? leavers : []);
  const unpaid = await port.attendance.unpaidDaysOf(tx, businessId, period, { withAbsences: rules.unpaid_absences });
  const basis = rules.proration_basis === 'working' ? 'working' : 'calendar';
  const periodDays = basis === 'working' ? days.filter((d) => isWeekday(d) && !leave.holidays.has(d)) : days;
  const events = new Map<string, TMonthEvent>();
  for (const m of members) {
    const u = unpaid.get(m.employee_id);
    const event = monthEventOf(m, {
      basis, periodDays, suspension: u?.suspension, absence: u?.absence, unpaidLeave: leave.unpaidLeave.get(m.employee_id),
      unusedLeave: leave.unusedLeave.get(m.employee_id), paysOutLeave: rules.pays_out_leave,
    });
    if (event) events.set(m.employee_id, event);
  }
  return events;
};

/** The engine's input with the month's events. */
export const withMonthEvent = (input: PayInput, event: TMonthEvent | undefined): PayInput =>
  event ? { ...input, ...(event.proration ? { proration: event.proration } : {}), ...(event.leavePayoutDays ? { leavePayoutDays: event.leavePayoutDays } : {}) } : input;

const text = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

export type TSettlement = { lastDay: string; reason: string | null; leavePayoutDays: number; outstandingLoansMinor: number; outstandingIouMinor: number };

/**
 * A leaver's last run recovers every outstanding loan balance and the month's IOU, up to the pay available after tax
 * and statutory deductions (the IOU first, then loans oldest first); what cannot be recovered stays outstanding.
 */
export const settleFinal = (input: PayInput, loans: Array<{ id: string; balance: string }>, iou: number) => {
  // A reimbursement (issue 33) is the employee's own money: loans and the IOU are recovered from pay only.
  const available = computePayMinor({ ...input, loanRepayment: '0.00', iou: '0.00', reimbursements: [] }, { breakdown: false }).totalMonthlySalary;
  let left = Math.max(0, available);
  const iouTaken = Math.min(iou, left);
  left -= iouTaken;
  const repayments: Array<{ loanId: string; amount: number }> = [];
  let outstandingLoansMinor = 0;
  for (const l of loans) {
    const balance = Number(l.balance);
    const amount = Math.min(balance, left);
    left -= amount;
    if (amount > 0) repayments.push({ loanId: l.id, amount });
    outstandingLoansMinor += balance - amount;
  }
  const loanRepayment = repayments.reduce((s, r) => s + r.amount, 0);
  return { input: { ...input, iou: text(iouTaken), loanRepayment: text(loanRepayment) }, repayments, outstandingLoansMinor, outstandingIouMinor: iou - iouTaken };
};

/**
 * The line's columns for a part month: tax, pension and other statutory deductions are this period's (prorated);
 * `gross` stays the monthly salary and the reduction is in breakdown.periodDeductions (codes proration, unpaid-leave,
 * suspension, absence); leave paid out is in breakdown.periodEarnings (`leave-payout`). So
 * gross + allowance + overtime + period earnings − tax − pension − other − period deductions = net, and the month's
 * gross pay is breakdown.statutory.grossPay.
 */
export const withEventFigures = (line: TLineInsert, result: PayResult, settlement: TSettlement | null): TLineInsert => {
  const p = result.breakdown.proration;
  const out = { ...line };
  if (p) {
    out.tax = p.tax + result.breakdown.oneOff.tax;
    out.pension = p.deductions[0]?.amount ?? 0;
    out.other_deductions = p.deductions.slice(1).reduce((s, d) => s + d.amount, 0);
  }
  // The settlement travels with the breakdown, so every reader of a payslip (web, PDF, e-mail) can show it.
  if (settlement) {
    const stored = out.result as { breakdown: object };
    out.result = { ...stored, breakdown: { ...stored.breakdown, settlement } };
  }
  return out;
};
