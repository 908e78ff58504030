import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createPgDatabaseUrl, onPostgres } from './helpers/test-app.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

type TRunning = { proc: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

const startServer = async (env: Record<string, string>): Promise<TRunning> => {
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c) => (out += c));
  proc.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, port, output: () => out, exited };
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Generous: under a loaded CI the TypeScript start-up (tsx) alone can take tens of seconds.
const waitHealthy = async (port: number) => {
  for (let i = 0; i < 450; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
};

const post = (port: number, url: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('start-up', () => {
  const dirs: string[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
    for (const drop of drops) await drop();
  });
  /** The embedded database under DATA_DIR, or a fresh PostgreSQL database through DATABASE_URL. */
  const databaseEnv = async (): Promise<Record<string, string>> => {
    if (!onPostgres) return {};
    const { url, drop } = await createPgDatabaseUrl();
    drops.push(drop);
    return { DATABASE_URL: url };
  };

  it('keeps an account across kill -9, generates its JWT key once and stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-start-'));
    dirs.push(dataDir);
    const dbEnv = await databaseEnv();
    const coldStart = Date.now();
    const first = await startServer({ DATA_DIR: dataDir, ...dbEnv });
    await waitHealthy(first.port);
    console.log(`fresh start to healthy: ${Date.now() - coldStart} ms`);
    if (!onPostgres) {
      // A second start on the same data directory refuses with one line naming the holder, and touches nothing:
      // the first one's embedded database keeps running (it used to be stopped as an "orphan").
      const rival = await startServer({ DATA_DIR: dataDir });
      const code = await Promise.race([rival.exited, new Promise<string>((r) => setTimeout(() => r('still running'), 60_000))]);
      if (code === 'still running') rival.proc.kill('SIGTERM');
      expect(code).toBe(1);
      const lines = rival.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Bizdesk could not start: the data directory .* is in use by Bizdesk process ${first.proc.pid} `));
    }
    const reg = await post(first.port, '/api/v1/auth/register', { businessName: 'Durable Ltd', userName: 'Dee', email: 'dee@durable.ng', password: 'durable pass 1' });
    expect(reg.status).toBe(201);
    const secret = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')).jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    first.proc.kill('SIGKILL');
    await first.exited;
    // kill -9 leaves the embedded postmaster running on the data directory: the next start takes it over and keeps
    // it (same settings, same binary), instead of stopping it and starting another.
    const orphan = onPostgres ? null : Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    if (orphan) expect(isAlive(orphan)).toBe(true);

    const restart = Date.now();
    const second = await startServer({ DATA_DIR: dataDir, ...dbEnv });
    await waitHealthy(second.port);
    console.log(`restart (over an orphaned server: ${Boolean(orphan)}) to healthy: ${Date.now() - restart} ms`);
    if (orphan) {
      expect(isAlive(orphan)).toBe(true);
      expect(Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0])).toBe(orphan);
      expect(second.output()).not.toContain('could not start');
    }
    const login = await post(second.port, '/api/v1/auth/login', { email: 'dee@durable.ng', password: 'durable pass 1' });
    expect(login.status).toBe(200);
    const { token, data } = await login.json();
    const me = await fetch(`http://127.0.0.1:${second.port}/api/v1/auth/users/${data._id}`, { headers: { authorization: `Bearer ${token}` } });
    const health = await (await fetch(`http://127.0.0.1:${second.port}/api/v1/health`)).json();
    expect(health.data.databaseKind).toBe(onPostgres ? 'postgres' : 'embedded');
    expect((await me.json()).data.businessName).toBe('Durable Ltd');
    expect(JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')).jwtSecret).toBe(secret);

    const serverPid = onPostgres ? null : Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('stopped cleanly');
    // SIGTERM stops the embedded server too, the one taken over included: nothing is left running on the data directory.
    if (serverPid) expect(isAlive(serverPid)).toBe(false);
    // …and the data directory is free again: its lock went with the process.
    if (!onPostgres) await expect(fs.stat(path.join(dataDir, 'bizdesk.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 240_000);

  it('refuses to start on a bad variable with one line naming it', async () => {
    const bad = await startServer({ DATA_DIR: os.tmpdir(), PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  }, 30_000);
});

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid configuration: DATABASE_URL must start with postgres:\/\//);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/^Invalid configuration: JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/^Invalid configuration: SMTP_URL /);
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '1' })).toThrow(/^Invalid configuration: JOB_LEASE_SECONDS must be at least 2/);
  });

  it('defaults to port 3000, ./data and the embedded database', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.DATABASE_URL).toBeUndefined();
    // a dead instance's job is taken over after the 15 s lease and a 5–10 s retry delay (docs/deploy.md)
    expect([c.JOB_LEASE_SECONDS, c.JOB_RETRY_DELAY_SECONDS]).toEqual([15, 5]);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });
});
