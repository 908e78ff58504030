import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, users } from '../../db/schema/index.ts';

export const updateRoles = async (db: DbOrTx, businessId: string, userId: string, roles: string[]) =>
  db.update(users).set({ roles, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.businessId, businessId), eq(users.id, userId)));

export const deleteUser = async (db: DbOrTx, businessId: string, userId: string) =>
  db.delete(users).where(and(eq(users.businessId, businessId), eq(users.id, userId)));

/** The business's logo path, locked until the transaction ends, so two replacements in a row each see the one they replace. */
export const lockBusinessImage = async (db: DbOrTx, businessId: string) =>
  (await db.select({ imagePath: businesses.imagePath }).from(businesses).where(eq(businesses.id, businessId)).for('update'))[0]?.imagePath ?? null;
