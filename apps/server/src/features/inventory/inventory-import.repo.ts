import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems } from '../../db/schema/index.ts';

/** What an import row may clash with: every live item's SKU and (project, name), in lower case. */
export const findItemKeys = async (db: DbOrTx, businessId: string) => {
  const rows = await db.select({ name: inventoryItems.name, sku: inventoryItems.sku, tagName: inventoryItems.tagName })
    .from(inventoryItems).where(and(eq(inventoryItems.businessId, businessId), isNull(inventoryItems.deletedAt)));
  const bySku = new Map<string, { name: string; tagName: string }>();
  const byName = new Set<string>();
  for (const r of rows) {
    if (r.sku) bySku.set(r.sku.toLowerCase(), r);
    byName.add(nameKey(r.tagName, r.name));
  }
  return { bySku, byName };
};
export const nameKey = (tagName: string, name: string) => `${tagName.trim().toLowerCase()}\u0000${name.trim().toLowerCase()}`;

/** The item columns an import fills, with their SQL types, as staged in import_rows.data. */
const STAGED_COLUMNS = [
  ['id', 'uuid'], ['tag_name', 'text'], ['name', 'text'], ['sku', 'text'], ['unit', 'text'], ['category', 'text'],
  ['quantity', 'numeric'], ['reorder_level', 'numeric'], ['stock_value', 'bigint'], ['last_unit_cost', 'bigint'], ['reorder_alerted', 'boolean'],
] as const;
export type TStagedItem = Record<(typeof STAGED_COLUMNS)[number][0], string | number | boolean | null>;

const recordType = sql.raw(STAGED_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', '));
const columnList = sql.raw(STAGED_COLUMNS.map(([c]) => c).join(', '));
const sourceList = sql.raw(STAGED_COLUMNS.map(([c]) => `r.${c}`).join(', '));

/**
 * Moves a job's staged rows into inventory_items, and their opening stock into the movement log as
 * one receipt each (the same row the create form's opening stock writes), with their places and master items.
 * Returns the new item ids.
 */
export const applyStagedItems = async (tx: DbOrTx, opts: { businessId: string; jobId: string; employeeNumber: string; purpose: string; actorId: string }) => {
  const { businessId, jobId } = opts;
  const staged = sql`FROM import_rows s CROSS JOIN LATERAL jsonb_to_record(s.data) AS r(${recordType}) WHERE s.business_id = ${businessId} AND s.job_id = ${jobId}`;
  // Issue 34: each row's place (made as a project when the business has none of that name, as the create form does)
  // and its master item, which takes the stock row's id.
  const key = sql`lower(regexp_replace(btrim(r.tag_name), '\\s+', ' ', 'g'))`;
  const stagedAt = sql`FROM import_rows s CROSS JOIN LATERAL jsonb_to_record(s.data) AS r(${recordType})
    JOIN places p ON p.business_id = s.business_id AND p.name_key = ${key} WHERE s.business_id = ${businessId} AND s.job_id = ${jobId}`;
  await tx.execute(sql`
    INSERT INTO places (business_id, kind, name, name_key)
    SELECT DISTINCT ON (${key}) s.business_id, 'project', btrim(regexp_replace(r.tag_name, '\\s+', ' ', 'g')), ${key} ${staged}
    ORDER BY ${key}, s.row
    ON CONFLICT (business_id, name_key) DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO stock_items (business_id, id, name, sku, unit, category)
    SELECT s.business_id, r.id, r.name, r.sku, r.unit, r.category ${staged}`);
  const res = await tx.execute(sql`
    INSERT INTO inventory_items (business_id, stock_item_id, location_id, ${columnList})
    SELECT s.business_id, r.id, p.id, ${sourceList} ${stagedAt}
    ORDER BY s.row
    RETURNING id`);
  await tx.execute(sql`
    INSERT INTO stock_movements (business_id, item_id, kind, quantity, unit_cost, value, balance_after, reference, purpose, employee_number, tag_name, location_id, actor_kind, actor_id)
    SELECT s.business_id, r.id, 'instock', r.quantity, r.last_unit_cost, r.stock_value, r.quantity, 'opening stock', ${opts.purpose}::text, ${opts.employeeNumber}::text, r.tag_name, p.id, 'user', ${opts.actorId}::uuid
    ${stagedAt} AND r.quantity > 0
    ORDER BY s.row`);
  return (res as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
};
