import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export const updateRoles = async (db: DbOrTx, businessId: string, userId: string, roles: string[]) =>
  db.update(users).set({ roles, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.businessId, businessId), eq(users.id, userId)));

export const deleteUser = async (db: DbOrTx, businessId: string, userId: string) =>
  db.delete(users).where(and(eq(users.businessId, businessId), eq(users.id, userId)));

