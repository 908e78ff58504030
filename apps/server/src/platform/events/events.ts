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
  /**
   * For a write that has already committed (platform/records.ts): sent at once, outside its transaction, batched
   * with the others waiting. A transaction that NOTIFYs holds a database-wide lock from its commit until it ends,
   * its WAL flush included, so every such commit of every business waits for the one before (measured here: 16
   * writers commit ~1,250/s with a NOTIFY each against 3,100–4,500/s without). Sent after the commit, the events
   * cost the write nothing; one lost to a crash between the two is what a dropped live stream loses (the web
   * reloads on reconnect).
   */
  announce: (events: TEvent[]) => void;
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
  // Events to announce, sent by one statement at a time on the listening connection (a connection may notify as
  // well as listen): what arrives while one is on its way goes with the next.
  let waiting: string[] = [];
  let sending = false;
  let closed = false;
  const sendWaiting = async () => {
    sending = true;
    while (waiting.length > 0 && !closed) {
      const batch = waiting;
      waiting = [];
      try {
        await client.query('SELECT count(pg_notify($1, e)) FROM unnest($2::text[]) AS e', [EVENTS_CHANNEL, batch]);
      } catch (err) {
        log.error({ err, events: batch.length }, 'live events not sent');
      }
    }
    sending = false;
  };
  return {
    publish: async (tx, event) => {
      await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${encodeEvent(event)})`);
    },
    announce: (events) => {
      if (closed || events.length === 0) return;
      for (const e of events) waiting.push(encodeEvent(e));
      if (!sending) void sendWaiting();
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
      closed = true;
      emitter.removeAllListeners();
      await client.end().catch(() => undefined);
    },
  };
};
