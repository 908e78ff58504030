import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businesses } from './accounts.ts';

/**
 * Long work (bulk import, later payroll runs and reports) with its progress, which the web polls.
 * pg-boss delivers and retries the work (its job id is this row's id); this row is the claim: the
 * worker holding it renews locked_until every few seconds, and `attempts` fences a superseded worker.
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
  /** Set by the caller for work that must happen at most once (a mail, a monthly run): one job per key. */
  key: text('key'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdById: uuid('created_by_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('jobs_business_created_idx').on(t.businessId, t.createdAt),
  index('jobs_claim_idx').on(t.status, t.createdAt).where(sql`status IN ('queued', 'running')`),
  uniqueIndex('jobs_business_kind_key_uq').on(t.businessId, t.kind, t.key).where(sql`key IS NOT NULL`),
]);
