import {
  COMPLAINT_TRANSITIONS, type TAssignComplaint, type TComplaintInput, type TComplaintPolicy, type TComplaintQuery, type TUpdateComplain,
} from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TAttendanceService } from '../attendance/attendance.service.ts';
import { addDays } from '../../platform/local-time.ts';
import * as repo from './complaints.repo.ts';

export const createComplaintsService = (deps: TDeps, opts: { notify: TNotify; attendance: TAttendanceService }) => {
  const { db, log } = deps;
  const { notify, attendance } = opts;

  /** The viewer of a complaint: a portal token reading its own complaint is its complainant; everyone else reads as HR. */
  const viewerOf = (auth: TAuth, employeeId: string | null): repo.TViewer =>
    auth.kind === 'portal' && auth.employeeId === employeeId ? 'complainant' : 'hr';

  const load = async (tx: DbOrTx, auth: TAuth, id: string) => {
    const found = await repo.findComplaint(tx, auth.businessId, id, attendance.today(auth));
    if (!found) throw notFound('Complaint');
    return found;
  };

  return {
    /**
     * Filing by HR (optionally for an employee) or from the portal (always the employee's own). The due date is the
     * business's policy for the category (a dueDate sent, the spec's field, is still checked but does not decide).
     * Anonymous: the complainant is stored (their portal follows it) but HR's reads, the notification and the audit
     * entry (written as the system) leave them out.
     */
    file: async (auth: TAuth, input: TComplaintInput) =>
      db.transaction(async (tx) => {
        // A portal token files its own complaint; naming someone else is not found (assertOwn inside getEmployee).
        const employeeId = input.employeeId ?? (auth.kind === 'portal' ? auth.employeeId : undefined);
        const employee = employeeId ? await attendance.getEmployee(tx, auth, employeeId) : null;
        const aboutEmployee = input.aboutEmployeeId ? await repo.findLiveEmployee(tx, auth.businessId, input.aboutEmployeeId) : null;
        if (input.aboutEmployeeId && !aboutEmployee) throw notFound('Employee');
        const today = attendance.today(auth);
        if (input.dueDate && input.dueDate < today) throw badRequest(`dueDate: ${input.dueDate} has passed; today is ${today}`).as('datePassed', { date: input.dueDate, today });
        const policy = (await repo.findPolicies(tx, auth.businessId)).find((p) => p.category === input.category)!;
        const dueDate = addDays(today, policy.dueDays);
        const anonymous = input.anonymous && Boolean(employee);
        const row = await repo.createComplaint(tx, {
          businessId: auth.businessId, employeeId: employee?.id ?? null, complainDetail: input.complainDetail, dueDate,
          filedBy: auth.kind === 'portal' ? 'employee' : 'hr', category: input.category, aboutEmployeeId: aboutEmployee?.id ?? null, anonymous,
        });
        const found = (await repo.findComplaint(tx, auth.businessId, row.id, today))!;
        const complaint = repo.toComplaint(found, viewerOf(auth, row.employeeId));
        const hrView = repo.toComplaint(found, 'hr');
        await audit(tx, anonymous ? { kind: 'system', businessId: auth.businessId } : auth, 'complaint.filed', { entity: 'complaint', entityId: row.id, after: hrView });
        await notify(tx, auth.businessId, {
          // The complaint's text is for HR on the complaints screen, never in a notification.
          category: 'HR', actionType: 'Complaint filed', link: { screen: 'complaints', id: row.id },
          message: `${hrView.employeeName ? `${hrView.employeeName} filed a complaint` : 'A complaint was filed'} (due ${hrView.dueDate})`,
          ...(hrView.employeeName
            ? { messageKey: 'complaints.filed', params: { name: hrView.employeeName, dueDate: hrView.dueDate } }
            : { messageKey: 'complaints.filedAnonymous', params: { dueDate: hrView.dueDate } }),
        });
        return complaint;
      }),

    /** complain-status: the business's complaints (a portal token: its own, anonymous ones included), newest first, with filters. */
    list: async (auth: TAuth, q: TComplaintQuery) => {
      const employeeId = q.employeeId ?? (auth.kind === 'portal' ? auth.employeeId : undefined);
      // Another business's (or, for a portal token, another employee's) id is not found.
      if (employeeId) await attendance.getEmployee(db, auth, employeeId);
      const today = attendance.today(auth);
      const { rows, totalRecords } = await repo.findComplaints(db, auth.businessId, {
        status: q.status, employeeId, overdue: q.overdue === undefined ? undefined : q.overdue === 'true', today, limit: q.limit, offset: pageOffset(q),
        category: q.category, assigneeUserId: q.assigneeUserId, namedOnly: auth.kind !== 'portal',
      });
      return { rows: rows.map((r) => repo.toComplaint(r, viewerOf(auth, r.c.employeeId))), totalRecords };
    },

    /** updateComplain: open → in-progress → resolved (with a note), resolved → reopened. */
    update: async (auth: TUserAuth, input: TUpdateComplain) =>
      db.transaction(async (tx) => {
        const today = attendance.today(auth);
        const before = repo.toComplaint(await load(tx, auth, input.complaintId));
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

    /** Assigns a complaint to an HR user of the business (owner or HR-access), or unassigns it; a new assignee is reminded afresh. */
    assign: async (auth: TUserAuth, id: string, input: TAssignComplaint) =>
      db.transaction(async (tx) => {
        const before = repo.toComplaint(await load(tx, auth, id));
        let assignee: { _id: string; userName: string } | undefined;
        if (input.assigneeUserId) {
          assignee = (await repo.findHrUsers(tx, auth.businessId)).find((u) => u._id === input.assigneeUserId);
          if (!assignee) throw badRequest('assigneeUserId: must be a user of this business with HR access').as('assigneeNotHr');
        }
        if (before.assigneeUserId === (input.assigneeUserId ?? null)) return before;
        await repo.updateComplaint(tx, auth.businessId, id, { assigneeUserId: input.assigneeUserId ?? null, reminderSentAt: null });
        const after = repo.toComplaint((await repo.findComplaint(tx, auth.businessId, id, attendance.today(auth)))!);
        await audit(tx, auth, 'complaint.assigned', { entity: 'complaint', entityId: id, before, after });
        if (assignee) {
          await notify(tx, auth.businessId, {
            category: 'HR', actionType: 'Complaint assigned', message: `A complaint was assigned to ${assignee.userName} (due ${after.dueDate})`,
            messageKey: 'complaints.assigned', params: { assignee: assignee.userName, dueDate: after.dueDate }, link: { screen: 'complaints', id },
          });
        }
        return after;
      }),

    /** Who a complaint may be assigned to. */
    assignees: async (auth: TUserAuth) => repo.findHrUsers(db, auth.businessId),

    policies: async (auth: TUserAuth) => ({ policies: await repo.findPolicies(db, auth.businessId) }),

    /** HR's due-date policy per category (audited); complaints already filed keep their due date. */
    savePolicies: async (auth: TUserAuth, policies: TComplaintPolicy[]) =>
      db.transaction(async (tx) => {
        const categories = policies.map((p) => p.category);
        const twice = categories.find((c, i) => categories.indexOf(c) !== i);
        if (twice) throw badRequest(`policies: ${twice} is listed twice`).as('categoryTwice', { category: twice });
        const before = await repo.findPolicies(tx, auth.businessId);
        await repo.savePolicies(tx, auth.businessId, policies);
        const after = await repo.findPolicies(tx, auth.businessId);
        await audit(tx, auth, 'complaint.policy-changed', { entity: 'complaint', entityId: null, before, after });
        return { policies: after };
      }),

    /**
     * The hourly task, first part: each assignee is reminded once (a notification naming them, and an e-mail)
     * when the category's remind-days before the due date arrive.
     */
    remindAssignees: async () => {
      const claimed = await db.transaction(async (tx) => {
        const rows = await repo.claimDueSoon(tx);
        for (const r of rows) {
          await notify(tx, r.business_id, {
            category: 'HR', actionType: 'Complaint due soon', message: `A complaint assigned to ${r.user_name} is due on ${r.due_date}`,
            messageKey: 'complaints.dueSoon', params: { assignee: r.user_name, dueDate: String(r.due_date) }, link: { screen: 'complaints', id: r.id },
          });
        }
        return rows;
      });
      // After the commit: the mail says what the notification says, never the complaint's text.
      for (const r of claimed) {
        await deps.mailer.send({
          businessId: r.business_id, to: r.email, subject: `A complaint assigned to you is due on ${r.due_date}`,
          text: `Hello ${r.user_name},\n\nA ${r.category} complaint assigned to you is due on ${r.due_date}. Open Complaints in Bizdesk to see it.\n`,
        }).catch((err: unknown) => log.warn({ err }, 'complaint reminder mail failed'));
      }
      if (claimed.length > 0) log.info({ reminded: claimed.length }, 'complaint assignees reminded');
      return claimed.length;
    },

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
