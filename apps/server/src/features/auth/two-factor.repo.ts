import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessSecurity, userRecoveryCodes, users, userTwoFactor } from '../../db/schema/index.ts';

export type TTwoFactorRow = typeof userTwoFactor.$inferSelect;

export const findTwoFactor = async (db: DbOrTx, userId: string): Promise<TTwoFactorRow | undefined> =>
  (await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1))[0];

export const savePendingSecret = async (db: DbOrTx, businessId: string, userId: string, sealed: string) => {
  await db.insert(userTwoFactor).values({ businessId, userId, pendingSecret: sealed })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingSecret: sealed } });
};

/** The pending key becomes the key; `step` (the confirming code's) cannot be used again. */
export const enable = async (db: DbOrTx, userId: string, sealed: string, step: number) => {
  await db.update(userTwoFactor).set({ secret: sealed, pendingSecret: null, enabledAt: new Date(), lastStep: step }).where(eq(userTwoFactor.userId, userId));
};

export const disable = async (db: DbOrTx, userId: string) => {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
};

/** Records `step` as used, only if it is later than the last one used: one statement, so a code works once. */
export const useStep = async (db: DbOrTx, userId: string, step: number) =>
  (await db.update(userTwoFactor).set({ lastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.secret), or(isNull(userTwoFactor.lastStep), lt(userTwoFactor.lastStep, step))))
    .returning({ userId: userTwoFactor.userId })).length === 1;

export const replaceRecoveryCodes = async (db: DbOrTx, businessId: string, userId: string, hashes: string[]) => {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ businessId, userId, codeHash })));
};

export const useRecoveryCode = async (db: DbOrTx, userId: string, codeHash: string) =>
  (await db.update(userRecoveryCodes).set({ usedAt: new Date() })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id })).length === 1;

export const countRecoveryCodesLeft = async (db: DbOrTx, userId: string) =>
  (await db.select({ n: count() }).from(userRecoveryCodes).where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt))))[0].n;

export const isRequired = async (db: DbOrTx, businessId: string) =>
  (await db.select({ r: businessSecurity.requireTwoFactor }).from(businessSecurity).where(eq(businessSecurity.businessId, businessId)).limit(1))[0]?.r ?? false;

export const setRequired = async (db: DbOrTx, businessId: string, required: boolean) => {
  await db.insert(businessSecurity).values({ businessId, requireTwoFactor: required, updatedAt: new Date() })
    .onConflictDoUpdate({ target: businessSecurity.businessId, set: { requireTwoFactor: required, updatedAt: new Date() } });
};

/**
 * Ends the sessions of the business's users in `roles` who have no two-factor sign-in (the owner just required
 * it), so they sign in again and enrol. Returns their ids, for the principal cache.
 */
export const endSessionsWithoutTwoFactor = async (db: DbOrTx, businessId: string, roles: readonly string[]) =>
  (await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(
      eq(users.businessId, businessId),
      sql`${users.roles} && ARRAY[${sql.join(roles.map((r) => sql`${r}`), sql`, `)}]::text[]`,
      sql`NOT EXISTS (SELECT 1 FROM ${userTwoFactor} WHERE ${userTwoFactor.userId} = ${users.id} AND ${userTwoFactor.secret} IS NOT NULL)`,
    ))
    .returning({ id: users.id })).map((r) => r.id);

