import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { designations, employees } from './employees.ts';

/**
 * Issue 33: who changed a day on the register, when and why — HR's correction of a past day, or an employee's
 * request approved through the approvals engine. One row per employee and day: the latest change.
 */
export const attendanceMarkNotes = pgTable('attendance_mark_notes', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  byName: text('by_name').notNull(),
  byUserId: uuid('by_user_id'),
  /** The label before the change (null: the day had no mark). */
  before: text('before_label'),
  /** correction: HR changed it; request: an employee's approved correction request. */
  kind: text('kind').notNull().default('correction'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.businessId, t.employeeId, t.date] }), index('attendance_mark_notes_date_idx').on(t.businessId, t.date)]);

/** An employee's request to mark a past day (forgot to check in), decided through the approvals engine. */
export const attendanceCorrections = pgTable('attendance_corrections', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  label: text('label').notNull(),
  /** HH:MM in the business time zone, as the employee remembers it. */
  checkInTime: text('check_in_time'),
  reason: text('reason').notNull(),
  /** pending, approved, rejected, cancelled (follows the approval request). */
  status: text('status').notNull().default('pending'),
  decidedBy: text('decided_by'),
  decisionReason: text('decision_reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('attendance_corrections_employee_idx').on(t.businessId, t.employeeId, t.date),
  // One open request per employee and day.
  uniqueIndex('attendance_corrections_pending_uq').on(t.businessId, t.employeeId, t.date).where(sql`status = 'pending'`),
]);

/** Check-ins of these employees (or everyone of the designation) are not held to the sites' geofence. */
export const attendanceGeofenceExemptions = pgTable('attendance_geofence_exemptions', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
  designationId: uuid('designation_id').references(() => designations.id, { onDelete: 'cascade' }),
  reason: text('reason'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('attendance_geofence_exemptions_employee_uq').on(t.businessId, t.employeeId).where(sql`employee_id IS NOT NULL`),
  uniqueIndex('attendance_geofence_exemptions_designation_uq').on(t.businessId, t.designationId).where(sql`designation_id IS NOT NULL`),
]);
