import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { placeAliases, places } from '../../db/schema/index.ts';

export type TPlaceKind = 'project' | 'site' | 'store';

/** The key a typed place name resolves by: lower case, trimmed, inner spaces collapsed (the migration's expression). */
export const placeKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
/** A typed name as a place's name: trimmed, inner spaces collapsed, case kept. */
export const placeName = (name: string) => name.trim().replace(/\s+/g, ' ');

export const findByKey = async (db: DbOrTx, businessId: string, name: string) =>
  (await db.select().from(places).where(and(eq(places.businessId, businessId), eq(places.nameKey, placeKey(name)))).limit(1))[0];

/** A spelling the migration merged into a place (place_aliases), so old names keep resolving. */
export const findByAlias = async (db: DbOrTx, businessId: string, name: string) =>
  (await db.select({ place: places }).from(placeAliases).innerJoin(places, eq(places.id, placeAliases.placeId))
    .where(and(eq(placeAliases.businessId, businessId), sql`lower(regexp_replace(btrim(${placeAliases.alias}), '\\s+', ' ', 'g')) = ${placeKey(name)}`)).limit(1))[0]?.place;

/**
 * The place of this name, made (as `kind`) when there is none: one statement, so two requests naming a new place at
 * once get the same row.
 */
export const ensure = async (db: DbOrTx, businessId: string, name: string, kind: Exclude<TPlaceKind, 'site'>) => {
  const rows = await db.insert(places).values({ businessId, kind, name: placeName(name), nameKey: placeKey(name) })
    .onConflictDoUpdate({ target: [places.businessId, places.nameKey], set: { nameKey: sql`excluded.name_key` } })
    .returning();
  return rows[0];
};

export type TPlaceRow = typeof places.$inferSelect & { projectName: string | null };

/** The business's places, projects first then sites then stores, each by name. */
export const list = async (db: DbOrTx, businessId: string, f: { kinds?: TPlaceKind[]; q?: string; projectId?: string; includeArchived?: boolean }) => {
  const where = [eq(places.businessId, businessId)];
  if (f.kinds?.length) where.push(inArray(places.kind, f.kinds));
  if (f.q) where.push(sql`${places.nameKey} LIKE ${`%${placeKey(f.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.projectId) where.push(eq(places.projectId, f.projectId));
  if (!f.includeArchived) where.push(isNull(places.archivedAt));
  const project = alias(places, 'project');
  const rows = await db.select({ place: places, projectName: project.name }).from(places)
    .leftJoin(project, eq(project.id, places.projectId))
    .where(and(...where))
    .orderBy(sql`CASE ${places.kind} WHEN 'project' THEN 0 WHEN 'site' THEN 1 ELSE 2 END`, asc(places.nameKey))
    .limit(1000);
  return rows.map((r): TPlaceRow => ({ ...r.place, projectName: r.projectName }));
};

export const findById = async (db: DbOrTx, businessId: string, id: string) => {
  const project = alias(places, 'project');
  const row = (await db.select({ place: places, projectName: project.name }).from(places).leftJoin(project, eq(project.id, places.projectId))
    .where(and(eq(places.businessId, businessId), eq(places.id, id))).limit(1))[0];
  return row ? { ...row.place, projectName: row.projectName } : undefined;
};

export const insert = async (db: DbOrTx, values: typeof places.$inferInsert) => (await db.insert(places).values(values).returning())[0];

export const update = async (db: DbOrTx, businessId: string, id: string, set: Partial<typeof places.$inferInsert>) =>
  (await db.update(places).set({ ...set, updatedAt: new Date() }).where(and(eq(places.businessId, businessId), eq(places.id, id))).returning())[0];

/** A project's sites (any status), to refuse turning a project with sites into something else. */
export const siteCount = async (db: DbOrTx, businessId: string, projectId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(places).where(and(eq(places.businessId, businessId), eq(places.projectId, projectId))))[0].n;

export const aliasesOf = async (db: DbOrTx, businessId: string, placeIds: string[]) =>
  placeIds.length === 0 ? [] : db.select().from(placeAliases).where(and(eq(placeAliases.businessId, businessId), inArray(placeAliases.placeId, placeIds)))
    .orderBy(sql`${placeAliases.records} DESC`, asc(placeAliases.alias));

/** Keeps a spelling a place was known by (a rename's old name), so it still resolves; its count stays as it was. */
export const addAlias = async (db: DbOrTx, businessId: string, placeId: string, alias: string) => {
  await db.insert(placeAliases).values({ businessId, placeId, alias, records: 0 }).onConflictDoNothing();
};

/** The tables holding a place id, with the column of the place's name kept beside it (the spec's tagName). */
const PLACE_COLUMNS: Array<{ table: string; id: string; name: string | null }> = [
  { table: 'collection_points', id: 'place_id', name: 'tag_name' },
  { table: 'material_requisitions', id: 'place_id', name: 'tag_name' },
  { table: 'fleet_requisitions', id: 'place_id', name: 'tag_name' },
  { table: 'trucks', id: 'assigned_place_id', name: 'assigned_tag_name' },
  { table: 'energy_entries', id: 'place_id', name: 'tag_name' },
  { table: 'boqs', id: 'place_id', name: 'project_title' },
  { table: 'expense_claim_lines', id: 'project_place_id', name: 'project_tag' },
  { table: 'purchase_orders', id: 'delivery_place_id', name: null },
  { table: 'goods_received_lines', id: 'location_id', name: null },
  { table: 'inventory_items', id: 'location_id', name: 'tag_name' },
  { table: 'stock_movements', id: 'location_id', name: 'tag_name' },
  { table: 'goods_return_lines', id: 'location_id', name: null },
  { table: 'stock_transfers', id: 'from_place_id', name: null },
  { table: 'stock_transfers', id: 'to_place_id', name: null },
  { table: 'stock_counts', id: 'place_id', name: null },
  { table: 'purchase_requests', id: 'place_id', name: null },
  { table: 'truck_trips', id: 'place_id', name: null },
  { table: 'project_cost_entries', id: 'project_id', name: null },
  { table: 'project_cost_entries', id: 'site_id', name: null },
  { table: 'project_certificates', id: 'project_id', name: null },
  { table: 'purchase_orders', id: 'project_id', name: null },
  { table: 'truck_entries', id: 'place_id', name: null },
];
/**
 * Tables naming a place that a merge folds rather than repoints (one row per project and category, contract or
 * employee-month), or that hold the place itself: with PLACE_COLUMNS, every foreign key to places (a test reads the
 * catalogue and fails on a new one that neither list names).
 */
export const PLACE_FOLDED_COLUMNS = [
  'project_budgets.project_id', 'project_contracts.project_id', 'employee_project_allocations.project_id',
  'cost_projects.place_id', 'places.project_id', 'place_aliases.place_id',
] as const;
export const PLACE_REPOINTED_COLUMNS = () => PLACE_COLUMNS.map((c) => `${c.table}.${c.id}`);

const count = (r: unknown) => (r as { rowCount?: number | null }).rowCount ?? 0;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Every record naming one of `fromIds` (or `toId` itself) names `toId`, with its name copy set to `name`: a merge
 * repoints the merged places' records, a rename rewrites the name copies. Runs inside the caller's transaction.
 *
 * This is the one place where the places feature writes other features' tables (inventory_items, stock_movements,
 * cost_projects and the rest): a merge must move every record at once or none, and a service call per feature could
 * not combine two stock rows of one master item. Stock rows of the same master item at both places are combined
 * (quantity and value added into the surviving row, the other marked deleted; its movements keep their item id and
 * name the surviving location). A merged place's money side (cost_projects) is folded into the surviving one's.
 */
export const repointAll = async (db: DbOrTx, businessId: string, fromIds: string[], toId: string, name: string) => {
  const moved: Record<string, number> = {};
  const all = [toId, ...fromIds];
  const ids = sql.join(all.map((i) => sql`${i}::uuid`), sql`, `);
  const from = fromIds.length ? sql.join(fromIds.map((i) => sql`${i}::uuid`), sql`, `) : null;
  if (from) {
    // Stock rows: one per master item and location. Add the merged rows of an item into the surviving row ...
    const combined = await db.execute(sql`
      WITH gone AS (
        SELECT l.id, l.stock_item_id, l.quantity, l.stock_value FROM inventory_items l
        WHERE l.business_id = ${businessId} AND l.location_id IN (${from}) AND l.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM inventory_items s WHERE s.business_id = l.business_id AND s.stock_item_id = l.stock_item_id AND s.location_id = ${toId}::uuid AND s.deleted_at IS NULL)
      ), sums AS (SELECT stock_item_id, sum(quantity) AS q, sum(stock_value) AS v FROM gone GROUP BY stock_item_id),
      added AS (
        UPDATE inventory_items s SET quantity = s.quantity + sums.q, stock_value = s.stock_value + sums.v, updated_at = now()
        FROM sums WHERE s.business_id = ${businessId} AND s.stock_item_id = sums.stock_item_id AND s.location_id = ${toId}::uuid AND s.deleted_at IS NULL
        RETURNING s.id
      )
      UPDATE inventory_items l SET deleted_at = now(), quantity = 0, stock_value = 0, updated_at = now() FROM gone WHERE l.id = gone.id`);
    moved.inventory_items_combined = count(combined);
    // ... and of an item held at two merged places (not at the surviving one), keep the oldest row and add the others into it.
    const dupes = await db.execute(sql`
      WITH ranked AS (
        SELECT id, stock_item_id, quantity, stock_value, row_number() OVER (PARTITION BY stock_item_id ORDER BY created_at, id) AS n
        FROM inventory_items WHERE business_id = ${businessId} AND location_id IN (${from}) AND deleted_at IS NULL
      ), extra AS (SELECT stock_item_id, sum(quantity) AS q, sum(stock_value) AS v FROM ranked WHERE n > 1 GROUP BY stock_item_id),
      kept AS (
        UPDATE inventory_items k SET quantity = k.quantity + extra.q, stock_value = k.stock_value + extra.v, updated_at = now()
        FROM ranked, extra WHERE ranked.n = 1 AND k.id = ranked.id AND extra.stock_item_id = ranked.stock_item_id RETURNING k.id
      )
      UPDATE inventory_items l SET deleted_at = now(), quantity = 0, stock_value = 0, updated_at = now() FROM ranked WHERE ranked.n > 1 AND l.id = ranked.id`);
    moved.inventory_items_combined += count(dupes);
    // Money side: the surviving place keeps one cost_projects row; the merged ones' costs and payments move into it.
    const costRows = rowsOf<{ id: string; place_id: string }>(await db.execute(sql`
      SELECT id, place_id FROM cost_projects WHERE business_id = ${businessId} AND place_id IN (${ids})
      ORDER BY (place_id = ${toId}::uuid) DESC, created_at, id`));
    if (costRows.length > 1) {
      const keep = costRows[0].id;
      const drop = costRows.slice(1).map((r) => r.id);
      const dropIds = sql.join(drop.map((i) => sql`${i}::uuid`), sql`, `);
      // A backlog row imported into both projects is kept once (its hash stays on the surviving project's copy).
      await db.execute(sql`UPDATE cost_records r SET row_hash = NULL WHERE r.project_id IN (${dropIds}) AND r.row_hash IS NOT NULL
        AND EXISTS (SELECT 1 FROM cost_records k WHERE k.business_id = r.business_id AND k.project_id = ${keep}::uuid AND k.row_hash = r.row_hash)`);
      moved.cost_records = count(await db.execute(sql`UPDATE cost_records SET project_id = ${keep}::uuid WHERE project_id IN (${dropIds})`));
      moved.project_payments = count(await db.execute(sql`UPDATE project_payments SET project_id = ${keep}::uuid WHERE project_id IN (${dropIds})`));
      await db.execute(sql`UPDATE cost_projects k SET budget_minor = coalesce(k.budget_minor, d.budget_minor),
        description = CASE WHEN k.description = '' THEN d.description ELSE k.description END, scope = CASE WHEN k.scope = '' THEN d.scope ELSE k.scope END
        FROM (SELECT * FROM cost_projects WHERE id IN (${dropIds}) ORDER BY created_at LIMIT 1) d WHERE k.id = ${keep}::uuid`);
      await db.execute(sql`DELETE FROM cost_projects WHERE id IN (${dropIds})`);
    }
    // Project money settings (issue 35): budgets add up per category; the surviving project's contract stands (a merged
    // one is taken only when it has none); labour splits of one employee and month add up (they were ≤ 100 % together).
    moved.project_budgets = count(await db.execute(sql`
      INSERT INTO project_budgets (business_id, project_id, category, amount_minor, updated_at)
      SELECT business_id, ${toId}::uuid, category, sum(amount_minor), now() FROM project_budgets
      WHERE business_id = ${businessId} AND project_id IN (${from}) GROUP BY business_id, category
      ON CONFLICT (business_id, project_id, category) DO UPDATE SET amount_minor = project_budgets.amount_minor + excluded.amount_minor, updated_at = now()`));
    await db.execute(sql`DELETE FROM project_budgets WHERE business_id = ${businessId} AND project_id IN (${from})`);
    moved.project_contracts = count(await db.execute(sql`
      UPDATE project_contracts SET project_id = ${toId}::uuid, updated_at = now()
      WHERE id = (SELECT id FROM project_contracts WHERE business_id = ${businessId} AND project_id IN (${from}) ORDER BY updated_at, id LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM project_contracts WHERE business_id = ${businessId} AND project_id = ${toId}::uuid)`));
    await db.execute(sql`DELETE FROM project_contracts WHERE business_id = ${businessId} AND project_id IN (${from})`);
    moved.employee_project_allocations = count(await db.execute(sql`
      INSERT INTO employee_project_allocations (business_id, employee_id, project_id, percent_bp, effective_month)
      SELECT business_id, employee_id, ${toId}::uuid, least(sum(percent_bp), 10000), effective_month FROM employee_project_allocations
      WHERE business_id = ${businessId} AND project_id IN (${from}) GROUP BY business_id, employee_id, effective_month
      ON CONFLICT (business_id, employee_id, effective_month, project_id)
        DO UPDATE SET percent_bp = least(employee_project_allocations.percent_bp + excluded.percent_bp, 10000)`));
    await db.execute(sql`DELETE FROM employee_project_allocations WHERE business_id = ${businessId} AND project_id IN (${from})`);
    // Certificate numbers are unique per project: a merged one whose number the surviving project (or an earlier merged
    // place) already uses keeps its number with the name of the project it was billed under, e.g. "IPC 1 (Lekki Ph 1)".
    await db.execute(sql`
      WITH ranked AS (
        SELECT c.id, row_number() OVER (PARTITION BY lower(c.number) ORDER BY (c.project_id = ${toId}::uuid) DESC, c.created_at, c.id) AS n
        FROM project_certificates c WHERE c.business_id = ${businessId} AND c.project_id IN (${ids})
      )
      UPDATE project_certificates c SET number = c.number || ' (' || p.name || ')'
      FROM ranked, places p WHERE ranked.n > 1 AND c.id = ranked.id AND p.id = c.project_id`);
    // Sites of a merged project belong to the surviving place (when it is a project; the caller checks).
    moved.sites = count(await db.execute(sql`UPDATE places SET project_id = ${toId}::uuid, updated_at = now() WHERE business_id = ${businessId} AND project_id IN (${from})`));
    // The merged places' spellings resolve to the surviving place.
    await db.execute(sql`INSERT INTO place_aliases (business_id, place_id, alias, records)
      SELECT business_id, ${toId}::uuid, alias, records FROM place_aliases WHERE business_id = ${businessId} AND place_id IN (${from})
      ON CONFLICT (business_id, place_id, alias) DO UPDATE SET records = place_aliases.records + excluded.records`);
  }
  // cost_projects.tag_name is unique by lower case: a money side of another name that is not linked (the migration
  // linked only the oldest of two rows naming one place) cannot keep the new name, so it is left as it is.
  const cost = await db.execute(sql`UPDATE cost_projects SET place_id = ${toId}::uuid, tag_name = ${name}
    WHERE business_id = ${businessId} AND place_id IN (${ids})
      AND NOT EXISTS (SELECT 1 FROM cost_projects o WHERE o.business_id = ${businessId} AND lower(o.tag_name) = lower(${name}) AND (o.place_id IS NULL OR o.place_id NOT IN (${ids})))`);
  moved.cost_projects = count(cost);
  for (const c of PLACE_COLUMNS) {
    const set = c.name ? sql`${sql.identifier(c.id)} = ${toId}::uuid, ${sql.identifier(c.name)} = ${name}` : sql`${sql.identifier(c.id)} = ${toId}::uuid`;
    const r = await db.execute(sql`UPDATE ${sql.identifier(c.table)} SET ${set} WHERE business_id = ${businessId} AND ${sql.identifier(c.id)} IN (${ids})`);
    moved[c.table] = (moved[c.table] ?? 0) + count(r);
  }
  return moved;
};

/** The records naming a place, table by table (the Places screen's "used by"). */
export const usage = async (db: DbOrTx, businessId: string, id: string) => {
  const parts = PLACE_COLUMNS.map((c) => sql`SELECT ${c.table}::text AS t, count(*)::int AS n FROM ${sql.identifier(c.table)} WHERE business_id = ${businessId} AND ${sql.identifier(c.id)} = ${id}::uuid`);
  const rows = rowsOf<{ t: string; n: number }>(await db.execute(sql.join(parts, sql` UNION ALL `)));
  const used: Record<string, number> = {};
  for (const r of rows) if (r.n > 0) used[r.t] = (used[r.t] ?? 0) + r.n;
  return used;
};

/** A merged place, once nothing names it (its aliases were copied to the surviving place first). */
export const remove = async (db: DbOrTx, businessId: string, id: string) => {
  await db.delete(places).where(and(eq(places.businessId, businessId), eq(places.id, id)));
};
