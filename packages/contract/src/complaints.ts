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

/** Filing a complaint: complainDetail, dueDate (spec 01 §3); HR may name the employee it concerns. */
export const ZComplaintInput = z.object({
  complainDetail: ZName(4000),
  dueDate: ZDate,
  employeeId: ZId.optional().describe('who it is from; a portal token files for itself'),
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
  employeeId: ZId.nullable(),
  employeeName: z.string().nullable(),
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
});
export type TComplaintQuery = z.infer<typeof ZComplaintQuery>;
