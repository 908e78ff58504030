import { z } from 'zod';
import { ZDate, ZId, ZName, ZPageQuery } from './common.ts';

export const COMPLAINT_STATUSES = ['open', 'in-progress', 'resolved', 'reopened'] as const;
export type TComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** Where each status may move; a resolution note is needed to resolve. */
export const COMPLAINT_TRANSITIONS: Record<TComplaintStatus, readonly TComplaintStatus[]> = {
  open: ['in-progress', 'resolved'],
  'in-progress': ['resolved'],
  resolved: ['reopened'],
  reopened: ['in-progress', 'resolved'],
};

/** Complaint categories (issue 33); the web shows them translated. */
export const COMPLAINT_CATEGORIES = ['workplace', 'pay', 'harassment', 'safety', 'facilities', 'other'] as const;
export type TComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
export const ZComplaintCategory = z.enum(COMPLAINT_CATEGORIES, { message: `must be one of: ${COMPLAINT_CATEGORIES.join(', ')}` });

/** HR's default policy per category until the business sets its own: days to resolve, days before the due date to remind the assignee. */
export const DEFAULT_COMPLAINT_POLICY: Record<TComplaintCategory, { dueDays: number; remindDaysBefore: number }> = {
  harassment: { dueDays: 3, remindDaysBefore: 1 },
  safety: { dueDays: 2, remindDaysBefore: 1 },
  pay: { dueDays: 5, remindDaysBefore: 2 },
  workplace: { dueDays: 7, remindDaysBefore: 2 },
  facilities: { dueDays: 10, remindDaysBefore: 2 },
  other: { dueDays: 14, remindDaysBefore: 3 },
};

/**
 * Filing a complaint: complainDetail, dueDate (spec 01 §3). Since issue 33 the due date is HR's policy for the
 * category: a dueDate sent (the spec's field) is still accepted and checked, but the policy decides.
 */
export const ZComplaintInput = z.object({
  complainDetail: ZName(4000),
  dueDate: ZDate.optional().describe("accepted for the spec's callers; the business's policy for the category sets the due date"),
  employeeId: ZId.optional().describe('who it is from; a portal token files for itself'),
  category: ZComplaintCategory.default('other'),
  aboutEmployeeId: ZId.optional().describe('whom the complaint is about (optional)'),
  anonymous: z.boolean().default(false).describe("hides the complainant from HR readers; the complainant still follows it in the portal"),
});
export type TComplaintInput = z.infer<typeof ZComplaintInput>;

export const ZUpdateComplain = z.object({
  complaintId: ZId,
  status: z.enum(COMPLAINT_STATUSES, { message: `must be one of: ${COMPLAINT_STATUSES.join(', ')}` }),
  resolutionNote: z.string().trim().max(4000, 'must be at most 4000 characters').optional(),
});
export type TUpdateComplain = z.infer<typeof ZUpdateComplain>;

export const ZComplaint = z.object({
  _id: ZId,
  employeeId: ZId.nullable().describe('the complainant; null to HR readers when anonymous'),
  employeeName: z.string().nullable(),
  category: ZComplaintCategory,
  aboutEmployeeId: ZId.nullable(),
  aboutEmployeeName: z.string().nullable(),
  anonymous: z.boolean(),
  assigneeUserId: ZId.nullable(),
  assigneeName: z.string().nullable(),
  complainDetail: z.string(),
  dueDate: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  resolutionNote: z.string().nullable(),
  isOverdue: z.boolean(),
  filedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TComplaint = z.infer<typeof ZComplaint>;

export const ZComplaintQuery = ZPageQuery.extend({
  status: z.enum(COMPLAINT_STATUSES, { message: `must be one of: ${COMPLAINT_STATUSES.join(', ')}` }).optional(),
  employeeId: ZId.optional(),
  overdue: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  category: ZComplaintCategory.optional(),
  assigneeUserId: ZId.optional(),
});
export type TComplaintQuery = z.infer<typeof ZComplaintQuery>;

/** PUT /complaints/{id}/assign: an HR user of the business, or null to unassign. */
export const ZAssignComplaint = z.object({ assigneeUserId: ZId.nullable() });
export type TAssignComplaint = z.infer<typeof ZAssignComplaint>;

export const ZComplaintPolicy = z.object({
  category: ZComplaintCategory,
  dueDays: z.number().int('must be a whole number').min(1, 'must be at least 1').max(365, 'must be at most 365'),
  remindDaysBefore: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(60, 'must be at most 60'),
});
export type TComplaintPolicy = z.infer<typeof ZComplaintPolicy>;
export const ZComplaintPolicies = z.object({ policies: z.array(ZComplaintPolicy) });
export type TComplaintPolicies = z.infer<typeof ZComplaintPolicies>;

/** HR users a complaint may be assigned to (owner and HR-access). */
export const ZComplaintAssignee = z.object({ _id: ZId, userName: z.string(), email: z.string() });
export type TComplaintAssignee = z.infer<typeof ZComplaintAssignee>;
