import { z } from 'zod';
import { ZDate, ZDateTime, ZEmail, ZId, ZName, ZPageQuery } from './common.ts';

/** One label per employee per day (GLOSSARY "Attendance mark"). */
export const ATTENDANCE_LABELS = ['present', 'late', 'absent', 'leave', 'sick', 'off'] as const;
export type TAttendanceLabel = (typeof ATTENDANCE_LABELS)[number];
export const ZAttendanceLabel = z.enum(ATTENDANCE_LABELS, { message: `must be one of: ${ATTENDANCE_LABELS.join(', ')}` });

/** Default geofence radius of a site, in metres. */
export const DEFAULT_SITE_RADIUS_METERS = 200;
/** A check-in queued offline is accepted up to this long after it was made. */
export const OFFLINE_CHECKIN_MAX_HOURS = 24;
/**
 * A check-in that reaches the server more than this many hours after it was made, or on a later day (business
 * zone), does not mark the day: it waits for HR to accept or reject it (issue 29; docs/decisions.md "Late check-ins").
 */
export const CHECKIN_REVIEW_AFTER_HOURS = 8;
export const CHECKIN_REVIEWS = ['pending', 'accepted', 'rejected'] as const;
/** Longest register `all-attendance/{userEmail}/{dateOffset}` returns. */
export const MAX_DATE_OFFSET = 92;

export const ZMarkParams = z.object({ date: ZDate, employeeId: ZId, label: ZAttendanceLabel });
export const ZMarkAllParams = z.object({ userEmail: ZEmail, date: ZDate, label: ZAttendanceLabel });
export const ZAttendanceRegisterParams = z.object({
  userEmail: ZEmail,
  dateOffset: z.string().regex(/^\d{1,3}$/, 'must be a whole number of days, 0 for today').transform(Number)
    .refine((n) => n <= MAX_DATE_OFFSET, `must be at most ${MAX_DATE_OFFSET}`),
});
export const ZAttendanceEmployeeParams = z.object({ employeeId: ZId });
export const ZAttendanceMonthParams = z.object({
  month: z.string().regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM'),
});

export const ZMark = z.object({ employeeId: ZId, date: z.string(), label: ZAttendanceLabel, source: z.string() });
export type TMark = z.infer<typeof ZMark>;
export const ZMarkResult = ZMark.extend({ changed: z.boolean() });
export const ZMarkAllResult = z.object({ date: z.string(), label: ZAttendanceLabel, marked: z.number().int(), kept: z.number().int() });

export const ZCoordinates = z.object({
  latitude: z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'),
  longitude: z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'),
}).strict();
export type TCoordinates = z.infer<typeof ZCoordinates>;
const ZAccuracy = z.number().min(0, 'must not be negative').max(100_000, 'must be at most 100000 metres');

/** mark-in: the spec's employeeId, checkInTime, email, employeeName, plus where it was made. */
export const ZMarkIn = z.object({
  employeeId: ZId,
  checkInTime: ZDateTime.optional().describe('when the employee checked in (the device clock); now when absent'),
  email: ZEmail.optional(),
  employeeName: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  coordinates: ZCoordinates.optional(),
  accuracy: ZAccuracy.optional().describe('reported accuracy of the coordinates, metres'),
  queued: z.boolean().optional().describe('true when the device queued it while offline'),
});
export type TMarkIn = z.infer<typeof ZMarkIn>;

export const ZMarkOut = z.object({
  employeeId: ZId,
  checkOutTime: ZDateTime.optional(),
  coordinates: ZCoordinates.optional(),
  accuracy: ZAccuracy.optional(),
  queued: z.boolean().optional(),
});
export type TMarkOut = z.infer<typeof ZMarkOut>;

export const ZCheckin = z.object({
  _id: ZId,
  employeeId: ZId,
  employeeName: z.string(),
  email: z.string(),
  date: z.string(),
  checkInTime: z.string(),
  checkInReceivedAt: z.string(),
  checkInLocation: z.object({ latitude: z.number(), longitude: z.number(), accuracy: z.number().nullable() }).nullable(),
  checkInSite: z.object({ _id: z.string(), name: z.string(), distanceMeters: z.number() }).nullable(),
  isLate: z.boolean(),
  checkInSyncedLate: z.boolean(),
  /** null: it marked the day itself; pending: synced too late, waiting for HR; accepted / rejected: HR's decision. */
  checkInReview: z.enum(CHECKIN_REVIEWS).nullable(),
  checkOutTime: z.string().nullable(),
  checkOutReceivedAt: z.string().nullable(),
  checkOutLocation: z.object({ latitude: z.number(), longitude: z.number(), accuracy: z.number().nullable() }).nullable(),
  checkOutSyncedLate: z.boolean(),
  recordedBy: z.string(),
});
export type TCheckin = z.infer<typeof ZCheckin>;

export const ZReviewCheckin = z.object({ decision: z.enum(['accepted', 'rejected'], { message: 'must be accepted or rejected' }) });
export type TReviewCheckin = z.infer<typeof ZReviewCheckin>;

export const ZSuspensionDetails = z.object({
  reason: ZName(500),
  from: ZDate,
  to: ZDate,
  /** Issue 32: a suspension is without pay (its days reduce the month's pay) unless marked paid. */
  isPaid: z.boolean({ message: 'must be true or false' }).optional(),
}).strict().refine((v) => v.to >= v.from, { message: 'must not be before the start date', path: ['to'] });
export const ZSendSuspension = z.object({ employeeId: ZId, suspensionDetails: ZSuspensionDetails });
export type TSendSuspension = z.infer<typeof ZSendSuspension>;
export const ZSuspension = z.object({ _id: ZId, employeeId: ZId, reason: z.string(), from: z.string(), to: z.string(), isPaid: z.boolean(), createdAt: z.string() });
export type TSuspension = z.infer<typeof ZSuspension>;

export const ZSendSick = z.object({ employeeId: ZId });

export const SITE_TYPES = ['office', 'site', 'warehouse', 'store', 'other'] as const;
export const ZSaveCoordinates = z.object({
  userId: ZId,
  coordinates: ZCoordinates,
  type: z.enum(SITE_TYPES, { message: `must be one of: ${SITE_TYPES.join(', ')}` }),
  name: ZName(120),
  radiusMeters: z.number().int('must be a whole number of metres').min(10, 'must be at least 10 metres').max(50_000, 'must be at most 50000 metres').optional(),
});
export type TSaveCoordinates = z.infer<typeof ZSaveCoordinates>;
export const ZSite = z.object({
  _id: ZId, userId: ZId, name: z.string(), type: z.string(), coordinates: ZCoordinates, radiusMeters: z.number().int(), createdAt: z.string(),
});
export type TSite = z.infer<typeof ZSite>;

export const ZAttendanceSettings = z.object({
  workStartTime: z.string().describe('HH:MM in the business time zone'),
  requirePortalCoordinates: z.boolean(),
  timeZone: z.string(),
  today: z.string(),
});
export type TAttendanceSettings = z.infer<typeof ZAttendanceSettings>;
export const ZAttendanceSettingsInput = z.object({
  workStartTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM, such as 09:00').optional(),
  requirePortalCoordinates: z.boolean().optional(),
}).refine((v) => v.workStartTime !== undefined || v.requirePortalCoordinates !== undefined, 'send workStartTime or requirePortalCoordinates');

export const ZRosterEmployee = z.object({ _id: ZId, name: z.string(), employeeNumber: z.string(), email: z.string(), department: z.string().nullable(), departmentId: z.string().nullable(), startDate: z.string() });
export type TRosterEmployee = z.infer<typeof ZRosterEmployee>;

/** all-attendance/{userEmail}/{dateOffset}: the register of the last days, with each day's check-ins. */
export const ZAttendanceRegister = z.object({
  from: z.string(),
  to: z.string(),
  employees: z.array(ZRosterEmployee),
  marks: z.array(ZMark),
  checkins: z.array(ZCheckin),
});
export type TAttendanceRegister = z.infer<typeof ZAttendanceRegister>;

export const ZMonthTotals = z.object({
  present: z.number().int(), late: z.number().int(), absent: z.number().int(), leave: z.number().int(), sick: z.number().int(), off: z.number().int(),
});
export type TMonthTotals = z.infer<typeof ZMonthTotals>;
/** The month grid: per employee, the label of each day (null: not marked) and the month's totals. */
export const ZMonthGrid = z.object({
  month: z.string(),
  days: z.array(z.string()),
  rows: z.array(z.object({ employee: ZRosterEmployee, labels: z.array(ZAttendanceLabel.nullable()), totals: ZMonthTotals })),
});
export type TMonthGrid = z.infer<typeof ZMonthGrid>;
export const ZAttendanceMonthQuery = z.object({ departmentId: ZId.optional() });
export const ZAttendanceExportQuery = z.object({ format: z.enum(['csv', 'xlsx'], { message: 'must be csv or xlsx' }) });

export const ZEmployeeAttendance = z.object({
  employee: ZRosterEmployee,
  checkins: z.array(ZCheckin),
  marks: z.array(ZMark),
  suspension: ZSuspension.nullable(),
  today: z.string(),
  requireCoordinates: z.boolean(),
});
export type TEmployeeAttendance = z.infer<typeof ZEmployeeAttendance>;
export const ZEmployeeAttendanceQuery = ZPageQuery.pick({ limit: true }).partial();
export const ZAttendanceDayQuery = z.object({ date: ZDate.optional() });

/** Success messages of attendance, leave and complaints (the spec writes none; the web shows its own translations). */
export const TIME_MSG = {
  marked: 'Attendance marked',
  markedAll: 'Attendance marked for every employee',
  checkedIn: 'Checked in',
  checkInNeedsReview: `Check-in received, but more than ${CHECKIN_REVIEW_AFTER_HOURS} hours or a day after it was made, so it does not mark the day by itself: HR has been asked to review it.`,
  checkInMarkKept: 'Check-in received late; the day keeps the mark HR set.',
  checkInReviewed: 'Check-in reviewed',
  checkedOut: 'Checked out',
  suspensionSaved: 'Suspension saved',
  sickSaved: 'Marked sick for today',
  siteSaved: 'Site saved',
  siteDeleted: 'Site deleted',
  settingsSaved: 'Attendance settings saved',
  leaveRequested: 'Leave requested',
  leaveApproved: 'Leave approved',
  leaveDeclined: 'Leave declined',
  leaveTypeSaved: 'Leave type saved',
  holidaySaved: 'Holiday saved',
  holidayDeleted: 'Holiday deleted',
  complaintFiled: 'Complaint filed',
  complaintUpdated: 'Complaint updated',
} as const;
