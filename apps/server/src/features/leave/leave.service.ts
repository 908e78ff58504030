import type {
  TEmployeeLeave, THoliday, TLeaveBalance, TLeaveBalancesQuery, TLeaveDecision, TLeaveListQuery, TLeaveType, TLeaveTypeInput, TScheduleLeave, TScheduleMonth,
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
import { daysOfMonth } from '../attendance/local-time.ts';
import * as repo from './leave.repo.ts';
import { balanceOf, FIXED_HOLIDAYS, workingDays, type TLeaveRule, type TUsage } from './leave-days.ts';

const toLeaveType = (r: TLeaveRule): TLeaveType => ({ _id: r.id, name: r.name, yearlyEntitlement: r.yearlyEntitlement, accruesMonthly: r.accruesMonthly, carryForwardCap: r.carryForwardCap, isPaid: r.isPaid ?? true });
const toHoliday = (r: { id: string; date: string; name: string }): THoliday => ({ _id: r.id, date: r.date, name: r.name });
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

  /** The business's public holidays of a year; the fixed-date ones of its country are seeded once per year. */
  const holidaysOf = async (tx: DbOrTx, auth: Pick<TAuth, 'businessId' | 'country' | 'timeZone'>, year: number) => {
    const thisYear = Number(attendance.today(auth).slice(0, 4));
    if (year >= thisYear && await repo.claimHolidaySeeding(tx, auth.businessId, year)) {
      await repo.createHolidays(tx, (FIXED_HOLIDAYS[auth.country] ?? []).map(([md, name]) => ({ businessId: auth.businessId, date: `${year}-${md}`, name })));
    }
    return repo.findHolidays(tx, auth.businessId, `${year}-01-01`, `${year}-12-31`);
  };

  const usageOf = async (tx: DbOrTx, businessId: string, employeeIds: string[]) => {
    const usage = new Map<string, TUsage>(); // key: employeeId|leaveTypeId
    for (const u of await repo.findUsage(tx, businessId, employeeIds)) {
      const key = `${u.employeeId}|${u.leaveTypeId}`;
      if (!usage.has(key)) usage.set(key, new Map());
      usage.get(key)!.set(u.year, { taken: Number(u.taken), pending: Number(u.pending) });
    }
    return (employeeId: string, typeId: string) => usage.get(`${employeeId}|${typeId}`) ?? new Map();
  };

  const balancesOf = (types: TLeaveRule[], employee: { id: string; startDate: string }, usage: (e: string, t: string) => TUsage, year: number, month: number): TLeaveBalance[] =>
    types.map((t) => balanceOf(t, employee.startDate, year, month, usage(employee.id, t.id)));

  const currentYearMonth = (auth: TAuth) => {
    const day = attendance.today(auth);
    return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
  };

  /** The final decision on a leave: its status, the register's leave days, the audit, the webhook and the notification. */
  const applyDecision = async (tx: Tx, auth: TAuth, id: string, input: { decision: 'approved' | 'declined'; reason: string | null }) => {
    const before = repo.toLeaveRequest((await repo.findRequest(tx, auth.businessId, id))!);
    await repo.decideRequest(tx, auth.businessId, id, input.decision, input.reason?.trim() || null);
    const after = repo.toLeaveRequest((await repo.findRequest(tx, auth.businessId, id))!);
    if (input.decision === 'approved') {
      const holidays = new Set((await holidaysOf(tx, auth, Number(after.startDate.slice(0, 4)))).map((h) => h.date));
      await attendance.markLeaveDays(tx, auth.businessId, after.employeeId, workingDays(after.startDate, after.endDate, holidays));
    }
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
        if (input.startDate.slice(0, 4) !== input.endDate.slice(0, 4)) throw badRequest('endDate: leave must end in the year it starts; make one request per year').as('leaveOneYear');
        if (input.startDate < employee.startDate) throw badRequest(`startDate: is before ${name} joined on ${employee.startDate}`).as('beforeJoined', { name, joined: employee.startDate });
        const year = Number(input.startDate.slice(0, 4));
        const holidays = new Set((await holidaysOf(tx, auth, year)).map((h) => h.date));
        const dates = workingDays(input.startDate, input.endDate, holidays);
        if (dates.length === 0) throw badRequest(`endDate: ${input.startDate} to ${input.endDate} has no working days (weekends and public holidays are not counted)`)
          .as('leaveNoWorkingDays', { from: input.startDate, to: input.endDate });
        // One request at a time per employee: a second one waits here, so two cannot both pass the checks below.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`leave:${employee.id}`}))`);
        const overlap = await repo.findOverlap(tx, auth.businessId, employee.id, input.startDate, input.endDate);
        if (overlap) throw conflict(`These dates overlap ${name}'s ${overlap.status} leave from ${overlap.startDate} to ${overlap.endDate}`)
          .as(overlap.status === 'approved' ? 'leaveOverlapApproved' : 'leaveOverlapPending', { name, from: overlap.startDate, to: overlap.endDate });
        const usage = await usageOf(tx, auth.businessId, [employee.id]);
        const now = currentYearMonth(auth);
        // Days earned by the month the leave starts (or by now, if that is later).
        const throughMonth = year < now.year ? 12 : year > now.year ? Number(input.startDate.slice(5, 7)) : Math.max(now.month, Number(input.startDate.slice(5, 7)));
        const balance = balanceOf(type, employee.startDate, year, throughMonth, usage(employee.id, type.id));
        if (dates.length > balance.available) {
          throw conflict(`This request needs ${days(dates.length)} of ${type.name} leave but only ${balance.available} ${balance.available === 1 ? 'is' : 'are'} available in ${year} `
            + `(earned ${balance.accrued}, carried forward ${balance.carriedForward}, taken ${balance.taken}, pending ${balance.pending})`)
            .as('leaveBalanceShort', { count: dates.length, type: type.name, available: balance.available, year, accrued: balance.accrued,
              carriedForward: balance.carriedForward, taken: balance.taken, pending: balance.pending });
        }
        const row = await repo.createRequest(tx, {
          businessId: auth.businessId, employeeId: employee.id, leaveTypeId: type.id, startDate: input.startDate, endDate: input.endDate,
          days: dates.length, reason: input.reason, requestedBy: auth.kind === 'portal' ? 'employee' : 'hr',
        });
        const request = repo.toLeaveRequest((await repo.findRequest(tx, auth.businessId, row.id))!);
        await audit(tx, auth, 'leave.requested', { entity: 'leave', entityId: request._id, after: request });
        await notify(tx, auth.businessId, {
          category: 'HR', actionType: 'Leave request', message: `${name} asked for ${days(dates.length)} of ${type.name} leave, ${input.startDate} to ${input.endDate}`,
          messageKey: 'leave.requested', params: { name, count: dates.length, leaveType: type.name, startDate: input.startDate, endDate: input.endDate },
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

    /** One employee's balances this year and their requests (HR, or the employee in the portal). */
    employeeLeave: async (auth: TAuth, employeeId: string): Promise<TEmployeeLeave> => {
      const employee = await attendance.getEmployee(db, auth, employeeId);
      const [types, usage, requests] = await Promise.all([
        repo.findLeaveTypes(db, auth.businessId), usageOf(db, auth.businessId, [employee.id]), repo.findRequestsOf(db, auth.businessId, [employee.id]),
      ]);
      const { year, month } = currentYearMonth(auth);
      return { balances: balancesOf(types, employee, usage, year, month), requests: requests.map(repo.toLeaveRequest) };
    },

    balances: async (auth: TUserAuth, q: TLeaveBalancesQuery) => {
      const { rows, totalRecords } = await repo.findEmployeePage(db, auth.businessId, { unitId: q.unitId, limit: q.limit, offset: pageOffset(q) });
      const [types, usage] = await Promise.all([repo.findLeaveTypes(db, auth.businessId), usageOf(db, auth.businessId, rows.map((r) => r.id))]);
      const { year, month } = currentYearMonth(auth);
      return {
        rows: rows.map((e) => ({ employeeId: e.id, employeeName: `${e.firstName} ${e.lastName}`.trim(), department: e.department, balances: balancesOf(types, e, usage, year, month) })),
        totalRecords,
      };
    },

    types: async (auth: TUserAuth) => (await repo.findLeaveTypes(db, auth.businessId)).map(toLeaveType),

    createType: async (auth: TUserAuth, input: TLeaveTypeInput) =>
      db.transaction(async (tx) => {
        await repo.findLeaveTypes(tx, auth.businessId);
        const row = await repo.createLeaveType(tx, { businessId: auth.businessId, name: input.name, yearlyEntitlement: input.yearlyEntitlement, accruesMonthly: input.accruesMonthly ?? false, carryForwardCap: input.carryForwardCap ?? 0, isPaid: input.isPaid ?? true });
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
        const usage = annual ? await usageOf(tx, businessId, leavers.map((l) => l.id)) : null;
        for (const l of leavers) {
          if (!annual || !usage) continue;
          const b = balanceOf(annual, l.startDate, Number(l.lastDay.slice(0, 4)), Number(l.lastDay.slice(5, 7)), usage(l.id, annual.id));
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

    addHoliday: async (auth: TUserAuth, input: { date: string; name: string }) =>
      db.transaction(async (tx) => {
        await holidaysOf(tx, auth, Number(input.date.slice(0, 4)));
        const row = await repo.createHoliday(tx, { businessId: auth.businessId, ...input });
        if (!row) throw conflict(`${input.date} is already a holiday`).as('alreadyHoliday', { date: input.date });
        const holiday = toHoliday(row);
        await audit(tx, auth, 'leave.holiday-added', { entity: 'holiday', entityId: holiday._id, after: holiday });
        return holiday;
      }),

    deleteHoliday: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const row = await repo.deleteHoliday(tx, auth.businessId, id);
        if (!row) throw notFound('Holiday');
        await audit(tx, auth, 'leave.holiday-deleted', { entity: 'holiday', entityId: id, before: toHoliday(row) });
        return { _id: id };
      }),

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
