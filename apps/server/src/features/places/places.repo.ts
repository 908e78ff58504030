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
