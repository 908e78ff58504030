import { z } from 'zod';
import { ZDate, ZId } from './common.ts';
import { ZAttendanceLabel, ZAttendanceRegister, ZMonthGrid, ZSuspension } from './attendance.ts';

/**
 * Issue 33 (attendance HR can trust): corrections of past days with a reason, employees' correction requests decided
 * through the approvals engine (service 'attendance-correction'), and geofence exemptions per employee or designation.
 */

const ZRequiredReason = z.string({ message: 'is required: say why the day is corrected' }).trim()
  .min(1, 'is required: say why the day is corrected').max(500, 'must be at most 500 characters');

/** `PUT /api/v1/attendance/marks/{employeeId}/{date}`: HR sets or corrects one day, with the reason (audited). */
export const ZCorrectMarkParams = z.object({ employeeId: ZId, date: ZDate });
export const ZCorrectMark = z.object({
  label: ZAttendanceLabel,
  reason: ZRequiredReason,
  /** A `leave` mark books a day of this leave type (name or id); annual leave when absent. */
  leaveType: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters').optional(),
});
export type TCorrectMark = z.infer<typeof ZCorrectMark>;

/** Who changed a day, when and why (a correction by HR or an approved request of the employee). */
export const ZMarkNote = z.object({
  employeeId: ZId,
  date: z.string(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
  /** The label before the change (null: the day was not marked). */
  before: ZAttendanceLabel.nullable(),
  kind: z.enum(['correction', 'request']),
});
export type TMarkNote = z.infer<typeof ZMarkNote>;

export const ZCorrectMarkResult = z.object({
  employeeId: ZId, date: z.string(), label: ZAttendanceLabel, source: z.string(), changed: z.boolean(), note: ZMarkNote.nullable(),
  /** The leave request a `leave` mark booked or linked. */
  leaveId: z.string().nullable(),
});
export type TCorrectMarkResult = z.infer<typeof ZCorrectMarkResult>;

/** `?to=YYYY-MM-DD` on the register: the register ends on that day (default today); never a future day. */
export const ZAttendanceRegisterQuery = z.object({ to: ZDate.optional() });

/** What the register and the month grid show besides the marks (issue 33). */
export const ZAttendanceExtras = z.object({
  notes: z.array(ZMarkNote),
  suspensions: z.array(ZSuspension),
});
export type TAttendanceExtras = z.infer<typeof ZAttendanceExtras>;

// correction requests ----------------------------------------------------------
export const CORRECTION_LABELS = ['present', 'late'] as const;
export const CORRECTION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type TCorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** `POST /api/v1/attendance/corrections`: an employee asks for a past day to be marked (forgot to check in). */
export const ZCorrectionRequestInput = z.object({
  employeeId: ZId,
  date: ZDate,
  label: z.enum(CORRECTION_LABELS, { message: `must be one of: ${CORRECTION_LABELS.join(', ')}` }),
  checkInTime: z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM, such as 08:45').optional(),
  reason: ZRequiredReason,
});
export type TCorrectionRequestInput = z.infer<typeof ZCorrectionRequestInput>;

export const ZCorrectionRequest = z.object({
  _id: ZId,
  employeeId: ZId,
  employeeName: z.string(),
  date: z.string(),
  label: ZAttendanceLabel,
  checkInTime: z.string().nullable(),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCorrectionRequest = z.infer<typeof ZCorrectionRequest>;
export const ZCorrectionEmployeeParams = z.object({ employeeId: ZId });

// geofence exemptions ------------------------------------------------------------
/** `POST /api/v1/attendance/geofence-exemptions`: one employee, or everyone of a designation (drivers on the road). */
export const ZGeofenceExemptionInput = z.object({
  employeeId: ZId.optional(),
  designationId: ZId.optional(),
  reason: z.string().trim().max(300, 'must be at most 300 characters').optional(),
}).refine((v) => Boolean(v.employeeId) !== Boolean(v.designationId), { message: 'give either an employee or a designation', path: ['employeeId'] });
export type TGeofenceExemptionInput = z.infer<typeof ZGeofenceExemptionInput>;
export const ZGeofenceExemption = z.object({
  _id: ZId,
  employeeId: ZId.nullable(),
  employeeName: z.string().nullable(),
  designationId: ZId.nullable(),
  designationName: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TGeofenceExemption = z.infer<typeof ZGeofenceExemption>;

export const ATTENDANCE_TRUST_MSG = {
  corrected: 'Attendance corrected',
  correctionRequested: 'Correction requested; you will see the decision here',
  exemptionSaved: 'Geofence exemption saved',
  exemptionDeleted: 'Geofence exemption removed',
} as const;

/** The register and the month grid with who corrected which day and the suspensions of the period. */
export const ZAttendanceRegisterWithNotes = ZAttendanceRegister.extend(ZAttendanceExtras.shape);
export type TAttendanceRegisterWithNotes = z.infer<typeof ZAttendanceRegisterWithNotes>;
export const ZMonthGridWithNotes = ZMonthGrid.extend(ZAttendanceExtras.shape);
export type TMonthGridWithNotes = z.infer<typeof ZMonthGridWithNotes>;
