import { COMPLAINT_TRANSITIONS, type TComplaintInput, type TComplaintQuery, type TUpdateComplain } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TAttendanceService } from '../attendance/attendance.service.ts';
import * as repo from './complaints.repo.ts';

export const createComplaintsService = (deps: TDeps, opts: { notify: TNotify; attendance: TAttendanceService }) => {
  const { db, log } = deps;
  const { notify, attendance } = opts;

  return {
    /** Filing by HR (optionally for an employee) or from the portal (always the employee's own). */
    file: async (auth: TAuth, input: TComplaintInput) =>
      db.transaction(async (tx) => {
        // A portal token files its own complaint; naming someone else is not found (assertOwn inside getEmployee).
        const employeeId = input.employeeId ?? (auth.kind === 'portal' ? auth.employeeId : undefined);
        const employee = employeeId ? await attendance.getEmployee(tx, auth, employeeId) : null;
        const today = attendance.today(auth);
        if (input.dueDate < today) throw badRequest(`dueDate: ${input.dueDate} has passed; today is ${today}`).as('datePassed', { date: input.dueDate, today });
        const row = await repo.createComplaint(tx, {
          businessId: auth.businessId, employeeId: employee?.id ?? null, complainDetail: input.complainDetail, dueDate: input.dueDate,
          filedBy: auth.kind === 'portal' ? 'employee' : 'hr',
        });
        const complaint = repo.toComplaint((await repo.findComplaint(tx, auth.businessId, row.id, today))!);
        await audit(tx, auth, 'complaint.filed', { entity: 'complaint', entityId: complaint._id, after: complaint });
        await notify(tx, auth.businessId, {
          // The complaint's text is for HR on the complaints screen, never in a notification.
          category: 'HR', actionType: 'Complaint filed', link: { screen: 'complaints', id: complaint._id },
          message: `${complaint.employeeName ? `${complaint.employeeName} filed a complaint` : 'A complaint was filed'} (due ${complaint.dueDate})`,
          ...(complaint.employeeName
            ? { messageKey: 'complaints.filed', params: { name: complaint.employeeName, dueDate: complaint.dueDate } }
            : { messageKey: 'complaints.filedAnonymous', params: { dueDate: complaint.dueDate } }),
        });
        return complaint;
      }),

    /** complain-status: the business's complaints (a portal token: its own), newest first, with filters. */
    list: async (auth: TAuth, q: TComplaintQuery) => {
      const employeeId = q.employeeId ?? (auth.kind === 'portal' ? auth.employeeId : undefined);
      // Another business's (or, for a portal token, another employee's) id is not found.
      if (employeeId) await attendance.getEmployee(db, auth, employeeId);
      const today = attendance.today(auth);
      const { rows, totalRecords } = await repo.findComplaints(db, auth.businessId, {
        status: q.status, employeeId, overdue: q.overdue === undefined ? undefined : q.overdue === 'true', today, limit: q.limit, offset: pageOffset(q),
      });
      return { rows: rows.map(repo.toComplaint), totalRecords };
    },

    /** updateComplain: open → in-progress → resolved (with a note), resolved → reopened. */
    update: async (auth: TUserAuth, input: TUpdateComplain) =>
      db.transaction(async (tx) => {
        const today = attendance.today(auth);
        const found = await repo.findComplaint(tx, auth.businessId, input.complaintId, today);
        if (!found) throw notFound('Complaint');
        const before = repo.toComplaint(found);
        if (before.status === input.status) throw conflict(`This complaint is already ${input.status}`).as(`complaintAlready.${input.status}`);
        if (!COMPLAINT_TRANSITIONS[before.status].includes(input.status)) {
          throw conflict(`A complaint that is ${before.status} can move only to ${COMPLAINT_TRANSITIONS[before.status].join(' or ')}`).as(`complaintMoveFrom.${before.status}`);
        }
        const note = input.resolutionNote?.trim();
        if (input.status === 'resolved' && !note) throw badRequest('resolutionNote: is required to resolve a complaint').as('resolutionRequired');
        await repo.updateComplaint(tx, auth.businessId, before._id, { status: input.status, ...(note ? { resolutionNote: note } : {}) });
        const after = repo.toComplaint((await repo.findComplaint(tx, auth.businessId, before._id, today))!);
        await audit(tx, auth, `complaint.${input.status}`, { entity: 'complaint', entityId: after._id, before, after });
        if (input.status === 'resolved') {
          await notify(tx, auth.businessId, {
            category: 'HR', actionType: 'Complaint resolved', message: `${after.employeeName ? `${after.employeeName}'s complaint` : 'A complaint'} was resolved`,
            link: { screen: 'complaints', id: after._id },
            ...(after.employeeName
              ? { messageKey: 'complaints.resolved', params: { name: after.employeeName } }
              : { messageKey: 'complaints.resolvedAnonymous', params: {} }),
          });
        }
        return after;
      }),

    /** The hourly task: each complaint past its due date is announced once. */
    notifyOverdue: async () => {
      const claimed = await db.transaction(async (tx) => {
        const rows = await repo.claimOverdue(tx);
        for (const r of rows) {
          await notify(tx, r.business_id, {
            category: 'HR', actionType: 'Complaint overdue', message: `A complaint due ${r.due_date} is overdue`,
            messageKey: 'complaints.overdue', params: { dueDate: String(r.due_date) }, link: { screen: 'complaints', id: r.id },
          });
        }
        return rows.length;
      });
      if (claimed > 0) log.info({ claimed }, 'overdue complaints announced');
      return claimed;
    },
  };
};
export type TComplaintsService = ReturnType<typeof createComplaintsService>;
