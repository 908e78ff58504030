import { and, eq, sql } from 'drizzle-orm';
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
