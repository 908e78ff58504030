import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES, MSG, ZForgotPassword, ZIdParams, ZLogin, ZRegister, ZResetParams, ZResetPassword, ZTokenParams, ZUserIdParams,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, publicRoute, userAuth } from '../../platform/auth/guard.ts';
import { attemptsPerMinute } from '../../platform/http/rate-limit.ts';
import { readUpload } from '../../platform/http/uploads.ts';
import type { TAuthService } from './auth.service.ts';
import { twoFactorRoutes, withRetryAfter } from './two-factor.routes.ts';

export const authRoutes = (auth: TAuthService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  await twoFactorRoutes(auth)(base);

  app.post('/api/v1/auth/register', {
    schema: { tags, body: ZRegister },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req, reply) => {
    await auth.register(req.body);
    return reply.code(201).send(ok(null, MSG.registered));
  });

  app.post('/api/v1/auth/resend-confirmation', {
    schema: { tags, body: ZForgotPassword, description: 'a new e-mail confirmation link (the check-your-inbox page); same answer for any address' },
    config: { ...publicRoute, ...attemptsPerMinute(5) },
  }, async (req) => {
    await auth.resendConfirmation(req.body.email);
    return ok(null, MSG.confirmationResent);
  });

  app.post('/api/v1/auth/login', {
    schema: { tags, body: ZLogin },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req, reply) => {
    const result = await withRetryAfter(reply, auth.login(req.body.email, req.body.password, req.ip));
    if ('secondStep' in result) {
      const message = result.secondStep.twoFactor === 'verify' ? MSG.twoFactorCodeNeeded : MSG.twoFactorEnrolNeeded;
      return { success: true, message, data: result.secondStep };
    }
    return { success: true, message: MSG.loggedIn, token: result.token, data: result.user };
  });

  app.post('/api/v1/auth/logout', { schema: { tags }, config: allow('user') }, async (req) => {
    await auth.logout(userAuth(req));
    return ok(null, MSG.signedOut);
  });

  app.get('/api/v1/auth/users/:id', { schema: { tags, params: ZIdParams }, config: allow('user') },
    async (req) => ok(await auth.getUser(req.auth!, req.params.id)));

  app.post('/api/v1/auth/forgotpassword', {
    schema: { tags, body: ZForgotPassword },
    config: { ...publicRoute, ...attemptsPerMinute(5) },
  }, async (req) => {
    await auth.forgotPassword(req.body.email);
    return ok(null, MSG.forgotPasswordSent);
  });

  app.put('/api/v1/auth/resetpassword/:id/:token', {
    schema: { tags, params: ZResetParams, body: ZResetPassword },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req) => {
    await auth.resetPassword(req.params.id, req.params.token, req.body.password);
    return ok(null, MSG.passwordReset);
  });

  app.put('/api/v1/auth/confirm-email/:token', {
    schema: { tags, params: ZTokenParams },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req) => {
    await auth.confirmEmail(req.params.token);
    return ok(null, MSG.emailConfirmed);
  });

  app.post('/api/v1/images/upload-logo/:userId', {
    schema: { tags, params: ZUserIdParams, consumes: ['multipart/form-data'], description: 'multipart: file (an image, at most 2 MB), userId' },
    config: allow('Settings-access'),
  }, async (req) => {
    const file = await readUpload(req, { maxBytes: LOGO_MAX_BYTES, accept: (m) => m.startsWith('image/'), wrongTypeMessage: MSG.imageOnly });
    return ok(await auth.setLogo(userAuth(req), req.params.userId, file), MSG.logoUploaded);
  });

  app.get('/api/v1/files/:businessId/:name', {
    schema: { tags: ['files'], params: z.object({ businessId: z.uuid(), name: z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/, 'is not a file name') }) },
    config: publicRoute,
  }, async (req, reply) => {
    const file = await auth.getFile(`${req.params.businessId}/${req.params.name}`);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(file.body);
  });
};
