import { z } from 'zod';
import { ZDate, ZId, ZName, ZPageQuery } from './common.ts';

export const LEAVE_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TLeaveStatus = (typeof LEAVE_STATUSES)[number];

/** Leave types every business starts with (working days a year). */
export const DEFAULT_LEAVE_TYPES = [
  { name: 'annual', yearlyEntitlement: 20, accruesMonthly: true, carryForwardCap: 5 },
  { name: 'sick', yearlyEntitlement: 10, accruesMonthly: false, carryForwardCap: 0 },
  { name: 'maternity', yearlyEntitlement: 84, accruesMonthly: false, carryForwardCap: 0, gender: 'female' },
  { name: 'compassionate', yearlyEntitlement: 5, accruesMonthly: false, carryForwardCap: 0 },
  { name: 'paternity', yearlyEntitlement: 10, accruesMonthly: false, carryForwardCap: 0, gender: 'male' },
] as const;

export const HALVES = ['first', 'second'] as const;

/** scheduleLeave: { type, startDate, endDate, reason } (GLOSSARY). `type` is a leave type's name or id. */
export const ZScheduleLeave = z.object({
  type: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  startDate: ZDate,
  endDate: ZDate,
  reason: ZName(1000),
  /** Half days (issue 33): 'second' starts the leave at midday of the start day; 'first' ends it at midday of the end day. */
  startHalf: z.enum(HALVES, { message: 'must be first or second' }).nullish(),
  endHalf: z.enum(HALVES, { message: 'must be first or second' }).nullish(),
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
  /** The days by year (a request across New Year counts against both years). */
  daysByYear: z.record(z.string(), z.number()),
  startHalf: z.enum(HALVES).nullable(),
  endHalf: z.enum(HALVES).nullable(),
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
  /** Eligibility (issue 33). */
  gender: z.enum(['female', 'male'], { message: 'must be female or male' }).nullish(),
  minServiceMonths: z.number().int('must be a whole number of months').min(0, 'must not be negative').max(120, 'must be at most 120').optional(),
  oncePerYear: z.boolean().optional(),
  carryForwardExpires: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a day of the year as MM-DD, such as 03-31').nullish(),
});
export type TLeaveTypeInput = z.infer<typeof ZLeaveTypeInput>;
export const ZLeaveTypeUpdate = ZLeaveTypeInput.partial().refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export const ZLeaveType = z.object({
  _id: ZId, name: z.string(), yearlyEntitlement: z.number().int(), accruesMonthly: z.boolean(), carryForwardCap: z.number().int(), isPaid: z.boolean(),
  gender: z.enum(['female', 'male']).nullable(), minServiceMonths: z.number().int(), oncePerYear: z.boolean(), carryForwardExpires: z.string().nullable(),
});
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
  /** The opening balance HR set for the year (replaces carried forward); null: none. */
  opening: z.number().nullable(),
  /** Manual adjustments of the year (+/−). */
  adjustments: z.number(),
  /** Carried-forward days that lapsed unused after carryForwardExpires. */
  expired: z.number(),
  carryForwardExpires: z.string().nullable(),
});
export type TLeaveBalance = z.infer<typeof ZLeaveBalance>;
export const ZEmployeeLeave = z.object({ balances: z.array(ZLeaveBalance), requests: z.array(ZLeaveRequest) });
export type TEmployeeLeave = z.infer<typeof ZEmployeeLeave>;
export type TLeaveBalancesRow = z.infer<typeof ZLeaveBalancesRow>;
export const ZLeaveBalancesRow = z.object({ employeeId: ZId, employeeName: z.string(), department: z.string().nullable(), balances: z.array(ZLeaveBalance) });
export const ZLeaveBalancesQuery = ZPageQuery.extend({ unitId: ZId.optional() });
export type TLeaveBalancesQuery = z.infer<typeof ZLeaveBalancesQuery>;

export const ZHoliday = z.object({ _id: ZId, date: z.string(), name: z.string(), code: z.string().nullable().describe('a shipped holiday (good-friday, eid-al-fitr…) the web names in the reader\'s language') });
export type THoliday = z.infer<typeof ZHoliday>;
export const ZHolidayInput = z.object({ date: ZDate, name: ZName(120) });
export const ZHolidayUpdate = z.object({ date: ZDate.optional(), name: ZName(120).optional() }).refine((v) => v.date !== undefined || v.name !== undefined, 'send a date or a name to change');
export type THolidayUpdate = z.infer<typeof ZHolidayUpdate>;

// Opening balances and adjustments (issue 33) --------------------------------------------
export const ADJUSTMENT_KINDS = ['opening', 'adjustment'] as const;
export const ZLeaveAdjustmentInput = z.object({
  employeeId: ZId,
  leaveTypeId: ZId,
  year: z.number().int('must be a year such as 2026').min(2000, 'must be 2000 or later').max(2100, 'must be 2100 or earlier'),
  kind: z.enum(ADJUSTMENT_KINDS, { message: 'must be opening or adjustment' }),
  days: z.number().min(-366, 'must be at least -366').max(366, 'must be at most 366').refine((v) => Number.isInteger(v * 2), 'must be in half days (such as 1.5)'),
  reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
}).refine((v) => v.kind === 'opening' ? v.days >= 0 : v.days !== 0, { path: ['days'], message: 'must not be 0 for an adjustment, nor negative for an opening balance' });
export type TLeaveAdjustmentInput = z.infer<typeof ZLeaveAdjustmentInput>;
export const ZLeaveAdjustment = z.object({
  _id: ZId, employeeId: ZId, leaveTypeId: ZId, type: z.string(), year: z.number().int(), kind: z.enum(ADJUSTMENT_KINDS), days: z.number(), reason: z.string(),
  createdBy: z.string(), createdAt: z.string(),
});
export type TLeaveAdjustment = z.infer<typeof ZLeaveAdjustment>;
/** The balance history of an employee's year: the balances and what moved them (opening, adjustments, leave taken). */
export const ZLeaveHistory = z.object({ year: z.number().int(), balances: z.array(ZLeaveBalance), adjustments: z.array(ZLeaveAdjustment), requests: z.array(ZLeaveRequest) });
export type TLeaveHistory = z.infer<typeof ZLeaveHistory>;
export const ZLeaveHistoryParams = z.object({ employeeId: ZId });

// Leave settings: leave allowance (issue 33) -----------------------------------------------
export const ALLOWANCE_TIMINGS = ['with-leave', 'month'] as const;
export const ZLeaveSettings = z.object({
  /** Leave allowance as a percentage of the annual basic (0: none), paid once a year through payroll. */
  allowancePercent: z.number().min(0, 'must not be negative').max(100, 'must be at most 100'),
  /** with-leave: in the month the year's first annual leave starts; month: in allowanceMonth. */
  allowanceTiming: z.enum(ALLOWANCE_TIMINGS, { message: 'must be with-leave or month' }),
  allowanceMonth: z.number().int('must be a month from 1 to 12').min(1, 'must be a month from 1 to 12').max(12, 'must be a month from 1 to 12').nullable(),
});
export type TLeaveSettings = z.infer<typeof ZLeaveSettings>;
export const ZLeaveSettingsInput = ZLeaveSettings.partial().refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one setting to change').refine((v) => v.allowanceTiming !== 'month' || v.allowanceMonth, { path: ['allowanceMonth'], message: 'is required when the allowance is paid in a chosen month' });
export type TLeaveSettingsInput = z.infer<typeof ZLeaveSettingsInput>;
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

export const LEAVE_MSG = { adjustmentSaved: 'Leave balance adjusted', openingSaved: 'Opening balance saved', settingsSaved: 'Leave settings saved', holidayMoved: 'Holiday changed' } as const;
