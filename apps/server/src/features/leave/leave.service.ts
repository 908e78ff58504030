import type {
  TEmployeeLeave, THoliday, TLeaveBalancesQuery, TLeaveDecision, TLeaveListQuery, TLeaveType, TLeaveTypeInput, TScheduleLeave, TScheduleMonth,
} from '@bizdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { raiseWebhookEvent } from '../../platform/webhooks/outbox.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import { decideLeaveApproval, openLeaveApproval, toLeaveDecision, type TLeaveApprovals } from './leave-approval.ts';
import type { TAttendanceService } from '../attendance/attendance.service.ts';
import { daysOfMonth } from '../../platform/local-time.ts';
import * as repo from './leave.repo.ts';
import { workingDays } from './leave-days.ts';
import { createLeaveCalendar } from './leave-calendar.ts';
import { assertEligible, calendarBalance, countedDays, daysByYear, ineligibility, totalOf } from './leave-balance.ts';
import * as cal from './leave-calendar.repo.ts';
import type { THolidayUpdate, TLeaveAdjustmentInput, TLeaveSettingsInput } from '@bizdesk/contract';

type TTypeRow = Awaited<ReturnType<typeof repo.findLeaveTypes>>[number];
const toLeaveType = (r: TTypeRow): TLeaveType => ({
  _id: r.id, name: r.name, yearlyEntitlement: r.yearlyEntitlement, accruesMonthly: r.accruesMonthly, carryForwardCap: r.carryForwardCap, isPaid: r.isPaid ?? true,
  gender: (r.gender as TLeaveType['gender']) ?? null, minServiceMonths: r.minServiceMonths, oncePerYear: r.oncePerYear, carryForwardExpires: r.carryForwardExpires ?? null,
});
const toHoliday = (r: { id: string; date: string; name: string; code?: string | null }): THoliday => ({ _id: r.id, date: r.date, name: r.name, code: r.code ?? null });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const days = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;

type TLeaveTextParams = { name: string; leaveType: string; startDate: string; endDate: string };
/** The text key of a leave decision: approved or declined, with the reason when one was given. */
const leaveDecisionText = (decision: 'approved' | 'declined', params: TLeaveTextParams, reason: string | null) => {
  if (decision === 'approved') {
    return reason ? { messageKey: 'leave.approvedWithReason' as const, params: { ...params, reason } } : { messageKey: 'leave.approved' as const, params };
  }
  return reason ? { messageKey: 'leave.declinedWithReason' as const, params: { ...params, reason } } : { messageKey: 'leave.declined' as const, params };
};

export const createLeaveService = (deps: TDeps, opts: { notify: TNotify; attendance: TAttendanceService; approvals: TLeaveApprovals }) => {
  const { db, log } = deps;
  const { notify, attendance, approvals } = opts;
  const calendar = createLeaveCalendar(deps, { notify, attendance });

  const holidaysOf = calendar.holidaysOf;

  /** Balances of employees as of a day (default today): the types the employee may take (gender) only when `eligibleOnly`. */
  const balancesOf = async (tx: DbOrTx, auth: TAuth, employees: Array<{ id: string; startDate: string }>, asOf = attendance.today(auth)) => {
    const types = await repo.findLeaveTypes(tx, auth.businessId);
    return calendar.balancesOf(tx, auth.businessId, types, employees, asOf);
  };

  const currentYearMonth = (auth: TAuth) => {
    const day = attendance.today(auth);
    return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
  };

  /** The final decision on a leave: its status, the register's leave days, the audit, the webhook and the notification. */
  const applyDecision = async (tx: Tx, auth: TAuth, id: string, input: { decision: 'approved' | 'declined'; reason: string | null }) => {
    const before = repo.toLeaveRequest((await repo.findRequest(tx, auth.businessId, id))!);
    await repo.decideRequest(tx, auth.businessId, id, input.decision, input.reason?.trim() || null);
    const after = repo.toLeaveRequest((await repo.findRequest(tx, auth.businessId, id))!);
    if (input.decision === 'approved') await calendar.onApproved(tx, auth, after);
    await audit(tx, auth, `leave.${input.decision}`, { entity: 'leave', entityId: id, before, after });
    await raiseWebhookEvent(deps, tx, auth.businessId, 'leave.decided', {
      leaveId: id, employeeId: after.employeeId, decision: input.decision, type: after.type, startDate: after.startDate, endDate: after.endDate, reason: after.decisionReason,
    });
    await notify(tx, auth.businessId, {
      category: 'HR', actionType: input.decision === 'approved' ? 'Leave approved' : 'Leave declined',
      message: `${after.employeeName}'s ${after.type} leave ${after.startDate} to ${after.endDate} was ${input.decision}${after.decisionReason ? `: ${after.decisionReason}` : ''}`,
      ...leaveDecisionText(input.decision, { name: after.employeeName, leaveType: after.type, startDate: after.startDate, endDate: after.endDate }, after.decisionReason),
      link: { screen: 'leave', id },
    });
    return after;
  };

  const service = {
    /** POST /employee/leave/{id}: scheduleLeave by HR or the employee (portal). Pending until HR decides. */
    request: async (auth: TAuth, employeeId: string, input: TScheduleLeave) =>
      db.transaction(async (tx) => {
        const employee = await attendance.getEmployee(tx, auth, employeeId);
        const name = `${employee.firstName} ${employee.lastName}`.trim();
        const types = await repo.findLeaveTypes(tx, auth.businessId);
        const type = types.find((t) => (UUID.test(input.type) ? t.id === input.type.toLowerCase() : t.name.toLowerCase() === input.type.toLowerCase()));
        if (!type) throw badRequest(`type: must be one of: ${types.map((t) => t.name).join(', ')}`).as('leaveTypeUnknown');
        if (input.startDate < employee.startDate) throw badRequest(`startDate: is before ${name} joined on ${employee.startDate}`).as('beforeJoined', { name, joined: employee.startDate });
        const [facts] = await cal.findEmployeeFacts(tx, auth.businessId, [employee.id]);
        const holidays = await calendar.holidayDatesBetween(tx, auth, input.startDate, input.endDate);
        const dayList = countedDays(input.startDate, input.endDate, holidays, { startHalf: input.startHalf, endHalf: input.endHalf });
        const total = totalOf(dayList);
        if (dayList.length === 0) throw badRequest(`endDate: ${input.startDate} to ${input.endDate} has no working days (weekends and public holidays are not counted)`)
          .as('leaveNoWorkingDays', { from: input.startDate, to: input.endDate });
        // One request at a time per employee: a second one waits here, so two cannot both pass the checks below.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`leave:${employee.id}`}))`);
        const ledger = await calendar.ledgerOf(tx, auth.businessId, [employee.id]);
        const uses = ledger.uses(employee.id, type.id);
        const byYear = daysByYear(dayList);
        const usedYears = new Set(uses.flatMap((u) => u.dayList.map(([d]) => Number(d.slice(0, 4)))));
        assertEligible(type, { name, gender: facts?.gender ?? null, startDate: employee.startDate }, input.startDate, usedYears, [...byYear.keys()]);
        const overlap = await repo.findOverlap(tx, auth.businessId, employee.id, input.startDate, input.endDate);
        if (overlap) throw conflict(`These dates overlap ${name}'s ${overlap.status} leave from ${overlap.startDate} to ${overlap.endDate}`)
          .as(overlap.status === 'approved' ? 'leaveOverlapApproved' : 'leaveOverlapPending', { name, from: overlap.startDate, to: overlap.endDate });
        const today = attendance.today(auth);
        // Each year's days against that year's balance, as earned by the day the leave starts in it (or by today, if later).
        for (const [year, need] of byYear) {
          const first = dayList.find(([d]) => d.startsWith(`${year}-`))![0];
          const asOf = `${year}-12-31` < today ? `${year}-12-31` : first > today ? first : today;
          const balance = calendarBalance(type, employee.startDate, year, asOf, uses, ledger.adjustments(employee.id, type.id));
          if (need > balance.available) {
            throw conflict(`This request needs ${days(need)} of ${type.name} leave but only ${balance.available} ${balance.available === 1 ? 'is' : 'are'} available in ${year} `
              + `(earned ${balance.accrued}, carried forward ${balance.carriedForward}, taken ${balance.taken}, pending ${balance.pending})`)
              .as('leaveBalanceShort', { count: need, type: type.name, available: balance.available, year, accrued: balance.accrued,
                carriedForward: balance.carriedForward, taken: balance.taken, pending: balance.pending });
          }
        }
        const row = await repo.createRequest(tx, {
          businessId: auth.businessId, employeeId: employee.id, leaveTypeId: type.id, startDate: input.startDate, endDate: input.endDate,
          days: total, dayList, startHalf: input.startHalf ?? null, endHalf: input.endHalf ?? null, reason: input.reason, requestedBy: auth.kind === 'portal' ? 'employee' : 'hr',
        });
        const request = repo.toLeaveRequest((await repo.findRequest(tx, auth.businessId, row.id))!);
        await audit(tx, auth, 'leave.requested', { entity: 'leave', entityId: request._id, after: request });
        await notify(tx, auth.businessId, {
          category: 'HR', actionType: 'Leave request', message: `${name} asked for ${days(total)} of ${type.name} leave, ${input.startDate} to ${input.endDate}`,
          messageKey: 'leave.requested', params: { name, count: total, leaveType: type.name, startDate: input.startDate, endDate: input.endDate },
          link: { screen: 'leave', id: request._id },
        });
        // Who decides: the engine, by the policy of the leave type (issue 33); below its day threshold it is approved now.
        const engine = await openLeaveApproval(approvals, tx, auth, request);
        if (engine.status === 'approved') return applyDecision(tx, auth, request._id, { decision: 'approved', reason: engine.reason });
        return request;
      }),

    /**
     * An approver's decision (issue 33: the line manager, HR, or whoever the leave type's policy names, at the step now
     * waiting). The leave is approved (its working days show as `leave` on the register) or declined once the engine's
     * request is final; until then it stays pending.
     */
    decide: async (auth: TUserAuth, id: string, input: TLeaveDecision) =>
      db.transaction(async (tx) => {
        const found = await repo.findRequest(tx, auth.businessId, id, true);
        if (!found) throw notFound('Leave request');
        const before = repo.toLeaveRequest(found);
        if (before.status !== 'pending') throw conflict(`This leave request was already ${before.status}`).as(`leaveAlready.${before.status}`);
        const reason = input.reason?.trim() || null;
        const engine = await decideLeaveApproval(approvals, tx, auth, before, { decision: input.decision, reason });
        if (engine.status === 'pending') {
          await audit(tx, auth, 'leave.step-approved', { entity: 'leave', entityId: id, after: { step: engine.currentStep + 1, by: auth.userName, reason } });
          return before;
        }
        return applyDecision(tx, auth, id, { decision: engine.status === 'approved' ? 'approved' : 'declined', reason });
      }),


    list: async (auth: TUserAuth, q: TLeaveListQuery) => {
      const { rows, totalRecords } = await repo.findRequests(db, auth.businessId, { ...q, limit: q.limit, offset: pageOffset(q) });
      return { rows: rows.map(repo.toLeaveRequest), totalRecords };
    },

    /** One employee's balances this year (the types they may take) and their requests (HR, or the employee in the portal). */
    employeeLeave: async (auth: TAuth, employeeId: string): Promise<TEmployeeLeave> => {
      const employee = await attendance.getEmployee(db, auth, employeeId);
      const [types, [facts], requests] = await Promise.all([
        repo.findLeaveTypes(db, auth.businessId), cal.findEmployeeFacts(db, auth.businessId, [employee.id]), repo.findRequestsOf(db, auth.businessId, [employee.id]),
      ]);
      const name = `${employee.firstName} ${employee.lastName}`.trim();
      const offered = new Set(types.filter((t) => !t.gender || !ineligibility(t, { name, gender: facts?.gender ?? null, startDate: employee.startDate })).map((t) => t.id));
      const balances = (await balancesOf(db, auth, [employee])).get(employee.id)!;
      return { balances: balances.filter((b) => offered.has(b.leaveTypeId)), requests: requests.map(repo.toLeaveRequest) };
    },

    balances: async (auth: TUserAuth, q: TLeaveBalancesQuery) => {
      const { rows, totalRecords } = await repo.findEmployeePage(db, auth.businessId, { unitId: q.unitId, limit: q.limit, offset: pageOffset(q) });
      const balances = await balancesOf(db, auth, rows);
      return {
        rows: rows.map((e) => ({ employeeId: e.id, employeeName: `${e.firstName} ${e.lastName}`.trim(), department: e.department, balances: balances.get(e.id)! })),
        totalRecords,
      };
    },

    /** Opening balances and adjustments, the balance history, leave settings (issue 33). */
    adjust: (auth: TUserAuth, input: TLeaveAdjustmentInput) => calendar.adjust(auth, input),
    history: (auth: TAuth, employeeId: string, year?: number) =>
      calendar.history(auth, employeeId, year ?? currentYearMonth(auth).year, async (id) => (await repo.findRequestsOf(db, auth.businessId, [id])).map(repo.toLeaveRequest)),
    settings: (auth: TUserAuth) => calendar.settings(auth),
    updateSettings: (auth: TUserAuth, input: TLeaveSettingsInput) => calendar.updateSettings(auth, input),
    /** Payroll's pay items (the leave allowance), wired once payroll exists. */
    usePayItems: calendar.usePayItems,
    /** Whatever approves a leave calls this in its transaction (register days, leave allowance). */
    onApproved: calendar.onApproved,

    types: async (auth: TUserAuth) => (await repo.findLeaveTypes(db, auth.businessId)).map(toLeaveType),

    createType: async (auth: TUserAuth, input: TLeaveTypeInput) =>
      db.transaction(async (tx) => {
        await repo.findLeaveTypes(tx, auth.businessId);
        const row = await repo.createLeaveType(tx, {
          businessId: auth.businessId, name: input.name, yearlyEntitlement: input.yearlyEntitlement, accruesMonthly: input.accruesMonthly ?? false, carryForwardCap: input.carryForwardCap ?? 0,
          isPaid: input.isPaid ?? true, gender: input.gender ?? null, minServiceMonths: input.minServiceMonths ?? 0, oncePerYear: input.oncePerYear ?? false, carryForwardExpires: input.carryForwardExpires ?? null,
        });
        if (!row) throw conflict(`A leave type named "${input.name}" already exists`).as('leaveTypeExists', { name: input.name });
        const type = toLeaveType(row);
        await audit(tx, auth, 'leave.type-created', { entity: 'leave-type', entityId: type._id, after: type });
        return type;
      }),

    updateType: async (auth: TUserAuth, id: string, patch: Partial<TLeaveTypeInput>) =>
      db.transaction(async (tx) => {
        const before = (await repo.findLeaveTypes(tx, auth.businessId)).find((t) => t.id === id);
        if (!before) throw notFound('Leave type');
        if (patch.name && await repo.isLeaveTypeNameTaken(tx, auth.businessId, patch.name, id)) throw conflict(`A leave type named "${patch.name}" already exists`).as('leaveTypeExists', { name: patch.name });
        const type = toLeaveType((await repo.updateLeaveType(tx, auth.businessId, id, patch))!);
        await audit(tx, auth, 'leave.type-updated', { entity: 'leave-type', entityId: id, before: toLeaveType(before), after: type });
        return type;
      }),

    /**
     * Payroll (issue 32), in the run's transaction: the business's holidays in a period, each employee's days of approved
     * unpaid leave in it (working days, as leave counts them), and for leavers the annual leave still unused at their
     * last day (earned through that month, less taken and pending; never below 0).
     */
    payFactsOf: async (tx: DbOrTx, businessId: string, period: { from: string; to: string }, leavers: Array<{ id: string; startDate: string; lastDay: string }>) => {
      const holidayDates = new Set((await repo.findHolidays(tx, businessId, period.from, period.to)).map((h) => h.date));
      const unpaidLeave = new Map<string, string[]>();
      for (const r of await repo.findUnpaidLeave(tx, businessId, period.from, period.to)) {
        const from = r.startDate > period.from ? r.startDate : period.from;
        const to = r.endDate < period.to ? r.endDate : period.to;
        unpaidLeave.set(r.employeeId, [...(unpaidLeave.get(r.employeeId) ?? []), ...workingDays(from, to, holidayDates)].sort());
      }
      const unusedLeave = new Map<string, number>();
      if (leavers.length) {
        const annual = (await repo.findLeaveTypes(tx, businessId)).find((t) => t.name.toLowerCase() === 'annual' && t.isPaid);
        const ledger = annual ? await calendar.ledgerOf(tx, businessId, leavers.map((l) => l.id)) : null;
        for (const l of leavers) {
          if (!annual || !ledger) continue;
          const b = calendarBalance(annual, l.startDate, Number(l.lastDay.slice(0, 4)), l.lastDay, ledger.uses(l.id, annual.id), ledger.adjustments(l.id, annual.id));
          unusedLeave.set(l.id, Math.max(0, b.available));
        }
      }
      return { holidays: holidayDates, unpaidLeave, unusedLeave };
    },

    /** The dates of the business's public holidays in these years (remittances count working days with them). */
    holidayDates: async (business: Pick<TAuth, 'businessId' | 'country' | 'timeZone'>, years: number[]) =>
      db.transaction(async (tx) => {
        const dates = new Set<string>();
        for (const year of new Set(years)) for (const h of await holidaysOf(tx, business, year)) dates.add(String(h.date));
        return dates;
      }),

    holidays: async (auth: TUserAuth, year?: number) =>
      db.transaction(async (tx) => (await holidaysOf(tx, auth, year ?? currentYearMonth(auth).year)).map(toHoliday)),

    /** A holiday added, moved or removed recounts the leave covering its day(s); the employees of changed approved leave get an e-mail. */
    addHoliday: async (auth: TUserAuth, input: { date: string; name: string }) => {
      const { holiday, mails } = await db.transaction(async (tx) => {
        await holidaysOf(tx, auth, Number(input.date.slice(0, 4)));
        const row = await repo.createHoliday(tx, { businessId: auth.businessId, ...input });
        if (!row) throw conflict(`${input.date} is already a holiday`).as('alreadyHoliday', { date: input.date });
        const holiday = toHoliday(row);
        const { recounted, mails } = await calendar.recount(tx, auth, [input.date]);
        await audit(tx, auth, 'leave.holiday-added', { entity: 'holiday', entityId: holiday._id, after: { ...holiday, leaveRecounted: recounted } });
        return { holiday, mails };
      });
      await calendar.sendAll(mails);
      return holiday;
    },

    updateHoliday: async (auth: TUserAuth, id: string, patch: THolidayUpdate) => {
      const { holiday, mails } = await db.transaction(async (tx) => {
        const before = await cal.findHoliday(tx, auth.businessId, id);
        if (!before) throw notFound('Holiday');
        if (patch.date && patch.date !== before.date) {
          await holidaysOf(tx, auth, Number(patch.date.slice(0, 4)));
          if (await cal.isHolidayDateTaken(tx, auth.businessId, patch.date, id)) throw conflict(`${patch.date} is already a holiday`).as('alreadyHoliday', { date: patch.date });
        }
        // A renamed shipped holiday is HR's own name from then on (the web shows it as written).
        const row = await cal.updateHoliday(tx, auth.businessId, id, { ...patch, ...(patch.name && patch.name !== before.name ? { code: null } : {}) });
        const holiday = toHoliday(row!);
        const { recounted, mails } = patch.date && patch.date !== before.date ? await calendar.recount(tx, auth, [before.date, patch.date]) : { recounted: 0, mails: [] };
        await audit(tx, auth, 'leave.holiday-updated', { entity: 'holiday', entityId: id, before: toHoliday(before), after: { ...holiday, leaveRecounted: recounted } });
        return { holiday, mails };
      });
      await calendar.sendAll(mails);
      return holiday;
    },

    deleteHoliday: async (auth: TUserAuth, id: string) => {
      const { mails } = await db.transaction(async (tx) => {
        const row = await repo.deleteHoliday(tx, auth.businessId, id);
        if (!row) throw notFound('Holiday');
        const { recounted, mails } = await calendar.recount(tx, auth, [row.date]);
        await audit(tx, auth, 'leave.holiday-deleted', { entity: 'holiday', entityId: id, before: toHoliday(row), after: { leaveRecounted: recounted } });
        return { mails };
      });
      await calendar.sendAll(mails);
      return { _id: id };
    },

    /** /schedule: the month's approved leave and absences (absent, sick), optionally of one department. */
    schedule: async (auth: TUserAuth, month: string, departmentId?: string): Promise<TScheduleMonth> => {
      const monthDays = daysOfMonth(month);
      const from = monthDays[0];
      const to = monthDays[monthDays.length - 1];
      const [leave, grid, holidays] = await Promise.all([
        repo.findRequests(db, auth.businessId, { status: 'approved', from, to, departmentId, limit: 5000, offset: 0 }),
        attendance.month(auth, month, departmentId),
        repo.findHolidays(db, auth.businessId, from, to),
      ]);
      const absences = grid.rows.flatMap((r) => r.labels.flatMap((label, i) => (label === 'absent' || label === 'sick'
        ? [{ employeeId: r.employee._id, employeeName: r.employee.name, department: r.employee.department, date: monthDays[i], label }] : [])));
      return { month, leave: leave.rows.map(repo.toLeaveRequest), absences, holidays: holidays.map(toHoliday) };
    },

    /**
     * The monthly accrual task (1st of the month): balances are worked out from the rules whenever they
     * are read, so nothing is lost if it does not run; it tells each business's HR what was earned.
     */
    monthlyAccrual: async () => {
      const res = await db.execute(sql`SELECT t.business_id, string_agg(t.name || ' ' || round(t.yearly_entitlement / 12.0, 2), ', ' ORDER BY t.name) AS earned
        FROM leave_types t WHERE t.accrues_monthly AND t.yearly_entitlement > 0 GROUP BY t.business_id`);
      const rows = (res as unknown as { rows: Array<{ business_id: string; earned: string }> }).rows;
      for (const r of rows) {
        await notify(db, r.business_id, {
          category: 'HR', actionType: 'Leave accrued', message: `This month's leave has accrued (days per employee): ${r.earned}`,
          messageKey: 'leave.accrued', params: { earned: r.earned }, link: { screen: 'leave', id: null },
        });
      }
      log.info({ businesses: rows.length }, 'monthly leave accrual announced');
    },
  };

  // Leave is decided through the approvals engine (issue 33): the inbox shows the leave and decides it through this service.
  approvals.describeSubject('leave', async (auth, subjectId) => {
    const found = UUID.test(subjectId) ? await repo.findRequest(db, auth.businessId, subjectId) : undefined;
    return found ? { kind: 'leave', leave: repo.toLeaveRequest(found) } : null;
  });
  approvals.decideWith('leave', (auth, subjectId, input) => service.decide(auth, subjectId, toLeaveDecision(input)));
  approvals.policyScope('leave', async (auth, scope) => (await repo.findLeaveTypes(db, auth.businessId)).some((t) => t.id === scope));
  return service;
};
export type TLeaveService = ReturnType<typeof createLeaveService>;
