import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { places } from './places.ts';

/**
 * Project costing (issue 35): the money settings a contractor manages a job by, keyed by the project place. The costs
 * the project carries live in the ledger (project_cost_entries); these tables hold what the costs are measured against.
 */

/** A project's budget per cost category (PROJECT_COST_CATEGORIES). With no lines, cost_projects.budget_minor is the total. */
export const projectBudgets = pgTable('project_budgets', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  category: text('category').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_budgets_category_uq').on(t.businessId, t.projectId, t.category),
  check('project_budgets_amount_ck', sql`${t.amountMinor} >= 0`),
]);

/** A project's contract with its client: value, retention and the withholding tax the client deducts (basis points). */
export const projectContracts = pgTable('project_contracts', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  contractValueMinor: bigint('contract_value_minor', { mode: 'number' }),
  retentionBp: integer('retention_bp').notNull().default(0),
  whtBp: integer('wht_bp').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_contracts_project_uq').on(t.businessId, t.projectId),
  check('project_contracts_rates_ck', sql`${t.retentionBp} between 0 and 10000 and ${t.whtBp} between 0 and 10000`),
]);

/**
 * Interim certificates / valuations billed to the client. net = gross − retention − WHT − other deductions; the client's
 * receipts against a certificate are project_payments rows naming it, and paid_minor / paid_date / status follow them.
 */
export const projectCertificates = pgTable('project_certificates', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  number: text('number').notNull(),
  certificateDate: date('certificate_date', { mode: 'string' }).notNull(),
  grossMinor: bigint('gross_minor', { mode: 'number' }).notNull(),
  retentionMinor: bigint('retention_minor', { mode: 'number' }).notNull().default(0),
  whtMinor: bigint('wht_minor', { mode: 'number' }).notNull().default(0),
  otherDeductionsMinor: bigint('other_deductions_minor', { mode: 'number' }).notNull().default(0),
  netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
  paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
  paidDate: date('paid_date', { mode: 'string' }),
  status: text('status', { enum: ['billed', 'part-paid', 'paid'] }).notNull().default('billed'),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_certificates_number_uq').on(t.businessId, t.projectId, sql`lower(${t.number})`),
  index('project_certificates_project_idx').on(t.businessId, t.projectId, t.certificateDate),
  check('project_certificates_status_ck', sql`${t.status} in ('billed', 'part-paid', 'paid')`),
  check('project_certificates_amounts_ck', sql`${t.grossMinor} > 0 and ${t.netMinor} >= 0 and ${t.paidMinor} >= 0`),
]);
