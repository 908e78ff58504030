import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leaveRequests } from '../../db/schema/index.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import * as repo from './leave.repo.ts';
import { balanceOf, workingDays, type TUsage } from './leave-days.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Who asked for a leave day HR booked by marking the register (issue 33). */
export const MARKED_ON_REGISTER = 'attendance';

export type TLeaveDayEmployee = { id: string; firstName: string; lastName: string; startDate: string };

/**
 * Issue 33: a "Leave" mark HR sets on the register books the day through the leave feature, so the balance moves.
 * - book: an approved leave request that covers the day is linked (nothing more is taken); otherwise one working day of the
 *   type (annual unless named) is booked as approved leave, if the balance has it. A pending request over the day must be
 *   decided first; a weekend or public holiday is not a leave day.
 * - release: a day booked this way is given back (its request declined, with the reason) when the mark changes.
 */
export const createLeaveMarks = () => ({
  book: async (tx: DbOrTx, auth: TUserAuth, employee: TLeaveDayEmployee, date: string, opts: { leaveType?: string; reason: string }) => {
    const name = `${employee.firstName} ${employee.lastName}`.trim();
    const overlap = await repo.findOverlap(tx, auth.businessId, employee.id, date, date);
    if (overlap?.status === 'approved') return { leaveId: overlap.id, linked: true };
    if (overlap) {
      throw conflict(`${name} has a pending leave request from ${overlap.startDate} to ${overlap.endDate}; approve or decline it before marking ${date} as leave`)
        .as('leaveOverlapPending', { name, from: overlap.startDate, to: overlap.endDate });
    }
    const types = await repo.findLeaveTypes(tx, auth.businessId);
    const wanted = opts.leaveType ?? 'annual';
    const type = types.find((t) => (UUID.test(wanted) ? t.id === wanted.toLowerCase() : t.name.toLowerCase() === wanted.toLowerCase()));
    if (!type) throw badRequest(`leaveType: must be one of: ${types.map((t) => t.name).join(', ')}`).as('leaveTypeUnknown');
    const holidays = new Set((await repo.findHolidays(tx, auth.businessId, date, date)).map((h) => h.date));
    if (workingDays(date, date, holidays).length === 0) {
      throw badRequest(`date: ${date} is a weekend day or a public holiday, which leave does not count; mark it off instead`).as('leaveNoWorkingDays', { from: date, to: date });
    }
    const year = Number(date.slice(0, 4));
    const usage: TUsage = new Map();
    for (const u of await repo.findUsage(tx, auth.businessId, [employee.id])) {
      if (u.leaveTypeId === type.id) usage.set(u.year, { taken: Number(u.taken), pending: Number(u.pending) });
    }
    const balance = balanceOf(type, employee.startDate, year, 12, usage);
    if (balance.available < 1) {
      throw conflict(`${name} has no ${type.name} leave left in ${year} (available ${balance.available}); choose another leave type or another mark`)
        .as('leaveBalanceShort', { count: 1, type: type.name, available: balance.available, year, accrued: balance.accrued,
          carriedForward: balance.carriedForward, taken: balance.taken, pending: balance.pending });
    }
    const row = await repo.createRequest(tx, {
      businessId: auth.businessId, employeeId: employee.id, leaveTypeId: type.id, startDate: date, endDate: date, days: 1, dayList: [[date, 1]],
      reason: opts.reason, requestedBy: MARKED_ON_REGISTER, status: 'approved', decisionReason: `Marked as leave on the register by ${auth.userName}`, decidedAt: new Date(),
    });
    const request = repo.toLeaveRequest((await repo.findRequest(tx, auth.businessId, row.id))!);
    await audit(tx, auth, 'leave.marked-on-register', { entity: 'leave', entityId: request._id, after: request });
    return { leaveId: request._id, linked: false };
  },

  release: async (tx: DbOrTx, auth: TUserAuth, employeeId: string, date: string, reason: string) => {
    const [row] = await tx.select().from(leaveRequests).where(and(
      eq(leaveRequests.businessId, auth.businessId), eq(leaveRequests.employeeId, employeeId), eq(leaveRequests.startDate, date), eq(leaveRequests.endDate, date),
      eq(leaveRequests.status, 'approved'), eq(leaveRequests.requestedBy, MARKED_ON_REGISTER),
    )).limit(1);
    if (!row) return null;
    await tx.update(leaveRequests).set({ status: 'declined', decisionReason: `Register mark changed by ${auth.userName}: ${reason}`, decidedAt: new Date() })
      .where(eq(leaveRequests.id, row.id));
    await audit(tx, auth, 'leave.released-from-register', { entity: 'leave', entityId: row.id, before: { status: 'approved' }, after: { status: 'declined', reason } });
    return row.id;
  },
});
export type TLeaveMarks = ReturnType<typeof createLeaveMarks>;
