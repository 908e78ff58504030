import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

const findNul = (value: unknown, path: string, depth = 0): string | null => {
  if (depth > 32) return path;
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findNul(v, path ? `${path}.${k}` : k, depth + 1);
      if (hit !== null) return hit;
    }
  }
  return null;
};

/** PostgreSQL text cannot hold a NUL character; refuse it by name instead of failing at the database. */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
      const hit = findNul(value, '');
      if (hit !== null) throw badRequest(`${hit || part}: must not contain a NUL character`);
    }
  });
};
