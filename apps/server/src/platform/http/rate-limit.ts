import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { MSG } from '@bizdesk/contract';
import type { Db } from '../../db/client.ts';
import { deleteCounter, deleteExpiredCounters, incrementCounter, readCounter } from './rate-limit.repo.ts';

type TCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

const PRUNE_EVERY_MS = 60_000;
const lastPruned = new WeakMap<Db, number>();

/** Deletes the counters whose window has ended. Exported so a scheduled job can run it too. */
export const pruneRateLimits = (db: Db) => deleteExpiredCounters(db);

/**
 * Opportunistic clean-up: at most once a minute per database, after a hit, without making the hit
 * wait, so `rate_limits` holds only live windows even with no scheduler running.
 */
const pruneNowAndThen = (db: Db) => {
  const now = Date.now();
  if (now - (lastPruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  pruneRateLimits(db).catch(() => undefined);
};

/** One more attempt on `key` in a window of `windowMs`; returns the count within the window. */
export const countAttempt = async (db: Db, key: string, windowMs: number) => {
  const res = await incrementCounter(db, key, windowMs);
  pruneNowAndThen(db);
  return res;
};

export const forgetAttempts = (db: Db, key: string) => deleteCounter(db, key);

/** Attempts counted on `key` in its live window, without counting one (for limits that count failures only). */
export const attemptsSoFar = (db: Db, key: string) => readCounter(db, key);

/**
 * A rate-limit store on the database, so every instance behind a load balancer counts
 * against the same limit (an in-memory store would give each instance its own allowance).
 */
const pgStoreFor = (db: Db) =>
  class PgRateLimitStore {
    constructor(private readonly prefix = '') {}
    incr(key: string, cb: TCallback, timeWindow: number) {
      const now = Date.now();
      countAttempt(db, `${this.prefix}${key}`, timeWindow)
        .then(({ current, resetAt }) => cb(null, { current, ttl: Math.max(0, resetAt - now) }))
        .catch((err: Error) => cb(err));
    }
    child(routeOptions: { routeInfo: { method?: string; url?: string } }) {
      return new PgRateLimitStore(`${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url ?? ''}:`);
    }
  };

/**
 * Only routes that set `config.rateLimit` are limited (sign-in, sign-up, reset, portal codes).
 * They count per `req.ip`, which is the socket address unless TRUST_PROXY names the proxies.
 */
export const registerRateLimit = async (app: FastifyInstance, db: Db) => {
  await app.register(rateLimit, {
    global: false,
    store: pgStoreFor(db) as any,
    // One IPv6 /64 is one address (a subscriber usually holds the whole block); this is the plugin's default,
    // stated so that a change of default cannot quietly hand every address of a block its own allowance.
    ipv6Subnet: 64,
    errorResponseBuilder: (_req, ctx) => {
      const err = new Error(ctx.max <= 20 ? MSG.tooManyAttempts : MSG.tooManyRequests) as Error & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
};

/** Sign-in style limit: at most `max` attempts a minute from one address. */
export const attemptsPerMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
