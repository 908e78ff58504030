import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../platform/deps.ts';
import { publicRoute } from '../../platform/auth/guard.ts';

export const healthRoutes = ({ database }: TDeps) => async (app: FastifyInstance) => {
  // Its own connection, not the pool: a busy or starved pool must not make a live process look dead.
  app.get('/api/v1/health', { schema: { tags: ['health'] }, config: publicRoute }, async (_req, reply) => {
    if (await database.ping()) return { success: true, data: { status: 'ok', database: 'up', databaseKind: database.kind } };
    return reply.code(503).send({ success: false, message: 'The database is not reachable', code: 'INTERNAL' });
  });
};
