import { MSG, type TRegister } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/auth/passwords.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import type { TTokenClaims } from '../../platform/auth/jwt.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './auth.repo.ts';

const CURRENCIES: Record<string, string> = { NG: 'NGN', GH: 'GHS', KE: 'KES', ZA: 'ZAR', US: 'USD', GB: 'GBP' };
const RESET_TTL_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// Compared against when the e-mail is unknown, so a login takes as long either way.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86);

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export const createAuthService = (deps: TDeps) => {
  const { db, jwt, mailer, config } = deps;

  const sendLink = async (opts: { businessId: string; userId: string; email: string; kind: 'reset' | 'confirm' }) => {
    const token = randomToken();
    const ttl = opts.kind === 'reset' ? RESET_TTL_MS : CONFIRM_TTL_MS;
    await repo.createAuthToken(db, { businessId: opts.businessId, userId: opts.userId, kind: opts.kind, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttl) });
    const link = opts.kind === 'reset'
      ? `${config.publicUrl}/resetpassword/${opts.userId}/${token}`
      : `${config.publicUrl}/confirm-email/${token}`;
    const subject = opts.kind === 'reset' ? 'Reset your Bizdesk password' : 'Confirm your e-mail address for Bizdesk';
    const text = opts.kind === 'reset'
      ? `Someone asked to reset the password of your Bizdesk account. Open this link within an hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`
      : `Welcome to Bizdesk. Open this link to confirm your e-mail address:\n\n${link}`;
    await mailer.send({ businessId: opts.businessId, to: opts.email, subject, text, html: `<p>${text.replace(link, `<a href="${link}">${link}</a>`).replace(/\n/g, '<br>')}</p>` });
  };

  const issueToken = (row: repo.TUserRow) =>
    jwt.sign({ scope: 'user', id: row.id, bid: row.businessId, roles: row.roles, ver: row.tokenVersion });

  return {
    register: async (input: TRegister) => {
      const passwordHash = await hashPassword(input.password);
      if (await repo.isEmailTaken(db, input.email)) throw conflict(MSG.emailTaken);
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
        if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
        throw err;
      });
      await sendLink({ ...created, email: input.email, kind: 'confirm' });
      return repo.toUser((await repo.findUserInBusiness(db, created.businessId, created.userId))!);
    },

    login: async (email: string, password: string) => {
      const row = await repo.findUserByEmail(db, email);
      const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !valid) throw new AppError('UNAUTHENTICATED', MSG.invalidCredentials, 401);
      return { token: await issueToken(row), user: repo.toUser(row) };
    },

    logout: async (auth: TUserAuth) => repo.bumpTokenVersion(db, auth.userId),

    getUser: async (auth: TAuth, userId: string) => {
      const row = await repo.findUserInBusiness(db, auth.businessId, userId);
      if (!row) throw notFound('User');
      return repo.toUser(row);
    },

    forgotPassword: async (email: string) => {
      const row = await repo.findUserByEmail(db, email);
      // Same answer whether or not the address exists, so it can't be used to find accounts.
      if (row) await sendLink({ businessId: row.businessId, userId: row.id, email: row.email, kind: 'reset' });
    },

    resetPassword: async (userId: string, token: string, password: string) => {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const used = await repo.consumeAuthToken(tx, { kind: 'reset', tokenHash: sha256(token), userId });
        if (!used) throw badRequest(MSG.resetLinkInvalid);
        await repo.updatePassword(tx, used.userId, passwordHash);
        await audit(tx, { kind: 'system', businessId: used.businessId }, 'user.password-reset', { entity: 'user', entityId: used.userId });
      });
    },

    confirmEmail: async (token: string) => {
      await db.transaction(async (tx) => {
        const used = await repo.consumeAuthToken(tx, { kind: 'confirm', tokenHash: sha256(token) });
        if (!used) throw badRequest(MSG.confirmLinkInvalid);
        await repo.confirmEmail(tx, used.userId);
      });
    },

    setLogo: async (auth: TUserAuth, userId: string, file: { buffer: Buffer; ext: string; mime: string }) => {
      const user = await repo.findUserInBusiness(db, auth.businessId, userId);
      if (!user) throw notFound('User');
      const key = `${auth.businessId}/${crypto.randomUUID()}.${file.ext}`;
      await deps.storage.put(key, file.buffer, file.mime);
      const imagePath = `/api/v1/files/${key}`;
      await db.transaction(async (tx) => {
        await repo.setBusinessImage(tx, auth.businessId, imagePath);
        await audit(tx, auth, 'business.logo-changed', { entity: 'business', entityId: auth.businessId, before: { imagePath: user.imagePath }, after: { imagePath } });
      });
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
      const row = await repo.findPrincipalUser(db, claims.bid, claims.id);
      if (!row || row.tokenVersion !== claims.ver) return null;
      return {
        kind: 'user', userId: row.id, email: row.email, userName: row.userName, roles: row.roles as TUserAuth['roles'],
        businessId: row.businessId, businessName: row.businessName, ownerEmail: row.ownerEmail, country: row.country, timeZone: row.timeZone,
      };
    },
  };
};
export type TAuthService = ReturnType<typeof createAuthService>;
