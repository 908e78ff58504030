import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { employees } from './employees.ts';
import { leaveTypes } from './time.ts';

// Leave that fits the calendar (issue 33): opening balances and adjustments, the business's leave settings, leave allowance.

/** An opening balance (the days brought into a year) or a manual adjustment (+/−) of one employee's leave of one type. */
export const leaveAdjustments = pgTable('leave_adjustments', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  leaveTypeId: uuid('leave_type_id').notNull().references(() => leaveTypes.id, { onDelete: 'cascade' }),
  year: integer('year').notNull(),
  /** 'opening' (replaces the carried-forward days of the year) or 'adjustment' (added to the year's balance). */
  kind: text('kind').notNull(),
  days: numeric('days', { precision: 6, scale: 1, mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('leave_adjustments_employee_idx').on(t.businessId, t.employeeId, t.year)]);

/** Leave settings of a business (one row, made on first use). */
export const leaveSettings = pgTable('leave_settings', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  /** Leave allowance: basis points of the annual basic (1000 = 10%); 0 = none. */
  allowanceBp: integer('allowance_bp').notNull().default(0),
  /** 'with-leave' (the month the year's first annual leave starts) or 'month' (allowanceMonth of the year). */
  allowanceTiming: text('allowance_timing').notNull().default('with-leave'),
  allowanceMonth: integer('allowance_month'),
  /** The years whose movable holidays (Easter, Eid, Mawlid…) were added (each once, so a deleted one stays deleted). */
  movableSeededYears: integer('movable_seeded_years').array().notNull().default(sql`'{}'::integer[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The leave allowance of one employee and year, handed to payroll as pay items of one month. */
export const leaveAllowances = pgTable('leave_allowances', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  year: integer('year').notNull(),
  month: text('month').notNull(),
  allowanceBp: integer('allowance_bp').notNull(),
  leaveRequestId: uuid('leave_request_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('leave_allowances_employee_year_uq').on(t.businessId, t.employeeId, t.year)]);
