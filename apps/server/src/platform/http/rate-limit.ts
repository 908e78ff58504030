import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import type { Db } from '../../db/client.ts';

type TCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A rate-limit store on the database, so every instance behind a load balancer counts
 * against the same limit (an in-memory store would give each instance its own allowance).
 */
const pgStoreFor = (db: Db) =>
  class PgRateLimitStore {
    constructor(private readonly prefix = '') {}
    incr(key: string, cb: TCallback, timeWindow: number) {
      const now = Date.now();
      const k = `${this.prefix}${key}`;
      db.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at) VALUES (${k}, 1, ${now + timeWindow})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${now + timeWindow} ELSE rate_limits.reset_at END
        RETURNING count, reset_at`)
        .then((res) => {
          const row = (res as unknown as { rows: { count: number; reset_at: number | string }[] }).rows[0];
          cb(null, { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) });
        })
        .catch((err: Error) => cb(err));
    }
    child(routeOptions: { routeInfo: { method?: string; url?: string } }) {
      return new PgRateLimitStore(`${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url ?? ''}:`);
    }
  };

/** Only routes that set `config.rateLimit` are limited (sign-in, sign-up, reset, portal codes). */
export const registerRateLimit = async (app: FastifyInstance, db: Db) => {
  await app.register(rateLimit, {
    global: false,
    store: pgStoreFor(db) as any,
    errorResponseBuilder: (_req, ctx) => {
      const err = new Error(ctx.max <= 20 ? MSG.tooManyAttempts : MSG.tooManyRequests) as Error & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
};

/** Sign-in style limit: at most `max` attempts a minute from one address. */
export const attemptsPerMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
