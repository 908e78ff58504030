import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TInvitation } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, userInvitations, users } from '../../db/schema/index.ts';

export type TInvitationRow = typeof userInvitations.$inferSelect;
type TListedRow = TInvitationRow & { invitedByName: string | null };

export const toInvitation = (r: TListedRow, now = Date.now()): TInvitation => ({
  _id: r.id,
  userName: r.userName,
  email: r.email,
  roles: r.roles,
  status: r.expiresAt.getTime() > now ? 'pending' : 'expired',
  sentAt: r.sentAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  invitedBy: r.invitedByName,
  createdAt: r.createdAt.toISOString(),
});

const isOpen = and(isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt));
const sameEmail = (email: string) => sql`lower(${userInvitations.email}) = ${email.toLowerCase()}`;

const selectListed = (db: DbOrTx) =>
  db.select({ invitation: userInvitations, invitedByName: users.userName }).from(userInvitations).leftJoin(users, eq(users.id, userInvitations.invitedBy));
const flatten = ({ invitation, invitedByName }: { invitation: TInvitationRow; invitedByName: string | null }): TListedRow => ({ ...invitation, invitedByName });

/** The business's open invitations (not accepted, not revoked), oldest first. */
export const findOpenInvitations = async (db: DbOrTx, businessId: string) =>
  (await selectListed(db).where(and(eq(userInvitations.businessId, businessId), isOpen)).orderBy(asc(userInvitations.createdAt))).map(flatten);

/** One open invitation of the business; another business's (or a closed one) is not found. */
export const getOpenInvitation = async (db: DbOrTx, businessId: string, id: string, opts: { forUpdate?: boolean } = {}) => {
  const query = selectListed(db).where(and(eq(userInvitations.businessId, businessId), eq(userInvitations.id, id), isOpen)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update', { of: userInvitations }) : await query;
  return row ? flatten(row) : undefined;
};

export const findOpenInvitationByEmail = async (db: DbOrTx, businessId: string, email: string) =>
  (await db.select().from(userInvitations).where(and(eq(userInvitations.businessId, businessId), sameEmail(email), isOpen)).limit(1))[0];

/** Closes an address's open invitation whose link ran out, so the address can be invited afresh. */
export const revokeExpiredInvitation = async (db: DbOrTx, businessId: string, email: string) =>
  db.update(userInvitations).set({ revokedAt: new Date() })
    .where(and(eq(userInvitations.businessId, businessId), sameEmail(email), isOpen, lt(userInvitations.expiresAt, new Date())));

export const createInvitation = async (db: DbOrTx, input: { businessId: string; email: string; userName: string; roles: string[]; tokenHash: string; expiresAt: Date; invitedBy: string }) =>
  (await db.insert(userInvitations).values(input).returning())[0];

/** A new link: the old token's hash is replaced, so the earlier link stops working. */
export const renewInvitationToken = async (db: DbOrTx, id: string, input: { tokenHash: string; expiresAt: Date }) =>
  db.update(userInvitations).set({ ...input, sentAt: new Date() }).where(eq(userInvitations.id, id));

export const revokeInvitation = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.update(userInvitations).set({ revokedAt: new Date() })
    .where(and(eq(userInvitations.businessId, businessId), eq(userInvitations.id, id), isOpen))
    .returning({ id: userInvitations.id })).length > 0;

/** The invitation a link's token belongs to, whatever its state, with its business's name. */
export const findInvitationByToken = async (db: DbOrTx, tokenHash: string, opts: { forUpdate?: boolean } = {}) => {
  const query = db.select({ invitation: userInvitations, businessName: businesses.name }).from(userInvitations)
    .innerJoin(businesses, eq(businesses.id, userInvitations.businessId))
    .where(eq(userInvitations.tokenHash, tokenHash)).limit(1);
  return (opts.forUpdate ? await query.for('update', { of: userInvitations }) : await query)[0];
};

export const markAccepted = async (db: DbOrTx, id: string, userId: string) =>
  db.update(userInvitations).set({ acceptedAt: new Date(), acceptedUserId: userId }).where(eq(userInvitations.id, id));
