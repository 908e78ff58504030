import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { places } from './places.ts';

/**
 * The project cost ledger (issue 35, DESIGN §7): one row per cost a project carries, written by the source's own
 * service in the source's transaction, and replaced whole whenever the source changes (`ledger.replace`), so an entry
 * exists once per source line and stage. Project reports and the analyst read this table only, so nothing is counted
 * twice.
 *
 * stage 'committed': money promised but not yet spent (an approved order's undelivered part);
 * stage 'actual': money spent (goods or work received, invoiced, stock used, fuel, energy, labour, claims, costs).
 */
export const projectCostEntries = pgTable('project_cost_entries', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  /** The project (a place of kind 'project'); a site's entries are charged to its project. */
  projectId: uuid('project_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  /** The site the cost arose at, when there is one. */
  siteId: uuid('site_id').references(() => places.id, { onDelete: 'restrict' }),
  /** One of PROJECT_COST_CATEGORIES (contract projects.ts). */
  category: text('category').notNull(),
  /** What wrote the entry (PROJECT_COST_SOURCES) and which record: the entry links back to it. */
  sourceKind: text('source_kind').notNull(),
  sourceId: uuid('source_id').notNull(),
  /** A line within the source (an order line's id, a fuel entry …); '' when the source is one amount. */
  sourceKey: text('source_key').notNull().default(''),
  stage: text('stage', { enum: ['committed', 'actual'] }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  entryDate: date('entry_date', { mode: 'string' }).notNull(),
  description: text('description').notNull().default(''),
  /** What a reader knows the source by: PO-000012, GRN date, TR-0003, a plate, an employee … */
  reference: text('reference').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_cost_entries_source_uq').on(t.businessId, t.sourceKind, t.sourceId, t.sourceKey, t.stage),
  index('project_cost_entries_project_idx').on(t.businessId, t.projectId, t.entryDate),
  index('project_cost_entries_date_idx').on(t.businessId, t.entryDate),
  check('project_cost_entries_stage_ck', sql`${t.stage} in ('committed', 'actual')`),
]);
