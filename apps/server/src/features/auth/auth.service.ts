import { MSG, type TRegister } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { assertStrongPassword, hashPassword, randomToken, sha256, verifyPassword } from '../../platform/auth/passwords.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import type { TTokenClaims } from '../../platform/auth/jwt.ts';
import { audit } from '../../platform/audit.ts';
import { countAttempt } from '../../platform/http/rate-limit.ts';
import {
  addressGroup, enterBackoff, failedInBackoff, forgetBackoff, hasMark, setMark, undoAttempt, type TBackoff,
} from '../../platform/http/backoff.ts';
import * as repo from './auth.repo.ts';
import * as mails from './auth.mails.ts';
import { createTwoFactorService } from './two-factor.service.ts';

const FILES_PREFIX = '/api/v1/files/';
const CURRENCIES: Record<string, string> = { NG: 'NGN', GH: 'GHS', KE: 'KES', ZA: 'ZAR', US: 'USD', GB: 'GBP' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RESET_TTL_MS = HOUR;
const CONFIRM_TTL_MS = 7 * DAY;
/** How long a new business works before its owner's e-mail is confirmed (docs/decisions.md). */
export const CONFIRM_GRACE_DAYS = 3;
/**
 * Wrong passwords back off (docs/decisions.md, issue 29): per account and address group, 5 free in a day, then
 * a wait that doubles from 15 s to an hour; per account from addresses it has not signed in from, 30 free in
 * 15 minutes, then 15 s doubling to 15 minutes. An address the account signed in from in the last 30 days is
 * not slowed by failures elsewhere, so an attacker cannot keep the owner out.
 */
const addressBackoff = (email: string, ip: string): TBackoff =>
  ({ key: `login-fail:${email.toLowerCase()}|${addressGroup(ip)}`, free: 5, windowMs: DAY, firstWaitMs: 15_000, maxWaitMs: HOUR });
const accountBackoff = (email: string): TBackoff =>
  ({ key: accountKey(email), free: 30, windowMs: 15 * MINUTE, firstWaitMs: 15_000, maxWaitMs: 15 * MINUTE });
const knownAddressKey = (email: string, ip: string) => `login-known:${email.toLowerCase()}|${addressGroup(ip)}`;
const KNOWN_ADDRESS_MS = 30 * DAY;
const accountLocked = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', MSG.accountLocked, 429, { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
// Compared against when the e-mail is unknown, so a login takes as long either way.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86);

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const accountKey = (email: string) => `login-account:${email.toLowerCase()}`;

export const createAuthService = (deps: TDeps) => {
  const { db, jwt, mailer, config } = deps;

  /** At most `max` mails of one kind to one address per window, so nobody can use Bizdesk to flood an inbox. */
  const mayMail = async (kind: string, email: string, max: number, windowMs: number) =>
    (await countAttempt(db, `mail-${kind}:${email.toLowerCase()}`, windowMs)).current <= max;

  const sendLink = async (opts: { businessId: string; userId: string; email: string; kind: 'reset' | 'confirm' | 'claim'; businessName?: string }) => {
    const token = randomToken();
    const kind = opts.kind === 'confirm' ? 'confirm' : 'reset';
    await repo.createAuthToken(db, { businessId: opts.businessId, userId: opts.userId, kind, tokenHash: sha256(token), expiresAt: new Date(Date.now() + (kind === 'reset' ? RESET_TTL_MS : CONFIRM_TTL_MS)) });
    const link = kind === 'reset' ? `${config.publicUrl}/resetpassword/${opts.userId}/${token}` : `${config.publicUrl}/confirm-email/${token}`;
    const mail = opts.kind === 'confirm' ? mails.confirmMail(link, CONFIRM_GRACE_DAYS)
      : opts.kind === 'claim' ? mails.claimMail(link, opts.businessName ?? '')
        : mails.resetMail(link);
    await mailer.send({ businessId: opts.businessId, to: opts.email, ...mail, secrets: [token] });
  };

  /**
   * Someone registers an address that has an account. The answer stays the same as for a new address;
   * the address's holder hears of it. A registration never confirmed gets a link to choose a password,
   * which also confirms the address: only the holder of the mailbox can take it over, and a squatter's
   * password and sessions end with it. The new form's data is not used (it could be anyone's).
   */
  const onRegisteredAgain = async (row: repo.TUserRow) => {
    const isPendingOwner = !row.emailConfirmedAt && row.roles.includes('owner');
    if (!(await mayMail('register', row.email, 5, HOUR))) return;
    if (isPendingOwner) {
      await sendLink({ businessId: row.businessId, userId: row.id, email: row.email, kind: 'claim', businessName: row.businessName });
    } else {
      await mailer.send({ businessId: row.businessId, to: row.email, ...mails.alreadyRegisteredMail(config.publicUrl) });
    }
  };

  /** Past the grace period a business needs its owner's confirmed e-mail to sign in; the owner gets a new link. */
  const assertBusinessConfirmed = async (row: repo.TUserRow) => {
    const owner = row.roles.includes('owner') ? row : await repo.findOwnerOfBusiness(db, row.businessId);
    if (!owner || owner.emailConfirmedAt || Date.now() - owner.createdAt.getTime() < CONFIRM_GRACE_DAYS * DAY) return;
    if (owner.id !== row.id) throw new AppError('FORBIDDEN', MSG.ownerNotConfirmed, 403);
    if (await mayMail('confirm', row.email, 1, 10 * MINUTE)) await sendLink({ businessId: row.businessId, userId: row.id, email: row.email, kind: 'confirm' });
    throw new AppError('FORBIDDEN', MSG.confirmEmailFirst, 403);
  };

  /** Work the answer must not wait for (a mail whose delay would tell something); its failure is logged. */
  const afterAnswer = (what: string, work: () => Promise<void>) => {
    setImmediate(() => void work().catch((err: unknown) => deps.log.error({ err }, `${what} could not be sent`)));
  };

  const issueToken = (row: repo.TUserRow) =>
    jwt.sign({ scope: 'user', id: row.id, bid: row.businessId, roles: row.roles, ver: row.tokenVersion });

  const twoFactor = createTwoFactorService(deps);

  /** A full sign-in: the address becomes one the account signed in from (not slowed by failures elsewhere). */
  const openSession = async (row: repo.TUserRow, ip: string) => {
    await setMark(db, knownAddressKey(row.email, ip), KNOWN_ADDRESS_MS);
    return { token: await issueToken(row), user: repo.toUser(row) };
  };

  return {
    /** Answers the same whether or not the address has an account, so it cannot be used to find accounts. */
    register: async (input: TRegister) => {
      await assertStrongPassword(input.password, [input.email, input.userName, input.businessName]);
      const passwordHash = await hashPassword(input.password);
      const existing = await repo.findUserByEmail(db, input.email);
      if (existing) return onRegisteredAgain(existing);
      const created = await db.transaction(async (tx) => {
        const business = await repo.createBusiness(tx, {
          name: input.businessName, ownerEmail: input.email, country: input.country,
          currency: CURRENCIES[input.country] ?? 'USD', timeZone: input.timeZone,
        });
        await repo.createUnit(tx, business.id, input.businessName);
        const user = await repo.createUser(tx, { businessId: business.id, email: input.email, userName: input.userName, passwordHash, roles: ['owner'] });
        await audit(tx, { kind: 'system', businessId: business.id }, 'business.registered', { entity: 'business', entityId: business.id, after: { name: business.name, ownerEmail: business.ownerEmail } });
        return { businessId: business.id, userId: user.id };
      }).catch((err) => {
        if (isUniqueViolation(err)) return null; // registered at the same moment by another request
        throw err;
      });
      if (!created) {
        const row = await repo.findUserByEmail(db, input.email);
        if (row) await onRegisteredAgain(row);
        return;
      }
      await sendLink({ ...created, email: input.email, kind: 'confirm' });
    },

    /**
     * Counts every attempt before checking it (one upsert, so parallel guesses all count) and backs off
     * past the free ones; a success forgets the address's failures and marks the address as the account's.
     */
    login: async (email: string, password: string, ip: string) => {
      const perAddress = addressBackoff(email, ip);
      const perAccount = accountBackoff(email);
      const known = await hasMark(db, knownAddressKey(email, ip));
      const atAddress = await enterBackoff(db, perAddress);
      if (!atAddress.ok) throw accountLocked(atAddress.retryAfterMs);
      const atAccount = known ? null : await enterBackoff(db, perAccount);
      if (atAccount && !atAccount.ok) {
        await undoAttempt(db, perAddress);
        throw accountLocked(atAccount.retryAfterMs);
      }
      const row = await repo.findUserByEmail(db, email);
      const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !valid) {
        await failedInBackoff(db, perAddress, atAddress.attempt);
        if (atAccount?.ok) await failedInBackoff(db, perAccount, atAccount.attempt);
        throw new AppError('UNAUTHENTICATED', MSG.invalidCredentials, 401);
      }
      await forgetBackoff(db, perAddress);
      if (atAccount) await undoAttempt(db, perAccount);
      await assertBusinessConfirmed(row);
      const secondStep = await twoFactor.challengeFor(row);
      if (secondStep) return { secondStep };
      return openSession(row, ip);
    },

    /** The login's second step: a code from the authenticator app, or a recovery code (used up). */
    loginWithCode: async (challenge: string, code: string, ip: string) => {
      const row = await twoFactor.openChallenge(challenge, 'verify');
      await twoFactor.assertCode(row.id, code);
      return openSession(row, ip);
    },

    /** Enrolment the business requires, before the first session: a new key for the challenge's user. */
    loginSetup: async (challenge: string) => {
      const row = await twoFactor.openChallenge(challenge, 'enrol');
      return twoFactor.startSetup(row.businessId, row.id, row.email);
    },

    /** Its first code turns two-factor sign-in on and opens the session; the recovery codes are shown once. */
    loginEnable: async (challenge: string, code: string, ip: string) => {
      const row = await twoFactor.openChallenge(challenge, 'enrol');
      const recoveryCodes = await twoFactor.finishSetup({ kind: 'system', businessId: row.businessId }, row.businessId, row.id, code);
      return { ...(await openSession(row, ip)), recoveryCodes };
    },

    twoFactor,

    logout: async (auth: TUserAuth) => {
      await db.transaction(async (tx) => {
        await repo.bumpTokenVersion(tx, auth.userId);
        await deps.principals.changed(tx, auth.businessId, auth.userId);
      });
      deps.principals.forget(auth.userId);
    },

    getUser: async (auth: TAuth, userId: string) => {
      const row = await repo.findUserInBusiness(db, auth.businessId, userId);
      if (!row) throw notFound('User');
      return repo.toUser(row);
    },

    /**
     * The "check your inbox" page's resend (issue 10): a new confirmation link for an unconfirmed address, at most
     * three in an hour. Same answer whatever the address, so it can't be used to find accounts.
     */
    resendConfirmation: async (email: string) => {
      const row = await repo.findUserByEmail(db, email);
      if (!row || row.emailConfirmedAt) return;
      if (await mayMail('confirm-resend', row.email, 3, HOUR)) await sendLink({ businessId: row.businessId, userId: row.id, email: row.email, kind: 'confirm' });
    },

    /**
     * Same answer, and the same work before it, whether or not the address exists, so neither the answer nor its
     * time tells whether there is an account: both paths look the address up and count the request against it;
     * the link is stored and mailed after the answer (a mail server's delay would otherwise show).
     */
    forgotPassword: async (email: string) => {
      const [row, allowed] = await Promise.all([repo.findUserByEmail(db, email), mayMail('reset', email, 5, HOUR)]);
      if (!row || !allowed) return;
      afterAnswer('reset link', () => sendLink({ businessId: row.businessId, userId: row.id, email: row.email, kind: 'reset' }));
    },

    /**
     * A used link ends the user's other reset links and sessions. Following a link sent to the address
     * proves it is the holder's, so it also confirms the address and lifts the wrong-password pause.
     */
    resetPassword: async (userId: string, token: string, password: string) => {
      const user = await repo.findUserById(db, userId);
      await assertStrongPassword(password, user ? [user.email, user.userName, user.businessName] : []);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const used = await repo.consumeAuthToken(tx, { kind: 'reset', tokenHash: sha256(token), userId });
        if (!used) throw badRequest(MSG.resetLinkInvalid);
        await repo.endAuthTokens(tx, used.userId, 'reset');
        await repo.updatePassword(tx, used.userId, passwordHash);
        await repo.confirmEmail(tx, used.userId);
        await audit(tx, { kind: 'system', businessId: used.businessId }, 'user.password-reset', { entity: 'user', entityId: used.userId });
        await deps.principals.changed(tx, used.businessId, used.userId);
      });
      deps.principals.forget(userId);
      if (user) await forgetBackoff(db, accountBackoff(user.email));
    },

    confirmEmail: async (token: string) => {
      await db.transaction(async (tx) => {
        const used = await repo.consumeAuthToken(tx, { kind: 'confirm', tokenHash: sha256(token) });
        if (!used) throw badRequest(MSG.confirmLinkInvalid);
        await repo.confirmEmail(tx, used.userId);
        await repo.endAuthTokens(tx, used.userId, 'confirm');
      });
    },

    /** The new logo replaces the old one, whose file is deleted once the change is committed. */
    setLogo: async (auth: TUserAuth, userId: string, file: { buffer: Buffer; ext: string; mime: string }) => {
      const user = await repo.findUserInBusiness(db, auth.businessId, userId);
      if (!user) throw notFound('User');
      const key = `${auth.businessId}/${crypto.randomUUID()}.${file.ext}`;
      await deps.storage.put(key, file.buffer, file.mime);
      const imagePath = `${FILES_PREFIX}${key}`;
      const previous = await db.transaction(async (tx) => {
        const before = await repo.lockBusinessImage(tx, auth.businessId);
        await repo.setBusinessImage(tx, auth.businessId, imagePath);
        await audit(tx, auth, 'business.logo-changed', { entity: 'business', entityId: auth.businessId, before: { imagePath: before }, after: { imagePath } });
        return before;
      }).catch(async (err: unknown) => {
        await deps.storage.delete(key).catch(() => undefined);
        throw err;
      });
      const oldKey = previous?.startsWith(`${FILES_PREFIX}${auth.businessId}/`) ? previous.slice(FILES_PREFIX.length) : null;
      if (oldKey && oldKey !== key) await deps.storage.delete(oldKey).catch((err: unknown) => deps.log.warn({ err, key: oldKey }, 'could not delete the replaced logo'));
      return { imagePath };
    },

    /**
     * Uploaded files are served by their generated, unguessable names (logo addresses go into <img>).
     * Only a business's current logo is public: employee photos and documents share the storage and
     * are served by authenticated routes.
     */
    getFile: async (key: string) => {
      const businessId = key.split('/')[0];
      if (!(await repo.isBusinessLogo(db, businessId, `/api/v1/files/${key}`))) throw notFound('File');
      const file = await deps.storage.get(key);
      if (!file) throw notFound('File');
      return file;
    },

    /** Turns a user token's claims into the caller, refusing revoked tokens (password change, logout). */
    loadUser: async (claims: TTokenClaims): Promise<TUserAuth | null> => {
      if (claims.scope !== 'user') return null;
      const known = deps.principals.get(claims.bid, claims.id, claims.ver);
      if (known) return known;
      const mark = deps.principals.mark();
      const row = await repo.findPrincipalUser(db, claims.bid, claims.id);
      if (!row || row.tokenVersion !== claims.ver) return null;
      const auth: TUserAuth = {
        kind: 'user', userId: row.id, email: row.email, userName: row.userName, roles: row.roles as TUserAuth['roles'],
        businessId: row.businessId, businessName: row.businessName, ownerEmail: row.ownerEmail, country: row.country, timeZone: row.timeZone,
      };
      deps.principals.set(claims.bid, claims.id, claims.ver, auth, mark);
      return auth;
    },
  };
};
export type TAuthService = ReturnType<typeof createAuthService>;
