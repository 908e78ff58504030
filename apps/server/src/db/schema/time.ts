import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts.ts';
import { employees } from './employees.ts';

/** Attendance and leave settings of a business (one row, made on first use). */
export const timeSettings = pgTable('time_settings', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  /** Local time (business time zone) after which a check-in marks the day `late`. */
  workStartTime: time('work_start_time').notNull().default('09:00'),
  /** Portal check-ins must carry coordinates inside a site. */
  requirePortalCoordinates: boolean('require_portal_coordinates').notNull().default(false),
  /** The years whose fixed-date public holidays were seeded (each once, so a deleted one stays deleted). */
  holidaysSeededYears: integer('holidays_seeded_years').array().notNull().default(sql`'{}'::integer[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One label per employee per day; `date` is the day in the business's time zone. */
export const attendanceMarks = pgTable('attendance_marks', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  label: text('label').notNull(),
  /** What set it: manual, all (mark all), check-in, sick, leave. */
  source: text('source').notNull().default('manual'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.businessId, t.date, t.employeeId] }),
  index('attendance_marks_employee_idx').on(t.businessId, t.employeeId, t.date),
]);

/** One check-in (and its check-out) per employee per day, with where and when it was made and received. */
export const attendanceCheckins = pgTable('attendance_checkins', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  employeeName: text('employee_name').notNull(),
  email: text('email').notNull(),
  /** The time the check-in was made (the device's clock for a queued one). */
  checkInTime: timestamp('check_in_time', { withTimezone: true }).notNull(),
  checkInReceivedAt: timestamp('check_in_received_at', { withTimezone: true }).notNull().defaultNow(),
  checkInLatitude: doublePrecision('check_in_latitude'),
  checkInLongitude: doublePrecision('check_in_longitude'),
  checkInAccuracy: doublePrecision('check_in_accuracy'),
  checkInSiteId: uuid('check_in_site_id'),
  checkInSiteName: text('check_in_site_name'),
  checkInDistance: integer('check_in_distance'),
  isLate: boolean('is_late').notNull().default(false),
  checkInSyncedLate: boolean('check_in_synced_late').notNull().default(false),
  /** null: it marked the day itself; pending: synced too late, waiting for HR; accepted / rejected: HR's decision (issue 29). */
  checkInReview: text('check_in_review'),
  checkOutTime: timestamp('check_out_time', { withTimezone: true }),
  checkOutReceivedAt: timestamp('check_out_received_at', { withTimezone: true }),
  checkOutLatitude: doublePrecision('check_out_latitude'),
  checkOutLongitude: doublePrecision('check_out_longitude'),
  checkOutAccuracy: doublePrecision('check_out_accuracy'),
  checkOutSyncedLate: boolean('check_out_synced_late').notNull().default(false),
  /** Who recorded it: the employee (portal) or a user on their behalf. */
  recordedBy: text('recorded_by').notNull().default('portal'),
}, (t) => [uniqueIndex('attendance_checkins_day_uq').on(t.businessId, t.employeeId, t.date), index('attendance_checkins_date_idx').on(t.businessId, t.date)]);

export const attendanceSuspensions = pgTable('attendance_suspensions', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  from: date('from_date', { mode: 'string' }).notNull(),
  to: date('to_date', { mode: 'string' }).notNull(),
  /** Suspension is without pay unless marked paid (issue 32): its days in a month reduce that month's pay. */
  isPaid: boolean('is_paid').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('attendance_suspensions_employee_idx').on(t.businessId, t.employeeId, t.to)]);

/** Named places check-ins are measured against (save-coordinates). */
export const attendanceSites = pgTable('attendance_sites', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  radiusMeters: integer('radius_meters').notNull().default(200),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('attendance_sites_name_uq').on(t.businessId, sql`lower(${t.name})`)]);

export const leaveTypes = pgTable('leave_types', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Working days a year. */
  yearlyEntitlement: integer('yearly_entitlement').notNull(),
  /** Earned month by month (a twelfth each month) rather than all on 1 January. */
  accruesMonthly: boolean('accrues_monthly').notNull().default(false),
  /** Unused days that move to the next year, at most. */
  carryForwardCap: integer('carry_forward_cap').notNull().default(0),
  /** Paid leave (the default); days of an unpaid type taken in a month reduce that month's pay (issue 32). */
  isPaid: boolean('is_paid').notNull().default(true),
  /** Eligibility (issue 33): only employees of this gender (null: anyone), after this many months of service, at most one request a year. */
  gender: text('gender'),
  minServiceMonths: integer('min_service_months').notNull().default(0),
  oncePerYear: boolean('once_per_year').notNull().default(false),
  /** Carried-forward days lapse after this day of the year (MM-DD) when not taken by then; null: they do not lapse. */
  carryForwardExpires: text('carry_forward_expires'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('leave_types_name_uq').on(t.businessId, sql`lower(${t.name})`)]);

export const holidays = pgTable('holidays', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  date: date('date', { mode: 'string' }).notNull(),
  name: text('name').notNull(),
  /** The shipped holiday it is (good-friday, eid-al-fitr…): the web shows its name in the reader's language; null for one HR named. */
  code: text('code'),
}, (t) => [uniqueIndex('holidays_business_date_uq').on(t.businessId, t.date)]);

export const leaveRequests = pgTable('leave_requests', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  leaveTypeId: uuid('leave_type_id').notNull().references(() => leaveTypes.id, { onDelete: 'restrict' }),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  /** Working days in the range (weekends and holidays left out), fixed when requested. */
  days: numeric('days', { precision: 6, scale: 1, mode: 'number' }).notNull(),
  /** Half days (issue 33): 'second' on the start day or 'first' on the end day counts that day as 0.5. */
  startHalf: text('start_half'),
  endHalf: text('end_half'),
  /** Each counted day and its weight (1 or 0.5): the days count against their own year; recounted when holidays change. */
  dayList: jsonb('day_list').$type<Array<[string, number]>>(),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('pending'),
  decisionReason: text('decision_reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  requestedBy: text('requested_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('leave_requests_employee_idx').on(t.businessId, t.employeeId, t.startDate),
  index('leave_requests_status_idx').on(t.businessId, t.status, t.createdAt),
]);

export const complaints = pgTable('complaints', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
  complainDetail: text('complain_detail').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  status: text('status').notNull().default('open'),
  resolutionNote: text('resolution_note'),
  filedBy: text('filed_by').notNull(),
  /** workplace, pay, harassment, safety, facilities, other (contract COMPLAINT_CATEGORIES); rows from before issue 33 are 'other'. */
  category: text('category').notNull().default('other'),
  /** Whom the complaint is about (optional). */
  aboutEmployeeId: uuid('about_employee_id').references(() => employees.id, { onDelete: 'set null' }),
  /**
   * Anonymous: employee_id is still stored (so the complainant follows it in the portal) but every HR-facing read,
   * notification and audit entry leaves the complainant out.
   */
  anonymous: boolean('anonymous').notNull().default(false),
  /** The HR user it is assigned to (a user of the business with HR access). */
  assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** When the assignee was reminded of the coming due date (once per complaint and due date). */
  reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('complaints_business_created_idx').on(t.businessId, t.createdAt),
  index('complaints_open_due_idx').on(t.dueDate).where(sql`status <> 'resolved' AND overdue_notified_at IS NULL`),
]);

/** HR's policy per complaint category: how many days a complaint of it may take, and how early its assignee is reminded. */
export const complaintPolicies = pgTable('complaint_policies', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  category: text('category').notNull(),
  dueDays: integer('due_days').notNull(),
  remindDaysBefore: integer('remind_days_before').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.businessId, t.category] })]);

/**
 * HR reminders (issue 33 item 7): each due item (source, key, date) is announced once; `week` rows make the weekly
 * digest e-mail one per business per ISO week.
 */
export const reminderNotices = pgTable('reminder_notices', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  itemKey: text('item_key').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.businessId, t.source, t.itemKey, t.dueDate] })]);

export const reminderDigests = pgTable('reminder_digests', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  week: text('week').notNull(),
  items: integer('items').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.businessId, t.week] })]);
