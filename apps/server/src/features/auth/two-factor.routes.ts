import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG, ZLoginEnrolledResponse, ZLoginResponse, ZLoginTwoFactor, ZLoginTwoFactorEnable, ZRecoveryCodes,
  ZTwoFactorChallengeBody, ZTwoFactorEnable, ZTwoFactorPolicy, ZTwoFactorProof, ZTwoFactorSetup, ZTwoFactorStatus,
} from '@bizdesk/contract';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { allow, humansOnly, publicRoute, userAuth } from '../../platform/auth/guard.ts';
import { attemptsPerMinute } from '../../platform/http/rate-limit.ts';
import type { TAuthService } from './auth.service.ts';

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string().optional(), data });
/** Who may turn on two-factor sign-in: the roles that move money (the owner passes every role); people, never an API key. */
const MONEY_ROLES = { ...allow('Accounts-access', 'Approvals-access'), ...humansOnly };

/**
 * Two-factor sign-in (issue 29). The login's second step and the enrolment a business requires are public
 * routes that take the short-lived challenge the login answered with; the rest are the signed-in user's own.
 */
/** A back-off refusal carries how long to wait; say it in Retry-After as well as in the body. */
export const withRetryAfter = async <T>(reply: FastifyReply, work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (err) {
    const wait = err instanceof AppError ? (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds : undefined;
    if (wait) reply.header('retry-after', String(wait));
    throw err;
  }
};

export const twoFactorRoutes = (auth: TAuthService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const tf = auth.twoFactor;

  app.post('/api/v1/auth/login/two-factor', {
    schema: { tags, body: ZLoginTwoFactor, response: { 200: ZLoginResponse }, description: 'the login\'s second step: a code from the authenticator app, or a recovery code' },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req, reply) => {
    const { token, user } = await withRetryAfter(reply, auth.loginWithCode(req.body.challenge, req.body.code, req.ip));
    return { success: true as const, message: MSG.loggedIn, token, data: user };
  });

  app.post('/api/v1/auth/login/two-factor/setup', {
    schema: { tags, body: ZTwoFactorChallengeBody, response: { 200: envelope(ZTwoFactorSetup) }, description: 'enrolment the business requires, before the first session' },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req) => ok(await auth.loginSetup(req.body.challenge), MSG.twoFactorSetupStarted));

  app.post('/api/v1/auth/login/two-factor/enable', {
    schema: { tags, body: ZLoginTwoFactorEnable, response: { 200: ZLoginEnrolledResponse } },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req, reply) => {
    const { token, user, recoveryCodes } = await withRetryAfter(reply, auth.loginEnable(req.body.challenge, req.body.code, req.ip));
    return { success: true as const, message: MSG.twoFactorEnabled, token, data: user, recoveryCodes };
  });

  app.get('/api/v1/auth/two-factor', { schema: { tags, response: { 200: envelope(ZTwoFactorStatus) } }, config: MONEY_ROLES },
    async (req) => ok(await tf.status(userAuth(req))));

  app.post('/api/v1/auth/two-factor/setup', { schema: { tags, response: { 200: envelope(ZTwoFactorSetup) } }, config: { ...MONEY_ROLES, ...attemptsPerMinute(10) } },
    async (req) => ok(await tf.setup(userAuth(req)), MSG.twoFactorSetupStarted));

  app.post('/api/v1/auth/two-factor/enable', {
    schema: { tags, body: ZTwoFactorEnable, response: { 200: envelope(ZRecoveryCodes) } },
    config: { ...MONEY_ROLES, ...attemptsPerMinute(10) },
  }, async (req, reply) => ok({ recoveryCodes: await withRetryAfter(reply, tf.enable(userAuth(req), req.body.code)) }, MSG.twoFactorEnabled));

  app.post('/api/v1/auth/two-factor/disable', {
    schema: { tags, body: ZTwoFactorProof, response: { 200: envelope(z.null()) } },
    config: { ...MONEY_ROLES, ...attemptsPerMinute(10) },
  }, async (req, reply) => {
    await withRetryAfter(reply, tf.disable(userAuth(req), req.body));
    return ok(null, MSG.twoFactorDisabled);
  });

  app.post('/api/v1/auth/two-factor/recovery-codes', {
    schema: { tags, body: ZTwoFactorProof, response: { 200: envelope(ZRecoveryCodes) } },
    config: { ...MONEY_ROLES, ...attemptsPerMinute(10) },
  }, async (req, reply) => ok({ recoveryCodes: await withRetryAfter(reply, tf.renewRecoveryCodes(userAuth(req), req.body)) }, MSG.recoveryCodesRenewed));

  app.put('/api/v1/auth/two-factor/policy', {
    schema: { tags, body: ZTwoFactorPolicy, response: { 200: envelope(ZTwoFactorPolicy) }, description: 'owner only: require two-factor sign-in for owners, Accounts-access and Approvals-access' },
    config: allow('owner'),
  }, async (req) => ok(await tf.setRequired(userAuth(req), req.body.required), MSG.twoFactorPolicySaved));
};
