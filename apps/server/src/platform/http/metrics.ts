import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../../db/client.ts';

/**
 * Operators' metrics in the Prometheus text format at GET /metrics (prom-client). Off unless METRICS_TOKEN is set:
 * then the scrape must send `Authorization: Bearer <token>` (401 otherwise); off, the path answers 404 as an unknown
 * one would. Each app has a registry of its own (tests build several apps in one process).
 *
 * - http_request_duration_seconds{method,route,status_class}: a histogram per route pattern (never the raw URL, so
 *   ids don't make series); its _count is the request rate. Unmatched paths count under route="unmatched".
 *   Live notification streams are left out (they last hours) and counted by bizdesk_sse_clients instead.
 * - http_request_errors_total{method,route,status_class}: answers of class 4xx and 5xx.
 * - bizdesk_db_pool_connections{state=total|idle|waiting} and bizdesk_db_pool_max: the API's pool.
 * - bizdesk_job_queue_depth{queue} and bizdesk_job_queue_oldest_seconds{queue}: pg-boss jobs due and not yet taken,
 *   and how long the oldest of them has been due.
 * - bizdesk_sse_clients: live notification streams open on this instance.
 * - prom-client's default metrics: nodejs_eventloop_lag_* (event-loop lag), heap, GC, CPU, open handles.
 */
export type TMetricsSources = {
  database: Pick<TDatabase, 'pool'>;
  /** Live notification streams (notifications.routes.ts keeps them). */
  streams: { readonly size: number };
};

const UNMATCHED = 'unmatched';
const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

/** The token compared in constant time (by digest, so lengths may differ). */
const tokenMatches = (header: string | undefined, token: string) => {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return given.length > 0 && crypto.timingSafeEqual(a, b);
};

const createRegistry = async (sources: TMetricsSources) => {
  // Loaded only when metrics are on (METRICS_TOKEN): ~0.1–0.2 s of a start otherwise spent for nothing.
  const { default: client } = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'API answers by route pattern: time from the request to the answer sent',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'http_request_errors_total',
    help: 'Answers of class 4xx and 5xx by route pattern',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const { pool } = sources.database as { pool: { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } } };
  new client.Gauge({
    name: 'bizdesk_db_pool_connections',
    help: 'Connections of the API pool: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'bizdesk_db_pool_max',
    help: 'Largest number of connections the API pool opens (DB_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(pool.options?.max ?? 0);
    },
  });
  new client.Gauge({
    name: 'bizdesk_sse_clients',
    help: 'Live notification streams open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.streams.size);
    },
  });
  // One query serves both job gauges per scrape (prom-client collects each metric in turn).
  let queue: Promise<Array<{ name: string; depth: number; oldest: number }>> | null = null;
  const readQueue = () => (queue ??= (sources.database.pool as unknown as { query: (sql: string) => Promise<{ rows: Array<{ name: string; depth: number; oldest: number }> }> })
    .query(`SELECT name, count(*)::int AS depth, COALESCE(EXTRACT(EPOCH FROM now() - min(start_after)), 0)::float8 AS oldest
            FROM pgboss.job WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY name`)
    .then((r) => r.rows, () => []) // no pgboss schema yet: no figures
    .finally(() => setTimeout(() => (queue = null), 0)));
  const depth = new client.Gauge({
    name: 'bizdesk_job_queue_depth',
    help: 'Jobs due on the queue and not yet taken by a worker, per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      depth.reset();
      for (const row of await readQueue()) depth.set({ queue: row.name }, row.depth);
    },
  });
  const oldest = new client.Gauge({
    name: 'bizdesk_job_queue_oldest_seconds',
    help: 'How long the oldest job due and not yet taken has been waiting, per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      oldest.reset();
      for (const row of await readQueue()) oldest.set({ queue: row.name }, row.oldest);
    },
  });
  return { registry, duration, errors };
};

/** Registers GET /metrics (always: off, it answers 404) and, when a token is set, the hook that times answers. */
export const registerMetrics = async (app: FastifyInstance, token: string | undefined, sources: TMetricsSources) => {
  const metrics = token ? await createRegistry(sources) : null;
  if (metrics) {
    app.addHook('onResponse', async (req, reply) => {
      const type = reply.getHeader('content-type') ?? reply.raw.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/event-stream')) return;
      const labels = { method: req.method, route: req.is404 ? UNMATCHED : (req.routeOptions.url ?? UNMATCHED), status_class: statusClass(reply.statusCode) };
      metrics.duration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode >= 400) metrics.errors.inc(labels);
    });
    app.addHook('onClose', async () => metrics.registry.clear());
  }
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!metrics) return reply.code(404).send({ success: false, message: `No API route for ${req.method} /metrics`, code: 'NOT_FOUND' });
    if (!tokenMatches(req.headers.authorization, token!)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ success: false, message: 'The metrics token is missing or wrong', code: 'UNAUTHENTICATED' });
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
};
