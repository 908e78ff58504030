import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../platform/deps.ts';
import { publicRoute } from '../../platform/auth/guard.ts';

export const healthRoutes = ({ db, database }: TDeps) => async (app: FastifyInstance) => {
  app.get('/api/v1/health', { schema: { tags: ['health'] }, config: publicRoute }, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { success: true, data: { status: 'ok', database: 'up', databaseKind: database.kind } };
    } catch {
      return reply.code(503).send({ success: false, message: 'The database is not reachable', code: 'INTERNAL' });
    }
  });
};
