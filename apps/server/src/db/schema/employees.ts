import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { businesses, departments } from './accounts.ts';

/** Job titles; the web lists them as value = id, label = name. */
export const designations = pgTable('designations', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('designations_business_name_uq').on(t.businessId, sql`lower(${t.name})`)]);

const live = sql`deleted_at IS NULL`;

/**
 * The staff list. Deleting sets deleted_at: the row stays for payslips and the audit trail,
 * and e-mail / employee number are unique only among the employees not deleted.
 */
export const employees = pgTable('employees', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeNumber: text('employee_number').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  gender: text('gender'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  address: text('address'),
  nextOfKinName: text('next_of_kin_name'),
  nextOfKinPhone: text('next_of_kin_phone'),
  employmentType: text('employment_type').notNull().default('full-time'),
  startDate: date('start_date', { mode: 'string' }).notNull().default(sql`CURRENT_DATE`),
  /**
   * The start date was given (form, import, edit), not defaulted to the day of entry (issue 32): only a given start date
   * inside a month makes a joiner whose pay is prorated. Rows from before this column are false (entered, start unknown).
   */
  startDateGiven: boolean('start_date_given').notNull().default(false),
  departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
  designationId: uuid('designation_id').references(() => designations.id, { onDelete: 'set null' }),
  /** Annual gross in minor units (kobo, pesewa). */
  grossIncome: bigint('gross_income', { mode: 'number' }),
  photoKey: text('photo_key'),
  appraiserId: uuid('appraiser_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
  superiorId: uuid('superior_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
  uplineId: uuid('upline_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
  /** sha256 (hex) of the portal code; the code itself is shown once when issued and kept nowhere. */
  portalCodeHash: text('portal_code').notNull(),
  /** Bumped when the portal code is regenerated, the PIN set or the employee deleted; portal tokens carry it as `ver`. */
  portalCodeVersion: integer('portal_code_version').notNull().default(0),
  /** scrypt hash of the PIN the employee chose in the portal; null until they choose one (and after a re-issue). */
  portalPinHash: text('portal_pin_hash'),
  /** sha256 (hex) of the employee unique code (collection-point sign-in), shown once when issued. */
  employeeUniqueCodeHash: text('employee_unique_code').notNull(),
  /** What the list search looks in, kept by the database so it can never drift from the columns. */
  searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || employee_number)`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** An exit (issue 32): the last day worked and why; the record, its history and payslips stay. Null: still employed. */
  exitDate: date('exit_date', { mode: 'string' }),
  /** resignation, dismissal, end-of-contract, retirement, death, other (contract EXIT_REASONS). */
  exitReason: text('exit_reason'),
  exitNote: text('exit_note'),
  /** HR reminders (issue 33): the end of probation and of a fixed-term contract, when known. */
  probationEndDate: date('probation_end_date', { mode: 'string' }),
  contractEndDate: date('contract_end_date', { mode: 'string' }),
}, (t) => [
  uniqueIndex('employees_business_email_uq').on(t.businessId, sql`lower(${t.email})`).where(live),
  uniqueIndex('employees_business_number_uq').on(t.businessId, sql`lower(${t.employeeNumber})`).where(live),
  uniqueIndex('employees_portal_code_uq').on(t.portalCodeHash),
  uniqueIndex('employees_unique_code_uq').on(t.employeeUniqueCodeHash),
  // One index per sort order of the list, each leading with business_id, so a page is an index range read.
  index('employees_business_name_idx').on(t.businessId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id).where(live),
  index('employees_business_start_idx').on(t.businessId, t.startDate, t.id).where(live),
  index('employees_business_created_idx').on(t.businessId, t.createdAt, t.id).where(live),
  index('employees_business_department_idx').on(t.businessId, t.departmentId).where(live),
  index('employees_business_designation_idx').on(t.businessId, t.designationId).where(live),
  index('employees_business_upline_idx').on(t.businessId, t.uplineId),
  // The top-bar search (issue 30), fastupdate off like the other search indexes (schema/vendors.ts): after a bulk
  // load the planner passed over migration 0002's (business_id, search_text) index, whose new entries wait in GIN's
  // pending list until autovacuum, and scanned the table (bench/search.bench.ts).
  index('employees_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }).where(live),
]);

/**
 * The last automatic employee number given in a business (EMP-n). One row per business, taken with
 * UPDATE … RETURNING, so numbering never scans the staff list and never reuses a number.
 */
export const employeeNumberCounters = pgTable('employee_number_counters', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
});

/**
 * How many employees of a business are live (not deleted), kept by statement triggers on employees
 * (migration 0012): every statement that adds, deletes or restores employees appends one row with
 * its change, so concurrent writers never wait on a shared counter row, and the list's total is
 * a sum over a few rows instead of a count over every employee. A scheduled task folds each
 * business's rows into one. No foreign key: a business deleted with its employees leaves a row
 * that nothing reads, and the fold removes it.
 *
 * `changes` makes the same rows the version of a business's staff list (migration 0015): every
 * statement that changes what the list shows — any write to employees, a rename or delete of a
 * department, unit or designation — appends a row with changes ≥ 1, and the fold keeps the sum. The
 * sum grows with every commit whatever order writers commit in; with the newest row id it names
 * one state of the list (employeesListVersion).
 */
export const employeeLiveCounts = pgTable('employee_live_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  businessId: uuid('business_id').notNull(),
  delta: integer('delta').notNull(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(1),
}, (t) => [index('employee_live_counts_business_idx').on(t.businessId)]);
