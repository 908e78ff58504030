import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { employees } from './employees.ts';

/**
 * How the business pays (issue 32): a named structure (grade) with its split of gross and pension base. The one marked
 * default for a country applies to every employee of that country without a structure or an own split.
 */
export const payStructures = pgTable('pay_structures', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  /** Basis points: { basic, housing, transport }; null = the country's split. */
  split: jsonb('split').$type<{ basic: number; housing: number; transport: number } | null>(),
  /** null = the country's pension base. */
  pensionBase: text('pension_base'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('pay_structures_name_uq').on(t.businessId, sql`lower(${t.name})`),
  uniqueIndex('pay_structures_default_uq').on(t.businessId, t.country).where(sql`${t.isDefault}`),
]);

/**
 * A recurring earning or deduction of one employee or of everyone on a structure: a monthly amount (minor units) or a
 * percentage (basis points) of a base, from one month to an optional last one.
 */
export const recurringPayItems = pgTable('recurring_pay_items', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  structureId: uuid('structure_id').references(() => payStructures.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  percentBp: integer('percent_bp'),
  base: text('base').notNull().default('basic'),
  fromMonth: text('from_month').notNull(),
  toMonth: text('to_month'),
  isTaxable: boolean('is_taxable').notNull().default(true),
  isPensionable: boolean('is_pensionable').notNull().default(false),
  isPreTax: boolean('is_pre_tax').notNull().default(false),
  /** Issue 33: money paid back (an expense claim) for one month: the engine's one-off reimbursement, not a recurring earning. */
  isReimbursement: boolean('is_reimbursement').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('recurring_pay_items_structure_idx').on(t.businessId, t.structureId),
  index('recurring_pay_items_employee_idx').on(t.businessId, t.employeeId),
  check('recurring_pay_items_owner_ck', sql`(${t.structureId} IS NULL) <> (${t.employeeId} IS NULL)`),
  check('recurring_pay_items_value_ck', sql`(${t.amount} IS NULL) <> (${t.percentBp} IS NULL)`),
]);
