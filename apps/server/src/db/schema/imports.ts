import { integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';

/**
 * Rows of an import job, checked and waiting to be applied. An import stages its rows here in short
 * transactions, then moves them into their table with one INSERT … SELECT in one short transaction,
 * so it stays all-or-nothing without holding a connection or a lock for the job's length.
 * Any import (employees now; costs, inventory, vendors later) uses it; `data` is the target row.
 */
export const importRows = pgTable('import_rows', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  /** No foreign key: the job may live in the job queue's own tables. */
  jobId: uuid('job_id').notNull(),
  /** The row's number in the spreadsheet (header = 1). */
  row: integer('row').notNull(),
  data: jsonb('data').notNull(),
}, (t) => [primaryKey({ columns: [t.businessId, t.jobId, t.row] })]);
