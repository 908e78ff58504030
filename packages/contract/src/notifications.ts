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
 * Server notifications with a text key (issue 10): the web shows `notifications:<key>.title` and
 * `notifications:<key>.message` with `params`, in the reader's language; `message` and `actionType` keep the
 * English text, for the spec's readers and for a key the web does not know. Each key lists its params:
 * `count` chooses the plural form; `…Minor` amounts (with `currency`) are shown as money under the name without
 * `Minor`; `…Date` (YYYY-MM-DD) as dates and `month` (YYYY-MM) as a month; other numbers in the reader's format.
 * Announcements are people's own words and carry no key.
 */
export const NOTIFICATION_TEXTS = {
  'employees.created': ['name', 'number'],
  'employees.createdInDepartment': ['name', 'number', 'department'],
  'employees.removed': ['name', 'number'],
  'employees.imported': ['count', 'fileName'],
  'employees.importedWithSkipped': ['count', 'fileName', 'skipped'],
  'attendance.suspended': ['name', 'fromDate', 'toDate', 'reason'],
  'attendance.sick': ['name', 'date'],
  'attendance.checkinToReview': ['name', 'when', 'hours'],
  'leave.requested': ['name', 'count', 'leaveType', 'startDate', 'endDate'],
  'leave.approved': ['name', 'leaveType', 'startDate', 'endDate'],
  'leave.approvedWithReason': ['name', 'leaveType', 'startDate', 'endDate', 'reason'],
  'leave.declined': ['name', 'leaveType', 'startDate', 'endDate'],
  'leave.declinedWithReason': ['name', 'leaveType', 'startDate', 'endDate', 'reason'],
  'leave.accrued': ['earned'],
  'complaints.filed': ['name', 'dueDate', 'detail'],
  'complaints.filedAnonymous': ['dueDate', 'detail'],
  'complaints.resolved': ['name', 'note'],
  'complaints.resolvedAnonymous': ['note'],
  'complaints.overdue': ['dueDate', 'detail'],
  'payroll.computed': ['month', 'count'],
  'payroll.approved': ['month', 'by'],
  'approvals.requested': ['by', 'subject', 'count'],
  'approvals.given': ['by', 'subject', 'approvals', 'required'],
  'approvals.approved': ['subject', 'approvals', 'required'],
  'approvals.rejected': ['by', 'subject', 'reason'],
  'appraisals.sent': ['count', 'department', 'period'],
  'appraisals.forCountersigning': ['count', 'appraiser', 'superior'],
  'appraisals.upwardRequested': ['count', 'upline', 'period'],
  'appraisals.upwardReceived': ['name', 'period'],
  'appraisals.submitted': ['reviewer', 'name', 'score', 'max', 'period'],
  'appraisals.countersigned': ['superior', 'name', 'period'],
  'appraisals.countersignedUnnamed': ['name', 'period'],
  'inventory.reorderLevel': ['item', 'tag', 'quantity', 'unit', 'reorderLevel'],
  'vendors.quoteReceived': ['contractor', 'totalMinor', 'currency', 'contract', 'project'],
  'orders.calledOff': ['by', 'amountMinor', 'leftMinor', 'currency', 'order'],
  'orders.goodsReceived': ['receiver', 'order', 'vendor'],
  'orders.invoiceRecorded': ['invoice', 'amountMinor', 'currency', 'order'],
  'orders.paymentMade': ['amountMinor', 'currency', 'vendor', 'order'],
  'orders.cancelled': ['by', 'order', 'vendor'],
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
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZCreateNotification = z.object({
  category: z.string().trim().min(1, 'is required').max(60),
  actionType: z.string().trim().min(1, 'is required').max(120),
  message: z.string().trim().min(1, 'is required').max(2000),
});
export type TCreateNotification = z.infer<typeof ZCreateNotification>;
/** What a feature passes to notify(): the spec's fields, and a text key with its params when the text is the server's. */
export type TNotifyInput = TCreateNotification & (TKeyedNotification | { messageKey?: undefined; params?: undefined });

export const ZOwnerEmailParams = z.object({ ownerEmail: ZEmail });
export const ZOwnerEmailQuery = z.object({ ownerEmail: ZEmail });
export const ZDeleteOld = z.object({
  beforeDate: ZDateTime,
});
