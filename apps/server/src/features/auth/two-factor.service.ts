import { Secret, TOTP } from 'otpauth';
import { canUseTwoFactor, MSG, TWO_FACTOR_ROLES, type TTwoFactorProof } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { randomCode, sha256, verifyPassword } from '../../platform/auth/passwords.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { enterBackoff, failedInBackoff, forgetBackoff, type TBackoff } from '../../platform/http/backoff.ts';
import * as authRepo from './auth.repo.ts';
import * as repo from './two-factor.repo.ts';

const PERIOD = 30;
const RECOVERY_CODES = 10;
const VERIFY_TTL_MS = 5 * 60_000;
const ENROL_TTL_MS = 15 * 60_000;
/** Wrong codes per user: 5 free in 15 minutes, then a wait from 30 s doubling to 15 minutes. */
const codeBackoff = (userId: string): TBackoff => ({ key: `two-factor:${userId}`, free: 5, windowMs: 15 * 60_000, firstWaitMs: 30_000, maxWaitMs: 15 * 60_000 });

export type TChallengeKind = 'verify' | 'enrol';
type TChallenge = { u: string; v: number; k: TChallengeKind; e: number };

const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const formatRecoveryCode = (raw: string) => `${raw.slice(0, 5)}-${raw.slice(5)}`;

/**
 * TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every authenticator app reads) with recovery codes, for the roles
 * that move money (docs/decisions.md, issue 29). Keys are sealed at rest; a code's 30-second step is used once.
 */
export const createTwoFactorService = (deps: TDeps) => {
  const { db, secretBox } = deps;
  const issuer = 'Bizdesk';

  const totpFor = (secret: string, label: string) => new TOTP({ issuer, label, secret: Secret.fromBase32(secret), period: PERIOD, digits: 6, algorithm: 'SHA1' });

  /** The step a code belongs to (within one step either side, for clock drift), or null when it is wrong. */
  const stepOf = (secret: string, code: string) => {
    if (!/^\d{6}$/.test(code)) return null;
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), period: PERIOD, window: 1, timestamp: Date.now() });
    return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: Date.now() }) + delta;
  };

  const openSecret = (sealed: string | null, userId: string) => {
    const secret = sealed ? secretBox.open(sealed, `totp:${userId}`) : null;
    if (sealed && !secret) deps.log.error({ userId }, 'an authenticator key could not be opened (was the server secret changed?)');
    return secret;
  };

  const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODES }, () => formatRecoveryCode(randomCode(10)));

  /** True when `code` is a current authenticator code not used before, or an unused recovery code (then used up). */
  const useCode = async (userId: string, code: string) => {
    const row = await repo.findTwoFactor(db, userId);
    if (!row?.secret) return false;
    const c = normalise(code);
    // An unreadable key (the server secret changed) still lets recovery codes in, to set up a new key.
    const secret = openSecret(row.secret, userId);
    const step = secret ? stepOf(secret, c) : null;
    if (step !== null) return repo.useStep(db, userId, step);
    return /^[A-Z0-9]{10}$/.test(c) ? repo.useRecoveryCode(db, userId, sha256(c)) : false;
  };

  /** Checks a code under the per-user back-off; a wrong one is 400, too many are 429. */
  const assertCode = async (userId: string, code: string) => {
    const limit = codeBackoff(userId);
    const entry = await enterBackoff(db, limit);
    if (!entry.ok) throw new AppError('RATE_LIMITED', MSG.twoFactorTooManyCodes, 429, { retryAfterSeconds: Math.ceil(entry.retryAfterMs / 1000) });
    if (!(await useCode(userId, code))) {
      await failedInBackoff(db, limit, entry.attempt);
      throw badRequest(MSG.twoFactorCodeInvalid, [{ field: 'body.code', message: MSG.twoFactorCodeInvalid }]);
    }
    await forgetBackoff(db, limit);
  };

  const startSetup = async (businessId: string, userId: string, email: string) => {
    const secret = new Secret({ size: 20 }).base32;
    await repo.savePendingSecret(db, businessId, userId, secretBox.seal(secret, `totp-pending:${userId}`));
    const otpauthUri = totpFor(secret, email).toString();
    const { default: QRCode } = await import('qrcode'); // on the first enrolment, not at every start
    const qrCode = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(qrCode).toString('base64')}` };
  };

  /** The first code from the new key turns it on; returns the recovery codes (shown once). */
  const finishSetup = async (actor: TUserAuth | { kind: 'system'; businessId: string }, businessId: string, userId: string, code: string) => {
    const limit = codeBackoff(userId);
    const entry = await enterBackoff(db, limit);
    if (!entry.ok) throw new AppError('RATE_LIMITED', MSG.twoFactorTooManyCodes, 429, { retryAfterSeconds: Math.ceil(entry.retryAfterMs / 1000) });
    const row = await repo.findTwoFactor(db, userId);
    const pending = row?.pendingSecret ? secretBox.open(row.pendingSecret, `totp-pending:${userId}`) : null;
    if (!pending) throw badRequest(MSG.twoFactorNoSetup);
    const step = stepOf(pending, normalise(code));
    if (step === null) {
      await failedInBackoff(db, limit, entry.attempt);
      throw badRequest(MSG.twoFactorCodeInvalid, [{ field: 'body.code', message: MSG.twoFactorCodeInvalid }]);
    }
    await forgetBackoff(db, limit);
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      await repo.enable(tx, userId, secretBox.seal(pending, `totp:${userId}`), step);
      await repo.replaceRecoveryCodes(tx, businessId, userId, codes.map((c) => sha256(normalise(c))));
      await audit(tx, actor, 'user.two-factor-enabled', { entity: 'user', entityId: userId, after: { twoFactor: true } });
    });
    return codes;
  };

  const assertProof = async (auth: TUserAuth, proof: TTwoFactorProof) => {
    if (proof.code !== undefined) return assertCode(auth.userId, proof.code);
    const row = await authRepo.findUserInBusiness(db, auth.businessId, auth.userId);
    if (!row || !(await verifyPassword(proof.password ?? '', row.passwordHash))) {
      throw badRequest(MSG.twoFactorProofInvalid, [{ field: 'body.password', message: MSG.twoFactorProofInvalid }]);
    }
  };

  const assertEnabled = async (userId: string) => {
    const row = await repo.findTwoFactor(db, userId);
    if (!row?.secret) throw conflict(MSG.twoFactorNotEnabled);
  };

  const sealChallenge = (row: authRepo.TUserRow, kind: TChallengeKind) =>
    secretBox.seal(JSON.stringify({ u: row.id, v: row.tokenVersion, k: kind, e: Date.now() + (kind === 'verify' ? VERIFY_TTL_MS : ENROL_TTL_MS) } satisfies TChallenge), 'login-challenge');

  return {
    /**
     * After a right password: the second step due, if any. `verify` when the user has two-factor sign-in on;
     * `enrol` when the business requires it for the user's roles and the user has none yet.
     */
    challengeFor: async (row: authRepo.TUserRow): Promise<{ twoFactor: TChallengeKind; challenge: string } | null> => {
      const tf = await repo.findTwoFactor(db, row.id);
      if (tf?.secret) return { twoFactor: 'verify', challenge: sealChallenge(row, 'verify') };
      if (canUseTwoFactor(row.roles) && (await repo.isRequired(db, row.businessId))) return { twoFactor: 'enrol', challenge: sealChallenge(row, 'enrol') };
      return null;
    },

    /** The user a live challenge of `kind` was issued to; a password change or sign-out since voids it. */
    openChallenge: async (challenge: string, kind: TChallengeKind) => {
      const text = secretBox.open(challenge, 'login-challenge');
      const parsed = text ? (JSON.parse(text) as TChallenge) : null;
      const row = parsed && parsed.k === kind && parsed.e > Date.now() ? await authRepo.findUserById(db, parsed.u) : undefined;
      if (!parsed || !row || row.tokenVersion !== parsed.v) throw new AppError('UNAUTHENTICATED', MSG.twoFactorChallengeInvalid, 401);
      return row;
    },

    assertCode,
    startSetup,
    finishSetup,

    status: async (auth: TUserAuth) => {
      const row = await repo.findTwoFactor(db, auth.userId);
      return {
        enabled: !!row?.secret,
        recoveryCodesLeft: row?.secret ? await repo.countRecoveryCodesLeft(db, auth.userId) : 0,
        required: await repo.isRequired(db, auth.businessId),
      };
    },

    setup: (auth: TUserAuth) => startSetup(auth.businessId, auth.userId, auth.email),
    enable: (auth: TUserAuth, code: string) => finishSetup(auth, auth.businessId, auth.userId, code),

    /** Needs the password or a current code; refused while the owner requires it for the user's roles. */
    disable: async (auth: TUserAuth, proof: TTwoFactorProof) => {
      await assertEnabled(auth.userId);
      if (canUseTwoFactor(auth.roles) && (await repo.isRequired(db, auth.businessId))) throw conflict(MSG.twoFactorRequiredForRole);
      await assertProof(auth, proof);
      await db.transaction(async (tx) => {
        await repo.disable(tx, auth.userId);
        await audit(tx, auth, 'user.two-factor-disabled', { entity: 'user', entityId: auth.userId, before: { twoFactor: true }, after: { twoFactor: false } });
      });
    },

    renewRecoveryCodes: async (auth: TUserAuth, proof: TTwoFactorProof) => {
      await assertEnabled(auth.userId);
      await assertProof(auth, proof);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await repo.replaceRecoveryCodes(tx, auth.businessId, auth.userId, codes.map((c) => sha256(normalise(c))));
        await audit(tx, auth, 'user.recovery-codes-renewed', { entity: 'user', entityId: auth.userId });
      });
      return codes;
    },

    /**
     * The owner requires (or stops requiring) two-factor sign-in for owners, Accounts-access and Approvals-access.
     * Turning it on ends the sessions of those users who have none, so they enrol at their next sign-in.
     */
    setRequired: async (auth: TUserAuth, required: boolean) => {
      if (required && !(await repo.findTwoFactor(db, auth.userId))?.secret) throw conflict(MSG.twoFactorEnableOwnFirst);
      const ended = await db.transaction(async (tx) => {
        const before = await repo.isRequired(tx, auth.businessId);
        await repo.setRequired(tx, auth.businessId, required);
        const ids = required && !before ? await repo.endSessionsWithoutTwoFactor(tx, auth.businessId, TWO_FACTOR_ROLES) : [];
        for (const id of ids) await deps.principals.changed(tx, auth.businessId, id);
        await audit(tx, auth, 'business.two-factor-required', { entity: 'business', entityId: auth.businessId, before: { requireTwoFactor: before }, after: { requireTwoFactor: required } });
        return ids;
      });
      for (const id of ended) deps.principals.forget(id);
      return { required };
    },
  };
};
export type TTwoFactorService = ReturnType<typeof createTwoFactorService>;
