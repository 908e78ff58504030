// What an operator watches (issue 36 item 5): GET /metrics (Prometheus text, behind METRICS_TOKEN, off by default),
// readiness apart from liveness, and log lines that name the request and the caller's business.
import { Writable } from 'node:stream';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { poolOptions } from '../src/db/open.ts';
import { createDeps } from '../src/platform/deps-factory.ts';
import { buildApp } from '../src/app.ts';
import { bearer, createPgDatabaseUrl, createTestApp, onPostgres, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { openStream } from './helpers/stream.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample's value from a scrape: `name{labels…}` where every given label matches. */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
};

describe('metrics, on (METRICS_TOKEN set)', () => {
  let t: TTestApp;
  let owner: TSession;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    owner = await registerBusiness(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  const scrape = async (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-wrong-token-wrong')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${owner.token}`)).statusCode).toBe(401); // a user's token is not the metrics token
    expect((await scrape(TOKEN)).statusCode).toBe(401); // not as a Bearer
  });

  it('counts and times each route by its pattern, errors by status class, and shows the pool, queue, streams and event loop', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/00000000-0000-4000-8000-00000000000${i}`, headers: bearer(owner.token) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/employee/detail/00000000-0000-4000-8000-000000000009', headers: bearer('not-a-token') })).statusCode).toBe(401);
    const stream = await openStream(port, owner.token);
    expect(stream.status).toBe(200);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // Per route pattern, not per URL: four ids (three 404, one 401), one series per status class.
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/employee/detail/:id', status_class: '4xx' })).toBe(4);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/v1/employee/detail/:id', le: '+Inf' })).toBe(4);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/health', status_class: '2xx' })).toBe(1);
    expect(sample(text, 'http_request_errors_total', { route: '/api/v1/employee/detail/:id', status_class: '4xx' })).toBe(4);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/auth/register', status_class: '2xx' })).toBe(1);
    // The pool of this app.
    expect(sample(text, 'bizdesk_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bizdesk_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bizdesk_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'bizdesk_db_pool_max')).toBe(10);
    expect(sample(text, 'bizdesk_sse_clients')).toBe(1);
    expect(text).toContain('# TYPE bizdesk_job_queue_depth gauge');
    expect(text).toContain('# TYPE bizdesk_job_queue_oldest_seconds gauge');
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    stream.close();
    await stream.ended;
  });

  it('shows a job due and not yet taken, with its age', async () => {
    // A job due a minute ago on a queue no worker of this app serves.
    await t.deps.database.pool.query(`SELECT pgboss.create_queue('metrics-probe', '{"policy":"standard"}'::json)`);
    await t.deps.database.pool.query(`INSERT INTO pgboss.job (name, data, start_after, created_on) VALUES ('metrics-probe', '{}', now() - interval '60 seconds', now() - interval '60 seconds')`);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'bizdesk_job_queue_depth', { queue: 'metrics-probe' })).toBe(1);
    expect(sample(text, 'bizdesk_job_queue_oldest_seconds', { queue: 'metrics-probe' })).toBeGreaterThanOrEqual(59);
  });
});

describe('metrics, off (the default)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 404 at /metrics, token or not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('readiness: 200 when every shipped migration is applied, 503 when one is missing; liveness stays 200', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ status: 'ready', database: 'up' });
    const { applied, expected } = ready.json().data.migrations;
    expect(applied).toBe(expected);
    expect(expected).toBeGreaterThan(10);
    // The newest migration's record gone: as a database an older build migrated.
    const { rows } = await t.deps.database.pool.query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at');
    try {
      const notReady = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toMatchObject({ success: false, message: `The database is not migrated (${expected - 1} of ${expected} migrations applied)` });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await t.deps.database.pool.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [rows[0].hash, rows[0].created_at]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
  });
});

describe('request logs', () => {
  it('every line of a signed-in request carries its request id and the business id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-test-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://bizdesk.test', WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'info' });
    const { url, drop } = await createPgDatabaseUrl();
    const database = await openPostgres(url, { ...poolOptions(config), kind: onPostgres ? 'postgres' : 'embedded' });
    const deps = await createDeps(config, database, pino({ level: 'info' }, sink));
    const app = await buildApp(deps);
    try {
      await app.ready();
      const owner = await registerBusiness(app);
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: '/api/v1/employee/detail/00000000-0000-4000-8000-000000000000', headers: bearer(owner.token) });
      expect(res.statusCode).toBe(404);
      const reqId = res.headers['x-request-id'];
      const mine = lines.filter((l) => l.reqId === reqId);
      expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      // "incoming request" is written before the caller is known; every line after that names the business.
      const after = mine.filter((l) => l.msg !== 'incoming request');
      expect(after.length).toBeGreaterThan(0);
      for (const line of after) expect(line).toMatchObject({ reqId, businessId: owner.user.businessId });
    } finally {
      await app.close();
      await deps.events.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
