import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../platform/deps.ts';
import { publicRoute } from '../../platform/auth/guard.ts';
import { migrationsFolder } from '../../db/client.ts';

/** The `when` of every migration this build ships (drizzle's journal); the migrator records each as created_at. */
const shippedMigrations = (() => {
  let whens: number[] | null = null;
  return () => (whens ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> }).entries.map((e) => Number(e.when)));
})();

const READY_QUERY_MS = 2000;

export const healthRoutes = ({ database }: TDeps) => async (app: FastifyInstance) => {
  // Liveness. Its own connection, not the pool: a busy or starved pool must not make a live process look dead.
  app.get('/api/v1/health', { schema: { tags: ['health'] }, config: publicRoute }, async (_req, reply) => {
    if (await database.ping()) return { success: true, data: { status: 'ok', database: 'up', databaseKind: database.kind } };
    return reply.code(503).send({ success: false, message: 'The database is not reachable', code: 'INTERNAL' });
  });

  // Readiness (a load balancer sends traffic only while it answers 200): the database answers and every migration
  // this build ships is applied. Through the pool, with a short bound, so a starved pool reads as not ready.
  app.get('/api/v1/health/ready', { schema: { tags: ['health'] }, config: publicRoute }, async (_req, reply) => {
    if (!(await database.ping())) return reply.code(503).send({ success: false, message: 'The database is not reachable', code: 'INTERNAL' });
    const shipped = shippedMigrations();
    let applied: Set<number>;
    try {
      const { rows } = await database.pool.query({ text: 'SELECT created_at FROM drizzle.__drizzle_migrations', query_timeout: READY_QUERY_MS } as never) as unknown as { rows: Array<{ created_at: string | number }> };
      applied = new Set(rows.map((r) => Number(r.created_at)));
    } catch {
      applied = new Set();
    }
    const missing = shipped.filter((when) => !applied.has(when)).length;
    const migrations = { applied: shipped.length - missing, expected: shipped.length };
    if (missing > 0) {
      return reply.code(503).send({ success: false, message: `The database is not migrated (${migrations.applied} of ${migrations.expected} migrations applied)`, code: 'INTERNAL' });
    }
    return { success: true, data: { status: 'ready', database: 'up', databaseKind: database.kind, migrations } };
  });
};
