import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZAcceptInvitation, ZIdParams, ZInviteUser, ZTokenParams } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, publicRoute, userAuth } from '../../platform/auth/guard.ts';
import { attemptsPerMinute } from '../../platform/http/rate-limit.ts';
import type { TInvitationsService } from './invitations.service.ts';

/** Invitations (issue 10): Settings adds users by e-mail; the invitee chooses their password on the public accept page. */
export const invitationRoutes = (invitations: TInvitationsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.post('/api/v1/auth/invitations', {
    schema: { tags, body: ZInviteUser, description: 'invite a staff user by e-mail; 409 when the address is a user of this business or has a pending invitation here (an account elsewhere is not told)' },
    config: { ...allow('Settings-access'), ...attemptsPerMinute(20) },
  }, async (req, reply) => reply.code(201).send(ok(await invitations.invite(userAuth(req), req.body), MSG.invitationSent)));

  app.get('/api/v1/auth/invitations', { schema: { tags, description: 'the business’s invitations not yet accepted or revoked' }, config: allow('Settings-access') },
    async (req) => ok(await invitations.list(userAuth(req))));

  app.post('/api/v1/auth/invitations/:id/resend', {
    schema: { tags, params: ZIdParams, description: 'a new link (the earlier one stops working); at most 3 an hour' },
    config: allow('Settings-access'),
  }, async (req) => ok(await invitations.resend(userAuth(req), req.params.id), MSG.invitationResent));

  app.delete('/api/v1/auth/invitations/:id', { schema: { tags, params: ZIdParams }, config: allow('Settings-access') },
    async (req) => ok(await invitations.revoke(userAuth(req), req.params.id), MSG.invitationRevoked));

  app.get('/api/v1/auth/invitation/:token', {
    schema: { tags, params: ZTokenParams, description: 'public: the business and address an invitation link is for' },
    config: { ...publicRoute, ...attemptsPerMinute(20) },
  }, async (req) => ok(await invitations.preview(req.params.token)));

  app.post('/api/v1/auth/invitation/:token/accept', {
    schema: { tags, params: ZTokenParams, body: ZAcceptInvitation, description: 'public: choose a password; creates the user and signs them in' },
    config: { ...publicRoute, ...attemptsPerMinute(10) },
  }, async (req, reply) => {
    const { token, user, message } = await invitations.accept(req.params.token, req.body.password);
    return reply.code(201).send(token ? { success: true, message, token, data: user } : ok(user, message));
  });
};
