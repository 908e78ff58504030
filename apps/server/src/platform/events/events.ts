import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export type TEvent = { businessId: string; type: string; payload: unknown };
export type TEvents = {
  publish: (event: TEvent) => Promise<void>;
  subscribe: (businessId: string, fn: (event: TEvent) => void) => () => void;
  close: () => Promise<void>;
};

const CHANNEL = 'bizdesk_events';

/** In one process (PGlite): a plain emitter. */
export const createLocalEvents = (): TEvents => {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    publish: async (event) => void emitter.emit(event.businessId, event),
    subscribe: (businessId, fn) => {
      emitter.on(businessId, fn);
      return () => emitter.off(businessId, fn);
    },
    close: async () => void emitter.removeAllListeners(),
  };
};

/**
 * On PostgreSQL every instance LISTENs on one channel, so an event published by any
 * instance reaches the browsers connected to all of them.
 */
export const createPgEvents = async (pool: pg.Pool, log: FastifyBaseLogger): Promise<TEvents> => {
  const local = createLocalEvents();
  const client = await pool.connect();
  client.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const event = JSON.parse(msg.payload) as TEvent;
      void local.publish(event);
    } catch (err) {
      log.warn({ err }, 'ignored a malformed event');
    }
  });
  client.on('error', (err) => log.error({ err }, 'event listener connection failed'));
  await client.query(`LISTEN ${CHANNEL}`);
  return {
    publish: async (event) => {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: local.subscribe,
    close: async () => {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      // Destroy rather than return it: a pooled connection that once LISTENed is not clean.
      client.release(true);
      await local.close();
    },
  };
};
