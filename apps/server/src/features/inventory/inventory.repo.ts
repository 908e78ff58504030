import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TInventoryItem, TLogQuery, TMovementKind, TStockMovement } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { containsText, startsFirst } from '../../platform/search.ts';
import { collectionPoints, departments, inventoryItems, stockMovements, stockItems } from '../../db/schema/index.ts';
import { averageCost, fromMilli, isAtReorderLevel, toMilli } from './stock-math.ts';

export type TItemRow = typeof inventoryItems.$inferSelect;
type TItemView = TItemRow & { collectionPointName: string | null; department: string | null };

export const toItem = (r: TItemView): TInventoryItem => {
  const q = toMilli(r.quantity);
  return {
    _id: r.id,
    stockItemId: r.stockItemId,
    tagName: r.tagName,
    name: r.name,
    sku: r.sku,
    unit: r.unit,
    category: r.category,
    quantity: fromMilli(q),
    reorderLevel: Number(r.reorderLevel),
    averageCostMinor: averageCost(r.stockValue, q, r.lastUnitCost),
    stockValueMinor: r.stockValue,
    isAtReorderLevel: isAtReorderLevel(q, toMilli(r.reorderLevel)),
    collectionPointId: r.collectionPointId,
    collectionPointName: r.collectionPointName,
    departmentId: r.departmentId,
    department: r.department,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    locationId: r.locationId,
  };
};

const itemView = (db: DbOrTx) =>
  db.select({
    ...getTableColumns(inventoryItems),
    collectionPointName: sql<string | null>`${collectionPoints.tagName} || ' · ' || ${collectionPoints.employeeName}`,
    department: departments.name,
  }).from(inventoryItems)
    .leftJoin(collectionPoints, eq(collectionPoints.id, inventoryItems.collectionPointId))
    .leftJoin(departments, eq(departments.id, inventoryItems.departmentId));

/** atPoint: a collector's view, the rows at its place or connected to its point (issue 34). */
export type TItemFilter = { tagName?: string; collectionPointId?: string; ids?: string[]; locationId?: string; stockItemIds?: string[]; atPoint?: { collectionPointId: string; locationId: string | null } };

export const findItems = async (db: DbOrTx, businessId: string, f: TItemFilter = {}) => {
  const where: SQL[] = [eq(inventoryItems.businessId, businessId), isNull(inventoryItems.deletedAt)];
  if (f.tagName !== undefined) where.push(sql`lower(${inventoryItems.tagName}) = lower(${f.tagName})`);
  if (f.collectionPointId) where.push(eq(inventoryItems.collectionPointId, f.collectionPointId));
  if (f.atPoint) {
    const connected = eq(inventoryItems.collectionPointId, f.atPoint.collectionPointId);
    where.push(f.atPoint.locationId ? or(connected, eq(inventoryItems.locationId, f.atPoint.locationId))! : connected);
  }
  if (f.locationId) where.push(eq(inventoryItems.locationId, f.locationId));
  if (f.stockItemIds) where.push(inArray(inventoryItems.stockItemId, f.stockItemIds.length ? f.stockItemIds : ['00000000-0000-0000-0000-000000000000']));
  if (f.ids) where.push(inArray(inventoryItems.id, f.ids.length ? f.ids : ['00000000-0000-0000-0000-000000000000']));
  return (await itemView(db).where(and(...where)).orderBy(asc(inventoryItems.tagName), asc(inventoryItems.name))) as TItemView[];
};

export const findItem = async (db: DbOrTx, businessId: string, id: string) =>
  (await findItems(db, businessId, { ids: [id] }))[0];

/** The item row, locked until the transaction ends: movements of one item queue here, so stock is counted once. */
export const lockItem = async (tx: DbOrTx, businessId: string, id: string) =>
  (await tx.select().from(inventoryItems).where(and(eq(inventoryItems.businessId, businessId), eq(inventoryItems.id, id), isNull(inventoryItems.deletedAt))).for('update'))[0];

/** Live items of a business with this name (case and outer spaces ignored), oldest first: how a received order line finds its item. */
export const findItemsNamed = async (tx: DbOrTx, businessId: string, name: string) =>
  tx.select().from(inventoryItems)
    .where(and(eq(inventoryItems.businessId, businessId), isNull(inventoryItems.deletedAt), sql`lower(trim(${inventoryItems.name})) = lower(trim(${name}))`))
    .orderBy(asc(inventoryItems.createdAt), asc(inventoryItems.id));

/**
 * A new stock row with its master item (issue 34: stock_items holds what the item is, inventory_items its stock at one
 * location). Until the item master has its own screen, each new row brings its own master, which keeps the SKU unique.
 */
export const createItem = async (db: DbOrTx, values: Omit<typeof inventoryItems.$inferInsert, 'stockItemId'>) => {
  const [master] = await db.insert(stockItems).values({
    businessId: values.businessId, name: values.name, sku: values.sku ?? null, unit: values.unit, category: values.category ?? null,
  }).returning({ id: stockItems.id });
  return (await db.insert(inventoryItems).values({ ...values, stockItemId: master.id }).returning({ id: inventoryItems.id }))[0];
};

/**
 * The stock row of a master item at a location, made empty when the item has never been there (a transfer's or a
 * receipt's destination). Returns the row's id; the caller locks it through lockItem.
 */
export const ensureStockRow = async (db: DbOrTx, businessId: string, stockItemId: string, location: { id: string; name: string }) => {
  const existing = (await db.select({ id: inventoryItems.id }).from(inventoryItems)
    .where(and(eq(inventoryItems.businessId, businessId), eq(inventoryItems.stockItemId, stockItemId), eq(inventoryItems.locationId, location.id), isNull(inventoryItems.deletedAt))).limit(1))[0];
  if (existing) return existing.id;
  const [master] = await db.select().from(stockItems).where(and(eq(stockItems.businessId, businessId), eq(stockItems.id, stockItemId), isNull(stockItems.deletedAt)));
  if (!master) return null;
  const rows = await db.insert(inventoryItems).values({
    businessId, stockItemId, locationId: location.id, tagName: location.name, name: master.name, sku: master.sku, unit: master.unit, category: master.category,
  }).onConflictDoNothing().returning({ id: inventoryItems.id });
  if (rows[0]) return rows[0].id;
  return (await db.select({ id: inventoryItems.id }).from(inventoryItems)
    .where(and(eq(inventoryItems.stockItemId, stockItemId), eq(inventoryItems.locationId, location.id), isNull(inventoryItems.deletedAt))).limit(1))[0]?.id ?? null;
};

/** Keeps the master item's name, SKU, unit and category equal to its stock row's (one row per master for now). */
export const updateMasterOf = async (db: DbOrTx, businessId: string, itemId: string, patch: Partial<Pick<typeof stockItems.$inferInsert, 'name' | 'sku' | 'unit' | 'category' | 'deletedAt'>>) => {
  if (Object.keys(patch).length === 0) return;
  await db.update(stockItems).set({ ...patch, updatedAt: new Date() })
    .where(and(eq(stockItems.businessId, businessId), sql`${stockItems.id} = (SELECT stock_item_id FROM inventory_items WHERE id = ${itemId})`));
};

export const updateItem = async (db: DbOrTx, businessId: string, id: string, patch: Partial<typeof inventoryItems.$inferInsert>) =>
  db.update(inventoryItems).set({ ...patch, updatedAt: new Date() }).where(and(eq(inventoryItems.businessId, businessId), eq(inventoryItems.id, id)));

export const updateItems = async (db: DbOrTx, businessId: string, ids: string[], patch: Partial<typeof inventoryItems.$inferInsert>) =>
  db.update(inventoryItems).set({ ...patch, updatedAt: new Date() }).where(and(eq(inventoryItems.businessId, businessId), inArray(inventoryItems.id, ids)));

export const deleteItem = async (db: DbOrTx, businessId: string, id: string) =>
  db.update(inventoryItems).set({ deletedAt: new Date(), collectionPointId: null }).where(and(eq(inventoryItems.businessId, businessId), eq(inventoryItems.id, id)));

/** How many of the business's items are at or below a reorder level above zero (the dashboard). */
export const countLowItems = async (db: DbOrTx, businessId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(inventoryItems)
    .where(and(eq(inventoryItems.businessId, businessId), isNull(inventoryItems.deletedAt), sql`${inventoryItems.reorderLevel} > 0`, sql`${inventoryItems.quantity} <= ${inventoryItems.reorderLevel}`)))[0].n;

/** Items at or below a reorder level above zero whose notice has not gone out (the daily check). */
export const findUnalertedLowItems = async (db: DbOrTx) =>
  db.select().from(inventoryItems)
    .where(and(isNull(inventoryItems.deletedAt), sql`${inventoryItems.reorderLevel} > 0`, sql`${inventoryItems.quantity} <= ${inventoryItems.reorderLevel}`, eq(inventoryItems.reorderAlerted, false)))
    .limit(5000);

// ── movements ────────────────────────────────────────────────────────────────

type TMovementRow = Omit<typeof stockMovements.$inferSelect, 'deviceTime'> & { itemName: string; unit: string };

export const toMovement = (r: TMovementRow): TStockMovement => ({
  _id: r.id,
  itemId: r.itemId,
  itemName: r.itemName,
  unit: r.unit,
  kind: r.kind as TMovementKind,
  quantity: Number(r.quantity),
  unitCostMinor: r.unitCost,
  valueMinor: r.value,
  balanceAfter: Number(r.balanceAfter),
  reference: r.reference,
  purpose: r.purpose,
  employeeNumber: r.employeeNumber,
  employeeName: r.employeeName,
  tagName: r.tagName,
  locationId: r.locationId,
  collectionPointId: r.collectionPointId,
  requisitionId: r.requisitionId,
  recordedBy: r.actorKind,
  recordedByName: r.actorName,
  referenceLabel: r.referenceLabel,
  createdAt: r.createdAt.toISOString(),
});

const movementView = (db: DbOrTx) =>
  db.select({
    id: stockMovements.id, businessId: stockMovements.businessId, itemId: stockMovements.itemId, kind: stockMovements.kind,
    quantity: stockMovements.quantity, unitCost: stockMovements.unitCost, value: stockMovements.value, balanceAfter: stockMovements.balanceAfter,
    reference: stockMovements.reference, purpose: stockMovements.purpose, employeeNumber: stockMovements.employeeNumber,
    tagName: stockMovements.tagName, locationId: stockMovements.locationId, collectionPointId: stockMovements.collectionPointId, requisitionId: stockMovements.requisitionId,
    actorKind: stockMovements.actorKind, actorId: stockMovements.actorId, createdAt: stockMovements.createdAt,
    employeeName: stockMovements.employeeName, actorName: stockMovements.actorName, referenceLabel: stockMovements.referenceLabel,
    itemName: inventoryItems.name, unit: inventoryItems.unit,
  }).from(stockMovements).innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId));

export const findMovementByReference = async (db: DbOrTx, businessId: string, itemId: string, kind: TMovementKind, reference: string) =>
  (await movementView(db).where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.itemId, itemId), eq(stockMovements.kind, kind), eq(stockMovements.reference, reference))).limit(1))[0];

/** The movement of this kind and reference on any item of the business (a GRN line's receipt, found for its return). */
export const findMovementByReferenceAnyItem = async (db: DbOrTx, businessId: string, kind: TMovementKind, reference: string) =>
  (await movementView(db).where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.kind, kind), eq(stockMovements.reference, reference))).limit(1))[0];

export const createMovement = async (db: DbOrTx, values: typeof stockMovements.$inferInsert) => {
  const { id } = (await db.insert(stockMovements).values(values).returning({ id: stockMovements.id }))[0];
  return (await movementView(db).where(eq(stockMovements.id, id)))[0];
};

export type TMovementFilter = Omit<TLogQuery, 'page' | 'limit'> & { tagName?: string; collectionPointId?: string };

export const findMovementPage = async (db: DbOrTx, businessId: string, f: TMovementFilter, page: { offset: number; limit: number }) => {
  const where: SQL[] = [eq(stockMovements.businessId, businessId)];
  if (f.tagName !== undefined) where.push(sql`lower(${stockMovements.tagName}) = lower(${f.tagName})`);
  if (f.collectionPointId) where.push(eq(stockMovements.collectionPointId, f.collectionPointId));
  if (f.kind) where.push(eq(stockMovements.kind, f.kind));
  if (f.itemId) where.push(eq(stockMovements.itemId, f.itemId));
  if (f.from) where.push(gte(stockMovements.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) where.push(lt(stockMovements.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 864e5)));
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(${inventoryItems.name}) LIKE ${like} OR lower(coalesce(${stockMovements.reference}, '')) LIKE ${like} OR lower(coalesce(${stockMovements.purpose}, '')) LIKE ${like} OR lower(${stockMovements.employeeNumber}) LIKE ${like} OR lower(coalesce(${stockMovements.employeeName}, '')) LIKE ${like} OR lower(coalesce(${stockMovements.actorName}, '')) LIKE ${like} OR lower(coalesce(${stockMovements.referenceLabel}, '')) LIKE ${like})`);
  }
  const cond = and(...where);
  const [rows, [{ count }]] = await Promise.all([
    movementView(db).where(cond).orderBy(desc(stockMovements.createdAt), desc(stockMovements.id)).offset(page.offset).limit(page.limit),
    db.select({ count: sql<number>`count(*)::int` }).from(stockMovements).innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId)).where(cond),
  ]);
  return { rows: rows.map(toMovement), totalRecords: count };
};

/** What moved per item of a project: received, issued and used quantities. */
export const findMovementTotals = async (db: DbOrTx, businessId: string, itemIds: string[]) => {
  if (itemIds.length === 0) return [];
  return db.select({
    itemId: stockMovements.itemId,
    received: sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where ${stockMovements.kind} = 'instock'), 0)`,
    issued: sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where ${stockMovements.kind} = 'outstock'), 0)`,
    used: sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where ${stockMovements.kind} = 'usedstock'), 0)`,
  }).from(stockMovements)
    .where(and(eq(stockMovements.businessId, businessId), inArray(stockMovements.itemId, itemIds)))
    .groupBy(stockMovements.itemId);
};

export const hasMovements = async (db: DbOrTx, itemId: string) =>
  (await db.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements.itemId, itemId)).limit(1)).length > 0;

export const findCollectorItems = async (db: DbOrTx, businessId: string, collectionPointId: string) =>
  findItems(db, businessId, { collectionPointId });

export const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.cause ?? e;
  return c?.code === '23505' && c?.constraint === constraint;
};

/** Whether any item (deleted ones too) or movement of the business carries this project tag. */
export const isKnownTag = async (db: DbOrTx, businessId: string, tag: string) =>
  ((await db.execute(sql`SELECT EXISTS (SELECT 1 FROM ${inventoryItems} WHERE ${inventoryItems.businessId} = ${businessId} AND lower(${inventoryItems.tagName}) = lower(${tag}))
    OR EXISTS (SELECT 1 FROM ${stockMovements} WHERE ${stockMovements.businessId} = ${businessId} AND lower(${stockMovements.tagName}) = lower(${tag})) AS known`)) as unknown as { rows: Array<{ known: boolean }> }).rows[0]?.known === true;

/** The top-bar search (issue 30): live items whose name or SKU contains the text (inventory_items_search_trgm_idx). */
const itemSearchText = sql`lower(${inventoryItems.name} || ' ' || coalesce(${inventoryItems.sku}, ''))`;
export const searchItems = async (db: DbOrTx, businessId: string, text: string, limit: number) =>
  db.select({ id: inventoryItems.id, name: inventoryItems.name, sku: inventoryItems.sku, tagName: inventoryItems.tagName }).from(inventoryItems)
    .where(and(eq(inventoryItems.businessId, businessId), isNull(inventoryItems.deletedAt), containsText(itemSearchText, text)))
    .orderBy(startsFirst(itemSearchText, text), inventoryItems.id).limit(limit + 1);

// ── item master (issue 34) ─────────────────────────────────────────────────────
export type TMasterRow = typeof stockItems.$inferSelect;

export const createMaster = async (db: DbOrTx, values: typeof stockItems.$inferInsert) =>
  (await db.insert(stockItems).values(values).returning())[0];

/** A live master item of the business, locked when asked (edits of one item queue). */
export const getMaster = async (db: DbOrTx, businessId: string, id: string, forUpdate = false) => {
  const q = db.select().from(stockItems).where(and(eq(stockItems.businessId, businessId), eq(stockItems.id, id), isNull(stockItems.deletedAt)));
  return (await (forUpdate ? q.for('update') : q))[0];
};

/** A page of live master items (name or SKU containing q; only those kept at locationId when given), by name. */
export const findMasterPage = async (db: DbOrTx, businessId: string, f: { q?: string; locationId?: string }, page: { offset: number; limit: number }) => {
  const where: SQL[] = [eq(stockItems.businessId, businessId), isNull(stockItems.deletedAt)];
  if (f.q) where.push(containsText(sql`lower(${stockItems.name} || ' ' || coalesce(${stockItems.sku}, ''))`, f.q.toLowerCase()));
  if (f.locationId) {
    where.push(sql`EXISTS (SELECT 1 FROM ${inventoryItems} WHERE ${inventoryItems.stockItemId} = ${stockItems.id} AND ${inventoryItems.locationId} = ${f.locationId} AND ${inventoryItems.deletedAt} IS NULL)`);
  }
  const cond = and(...where);
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(stockItems).where(cond).orderBy(sql`lower(${stockItems.name})`, stockItems.id).offset(page.offset).limit(page.limit),
    db.select({ count: sql<number>`count(*)::int` }).from(stockItems).where(cond),
  ]);
  return { rows, totalRecords: count };
};

/** The live master item of this name and unit (case and outer spaces ignored), oldest first: what a received order line is. */
export const findMasterNamed = async (db: DbOrTx, businessId: string, name: string) =>
  db.select().from(stockItems)
    .where(and(eq(stockItems.businessId, businessId), isNull(stockItems.deletedAt), sql`lower(trim(${stockItems.name})) = lower(trim(${name}))`))
    .orderBy(asc(stockItems.createdAt), asc(stockItems.id));

/** A master item's own fields, copied onto every live stock row of it so the rows always name it the same. */
export const updateMaster = async (db: DbOrTx, businessId: string, id: string, patch: Partial<Pick<typeof stockItems.$inferInsert, 'name' | 'sku' | 'unit' | 'category' | 'conversions'>>) => {
  await db.update(stockItems).set({ ...patch, updatedAt: new Date() }).where(and(eq(stockItems.businessId, businessId), eq(stockItems.id, id)));
  const { conversions: _c, ...rowPatch } = patch;
  if (Object.keys(rowPatch).length) {
    await db.update(inventoryItems).set({ ...rowPatch, updatedAt: new Date() })
      .where(and(eq(inventoryItems.businessId, businessId), eq(inventoryItems.stockItemId, id), isNull(inventoryItems.deletedAt)));
  }
};
