import { z } from 'zod';
import { ZDateTime, ZEmail, ZId } from './common.ts';

/** Categories with their own icon in the bell (spec 01 §3); others are allowed and show none. */
export const NOTIFICATION_CATEGORIES = [
  'HR',
  'Accounts',
  'Inventory',
  'Procurement',
  'General actions',
  'Request Messages',
  'Announcements',
  'Reminders',
] as const;

/**
 * The categories the server writes (issue 29): reserved, so a person cannot post one. A person's post keeps a category
 * of its own and carries its author; Announcements stay the owner's and Settings-access's voice. The API compares a
 * posted category with these after normalisation (NFKC, format characters removed, look-alike letters folded).
 */
export const SERVER_CATEGORIES = ['HR', 'Accounts', 'Payroll', 'Procurement', 'Inventory', 'Fleet', 'Announcements', 'System'] as const;
export type TServerCategory = (typeof SERVER_CATEGORIES)[number];

/**
 * Who may read a notification (issue 29): its subject, opened by the same roles as the audit trail's subject of that
 * name; 'general' is read by every user of the business, the owner reads every subject.
 */
export const NOTIFICATION_SUBJECTS = ['people', 'pay', 'procurement', 'inventory', 'projects', 'settings', 'general'] as const;
export type TNotificationSubject = (typeof NOTIFICATION_SUBJECTS)[number];
/**
 * The screen where a reader allowed to see the record finds its detail; the web maps each to its route
 * (apps/web/src/features/notifications/linkPath.ts). The id names the record: an employee's for `employee`, `attendance`
 * and `checkins` (the late check-ins to review), a payroll run's month (YYYY-MM) for `payroll`, a BOQ's contract id
 * for `boqs`, the period (YYYY-MM or YYYY) for `remittances`, the record's own id elsewhere.
 */
export const NOTIFICATION_SCREENS = [
  'employee', 'employees', 'attendance', 'checkins', 'leave', 'complaints', 'appraisals', 'payroll', 'approvals', 'orders', 'vendors', 'boqs', 'inventory', 'blog', 'remittances',
] as const;
export type TNotificationScreen = (typeof NOTIFICATION_SCREENS)[number];
export const ZNotificationLink = z.object({ screen: z.enum(NOTIFICATION_SCREENS), id: z.string().nullable() });
export type TNotificationLink = z.infer<typeof ZNotificationLink>;

/**
 * Server notifications with a text key (issue 10): the web shows `notifications:<key>.title` and
 * `notifications:<key>.message` with `params`, in the reader's language; `message` and `actionType` keep the
 * English text, for the spec's readers and for a key the web does not know. Each key lists its params:
 * `count` chooses the plural form; `…Minor` amounts (with `currency`) are shown as money under the name without
 * `Minor`; `…Date` (YYYY-MM-DD) as dates and `month` (YYYY-MM) as a month; other numbers in the reader's format.
 * Announcements are people's own words and carry no key. Sensitive bodies (a complaint's text, a suspension's reason,
 * appraisal scores) are never in a notification: it names the event and links to the screen that shows them.
 */
export const NOTIFICATION_TEXTS = {
  'employees.created': ['name', 'number'],
  'employees.createdInDepartment': ['name', 'number', 'department'],
  'employees.removed': ['name', 'number'],
  'employees.imported': ['count', 'fileName'],
  'employees.importedWithSkipped': ['count', 'fileName', 'skipped'],
  'attendance.suspended': ['name', 'fromDate', 'toDate'],
  'attendance.sick': ['name', 'date'],
  'attendance.checkinToReview': ['name', 'when', 'hours'],
  'attendance.correctionApproved': ['name', 'date'],
  'attendance.correctionRejected': ['name', 'date', 'reason'],
  'leave.requested': ['name', 'count', 'leaveType', 'startDate', 'endDate'],
  'leave.approved': ['name', 'leaveType', 'startDate', 'endDate'],
  'leave.approvedWithReason': ['name', 'leaveType', 'startDate', 'endDate', 'reason'],
  'leave.declined': ['name', 'leaveType', 'startDate', 'endDate'],
  'leave.declinedWithReason': ['name', 'leaveType', 'startDate', 'endDate', 'reason'],
  'leave.accrued': ['earned'],
  'expenses.approved': ['name', 'claim', 'amountMinor', 'currency'],
  'expenses.rejected': ['name', 'claim', 'reason'],
  'expenses.reimbursed': ['name', 'claim', 'amountMinor', 'currency'],
  'leave.recounted': ['name', 'leaveType', 'startDate', 'endDate', 'before', 'after'],
  'leave.adjusted': ['name', 'leaveType', 'days', 'year', 'reason'],
  'complaints.filed': ['name', 'dueDate'],
  'complaints.filedAnonymous': ['dueDate'],
  'complaints.resolved': ['name'],
  'complaints.resolvedAnonymous': [],
  'complaints.overdue': ['dueDate'],
  'complaints.assigned': ['assignee', 'dueDate'],
  'complaints.dueSoon': ['assignee', 'dueDate'],
  'reminders.probation-end': ['name', 'date'],
  'reminders.contract-end': ['name', 'date'],
  'reminders.document-expiry': ['name', 'docType', 'date'],
  'reminders.birthday': ['name', 'date'],
  'reminders.work-anniversary': ['name', 'count', 'date'],
  'reminders.service-due': ['name', 'date'],
  'reminders.insurance-expiry': ['name', 'date'],
  'reminders.roadworthiness-expiry': ['name', 'date'],
  'reminders.hackney-permit-expiry': ['name', 'date'],
  'reminders.licence-expiry': ['name', 'date'],
  'payroll.computed': ['month', 'count'],
  'payroll.approved': ['month', 'by'],
  'payroll.approvalBlocked': ['month'],
  'payroll.awaitsOwnApproval': ['month'],
  'approvals.requested': ['by', 'subject', 'count'],
  'approvals.given': ['by', 'subject', 'approvals', 'required'],
  'approvals.approved': ['subject', 'approvals', 'required'],
  'approvals.rejected': ['by', 'subject', 'reason'],
  'appraisals.sent': ['count', 'department', 'period'],
  'appraisals.forCountersigning': ['count', 'appraiser', 'superior'],
  'appraisals.upwardRequested': ['count', 'upline', 'period'],
  'appraisals.upwardReceived': ['name', 'period'],
  'appraisals.submitted': ['reviewer', 'name', 'period'],
  'appraisals.countersigned': ['superior', 'name', 'period'],
  'appraisals.countersignedUnnamed': ['name', 'period'],
  'inventory.reorderLevel': ['item', 'tag', 'quantity', 'unit', 'reorderLevel'],
  'vendors.quoteReceived': ['contractor', 'totalMinor', 'currency', 'contract', 'project'],
  'orders.calledOff': ['by', 'amountMinor', 'leftMinor', 'currency', 'order'],
  'orders.goodsReceived': ['receiver', 'order', 'vendor'],
  'orders.goodsReturned': ['user', 'order', 'vendor'],
  'orders.invoiceRecorded': ['invoice', 'amountMinor', 'currency', 'order'],
  'orders.paymentMade': ['amountMinor', 'currency', 'vendor', 'order'],
  'orders.cancelled': ['by', 'order', 'vendor'],
  'orders.amended': ['by', 'order', 'revision', 'beforeMinor', 'afterMinor', 'currency'],
  'remittances.upcoming': ['authority', 'payee', 'period', 'dueDate', 'amountMinor', 'currency'],
  'remittances.overdue': ['authority', 'payee', 'period', 'dueDate', 'amountMinor', 'currency'],
  /** The instance's scheduled backup failed (issue 36): to the owner and Settings-access. */
  'backup.failed': ['reason'],
} as const satisfies Record<string, readonly string[]>;

export type TNotificationKey = keyof typeof NOTIFICATION_TEXTS;
export type TNotificationParamValue = string | number;
export type TNotificationParams = Record<string, TNotificationParamValue>;
/** A keyed notification: the key and exactly the params it names. */
export type TKeyedNotification = {
  [K in TNotificationKey]: { messageKey: K; params: { [P in (typeof NOTIFICATION_TEXTS)[K][number]]: TNotificationParamValue } };
}[TNotificationKey];

export const ZNotification = z.object({
  _id: ZId,
  actionType: z.string(),
  message: z.string(),
  category: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  /** Issue 10 additions after the spec's fields: null for a notification without a text key. */
  messageKey: z.string().nullable().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable().optional(),
  /** Issue 29: who may read it, where its detail is, and the person who posted it (null for the server's). */
  subject: z.enum(NOTIFICATION_SUBJECTS),
  link: ZNotificationLink.nullable(),
  author: z.object({ _id: ZId, name: z.string() }).nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZCreateNotification = z.object({
  category: z.string().trim().min(1, 'is required').max(60),
  actionType: z.string().trim().min(1, 'is required').max(120),
  message: z.string().trim().min(1, 'is required').max(2000),
});
export type TCreateNotification = z.infer<typeof ZCreateNotification>;
/**
 * What a feature passes to notify(): a reserved category, the spec's fields, the link to the record, and a text key with
 * its params when the text is the server's. The subject follows from the category unless given.
 */
export type TNotifyInput = Omit<TCreateNotification, 'category'> & {
  category: TServerCategory;
  subject?: TNotificationSubject;
  link?: TNotificationLink | null;
} & (TKeyedNotification | { messageKey?: undefined; params?: undefined });

export const ZOwnerEmailParams = z.object({ ownerEmail: ZEmail });
export const ZOwnerEmailQuery = z.object({ ownerEmail: ZEmail });
export const ZDeleteOld = z.object({
  beforeDate: ZDateTime,
});
