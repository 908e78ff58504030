import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts.ts';
import { employees } from './employees.ts';
import { payStructures } from './pay-structures.ts';

/** Pay settings of one employee (the gross itself stays on employees.gross_income). Amounts in minor units. */
export const paySettings = pgTable('pay_settings', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').primaryKey().references(() => employees.id, { onDelete: 'cascade' }),
  /** Split override in basis points: { basic, housing, transport }; null = the country's split. */
  split: jsonb('split').$type<{ basic: number; housing: number; transport: number } | null>(),
  bankName: text('bank_name'),
  bankCode: text('bank_code'),
  accountNumber: text('account_number'),
  accountName: text('account_name'),
  payDay: integer('pay_day'),
  pensionBase: text('pension_base'),
  /** Basis points (800 = 8%); null = the country's default. */
  pensionRateBp: integer('pension_rate_bp'),
  pensionFundAdministrator: text('pension_fund_administrator'),
  stateOfResidence: text('state_of_residence'),
  nhf: boolean('nhf').notNull().default(false),
  nhisMonthly: bigint('nhis_monthly', { mode: 'number' }).notNull().default(0),
  lifeAssuranceAnnual: bigint('life_assurance_annual', { mode: 'number' }).notNull().default(0),
  rentAnnual: bigint('rent_annual', { mode: 'number' }).notNull().default(0),
  mortgageInterestAnnual: bigint('mortgage_interest_annual', { mode: 'number' }).notNull().default(0),
  // Statutory identifiers (issue 31): pay-private, as the bank details are. Nigeria: JTB TIN, RSA PIN (the PFA is
  // pension_fund_administrator, a code of the licensed list), NHF number; Ghana: Ghana Card, SSNIT number, TIN, region.
  tin: text('tin'),
  rsaPin: text('rsa_pin'),
  nhfNumber: text('nhf_number'),
  ghanaCardNumber: text('ghana_card_number'),
  ssnitNumber: text('ssnit_number'),
  region: text('region'),
  /** Ghana tier 3 voluntary contributions, basis points of basic; 0 = none. */
  tier3EmployeeBp: integer('tier3_employee_bp').notNull().default(0),
  tier3EmployerBp: integer('tier3_employer_bp').notNull().default(0),
  /** The employee's pay structure (issue 32); null = the business's default for the country. */
  structureId: uuid('structure_id').references(() => payStructures.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('pay_settings_business_idx').on(t.businessId)]);

/** Dated history of gross changes (gross-modify). */
export const grossChanges = pgTable('gross_changes', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  previous: bigint('previous', { mode: 'number' }),
  gross: bigint('gross', { mode: 'number' }).notNull(),
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  changedById: uuid('changed_by_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('gross_changes_employee_idx').on(t.businessId, t.employeeId, t.createdAt)]);

/** One-off amounts of a month: allowance, overtime, IOU (salary advance recovered). */
export const periodItems = pgTable('pay_period_items', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  month: text('month').notNull(),
  kind: text('kind').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdById: uuid('created_by_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('pay_period_items_month_idx').on(t.businessId, t.month, t.employeeId)]);

export const loans = pgTable('loans', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  principal: bigint('principal', { mode: 'number' }).notNull(),
  monthlyRepayment: bigint('monthly_repayment', { mode: 'number' }).notNull(),
  startMonth: text('start_month').notNull(),
  note: text('note'),
  /** What is still owed; lowered when a run that repays it is approved. */
  balance: bigint('balance', { mode: 'number' }).notNull(),
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('loans_employee_idx').on(t.businessId, t.employeeId)]);

/** A different repayment for one month (update-repayment). */
export const loanRepaymentOverrides = pgTable('loan_repayment_overrides', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  loanId: uuid('loan_id').notNull().references(() => loans.id, { onDelete: 'cascade' }),
  month: text('month').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.loanId, t.month] })]);

/** One month's payroll of a business: draft → approved (locked) → paid. */
export const payrollRuns = pgTable('payroll_runs', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  month: text('month').notNull(),
  status: text('status').notNull().default('draft'),
  currency: text('currency').notNull(),
  /** Bumped by every change that makes the computed lines out of date (members, items, settings). */
  version: integer('version').notNull().default(0),
  computedVersion: integer('computed_version'),
  computedAt: timestamp('computed_at', { withTimezone: true }),
  jobId: uuid('job_id'),
  preparedById: uuid('prepared_by_id').references(() => users.id, { onDelete: 'set null' }),
  approvedById: uuid('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  /** Why the owner approved a run they prepared themselves (issue 32: the business allows it while nobody else can approve). */
  selfApprovalReason: text('self_approval_reason'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 32: 'regular' (the month's run) or an off-cycle run: 'bonus', 'thirteenth-month', 'correction'. */
  kind: text('kind').notNull().default('regular'),
  /** An off-cycle run's own name ("Q4 performance bonus"); null for the regular run. */
  label: text('label'),
  /** A 13th-month run's default per employee: one month's 'basic' or 'gross'; null for other kinds. */
  offCycleBase: text('off_cycle_base'),
}, (t) => [
  // One regular run per month; off-cycle runs of the month sit beside it.
  uniqueIndex('payroll_runs_business_month_uq').on(t.businessId, t.month).where(sql`kind = 'regular'`),
  index('payroll_runs_business_month_idx').on(t.businessId, t.month),
]);

/**
 * What an off-cycle run pays each employee (issue 32 item 3), one row per employee and line: a fixed amount (minor
 * units, signed for a correction), a percentage of the month's gross (bonus), or neither (a 13th month's default,
 * one month's basic or gross prorated for a joiner, worked out when the run is computed).
 */
export const payrollOffCycleItems = pgTable('payroll_off_cycle_items', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  runId: uuid('run_id').notNull().references(() => payrollRuns.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  /** The payslip line's name ("13th month", "Bonus", a correction's own text). */
  name: text('name').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  percentBp: integer('percent_bp'),
  position: integer('position').notNull().default(0),
}, (t) => [index('payroll_off_cycle_items_run_idx').on(t.runId, t.employeeId)]);


export const payrollRunMembers = pgTable('payroll_run_members', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull().references(() => payrollRuns.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.runId, t.employeeId] })]);

/**
 * One employee's computed pay in a run: the engine's outputs and breakdown (minor units) and the
 * names and bank details as they were, so a published payslip never changes afterwards.
 */
export const payrollLines = pgTable('payroll_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  runId: uuid('run_id').notNull().references(() => payrollRuns.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'restrict' }),
  employeeNumber: text('employee_number').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  department: text('department'),
  bankName: text('bank_name'),
  bankCode: text('bank_code'),
  accountNumber: text('account_number'),
  accountName: text('account_name'),
  pensionFundAdministrator: text('pension_fund_administrator'),
  stateOfResidence: text('state_of_residence'),
  gross: bigint('gross', { mode: 'number' }).notNull(),
  tax: bigint('tax', { mode: 'number' }).notNull(),
  pension: bigint('pension', { mode: 'number' }).notNull(),
  otherDeductions: bigint('other_deductions', { mode: 'number' }).notNull(),
  allowance: bigint('allowance', { mode: 'number' }).notNull(),
  overtime: bigint('overtime', { mode: 'number' }).notNull(),
  loanRepayment: bigint('loan_repayment', { mode: 'number' }).notNull(),
  iou: bigint('iou', { mode: 'number' }).notNull(),
  employerCost: bigint('employer_cost', { mode: 'number' }).notNull(),
  /**
   * The month's employer contributions by kind (breakdown.statutory pensionEmployer, nsitf, itf, tier3Employer), kept as
   * columns so the run's totals read no line's JSON. A line stored before the statutory figures: employer_cost is pension.
   */
  employerPension: bigint('employer_pension', { mode: 'number' }).notNull().default(0),
  employerNsitf: bigint('employer_nsitf', { mode: 'number' }).notNull().default(0),
  employerItf: bigint('employer_itf', { mode: 'number' }).notNull().default(0),
  employerTier3: bigint('employer_tier3', { mode: 'number' }).notNull().default(0),
  /** This period's earnings beyond the salary (breakdown.periodEarnings: recurring items, arrears). */
  earnings: bigint('earnings', { mode: 'number' }).notNull().default(0),
  /** This period's named deductions besides loans and IOUs (breakdown.periodDeductions: recurring items, …). */
  periodDeductions: bigint('period_deductions', { mode: 'number' }).notNull().default(0),
  net: bigint('net', { mode: 'number' }).notNull(),
  /** { outputs, breakdown, loans: [{ loanId, amount }] } as the engine gave them (minor units). */
  result: json('result').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('payroll_lines_run_employee_uq').on(t.runId, t.employeeId),
  index('payroll_lines_run_name_idx').on(t.businessId, t.runId, sql`lower(${t.name})`, t.id),
  index('payroll_lines_employee_idx').on(t.businessId, t.employeeId),
]);

/**
 * Statutory remittances (issue 31): what the business paid an authority for a period, with its proof. A row is never
 * edited: a mistake is voided (with a reason, audited) and recorded again. `kind` is an authority code (ng-paye, …),
 * `payee` the group inside it (the State IRS for PAYE, the PFA for pension; '' where the authority is one),
 * `period` YYYY-MM (or YYYY for annual ITF).
 */
export const remittances = pgTable('remittances', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  payee: text('payee').notNull().default(''),
  period: text('period').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  reference: text('reference').notNull(),
  paidOn: date('paid_on', { mode: 'string' }).notNull(),
  receiptPath: text('receipt_path'),
  receiptName: text('receipt_name'),
  receiptMime: text('receipt_mime'),
  note: text('note'),
  recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  voidedById: uuid('voided_by_id').references(() => users.id, { onDelete: 'set null' }),
  voidReason: text('void_reason'),
}, (t) => [index('remittances_period_idx').on(t.businessId, t.period, t.kind)]);

/** One reminder per business, authority, payee, period and kind ('upcoming' | 'overdue'): sent once, even with several instances. */
export const remittanceReminders = pgTable('remittance_reminders', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  payee: text('payee').notNull().default(''),
  period: text('period').notNull(),
  reminder: text('reminder').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.businessId, t.kind, t.payee, t.period, t.reminder] })]);
