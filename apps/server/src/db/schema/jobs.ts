import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businesses } from './accounts.ts';

/**
 * Long work (bulk import, later payroll runs and reports) with its progress. Any instance claims a
 * queued job with FOR UPDATE SKIP LOCKED; a claim expires (locked_until) if its instance dies.
 */
export const jobs = pgTable('jobs', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('queued'),
  phase: text('phase').notNull().default('queued'),
  processed: integer('processed').notNull().default(0),
  total: integer('total').notNull().default(0),
  /** The job's input; cleared when the job ends so personal data is not kept twice. */
  payload: jsonb('payload'),
  result: jsonb('result'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdById: uuid('created_by_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('jobs_business_created_idx').on(t.businessId, t.createdAt),
  index('jobs_claim_idx').on(t.status, t.createdAt).where(sql`status IN ('queued', 'running')`),
]);
