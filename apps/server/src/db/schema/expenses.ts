import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { places } from './places.ts';
import { employees } from './employees.ts';

/**
 * Expense claims (issue 33 item 5). A claim belongs to one employee; its approval goes through the approvals engine
 * (service 'expense-claim'); once approved it is reimbursed through a payroll run (a non-taxable pay item of the run's
 * month, `pay_item_id`) or paid directly (date and reference).
 */
export const expenseClaims = pgTable('expense_claims', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  /** Per business, shown as EC-0001. */
  seq: integer('seq').notNull(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  status: text('status', { enum: ['draft', 'submitted', 'approved', 'rejected', 'reimbursed'] }).notNull().default('draft'),
  currency: text('currency').notNull(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
  /** The user who filed it (null: the employee in the portal). */
  createdById: uuid('created_by_id'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: text('decided_by'),
  decisionReason: text('decision_reason'),
  reimbursementMethod: text('reimbursement_method', { enum: ['payroll', 'direct'] }),
  payrollMonth: text('payroll_month'),
  payItemId: uuid('pay_item_id'),
  payrollRunId: uuid('payroll_run_id'),
  paidOn: date('paid_on', { mode: 'string' }),
  paymentReference: text('payment_reference'),
  reimbursedAt: timestamp('reimbursed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('expense_claims_seq_uq').on(t.businessId, t.seq),
  index('expense_claims_employee_idx').on(t.businessId, t.employeeId, t.createdAt),
  index('expense_claims_status_idx').on(t.businessId, t.status),
  index('expense_claims_payroll_idx').on(t.businessId, t.payrollMonth).where(sql`${t.status} = 'approved'`),
]);

/** A receipt uploaded for a claim (stored under a generated key); linked to a line once the claim is saved. */
export const expenseReceipts = pgTable('expense_receipts', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('expense_receipts_employee_idx').on(t.businessId, t.employeeId)]);

export const expenseClaimLines = pgTable('expense_claim_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  claimId: uuid('claim_id').notNull().references(() => expenseClaims.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull().default(''),
  vendor: text('vendor'),
  date: date('date', { mode: 'string' }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  projectTag: text('project_tag'),
  projectPlaceId: uuid('project_place_id').references(() => places.id, { onDelete: 'restrict' }),
  receiptId: uuid('receipt_id').references(() => expenseReceipts.id, { onDelete: 'set null' }),
  /** The project's cost entry written when the claim was approved (never twice: the costs feature keys it by line). */
  costRecordId: uuid('cost_record_id'),
}, (t) => [index('expense_claim_lines_claim_idx').on(t.claimId, t.position)]);
