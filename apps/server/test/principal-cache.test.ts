import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { createDeps } from '../src/platform/deps-factory.ts';
import { buildApp } from '../src/app.ts';
import { bearer, createTestApp, login, onPostgres, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

// The guard remembers who a token's user is between requests (platform/auth/principal-cache.ts). These
// prove that a change to the user is honoured at once on the instance that made it and within moments
// on another instance sharing the database (the change travels as an event through PostgreSQL).
describe('who a token is, remembered between requests, never outlives a change', () => {
  let a: TTestApp;
  let b: { app: FastifyInstance; close: () => Promise<void> };
  let owner: TSession;

  beforeAll(async () => {
    a = await createTestApp();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-test-b-'));
    // The second instance shares the first one's secrets (same DATA_DIR), as instances behind a balancer do.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: a.dataDir, PUBLIC_URL: 'http://bizdesk.test', WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
    const database = await openPostgres(a.deps.database.url, { kind: onPostgres ? 'postgres' : 'embedded' });
    const deps = await createDeps(config, database, pino({ level: 'silent' }));
    const app = await buildApp(deps);
    await app.ready();
    b = { app, close: async () => { await app.close(); await deps.events.close(); await database.close(); await fs.rm(dataDir, { recursive: true, force: true }); } };
    owner = await registerBusiness(a.app, { businessName: 'Two Instances Ltd' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const addStaff = async (email: string, roles: string) => {
    const res = await a.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: email.split('@')[0], email, password: 'staff pass 1', roles } });
    expect(res.statusCode).toBe(201);
    return login(a.app, email, 'staff pass 1');
  };
  const listOn = (app: FastifyInstance, s: TSession) => app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owner.user.email}`, headers: bearer(s.token) });
  const until = async (what: string, check: () => Promise<boolean>) => {
    const end = Date.now() + 3000;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`not within 3 s: ${what}`);
  };

  it('refuses a token right after its user logs out, on the same instance', async () => {
    const ama = await addStaff('ama@two.ng', 'HR-access');
    expect((await listOn(a.app, ama)).statusCode).toBe(200);
    expect((await listOn(a.app, ama)).statusCode).toBe(200); // now remembered
    const out = await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(ama.token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await listOn(a.app, ama)).statusCode).toBe(401);
  });

  it('a role taken away on one instance is refused on the other within moments', async () => {
    const kofi = await addStaff('kofi@two.ng', 'HR-access');
    expect((await listOn(b.app, kofi)).statusCode).toBe(200);
    expect((await listOn(b.app, kofi)).statusCode).toBe(200); // remembered by instance b
    const changed = await a.app.inject({ method: 'PUT', url: `/api/v1/auth/update-user-roles/${kofi.user._id}`, headers: bearer(owner.token), payload: { roles: ['Inventory-access'] } });
    expect(changed.statusCode).toBe(200);
    expect((await listOn(a.app, kofi)).statusCode).toBe(401);
    await until('instance b refuses the old token', async () => (await listOn(b.app, kofi)).statusCode === 401);
  });

  it('a deleted user is refused on the other instance within moments', async () => {
    const yaw = await addStaff('yaw@two.ng', 'HR-access');
    expect((await listOn(b.app, yaw)).statusCode).toBe(200);
    const del = await a.app.inject({ method: 'DELETE', url: `/api/v1/auth/delete-user/${yaw.user._id}`, headers: bearer(owner.token) });
    expect(del.statusCode).toBe(200);
    await until('instance b refuses the deleted user', async () => (await listOn(b.app, yaw)).statusCode === 401);
  });
});
