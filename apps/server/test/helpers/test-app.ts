import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { inject } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { poolOptions } from '../../src/db/open.ts';
import { createDeps } from '../../src/platform/deps-factory.ts';
import { buildApp } from '../../src/app.ts';
import type { TDeps } from '../../src/platform/deps.ts';

export const onPostgres = process.env.TEST_DB === 'postgres';

/** A fresh database for one test file, cloned from the run's migrated template; dropped at the end. */
export const createPgDatabaseUrl = async () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `bizdesk_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  // A test database need not survive a crash of its server: commits do not wait for the WAL to reach the disk (the
  // embedded test server runs with fsync off for the same reason). Reads and locking behave exactly as before.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  return { url: url.toString(), drop };
};

export type TTestApp = { app: FastifyInstance; deps: TDeps; dataDir: string; close: () => Promise<void> };

/** The real app on a real PostgreSQL: a database of its own on the run's server (embedded, or TEST_DATABASE_URL). */
export const createTestApp = async (env: Record<string, string> = {}): Promise<TTestApp> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://bizdesk.test', WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent', ...env });
  const { url, drop } = await createPgDatabaseUrl();
  const database = await openPostgres(url, { ...poolOptions(config), kind: onPostgres ? 'postgres' : 'embedded' });
  const log = pino({ level: process.env.TEST_LOG ?? 'silent' });
  const deps = await createDeps(config, database, log);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app, deps, dataDir,
    close: async () => {
      await app.close();
      await deps.events.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

let ipCounter = 0;
/** A distinct client address per call, so sign-in limits in one test don't leak into the next. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export type TSession = { token: string; user: { _id: string; email: string; businessId: string; businessName: string; ownerEmail: string } };

export const registerBusiness = async (app: FastifyInstance, opts: { businessName?: string; email?: string; country?: string } = {}): Promise<TSession> => {
  const email = opts.email ?? `owner-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const body = { businessName: opts.businessName ?? 'Test Business Ltd', userName: 'Owner Person', email, password: 'correct horse 1', country: opts.country ?? 'NG' };
  const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress: nextIp() });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  return login(app, email, body.password);
};

export const login = async (app: FastifyInstance, email: string, password: string): Promise<TSession> => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: nextIp() });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.token, user: body.data };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Builds a multipart/form-data body by hand (app.inject takes a raw payload). */
export const multipart = (parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) => {
  const boundary = `----bizdesk${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`));
      chunks.push(p.data);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** The smallest valid PNG (1×1), for upload tests. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The PIN test employees choose in the portal. */
export const TEST_PIN = '583920';
/**
 * A portal session as an employee has it: a bare code opens only the step that chooses the PIN, so this signs in
 * with the code, chooses TEST_PIN (or signs in with it when already chosen) and returns the full session's token
 * with the sign-in answer's data.
 */
export const portalSignIn = async (app: FastifyInstance, portalCode: string, pin = TEST_PIN) => {
  const first = await app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${portalCode}`, remoteAddress: nextIp() });
  if (first.statusCode === 401 && first.json().code === 'PIN_REQUIRED') {
    const res = await app.inject({ method: 'POST', url: '/api/v1/employee/portal-sign-in', payload: { portalCode, pin }, remoteAddress: nextIp() });
    if (res.statusCode !== 200) throw new Error(`portal sign-in: ${res.statusCode} ${res.body}`);
    return { token: res.json().token as string, data: res.json().data };
  }
  if (first.statusCode !== 200) throw new Error(`portal sign-in: ${first.statusCode} ${first.body}`);
  const set = await app.inject({ method: 'PUT', url: '/api/v1/employee/portal-pin', headers: bearer(first.json().token), payload: { pin }, remoteAddress: nextIp() });
  if (set.statusCode !== 200) throw new Error(`portal PIN: ${set.statusCode} ${set.body}`);
  return { token: set.json().token as string, data: { ...first.json().data, pinSet: true } };
};
