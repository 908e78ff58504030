import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, departments, units, users } from './accounts.ts';
import { employees } from './employees.ts';

export type TCriterionRow = { _id: string; name: string; description: string; weight: number };
export type TScoreRow = { criterionId: string; score: number; comment: string };

/** The business's rating scale (absent row = 1–5). */
export const appraisalSettings = pgTable('appraisal_settings', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  scaleMin: integer('scale_min').notNull().default(1),
  scaleMax: integer('scale_max').notNull().default(5),
  /** The questions of upward feedback (staff rate their manager); null = the built-in leadership set. */
  upwardQuestions: jsonb('upward_questions').$type<TCriterionRow[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A department's criteria, edited as one list; weights add up to 100. */
export const appraisalConfigs = pgTable('appraisal_configs', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  departmentId: uuid('department_id').notNull().references(() => departments.id, { onDelete: 'cascade' }),
  criteria: jsonb('criteria').$type<TCriterionRow[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('appraisal_configs_department_uq').on(t.businessId, t.departmentId)]);

/** One round of appraisals of a department; criteria and scale are copied so later edits leave it as sent. */
export const appraisalCycles = pgTable('appraisal_cycles', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  departmentId: uuid('department_id').notNull().references(() => departments.id, { onDelete: 'cascade' }),
  period: text('period').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  /** End of the due date in the business's time zone: every link of the cycle expires then. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  criteria: jsonb('criteria').$type<TCriterionRow[]>().notNull(),
  /** The upward feedback questions as they were at launch; null on cycles launched before they existed (those used `criteria`). */
  upwardCriteria: jsonb('upward_criteria').$type<TCriterionRow[]>(),
  scaleMin: integer('scale_min').notNull(),
  scaleMax: integer('scale_max').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('appraisal_cycles_period_uq').on(t.businessId, t.departmentId, sql`lower(${t.period})`),
  index('appraisal_cycles_department_idx').on(t.businessId, t.departmentId, t.createdAt),
]);

/**
 * One form: `appraisal` (the appraiser scores the employee, the superior countersigns) or `upward`
 * (a downline scores their upline). Names are copied at sending, so the record reads the same later.
 */
export const appraisalForms = pgTable('appraisal_forms', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  cycleId: uuid('cycle_id').notNull().references(() => appraisalCycles.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('sent'),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  reviewerId: uuid('reviewer_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  superiorId: uuid('superior_id').references(() => employees.id, { onDelete: 'set null' }),
  employeeName: text('employee_name').notNull(),
  designation: text('designation'),
  reviewerName: text('reviewer_name').notNull(),
  superiorName: text('superior_name'),
  ownerEmail: text('owner_email').notNull(),
  scores: jsonb('scores').$type<TScoreRow[]>().notNull().default(sql`'[]'::jsonb`),
  /** Weighted total × 100 (integer), on the cycle's scale: 455 = 4.55. */
  totalCenti: integer('total_centi'),
  comments: text('comments').notNull().default(''),
  countersignComment: text('countersign_comment').notNull().default(''),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  countersignedAt: timestamp('countersigned_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('appraisal_forms_pair_uq').on(t.cycleId, t.kind, t.employeeId, t.reviewerId),
  index('appraisal_forms_cycle_idx').on(t.businessId, t.cycleId),
  index('appraisal_forms_employee_idx').on(t.businessId, t.employeeId),
]);

/** The e-mailed links: only the hash is kept; single-use; one per form and purpose. */
export const appraisalLinks = pgTable('appraisal_links', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  formId: uuid('form_id').notNull().references(() => appraisalForms.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('appraisal_links_hash_uq').on(t.tokenHash),
  index('appraisal_links_form_idx').on(t.businessId, t.formId),
]);

/** Written reports, with the facts they were written from, the provider and the date. */
export const appraisalReports = pgTable('appraisal_reports', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
  unitName: text('unit_name').notNull(),
  text: text('text').notNull(),
  provider: text('provider').notNull(),
  model: text('model'),
  language: text('language').notNull(),
  facts: jsonb('facts').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('appraisal_reports_business_idx').on(t.businessId, t.createdAt)]);
