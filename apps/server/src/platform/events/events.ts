import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';

/** What crosses instances: only ids. Subscribers load what they need, so no payload can outgrow pg_notify's 8000 bytes. */
export type TEvent = { businessId: string; type: string; id: string };
export type TEvents = {
  /**
   * Queued on the caller's own connection (pass the open transaction): PostgreSQL delivers it when that
   * transaction commits and drops it if it rolls back. Never takes a second connection from the pool.
   */
  publish: (tx: DbOrTx, event: TEvent) => Promise<void>;
  subscribe: (businessId: string, fn: (event: TEvent) => void) => () => void;
  /** Every business's events (platform caches that any instance's write must reach). */
  subscribeAll: (fn: (event: TEvent) => void) => () => void;
  close: () => Promise<void>;
};

/** The one channel every instance LISTENs on. */
export const EVENTS_CHANNEL = 'bizdesk_events';
const SEP = '|';
const ALL = Symbol('every business');

/** An event as its pg_notify payload (for a statement that sends it itself, platform/records.ts). */
export const encodeEvent = (e: TEvent) => {
  if ([e.businessId, e.type, e.id].some((part) => part.includes(SEP))) throw new Error(`event parts must not contain "${SEP}"`);
  return [e.businessId, e.type, e.id].join(SEP);
};
const decode = (payload: string): TEvent | null => {
  const [businessId, type, id, ...rest] = payload.split(SEP);
  return businessId && type && id && rest.length === 0 ? { businessId, type, id } : null;
};

/**
 * Every instance LISTENs on one channel on a connection of its own (outside the pool), so an event
 * published by any instance reaches the browsers connected to all of them.
 */
export const createPgEvents = async (url: string, log: FastifyBaseLogger): Promise<TEvents> => {
  const emitter = new EventEmitter().setMaxListeners(0);
  // Not from the pool: LISTEN holds its connection for good, and the pool's size is for requests.
  const client = new pg.Client({ connectionString: url, application_name: 'bizdesk-events' });
  await client.connect();
  client.on('notification', (msg) => {
    if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
    const event = decode(msg.payload);
    if (event) {
      emitter.emit(event.businessId, event);
      emitter.emit(ALL, event);
    }
    else log.warn({ payload: msg.payload.slice(0, 100) }, 'ignored a malformed event');
  });
  client.on('error', (err) => log.error({ err }, 'event listener connection failed'));
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  return {
    publish: async (tx, event) => {
      await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${encodeEvent(event)})`);
    },
    subscribe: (businessId, fn) => {
      emitter.on(businessId, fn);
      return () => void emitter.off(businessId, fn);
    },
    subscribeAll: (fn) => {
      emitter.on(ALL, fn);
      return () => void emitter.off(ALL, fn);
    },
    close: async () => {
      emitter.removeAllListeners();
      await client.end().catch(() => undefined);
    },
  };
};
