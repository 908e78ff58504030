import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { businesses, employees, users } from '../../db/schema/index.ts';
import type { TUserRow } from './auth.repo.ts';

/**
 * Unconfirmed registrations (issue 29, item 6). A sign-up whose owner never confirmed the address does not hold
 * that address for ever: past the grace period plus a few days to act on the reminder it is purged, and an
 * invitation accepted from the mailbox (which proves it) removes it at once. docs/decisions.md, "Address squatting".
 */

/** Days after sign-up an unconfirmed registration is kept: the 3-day grace period, then 4 days in which sign-in re-sends the link. */
export const UNCONFIRMED_KEEP_DAYS = 7;

/** An owner account whose address was never confirmed: a claim on the address, not proof of it. */
export const isUnconfirmedClaim = (row: Pick<TUserRow, 'emailConfirmedAt' | 'roles'>) => !row.emailConfirmedAt && row.roles.includes('owner');

type TRows<T> = { rows: T[] };

/**
 * Deletes every business whose owner registered more than UNCONFIRMED_KEEP_DAYS ago, never confirmed, and is its
 * only user (the business and everything made in it go with it, by the foreign keys' cascade). A business with
 * other users is kept: someone else works in it, and its owner can still confirm or be taken over by a reset.
 * Returns how many businesses were deleted.
 */
export const purgeUnconfirmedRegistrations = async (deps: Pick<TDeps, 'db'> & { log?: TDeps['log'] }) => {
  const res = await deps.db.execute(sql`
    DELETE FROM ${businesses} b
    WHERE EXISTS (
      SELECT 1 FROM ${users} u
      WHERE u.business_id = b.id AND lower(u.email) = lower(b.owner_email) AND u.email_confirmed_at IS NULL
        AND 'owner' = ANY(u.roles) AND u.created_at < now() - make_interval(days => ${UNCONFIRMED_KEEP_DAYS})
    )
    AND NOT EXISTS (SELECT 1 FROM ${users} o WHERE o.business_id = b.id AND lower(o.email) <> lower(b.owner_email))
    RETURNING b.id, b.name`) as unknown as TRows<{ id: string; name: string }>;
  if (res.rows.length > 0) deps.log?.info({ businesses: res.rows.map((r) => r.id) }, 'unconfirmed registrations purged');
  return res.rows.length;
};

/**
 * Removes an unconfirmed owner's claim on an address (inside the caller's transaction): the user goes, and their
 * business too when nothing else is in it (no other user, no employee). A business with people in it stays,
 * without that owner. Returns what was removed, for the audit trail.
 */
export const releaseUnconfirmedClaim = async (tx: DbOrTx, claim: TUserRow) => {
  const res = await tx.execute(sql`
    SELECT
      (SELECT count(*) FROM ${users} WHERE business_id = ${claim.businessId} AND id <> ${claim.id})::int AS others,
      (SELECT count(*) FROM ${employees} WHERE business_id = ${claim.businessId})::int AS staff`) as unknown as TRows<{ others: number; staff: number }>;
  const isEmpty = res.rows[0].others === 0 && res.rows[0].staff === 0;
  if (isEmpty) await tx.execute(sql`DELETE FROM ${businesses} WHERE id = ${claim.businessId}`);
  else await tx.execute(sql`DELETE FROM ${users} WHERE id = ${claim.id}`);
  return { userId: claim.id, businessId: claim.businessId, businessName: claim.businessName, businessDeleted: isEmpty };
};
