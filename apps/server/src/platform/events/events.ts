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
  /**
   * Called when the listening connection was lost and is back (a failover, a restarted server, a dropped
   * connection): events sent meanwhile were missed, so whatever they would have invalidated must be dropped.
   */
  onResume: (fn: () => void) => () => void;
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

/** The waits between attempts to listen again after the connection was lost (the last one repeats). */
const RECONNECT_WAITS_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * Every instance LISTENs on one channel on a connection of its own (outside the pool), so an event
 * published by any instance reaches the browsers connected to all of them. A lost connection (failover to
 * the standby, a restarted server, a connection cut by the network) is opened again until it listens,
 * and onResume's callbacks run, since what was sent in between never arrives.
 */
export const createPgEvents = async (url: string, log: FastifyBaseLogger): Promise<TEvents> => {
  const emitter = new EventEmitter().setMaxListeners(0);
  const resumed = new Set<() => void>();
  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
    const event = decode(msg.payload);
    if (event) {
      emitter.emit(event.businessId, event);
      emitter.emit(ALL, event);
    }
    else log.warn({ payload: msg.payload.slice(0, 100) }, 'ignored a malformed event');
  };
  let closed = false;
  let listening = false;
  let client: pg.Client | null = null;
  // Not from the pool: LISTEN holds its connection for good, and the pool's size is for requests.
  const listen = async () => {
    const c = new pg.Client({ connectionString: url, application_name: 'bizdesk-events' });
    c.on('notification', onNotification);
    c.on('error', (err) => {
      if (c === client && listening) log.error({ err }, 'event listener connection failed');
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    return c;
  };
  client = await listen();
  listening = true;
  const lost = (c: pg.Client) => {
    if (c !== client || !listening || closed) return;
    listening = false;
    void c.end().catch(() => undefined);
    void (async () => {
      for (let attempt = 0; !closed; attempt++) {
        await new Promise((r) => setTimeout(r, RECONNECT_WAITS_MS[Math.min(attempt, RECONNECT_WAITS_MS.length - 1)]));
        if (closed) return;
        try {
          client = await listen();
        } catch (err) {
          if (attempt === 0 || attempt % 10 === 0) log.error({ err, attempt }, 'event listener could not connect again; retrying');
          continue;
        }
        if (closed) {
          await client.end().catch(() => undefined);
          return;
        }
        listening = true;
        log.warn({ attempts: attempt + 1 }, 'event listener connected again; events sent while it was away were missed');
        for (const fn of resumed) {
          try {
            fn();
          } catch (err) {
            log.error({ err }, 'event listener resume callback failed');
          }
        }
        if (waiting.length > 0 && !sending) void sendWaiting();
        return;
      }
    })();
  };
  // Events to announce, sent by one statement at a time on the listening connection (a connection may notify as
  // well as listen): what arrives while one is on its way goes with the next, and what arrives while the
  // connection is lost waits for it.
  let waiting: string[] = [];
  let sending = false;
  const sendWaiting = async () => {
    sending = true;
    while (waiting.length > 0 && !closed && listening) {
      const batch = waiting;
      waiting = [];
      try {
        await client!.query('SELECT count(pg_notify($1, e)) FROM unnest($2::text[]) AS e', [EVENTS_CHANNEL, batch]);
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
    onResume: (fn) => {
      resumed.add(fn);
      return () => void resumed.delete(fn);
    },
    close: async () => {
      closed = true;
      emitter.removeAllListeners();
      resumed.clear();
      await client?.end().catch(() => undefined);
    },
  };
};
