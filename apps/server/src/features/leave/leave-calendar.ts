import type { TLeaveAdjustment, TLeaveAdjustmentInput, TLeaveHistory, TLeaveRequest, TLeaveSettings, TLeaveSettingsInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TMail } from '../../platform/mail/mailer.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TAttendanceService } from '../attendance/attendance.service.ts';
import * as repo from './leave.repo.ts';
import * as cal from './leave-calendar.repo.ts';
import { fixedHolidaysOf, movableHolidaysOf } from './holidays.ts';
import { calendarBalance, countedDays, dayListOf, totalOf, type TCalendarBalance, type TCalendarRule, type THalf, type TUseRow } from './leave-balance.ts';

// Leave that fits the calendar (issue 33): holidays of a year (fixed, Easter, lunar), balances with opening balances,
// adjustments and lapsed carried days, recounting leave when the calendar changes, and the leave allowance.

/** What the leave feature hands payroll (issue 32's pay items): the allowance as a one-month taxable earning. */
export type TLeavePayItemsPort = { addLeaveAllowanceIn: (tx: DbOrTx, businessId: string, employeeId: string, input: { month: string; annualBasicBp: number; name: string }) => Promise<unknown> };

type TRule = TCalendarRule & { isPaid?: boolean; gender?: string | null; minServiceMonths?: number; oncePerYear?: boolean };
const fmt = (n: number) => String(n);

export const createLeaveCalendar = (deps: TDeps, opts: { notify: TNotify; attendance: TAttendanceService }) => {
  const { db, mailer } = deps;
  const { notify, attendance } = opts;
  let payItems: TLeavePayItemsPort | null = null;

  /** The business's holidays of a year; the country's public holidays (fixed, then movable) are added once per year. */
  const holidaysOf = async (tx: DbOrTx, auth: Pick<TAuth, 'businessId' | 'country' | 'timeZone'>, year: number) => {
    const thisYear = Number(attendance.today(auth).slice(0, 4));
    if (year >= thisYear) {
      if (await repo.claimHolidaySeeding(tx, auth.businessId, year)) {
        await repo.createHolidays(tx, fixedHolidaysOf(auth.country, year).map((h) => ({ businessId: auth.businessId, ...h })));
      }
      if (await cal.claimMovableSeeding(tx, auth.businessId, year)) {
        await repo.createHolidays(tx, movableHolidaysOf(auth.country, year).map((h) => ({ businessId: auth.businessId, ...h })));
      }
    }
    return repo.findHolidays(tx, auth.businessId, `${year}-01-01`, `${year}-12-31`);
  };

  /** Holiday dates between two days (every year in between seeded). */
  const holidayDatesBetween = async (tx: DbOrTx, auth: Pick<TAuth, 'businessId' | 'country' | 'timeZone'>, from: string, to: string) => {
    const out = new Set<string>();
    for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) for (const h of await holidaysOf(tx, auth, y)) out.add(h.date);
    return out;
  };

  /** Each employee's uses and adjustments, by type. */
  const ledgerOf = async (tx: DbOrTx, businessId: string, employeeIds: string[]) => {
    const [uses, adjustments] = await Promise.all([cal.findUses(tx, businessId, employeeIds), cal.findAdjustments(tx, businessId, employeeIds)]);
    return {
      uses: (employeeId: string, typeId: string): TUseRow[] => uses.filter((u) => u.employeeId === employeeId && u.leaveTypeId === typeId)
        .map((u) => ({ status: u.status, dayList: dayListOf({ startDate: u.startDate, days: Number(u.days), dayList: u.dayList }) })),
      adjustments: (employeeId: string, typeId: string) => adjustments.filter((x) => x.a.employeeId === employeeId && x.a.leaveTypeId === typeId)
        .map((x) => ({ year: x.a.year, kind: x.a.kind, days: Number(x.a.days) })),
      rows: adjustments,
    };
  };

  const balancesOf = async (tx: DbOrTx, businessId: string, types: TRule[], employees: Array<{ id: string; startDate: string }>, asOf: string) => {
    const ledger = await ledgerOf(tx, businessId, employees.map((e) => e.id));
    const year = Number(asOf.slice(0, 4));
    return new Map(employees.map((e) => [e.id, types.map((t) => calendarBalance(t, e.startDate, year, asOf, ledger.uses(e.id, t.id), ledger.adjustments(e.id, t.id)))]));
  };

  const toAdjustment = (x: { a: { id: string; employeeId: string; leaveTypeId: string; year: number; kind: string; days: number; reason: string; createdByName: string; createdAt: Date }; type: string }): TLeaveAdjustment => ({
    _id: x.a.id, employeeId: x.a.employeeId, leaveTypeId: x.a.leaveTypeId, type: x.type, year: x.a.year, kind: x.a.kind as TLeaveAdjustment['kind'],
    days: Number(x.a.days), reason: x.a.reason, createdBy: x.a.createdByName, createdAt: x.a.createdAt.toISOString(),
  });

  const sendAll = async (mails: TMail[]) => {
    for (const m of mails) await mailer.send(m);
  };

  /**
   * Recounts the pending and approved leave covering changed days (a holiday added, moved or removed): days and balances
   * follow; each changed approved leave is audited, HR is notified and the employee gets an e-mail (after the commit).
   */
  const recount = async (tx: DbOrTx, auth: TUserAuth, changed: string[]) => {
    const mails: TMail[] = [];
    let recounted = 0;
    for (const { r, type, firstName, lastName, email } of await cal.findRequestsCovering(tx, auth.businessId, changed)) {
      const holidays = await holidayDatesBetween(tx, auth, r.startDate, r.endDate);
      const before = dayListOf({ startDate: r.startDate, days: Number(r.days), dayList: r.dayList });
      const after = countedDays(r.startDate, r.endDate, holidays, { startHalf: r.startHalf as THalf | null, endHalf: r.endHalf as THalf | null });
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      const days = totalOf(after);
      await cal.setDays(tx, auth.businessId, r.id, days, after);
      recounted += 1;
      if (r.status !== 'approved') continue;
      const name = `${firstName} ${lastName}`.trim();
      const added = after.map(([d]) => d).filter((d) => !before.some(([b]) => b === d));
      if (added.length) await attendance.markLeaveDays(tx, auth.businessId, r.employeeId, added);
      await audit(tx, auth, 'leave.recounted', { entity: 'leave', entityId: r.id, before: { days: Number(r.days), dayList: before }, after: { days, dayList: after } });
      const text = `${name}'s ${type} leave ${r.startDate} to ${r.endDate} was recounted after a holiday change: ${fmt(Number(r.days))} → ${fmt(days)} working days`;
      await notify(tx, auth.businessId, {
        category: 'HR', actionType: 'Leave recounted', message: text,
        messageKey: 'leave.recounted', params: { name, leaveType: type, startDate: r.startDate, endDate: r.endDate, before: Number(r.days), after: days },
        link: { screen: 'leave', id: r.id },
      });
      if (email) {
        mails.push({ businessId: auth.businessId, to: email, subject: 'Your leave was recounted',
          text: `Hello ${firstName},\n\nThe holiday calendar changed, so your ${type} leave from ${r.startDate} to ${r.endDate} now counts ${fmt(days)} working day${days === 1 ? '' : 's'} (it counted ${fmt(Number(r.days))}). Your balance follows.\n` });
      }
    }
    return { recounted, mails };
  };

  const settingsOf = async (tx: DbOrTx, businessId: string): Promise<TLeaveSettings> => {
    const s = await cal.getSettings(tx, businessId);
    return { allowancePercent: s.allowanceBp / 100, allowanceTiming: s.allowanceTiming as TLeaveSettings['allowanceTiming'], allowanceMonth: s.allowanceMonth ?? null };
  };

  return {
    holidaysOf,
    holidayDatesBetween,
    balancesOf,
    ledgerOf,
    recount,
    sendAll,
    /** Payroll's pay items (issue 32), wired once payroll's services exist. */
    usePayItems: (port: TLeavePayItemsPort) => { payItems = port; },

    /**
     * An approved leave: its counted days show as `leave` on the register, and the year's leave allowance (annual leave,
     * when the business pays one) goes to payroll once per employee and year. Called by whatever approves the leave.
     */
    onApproved: async (tx: DbOrTx, auth: TAuth, leave: TLeaveRequest) => {
      const found = (await cal.findUses(tx, auth.businessId, [leave.employeeId])).find((u) => u.id === leave._id);
      const dayList = found ? dayListOf({ startDate: found.startDate, days: Number(found.days), dayList: found.dayList }) : [];
      await attendance.markLeaveDays(tx, auth.businessId, leave.employeeId, dayList.map(([d]) => d));
      const settings = await cal.getSettings(tx, auth.businessId);
      if (settings.allowanceBp <= 0 || leave.type.toLowerCase() !== 'annual' || !payItems) return;
      const year = Number(leave.startDate.slice(0, 4));
      const thisMonth = attendance.today(auth).slice(0, 7);
      const chosen = settings.allowanceTiming === 'month' && settings.allowanceMonth ? `${year}-${String(settings.allowanceMonth).padStart(2, '0')}` : leave.startDate.slice(0, 7);
      const month = chosen < thisMonth ? thisMonth : chosen;
      const claimed = await cal.claimAllowance(tx, { businessId: auth.businessId, employeeId: leave.employeeId, year, month, allowanceBp: settings.allowanceBp, leaveRequestId: leave._id });
      if (!claimed) return;
      await payItems.addLeaveAllowanceIn(tx, auth.businessId, leave.employeeId, { month, annualBasicBp: settings.allowanceBp, name: `Leave allowance ${year}` });
      await audit(tx, auth, 'leave.allowance-scheduled', { entity: 'leave', entityId: leave._id, after: { employeeId: leave.employeeId, year, month, percentOfAnnualBasic: settings.allowanceBp / 100 } });
    },

    /** HR sets an opening balance or adjusts a balance (+/−), with a reason; audited, HR notified. */
    adjust: async (auth: TUserAuth, input: TLeaveAdjustmentInput) =>
      db.transaction(async (tx) => {
        const employee = await attendance.getEmployee(tx, auth, input.employeeId);
        const type = (await repo.findLeaveTypes(tx, auth.businessId)).find((t) => t.id === input.leaveTypeId);
        if (!type) throw notFound('Leave type');
        const asOf = `${input.year}-12-31` < attendance.today(auth) ? `${input.year}-12-31` : `${input.year}-01-01` > attendance.today(auth) ? `${input.year}-01-01` : attendance.today(auth);
        const [before] = (await balancesOf(tx, auth.businessId, [type], [employee], asOf)).get(employee.id)!;
        const row = await cal.insertAdjustment(tx, {
          businessId: auth.businessId, employeeId: employee.id, leaveTypeId: type.id, year: input.year, kind: input.kind, days: input.days,
          reason: input.reason, createdByName: auth.userName ?? auth.email ?? 'HR',
        });
        const [after] = (await balancesOf(tx, auth.businessId, [type], [employee], asOf)).get(employee.id)!;
        const adjustment = toAdjustment({ a: row, type: type.name });
        await audit(tx, auth, input.kind === 'opening' ? 'leave.opening-set' : 'leave.adjusted', { entity: 'leave', entityId: employee.id, before, after: { ...after, adjustment } });
        const name = `${employee.firstName} ${employee.lastName}`.trim();
        const days = input.kind === 'opening' ? `${input.days}` : `${input.days > 0 ? '+' : ''}${input.days}`;
        await notify(tx, auth.businessId, {
          category: 'HR', actionType: 'Leave adjusted', message: `${name}'s ${type.name} leave ${input.year}, ${input.kind === 'opening' ? 'opening balance in days' : 'change in days'}: ${days} (${input.reason})`,
          messageKey: 'leave.adjusted', params: { name, leaveType: type.name, days, year: input.year, reason: input.reason }, link: { screen: 'leave', id: null },
        });
        return { adjustment, balance: after as TCalendarBalance };
      }),

    /** One employee's year: balances as of today (or the year's end, or its first day) and what moved them. */
    history: async (auth: TAuth, employeeId: string, year: number, requestsOf: (employeeId: string) => Promise<TLeaveRequest[]>): Promise<TLeaveHistory> => {
      const employee = await attendance.getEmployee(db, auth, employeeId);
      const today = attendance.today(auth);
      const asOf = `${year}-12-31` < today ? `${year}-12-31` : `${year}-01-01` > today ? `${year}-01-01` : today;
      const types = await repo.findLeaveTypes(db, auth.businessId);
      const ledger = await ledgerOf(db, auth.businessId, [employee.id]);
      const balances = types.map((t) => calendarBalance(t, employee.startDate, year, asOf, ledger.uses(employee.id, t.id), ledger.adjustments(employee.id, t.id)));
      const requests = (await requestsOf(employee.id)).filter((r) => Object.keys(r.daysByYear).includes(String(year)));
      return { year, balances, adjustments: ledger.rows.filter((x) => x.a.year === year).map(toAdjustment), requests };
    },

    settings: (auth: TUserAuth) => settingsOf(db, auth.businessId),
    updateSettings: async (auth: TUserAuth, input: TLeaveSettingsInput) =>
      db.transaction(async (tx) => {
        const before = await settingsOf(tx, auth.businessId);
        const next = { ...before, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as TLeaveSettings;
        if (next.allowanceTiming === 'with-leave') next.allowanceMonth = null;
        await cal.saveSettings(tx, auth.businessId, { allowanceBp: Math.round(next.allowancePercent * 100), allowanceTiming: next.allowanceTiming, allowanceMonth: next.allowanceMonth });
        const after = await settingsOf(tx, auth.businessId);
        await audit(tx, auth, 'leave.settings-updated', { entity: 'leave', entityId: auth.businessId, before, after });
        return after;
      }),
  };
};
export type TLeaveCalendar = ReturnType<typeof createLeaveCalendar>;
