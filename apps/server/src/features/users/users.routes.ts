import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZIdParams, ZUpdateRoles, ZUserIdParams, ZUserRegister } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TUsersService } from './users.service.ts';

export const userRoutes = (users: TUsersService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.post('/api/v1/auth/user-register', { schema: { tags, body: ZUserRegister }, config: allow('Settings-access') },
    async (req, reply) => reply.code(201).send(ok(await users.register(userAuth(req), req.body), MSG.userCreated)));

  app.put('/api/v1/auth/update-user-roles/:userId', { schema: { tags, params: ZUserIdParams, body: ZUpdateRoles }, config: allow('Settings-access') },
    async (req) => ok(await users.updateRoles(userAuth(req), req.params.userId, req.body.roles), MSG.rolesUpdated));

  app.delete('/api/v1/auth/delete-user/:id', { schema: { tags, params: ZIdParams }, config: allow('Settings-access') },
    async (req) => ok(await users.delete(userAuth(req), req.params.id), MSG.userDeleted));

  app.get('/api/v1/auth/user-data/:id', { schema: { tags, params: ZIdParams }, config: allow('user') },
    async (req) => ok(await users.userData(userAuth(req), req.params.id)));
};
