import { canUseTwoFactor, MSG, type TInviteUser } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { assertStrongPassword, hashPassword, randomToken, sha256 } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import { countAttempt } from '../../platform/http/rate-limit.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { isRequired as isTwoFactorRequired } from '../auth/two-factor.repo.ts';
import { CONFIRM_GRACE_DAYS } from '../auth/auth.service.ts';
import { inviteMail } from '../auth/auth.mails.ts';
import { isUnconfirmedClaim, releaseUnconfirmedClaim } from '../auth/registrations.ts';
import { assertCanAssign } from './users.service.ts';
import * as repo from './invitations.repo.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const INVITATION_DAYS = 7;
/** Resends of one invitation per hour: enough for a lost mail, too few to flood an inbox. */
const RESENDS_PER_HOUR = 3;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const accountExists = (email: string) => conflict(`${email} already has a Bizdesk account`).as('accountExists', { email });
const alreadyInvited = (email: string) => conflict(`${email} already has a pending invitation; send it again from the list instead`).as('alreadyInvited', { email });

/** Why a link's invitation cannot be used, told plainly: the holder of the link is its addressee. */
const assertUsable = (found: Awaited<ReturnType<typeof repo.findInvitationByToken>>) => {
  if (!found) throw new AppError('NOT_FOUND', MSG.invitationInvalid, 404);
  const { invitation } = found;
  if (invitation.acceptedAt) throw new AppError('CONFLICT', MSG.invitationUsed, 409);
  if (invitation.revokedAt) throw new AppError('INVALID_TOKEN', MSG.invitationRevokedLink, 410);
  if (invitation.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_TOKEN', MSG.invitationExpired, 410);
  return found;
};

export const createInvitationsService = ({ db, mailer, config, jwt }: TDeps) => {
  /**
   * The invitee's mail. An address that has a (confirmed or staff) account with another business gets the same
   * invitation with a line saying the link cannot be used while that account exists: the inviter is told nothing.
   */
  const send = async (auth: TUserAuth, invitation: { email: string; userName: string }, token: string) => {
    const link = `${config.publicUrl}/accept-invitation/${token}`;
    const holder = await authRepo.findUserByEmail(db, invitation.email);
    const heldElsewhere = !!holder && holder.businessId !== auth.businessId && !isUnconfirmedClaim(holder);
    const mail = inviteMail({ link, businessName: auth.businessName, inviterName: auth.userName, userName: invitation.userName, days: INVITATION_DAYS, heldElsewhere });
    await mailer.send({ businessId: auth.businessId, to: invitation.email, ...mail, secrets: [token] });
  };

  const newToken = () => {
    const token = randomToken();
    return { token, tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY) };
  };

  /** Past the grace period sign-in waits for the owner's confirmed e-mail; the new user then signs in later. */
  const isSignInPaused = async (businessId: string) => {
    const owner = await authRepo.findOwnerOfBusiness(db, businessId);
    return !!owner && !owner.emailConfirmedAt && Date.now() - owner.createdAt.getTime() >= CONFIRM_GRACE_DAYS * DAY;
  };

  return {
    /**
     * The mail goes out after the invitation is committed; if it fails, the list's Resend sends it again.
     * Only a user of the inviting business is refused (409): whether the address has an account elsewhere is not
     * the inviter's to know, so that invitation is made and answered like any other (its mail tells the holder).
     */
    invite: async (auth: TUserAuth, input: TInviteUser) => {
      assertCanAssign(auth, input.roles);
      const holder = await authRepo.findUserByEmail(db, input.email);
      if (holder?.businessId === auth.businessId) throw accountExists(input.email);
      const { token, tokenHash, expiresAt } = newToken();
      const created = await db.transaction(async (tx) => {
        await repo.revokeExpiredInvitation(tx, auth.businessId, input.email);
        if (await repo.findOpenInvitationByEmail(tx, auth.businessId, input.email)) throw alreadyInvited(input.email);
        const row = await repo.createInvitation(tx, { businessId: auth.businessId, email: input.email, userName: input.userName, roles: input.roles, tokenHash, expiresAt, invitedBy: auth.userId });
        await audit(tx, auth, 'user.invited', { entity: 'user-invitation', entityId: row.id, after: { email: row.email, userName: row.userName, roles: row.roles, expiresAt } });
        return row;
      }).catch((err: unknown) => {
        if (isUniqueViolation(err)) throw alreadyInvited(input.email); // the same address invited at the same moment
        throw err;
      });
      await send(auth, created, token);
      return repo.toInvitation({ ...created, invitedByName: auth.userName });
    },

    list: async (auth: TUserAuth) => (await repo.findOpenInvitations(db, auth.businessId)).map((r) => repo.toInvitation(r)),

    /** A new link (and seven more days); the earlier link stops working. */
    resend: async (auth: TUserAuth, id: string) => {
      const found = await repo.getOpenInvitation(db, auth.businessId, id);
      if (!found) throw notFound('Invitation');
      if ((await countAttempt(db, `invite-resend:${id}`, HOUR)).current > RESENDS_PER_HOUR) throw new AppError('RATE_LIMITED', MSG.invitationResendLimit, 429);
      const { token, tokenHash, expiresAt } = newToken();
      const renewed = await db.transaction(async (tx) => {
        const row = await repo.getOpenInvitation(tx, auth.businessId, id, { forUpdate: true });
        if (!row) throw notFound('Invitation');
        await repo.renewInvitationToken(tx, id, { tokenHash, expiresAt });
        await audit(tx, auth, 'user.invitation-resent', { entity: 'user-invitation', entityId: id, before: { sentAt: row.sentAt, expiresAt: row.expiresAt }, after: { expiresAt } });
        return { ...row, tokenHash, expiresAt, sentAt: new Date() };
      });
      await send(auth, renewed, token);
      return repo.toInvitation(renewed);
    },

    revoke: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
      const row = await repo.getOpenInvitation(tx, auth.businessId, id, { forUpdate: true });
      if (!row || !(await repo.revokeInvitation(tx, auth.businessId, id))) throw notFound('Invitation');
      await audit(tx, auth, 'user.invitation-revoked', { entity: 'user-invitation', entityId: id, before: { email: row.email, userName: row.userName, roles: row.roles } });
      return { _id: id };
    }),

    /** The public accept page: whom the link invites, to which business. */
    preview: async (token: string) => {
      const { invitation, businessName } = assertUsable(await repo.findInvitationByToken(db, sha256(token)));
      return { email: invitation.email, userName: invitation.userName, businessName, expiresAt: invitation.expiresAt.toISOString() };
    },

    /**
     * Creates the user with the invited roles and closes the invitation in one transaction (the row is
     * locked, so a link used twice at once makes one account). Opening the mailed link proves the address, so it
     * wins over an unconfirmed sign-up holding it (removed, with its business if empty); a confirmed account or a
     * staff account elsewhere keeps the address (409, told to the mailbox holder only). Answers with a session
     * unless sign-in is paused for the business.
     */
    accept: async (token: string, password: string) => {
      const tokenHash = sha256(token);
      const peek = assertUsable(await repo.findInvitationByToken(db, tokenHash));
      await assertStrongPassword(password, [peek.invitation.email, peek.invitation.userName, peek.businessName]);
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const { invitation } = assertUsable(await repo.findInvitationByToken(tx, tokenHash, { forUpdate: true }));
        const holder = await authRepo.findUserByEmail(tx, invitation.email);
        if (holder && (!isUnconfirmedClaim(holder) || holder.businessId === invitation.businessId)) throw accountExists(invitation.email);
        const system = { kind: 'system' as const, businessId: invitation.businessId };
        if (holder) {
          const released = await releaseUnconfirmedClaim(tx, holder);
          await audit(tx, system, 'user.unconfirmed-claim-removed', { entity: 'user-invitation', entityId: invitation.id, before: { email: holder.email, ...released } });
        }
        const { id } = await authRepo.createUser(tx, { businessId: invitation.businessId, email: invitation.email, userName: invitation.userName, passwordHash, roles: invitation.roles });
        await authRepo.confirmEmail(tx, id);
        await repo.markAccepted(tx, invitation.id, id);
        await audit(tx, system, 'user.invitation-accepted', { entity: 'user-invitation', entityId: invitation.id, after: { userId: id } });
        await audit(tx, system, 'user.created', { entity: 'user', entityId: id, after: { email: invitation.email, userName: invitation.userName, roles: invitation.roles, invitationId: invitation.id } });
        return id;
      }).catch((err: unknown) => {
        if (isUniqueViolation(err)) throw accountExists(peek.invitation.email);
        throw err;
      });
      const row = (await authRepo.findUserById(db, userId))!;
      const user = authRepo.toUser(row);
      if (await isSignInPaused(row.businessId)) return { token: null, user, message: MSG.invitationAcceptedSignIn };
      // Two-factor sign-in required for the invited roles: the session starts at sign-in, after enrolment.
      if (canUseTwoFactor(row.roles) && (await isTwoFactorRequired(db, row.businessId))) return { token: null, user, message: MSG.invitationAcceptedSignIn };
      const session = await jwt.sign({ scope: 'user', id: row.id, bid: row.businessId, roles: row.roles, ver: row.tokenVersion });
      return { token: session, user, message: MSG.invitationAccepted };
    },
  };
};
export type TInvitationsService = ReturnType<typeof createInvitationsService>;
