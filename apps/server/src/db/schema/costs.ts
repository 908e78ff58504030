import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { places } from './places.ts';
import { projectCertificates } from './project-costing.ts';

/**
 * A project's money side, by its tag within the business. A row exists once a project has a cost,
 * a payment or settings (department, budget); collection points name projects too (portal feature).
 */
export const costProjects = pgTable('cost_projects', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  tagName: text('tag_name').notNull(),
  /** The project record (issue 34): one money side per project. */
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  dept: text('dept').notNull().default('default'),
  description: text('description').notNull().default(''),
  scope: text('scope').notNull().default(''),
  budgetMinor: bigint('budget_minor', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('cost_projects_tag_uq').on(t.businessId, sql`lower(${t.tagName})`),
  uniqueIndex('cost_projects_place_uq').on(t.placeId),
  // The top-bar search (issue 30); the expression is the one costs.repo searches.
  index('cost_projects_search_trgm_idx').using('gin', sql`lower(${t.tagName} || ' ' || ${t.description}) gin_trgm_ops`).with({ fastupdate: false }),
]);

/**
 * One import of a spreadsheet into a project (issue 35): what the file held and what it added; undone as a whole
 * (its records deleted through the costs service, so their ledger entries go too), once.
 */
export const costImportBatches = pgTable('cost_import_batches', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull().references(() => costProjects.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull().default(''),
  createdBy: text('created_by').notNull().default(''),
  received: integer('received').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  status: text('status', { enum: ['active', 'undone'] }).notNull().default('active'),
  undoneBy: text('undone_by'),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cost_import_batches_project_idx').on(t.businessId, t.projectId, t.createdAt)]);

/** Overhead rows: what was spent on a project. rowHash identifies an imported backlog row. */
export const costRecords = pgTable('cost_records', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull().references(() => costProjects.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  category: text('category').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  employeeName: text('employee_name').notNull().default(''),
  source: text('source', { enum: ['manual', 'backlog', 'ocr', 'expense-claim'] }).notNull().default('manual'),
  rowHash: text('row_hash'),
  /**
   * An OCR'd supplier invoice that is already a vendor invoice on a purchase order (issue 35): the record links to it
   * and puts nothing on the project ledger (the order carries the cost).
   */
  orderInvoiceId: uuid('order_invoice_id'),
  /** The import batch that added the row (issue 35); null for rows typed, scanned or claimed. */
  batchId: uuid('batch_id').references(() => costImportBatches.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('cost_records_project_idx').on(t.businessId, t.projectId, t.date),
  index('cost_records_business_idx').on(t.businessId, t.date),
  index('cost_records_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
  uniqueIndex('cost_records_hash_uq').on(t.businessId, t.projectId, t.rowHash).where(sql`${t.rowHash} is not null`),
]);

/** Money a project's client paid. */
export const projectPayments = pgTable('project_payments', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull().references(() => costProjects.id, { onDelete: 'cascade' }),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  /** The certificate this receipt pays (issue 35); null for a plain payment (add-payment), which counts as billed and paid. */
  certificateId: uuid('certificate_id').references(() => projectCertificates.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('project_payments_project_idx').on(t.businessId, t.projectId, t.date)]);

/** Text kept from an OCR'd document (filybee/save-summary). */
export const documentSummaries = pgTable('document_summaries', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  summary: text('summary').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('document_summaries_business_idx').on(t.businessId, t.createdAt)]);
