import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/** Deeper than any form the product has; past it a body is refused before anything walks it. */
export const MAX_DEPTH = 32;

type THit = { path: string; problem: 'nul' | 'deep' };

const findBadValue = (value: unknown, path: string, depth = 0): THit | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, problem: 'nul' } : null;
  if (value && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return { path, problem: 'deep' };
    for (const [k, v] of Object.entries(value)) {
      const hit = findBadValue(v, path ? `${path}.${k}` : k, depth + 1);
      if (hit !== null) return hit;
    }
  }
  return null;
};

/** The first few steps of a path, so a 10,000-level one still makes a short message. */
const shortPath = (path: string) => {
  const steps = path.split('.');
  return steps.length > 4 ? `${steps.slice(0, 3).join('.')}…` : path;
};

/**
 * PostgreSQL text cannot hold a NUL character; refuse it by name instead of failing at the database.
 * Values nested deeper than MAX_DEPTH levels are refused too: no field of the product is that deep.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
      const hit = findBadValue(value, '');
      if (hit?.problem === 'nul') throw badRequest(`${hit.path || part}: must not contain a NUL character`);
      if (hit?.problem === 'deep') throw badRequest(`${shortPath(hit.path) || part}: is nested too deeply (at most ${MAX_DEPTH} levels)`);
    }
  });
};
