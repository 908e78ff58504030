import { z } from 'zod';
import { ZUser } from './auth.ts';

/** Roles that move money: they may turn on two-factor sign-in, and the owner may require it of them. */
export const TWO_FACTOR_ROLES = ['owner', 'Accounts-access', 'Approvals-access'] as const;
export const canUseTwoFactor = (roles: readonly string[]) => roles.some((r) => (TWO_FACTOR_ROLES as readonly string[]).includes(r));

/** A 6-digit code from the authenticator app, or a recovery code (XXXXX-XXXXX). */
export const ZTwoFactorCode = z.string().trim().min(6, 'is required').max(40, 'is too long');
const ZChallenge = z.string().min(20, 'is not a valid sign-in').max(2000, 'is not a valid sign-in');

export const ZLoginTwoFactor = z.object({ challenge: ZChallenge, code: ZTwoFactorCode });
export type TLoginTwoFactor = z.infer<typeof ZLoginTwoFactor>;
export const ZTwoFactorChallengeBody = z.object({ challenge: ZChallenge });
export const ZTwoFactorEnable = z.object({ code: ZTwoFactorCode });
export const ZLoginTwoFactorEnable = z.object({ challenge: ZChallenge, code: ZTwoFactorCode });
/** Proof that the person at the keyboard holds the account: the password, or a current code. */
export const ZTwoFactorProof = z.object({
  password: z.string().min(1, 'is required').max(200).optional(),
  code: ZTwoFactorCode.optional(),
}).refine((b) => b.password !== undefined || b.code !== undefined, { message: 'Enter your password or a code from your authenticator app', path: ['password'] });
export type TTwoFactorProof = z.infer<typeof ZTwoFactorProof>;
export const ZTwoFactorPolicy = z.object({ required: z.boolean() });
export type TTwoFactorPolicy = z.infer<typeof ZTwoFactorPolicy>;

/** A new authenticator key: scan `qrCode` (an SVG data URL of `otpauthUri`) or type `secret`. */
export const ZTwoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The business requires two-factor sign-in for owners, Accounts-access and Approvals-access. */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;
/** Shown once: only their hashes are kept. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/**
 * The login's answer when the password is right but a second step is due: `verify` (enter a code) or `enrol`
 * (the business requires two-factor sign-in and this user has none yet). `challenge` is short-lived and opens
 * only the second step, never the API.
 */
export const ZLoginChallenge = z.object({ twoFactor: z.enum(['verify', 'enrol']), challenge: z.string() });
export type TLoginChallenge = z.infer<typeof ZLoginChallenge>;
export const ZLoginChallengeResponse = z.object({ success: z.literal(true), message: z.string(), data: ZLoginChallenge });
export const ZLoginEnrolledResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string(), data: ZUser, recoveryCodes: z.array(z.string()) });
