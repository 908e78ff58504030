import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TRole, TUser } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead, type TPreparedRead } from '../../db/prepared.ts';
import { authTokens, businesses, units, users } from '../../db/schema/index.ts';

const userColumns = {
  id: users.id,
  email: users.email,
  userName: users.userName,
  roles: users.roles,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
  businessId: businesses.id,
  businessName: businesses.name,
  ownerEmail: businesses.ownerEmail,
  imagePath: businesses.imagePath,
  country: businesses.country,
  currency: businesses.currency,
  timeZone: businesses.timeZone,
};
export type TUserRow = {
  id: string; email: string; userName: string; roles: string[]; passwordHash: string; tokenVersion: number;
  emailConfirmedAt: Date | null; createdAt: Date; businessId: string; businessName: string; ownerEmail: string;
  imagePath: string | null; country: string; currency: string; timeZone: string;
};

export const toUser = (r: TUserRow): TUser => ({
  _id: r.id,
  email: r.email,
  userName: r.userName,
  roles: r.roles as TRole[],
  businessId: r.businessId,
  businessName: r.businessName,
  ownerEmail: r.ownerEmail,
  imagePath: r.imagePath,
  country: r.country,
  currency: r.currency,
  timeZone: r.timeZone,
  emailConfirmed: r.emailConfirmedAt !== null,
  createdAt: r.createdAt.toISOString(),
});

const selectUsers = (db: DbOrTx) => db.select(userColumns).from(users).innerJoin(businesses, eq(businesses.id, users.businessId));

export const findUserByEmail = async (db: DbOrTx, email: string): Promise<TUserRow | undefined> =>
  (await selectUsers(db).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0];

/** Any user by id, for the public reset link (which names the user). */
export const findUserById = async (db: DbOrTx, userId: string): Promise<TUserRow | undefined> =>
  (await selectUsers(db).where(eq(users.id, userId)).limit(1))[0];

/** A user of one business; another business's user is simply not found. */
export const findUserInBusiness = async (db: DbOrTx, businessId: string, userId: string): Promise<TUserRow | undefined> =>
  (await selectUsers(db).where(and(eq(users.id, userId), eq(users.businessId, businessId))).limit(1))[0];

const principalStatements = new WeakMap<DbOrTx, TPreparedRead<TUserRow>>();
const buildPrincipalStatement = (db: DbOrTx) => preparedRead<TUserRow>(db, 'auth_principal_user',
  selectUsers(db).where(and(eq(users.id, sql.placeholder('userId')), eq(users.businessId, sql.placeholder('businessId')))).limit(1),
  Object.keys(userColumns));

/** findUserInBusiness for the access guard, on every request: a named prepared statement, planned once per connection. */
export const findPrincipalUser = async (db: DbOrTx, businessId: string, userId: string): Promise<TUserRow | undefined> => {
  let statement = principalStatements.get(db);
  if (!statement) principalStatements.set(db, (statement = buildPrincipalStatement(db)));
  return (await statement({ businessId, userId }))[0];
};

export const findUsersOfBusiness = async (db: DbOrTx, businessId: string): Promise<TUserRow[]> =>
  selectUsers(db).where(eq(users.businessId, businessId)).orderBy(asc(users.createdAt));

/** The business owner's account (the one whose e-mail confirmation keeps the business usable). */
export const findOwnerOfBusiness = async (db: DbOrTx, businessId: string): Promise<TUserRow | undefined> =>
  (await selectUsers(db).where(and(eq(users.businessId, businessId), sql`lower(${users.email}) = lower(${businesses.ownerEmail})`)).limit(1))[0];

export const isEmailTaken = async (db: DbOrTx, email: string) =>
  (await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1)).length > 0;

export const createBusiness = async (db: DbOrTx, input: { name: string; ownerEmail: string; country: string; currency: string; timeZone: string }) =>
  (await db.insert(businesses).values(input).returning())[0];

export const createUnit = async (db: DbOrTx, businessId: string, name: string) =>
  (await db.insert(units).values({ businessId, name }).returning())[0];

export const createUser = async (db: DbOrTx, input: { businessId: string; email: string; userName: string; passwordHash: string; roles: string[] }) =>
  (await db.insert(users).values(input).returning({ id: users.id }))[0];

export const updatePassword = async (db: DbOrTx, userId: string, passwordHash: string) =>
  db.update(users).set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));

export const confirmEmail = async (db: DbOrTx, userId: string) =>
  db.update(users).set({ emailConfirmedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));

export const bumpTokenVersion = async (db: DbOrTx, userId: string) =>
  db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));

export const setBusinessImage = async (db: DbOrTx, businessId: string, imagePath: string) =>
  (await db.update(businesses).set({ imagePath }).where(eq(businesses.id, businessId)).returning({ imagePath: businesses.imagePath }))[0];

export const isBusinessLogo = async (db: DbOrTx, businessId: string, imagePath: string) =>
  (await db.select({ id: businesses.id }).from(businesses).where(and(eq(businesses.id, businessId), eq(businesses.imagePath, imagePath))).limit(1)).length > 0;

export const createAuthToken = async (db: DbOrTx, input: { businessId: string; userId: string; kind: 'reset' | 'confirm'; tokenHash: string; expiresAt: Date }) =>
  db.insert(authTokens).values(input);

/** Marks the token used and returns it in one statement, so two uses at once cannot both succeed. */
export const consumeAuthToken = async (db: DbOrTx, input: { kind: 'reset' | 'confirm'; tokenHash: string; userId?: string }) =>
  (await db.update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(
      eq(authTokens.kind, input.kind),
      eq(authTokens.tokenHash, input.tokenHash),
      isNull(authTokens.usedAt),
      gt(authTokens.expiresAt, new Date()),
      input.userId ? eq(authTokens.userId, input.userId) : undefined,
    ))
    .returning({ userId: authTokens.userId, businessId: authTokens.businessId }))[0];

/** Ends a user's outstanding links of one kind (a used reset link ends the others). */
export const endAuthTokens = async (db: DbOrTx, userId: string, kind: 'reset' | 'confirm') =>
  db.update(authTokens).set({ usedAt: new Date() }).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));

/** The business's logo path, locked until the transaction ends, so two replacements in a row each see the one they replace. */
export const lockBusinessImage = async (db: DbOrTx, businessId: string) =>
  (await db.select({ imagePath: businesses.imagePath }).from(businesses).where(eq(businesses.id, businessId)).for('update'))[0]?.imagePath ?? null;
