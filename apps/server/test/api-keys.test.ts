import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { createDeps } from '../src/platform/deps-factory.ts';
import { buildApp } from '../src/app.ts';
import { bearer, createTestApp, login, nextIp, onPostgres, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, sleep, waitFor } from './helpers/inject-api.ts';

const LIMIT = 12;

// Issue 36 item 6: an owner's API keys. A key is a caller with the module roles the owner chose, checked by the same
// route rules as a person; never an owner; stored hashed; revoked everywhere within a second; limited per key.
describe('API keys', () => {
  let t: TTestApp;
  let b: { app: FastifyInstance; close: () => Promise<void> };
  let owner: TSession;
  let other: TSession;
  const api = injectApi(() => t);
  const viaKey = (app: FastifyInstance, key: string, method: string, url: string, opts: { header?: 'bearer' | 'x-api-key'; payload?: object } = {}) =>
    app.inject({
      method: method as 'GET', url, remoteAddress: nextIp(), ...(opts.payload ? { payload: opts.payload } : {}),
      headers: opts.header === 'x-api-key' ? { 'x-api-key': key } : bearer(key),
    });
  const createKey = async (roles: string[], extra: Record<string, unknown> = {}) =>
    (await api.ok(owner, 'POST', '/api/v1/api-keys', { name: `Key ${roles.join('+')}`, roles, ...extra }, 201)).data as { _id: string; secret: string; prefix: string };

  beforeAll(async () => {
    t = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: String(LIMIT) });
    // A second instance on the same database (its own principal cache and event listener), as behind a balancer.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-test-b-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: 'http://bizdesk.test', WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent', API_KEY_REQUESTS_PER_MINUTE: String(LIMIT) });
    const database = await openPostgres(t.deps.database.url, { kind: onPostgres ? 'postgres' : 'embedded' });
    const deps = await createDeps(config, database, pino({ level: 'silent' }));
    const app = await buildApp(deps);
    await app.ready();
    b = { app, close: async () => { await app.close(); await deps.events.close(); await database.close(); await fs.rm(dataDir, { recursive: true, force: true }); } };
    owner = await registerBusiness(t.app, { businessName: 'Keys Ltd' });
    other = await registerBusiness(t.app, { businessName: 'Other Keys Ltd' });
    await api.ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Ada', lastName: 'Obi', email: 'ada@keys.example' }, 201);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('shows the secret once and keeps only its hash', async () => {
    const key = await createKey(['HR-access']);
    expect(key.secret).toMatch(/^bzk_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const list = (await api.ok(owner, 'GET', '/api/v1/api-keys')).data as Array<Record<string, unknown>>;
    const listed = list.find((k) => k._id === key._id)!;
    expect(listed).toMatchObject({ roles: ['HR-access'], revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(key.secret);
    const stored = await t.deps.db.execute(sql`SELECT secret_hash FROM api_keys WHERE id = ${key._id}`);
    const hash = (stored as unknown as { rows: Array<{ secret_hash: string }> }).rows[0].secret_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.secret.slice(4));
  });

  it('an HR-access key reads employees (Bearer or X-Api-Key) and gets 403 on payroll', async () => {
    const key = await createKey(['HR-access']);
    for (const header of ['bearer', 'x-api-key'] as const) {
      const res = await viaKey(t.app, key.secret, 'GET', `/api/v1/employee/employees/${owner.user.email}`, { header });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((e: { email: string }) => e.email)).toContain('ada@keys.example');
    }
    expect((await viaKey(t.app, key.secret, 'GET', '/api/v1/payroll/settings')).statusCode).toBe(403);
    expect((await viaKey(t.app, key.secret, 'GET', '/api/v1/payroll/run/2026-01')).statusCode).toBe(403);
    // A write through the key is audited as the key, not as the owner it acts for.
    const created = await viaKey(t.app, key.secret, 'POST', `/api/v1/employee/create/${owner.user._id}`, { payload: { firstName: 'Kay', lastName: 'Api', email: 'kay@keys.example' } });
    expect(created.statusCode).toBe(201);
    const rows = await t.deps.db.execute(sql`SELECT actor_kind, actor_id FROM audit_log WHERE action = 'employee.created' AND entity_id = ${created.json().data._id}`);
    expect((rows as unknown as { rows: Array<{ actor_kind: string; actor_id: string }> }).rows[0]).toEqual({ actor_kind: 'api-key', actor_id: key._id });
  });

  it('shows when a key was last used', async () => {
    const key = await createKey(['HR-access']);
    expect((await viaKey(t.app, key.secret, 'GET', `/api/v1/employee/employees/${owner.user.email}`)).statusCode).toBe(200);
    await waitFor('last use recorded', async () => {
      const list = (await api.ok(owner, 'GET', '/api/v1/api-keys')).data as Array<{ _id: string; lastUsedAt: string | null }>;
      return list.find((k) => k._id === key._id)?.lastUsedAt;
    }, 5000);
  });

  it('is never an owner: it cannot manage keys, webhooks, users, business settings or two-factor sign-in, whatever its roles', async () => {
    const key = await createKey(['HR-access', 'Accounts-access', 'Approvals-access', 'Management-access']);
    const refused: Array<[string, string, object?]> = [
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/api-keys', { name: 'Escalated', roles: ['HR-access'] }],
      ['GET', '/api/v1/webhooks'],
      ['POST', '/api/v1/auth/user-register', { userName: 'Sneaky', email: 'sneaky@keys.example', password: 'sneaky pass 1', roles: ['HR-access'] }],
      ['PUT', '/api/v1/business/profile', { employerPensionRate: 12 }],
      ['GET', '/api/v1/auth/two-factor'],
      ['POST', '/api/v1/auth/two-factor/setup'],
      ['PUT', '/api/v1/auth/two-factor/policy', { required: true }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await viaKey(t.app, key.secret, method, url, payload ? { payload } : {});
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    const list = (await api.ok(owner, 'GET', '/api/v1/api-keys')).data as Array<{ name: string }>;
    expect(list.map((k) => k.name)).not.toContain('Escalated');
  });

  it('refuses keys with owner or Settings-access, and non-owners and other businesses', async () => {
    for (const roles of [['owner'], ['Settings-access'], [], ['HR-access', 'HR-access']]) {
      expect((await api.call(owner, 'POST', '/api/v1/api-keys', { name: 'Bad', roles })).status).toBe(400);
    }
    await api.ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'Manager', email: 'manager@keys.example', password: 'manager pass 1', roles: ['Settings-access', 'HR-access', 'Accounts-access'] }, 201);
    const manager = await login(t.app, 'manager@keys.example', 'manager pass 1');
    expect((await api.call(manager, 'GET', '/api/v1/api-keys')).status).toBe(403);
    expect((await api.call(manager, 'POST', '/api/v1/api-keys', { name: 'Mine', roles: ['HR-access'] })).status).toBe(403);
    const key = await createKey(['HR-access']);
    expect((await api.call(other, 'POST', `/api/v1/api-keys/${key._id}/revoke`)).status).toBe(404);
    expect(((await api.ok(other, 'GET', '/api/v1/api-keys')).data as unknown[]).length).toBe(0);
    expect((await viaKey(t.app, key.secret, 'GET', `/api/v1/employee/employees/${owner.user.email}`)).statusCode).toBe(200);
  });

  it('a revoked key answers 401 on this instance at once and on another within a second', async () => {
    const key = await createKey(['HR-access']);
    const url = `/api/v1/employee/employees/${owner.user.email}`;
    expect((await viaKey(t.app, key.secret, 'GET', url)).statusCode).toBe(200);
    expect((await viaKey(b.app, key.secret, 'GET', url)).statusCode).toBe(200); // now remembered on b
    const revoked = await api.ok(owner, 'POST', `/api/v1/api-keys/${key._id}/revoke`);
    expect(revoked.data.revokedAt).not.toBeNull();
    const at = Date.now();
    expect((await viaKey(t.app, key.secret, 'GET', url)).statusCode).toBe(401);
    await waitFor('the other instance refusing the key', async () => (await viaKey(b.app, key.secret, 'GET', url)).statusCode === 401, 1000);
    expect(Date.now() - at).toBeLessThan(1000);
    const audit = await t.deps.db.execute(sql`SELECT action FROM audit_log WHERE entity = 'api-key' AND entity_id = ${key._id} ORDER BY created_at`);
    expect((audit as unknown as { rows: Array<{ action: string }> }).rows.map((r) => r.action)).toEqual(['api-key.created', 'api-key.revoked']);
  });

  it('an expired key answers 401', async () => {
    const key = await createKey(['HR-access'], { expiresAt: new Date(Date.now() + 1500).toISOString() });
    const url = `/api/v1/employee/employees/${owner.user.email}`;
    expect((await viaKey(t.app, key.secret, 'GET', url)).statusCode).toBe(200);
    await sleep(1700);
    expect((await viaKey(t.app, key.secret, 'GET', url)).statusCode).toBe(401);
    expect((await viaKey(t.app, `${key.secret.slice(0, -2)}xx`, 'GET', url)).statusCode).toBe(401);
  });

  it('limits each key: past its requests per minute it answers 429, counted across instances, and another key is unaffected', async () => {
    const busy = await createKey(['HR-access']);
    const calm = await createKey(['HR-access']);
    const url = `/api/v1/employee/employees/${owner.user.email}`;
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) codes.push((await viaKey(i % 2 ? b.app : t.app, busy.secret, 'GET', url)).statusCode);
    expect(codes.slice(0, LIMIT).every((c) => c === 200)).toBe(true);
    expect(codes.slice(LIMIT)).toEqual([429, 429]);
    expect((await viaKey(t.app, calm.secret, 'GET', url)).statusCode).toBe(200);
  });
});
