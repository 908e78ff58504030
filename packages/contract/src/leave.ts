import { z } from 'zod';
import { ZDate, ZId, ZName, ZPageQuery } from './common.ts';

export const LEAVE_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TLeaveStatus = (typeof LEAVE_STATUSES)[number];

/** Leave types every business starts with (working days a year). */
export const DEFAULT_LEAVE_TYPES = [
  { name: 'annual', yearlyEntitlement: 20, accruesMonthly: true, carryForwardCap: 5 },
  { name: 'sick', yearlyEntitlement: 10, accruesMonthly: false, carryForwardCap: 0 },
  { name: 'maternity', yearlyEntitlement: 84, accruesMonthly: false, carryForwardCap: 0 },
  { name: 'compassionate', yearlyEntitlement: 5, accruesMonthly: false, carryForwardCap: 0 },
] as const;

/** scheduleLeave: { type, startDate, endDate, reason } (GLOSSARY). `type` is a leave type's name or id. */
export const ZScheduleLeave = z.object({
  type: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  startDate: ZDate,
  endDate: ZDate,
  reason: ZName(1000),
}).refine((v) => v.endDate >= v.startDate, { message: 'must not be before the start date', path: ['endDate'] });
export type TScheduleLeave = z.infer<typeof ZScheduleLeave>;

export const ZLeaveRequest = z.object({
  _id: ZId,
  employeeId: ZId,
  employeeName: z.string(),
  department: z.string().nullable(),
  type: z.string(),
  leaveTypeId: ZId,
  startDate: z.string(),
  endDate: z.string(),
  days: z.number(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
});
export type TLeaveRequest = z.infer<typeof ZLeaveRequest>;

export const ZLeaveDecision = z.object({
  decision: z.enum(['approved', 'declined'], { message: 'must be approved or declined' }),
  reason: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
}).refine((v) => v.decision === 'approved' || (v.reason && v.reason.length > 0), { message: 'is required when declining', path: ['reason'] });
export type TLeaveDecision = z.infer<typeof ZLeaveDecision>;

export const ZLeaveListQuery = ZPageQuery.extend({
  status: z.enum(LEAVE_STATUSES, { message: `must be one of: ${LEAVE_STATUSES.join(', ')}` }).optional(),
  employeeId: ZId.optional(),
  unitId: ZId.optional().describe('only employees of departments of this unit'),
  id: ZId.optional().describe('only this request (a notification opens it)'),
});
export type TLeaveListQuery = z.infer<typeof ZLeaveListQuery>;

const ZDays = (max: number) => z.number().int('must be a whole number of days').min(0, 'must not be negative').max(max, `must be at most ${max}`);
export const ZLeaveTypeInput = z.object({
  name: ZName(80),
  yearlyEntitlement: ZDays(366),
  accruesMonthly: z.boolean().optional(),
  carryForwardCap: ZDays(366).optional(),
  /** false: days of this type taken are unpaid and reduce the month's pay (issue 32). Default true. */
  isPaid: z.boolean().optional(),
});
export type TLeaveTypeInput = z.infer<typeof ZLeaveTypeInput>;
export const ZLeaveTypeUpdate = ZLeaveTypeInput.partial().refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export const ZLeaveType = z.object({ _id: ZId, name: z.string(), yearlyEntitlement: z.number().int(), accruesMonthly: z.boolean(), carryForwardCap: z.number().int(), isPaid: z.boolean() });
export type TLeaveType = z.infer<typeof ZLeaveType>;

export const ZLeaveBalance = z.object({
  leaveTypeId: ZId,
  type: z.string(),
  year: z.number().int(),
  entitlement: z.number().int(),
  carriedForward: z.number(),
  accrued: z.number(),
  taken: z.number(),
  pending: z.number(),
  available: z.number(),
});
export type TLeaveBalance = z.infer<typeof ZLeaveBalance>;
export const ZEmployeeLeave = z.object({ balances: z.array(ZLeaveBalance), requests: z.array(ZLeaveRequest) });
export type TEmployeeLeave = z.infer<typeof ZEmployeeLeave>;
export type TLeaveBalancesRow = z.infer<typeof ZLeaveBalancesRow>;
export const ZLeaveBalancesRow = z.object({ employeeId: ZId, employeeName: z.string(), department: z.string().nullable(), balances: z.array(ZLeaveBalance) });
export const ZLeaveBalancesQuery = ZPageQuery.extend({ unitId: ZId.optional() });
export type TLeaveBalancesQuery = z.infer<typeof ZLeaveBalancesQuery>;

export const ZHoliday = z.object({ _id: ZId, date: z.string(), name: z.string() });
export type THoliday = z.infer<typeof ZHoliday>;
export const ZHolidayInput = z.object({ date: ZDate, name: ZName(120) });
export const ZLeaveYearQuery = z.object({ year: z.coerce.number().int('must be a year such as 2026').min(1900, 'must be 1900 or later').max(2100, 'must be 2100 or earlier').optional() });

/** /schedule: approved leave and absences of a month, per department. */
export const ZScheduleMonth = z.object({
  month: z.string(),
  leave: z.array(ZLeaveRequest),
  absences: z.array(z.object({ employeeId: ZId, employeeName: z.string(), department: z.string().nullable(), date: z.string(), label: z.string() })),
  holidays: z.array(ZHoliday),
});
export type TScheduleMonth = z.infer<typeof ZScheduleMonth>;
export const ZLeaveScheduleQuery = z.object({ departmentId: ZId.optional() });
