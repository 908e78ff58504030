import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabaseUrl, onPostgres } from './helpers/test-app.ts';
import { openStream } from './helpers/stream.ts';
import { startSmtp, type TSmtp } from './helpers/smtp.ts';

/**
 * Issue 36: two API processes started from the sources on one PostgreSQL database, with the same JWT_SECRET and
 * each its own port and data directory, as instances behind a load balancer are, driven alternately over HTTP.
 * Runs on the machine's PostgreSQL (TEST_DATABASE_URL, the server-postgres project): the embedded database belongs
 * to one process and its data directory, so several instances on it are not a setup anyone deploys.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JWT_SECRET = 'two-instances-share-this-secret-0123456789';
/** How long a job's claim lasts here (15 s in production): a dead instance's import is taken over within seconds. */
const LEASE_SECONDS = 3;

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

type TInstance = { name: string; proc: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

const startInstance = async (name: string, env: Record<string, string>): Promise<TInstance> => {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `bizdesk-${name}-`));
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'),
      PUBLIC_URL: 'http://bizdesk.test', JWT_SECRET, LOG_LEVEL: 'warn', JOB_LEASE_SECONDS: String(LEASE_SECONDS), JOB_RETRY_DELAY_SECONDS: '1',
      // The test is the proxy: each scenario's client address comes in X-Forwarded-For, so sign-in limits stay apart.
      TRUST_PROXY: '127.0.0.1', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c) => (out += c));
  proc.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  void exited.then(() => fs.rm(dataDir, { recursive: true, force: true }));
  return { name, proc, port, output: () => out, exited };
};

const waitHealthy = async (i: TInstance) => {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (i.proc.exitCode !== null) throw new Error(`instance ${i.name} exited: ${i.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${i.port}/api/v1/health`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${i.name} did not become healthy: ${i.output()}`);
};

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

type TCall = { token?: string; body?: unknown; form?: FormData; ip?: string };
const call = async (i: TInstance, method: string, url: string, o: TCall = {}) => {
  const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? nextIp() };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://127.0.0.1:${i.port}${url}`, { method, headers, body: o.form ?? (o.body === undefined ? undefined : JSON.stringify(o.body)) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch { /* not JSON */ }
  return { status: res.status, json, text, headers: res.headers };
};

const until = async (what: string, check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${ms} ms: ${what}`);
};

describe.skipIf(!onPostgres)('two API instances on one PostgreSQL (runs in the server-postgres project, with TEST_DATABASE_URL)', () => {
  let a: TInstance;
  let b: TInstance;
  let smtp: TSmtp;
  let db: pg.Pool;
  let drop: () => Promise<void>;
  let owner: { token: string; email: string; businessId: string };
  const startedAt = Date.now();

  const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;

  const register = async (i: TInstance, email: string, businessName: string) => {
    const reg = await call(i, 'POST', '/api/v1/auth/register', { body: { businessName, userName: 'Owner Person', email, password: 'correct horse 1', country: 'NG' } });
    expect(reg.status, reg.text).toBe(201);
  };
  const login = async (i: TInstance, email: string, password: string) => {
    const res = await call(i, 'POST', '/api/v1/auth/login', { body: { email, password } });
    expect(res.status, res.text).toBe(200);
    return { token: res.json.token as string, user: res.json.data as { _id: string; businessId: string; email: string } };
  };
  const addStaff = async (via: TInstance, email: string) => {
    const res = await call(via, 'POST', '/api/v1/auth/user-register', { token: owner.token, body: { userName: email.split('@')[0], email, password: 'staff pass 1', roles: 'HR-access' } });
    expect(res.status, res.text).toBe(201);
  };
  const staffList = (i: TInstance, token: string) => call(i, 'GET', `/api/v1/employee/employees/${owner.email}`, { token });
  const startImport = (i: TInstance, csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'staff.csv');
    return call(i, 'POST', '/api/v1/employee/import', { token: owner.token, form });
  };
  const staffCsv = (prefix: string, rows: number) =>
    ['First name,Last name,Email', ...Array.from({ length: rows }, (_, n) => `${prefix},Worker${n},${prefix.toLowerCase()}-${n}@two.ng`)].join('\n');
  const jobOn = async (i: TInstance, jobId: string) => (await call(i, 'GET', `/api/v1/employee/import/${jobId}`, { token: owner.token })).json?.data as
    { status: string; progress: number; result: { created: number } | null } | undefined;

  beforeAll(async () => {
    smtp = await startSmtp();
    let url: string;
    ({ url, drop } = await createPgDatabaseUrl());
    db = new pg.Pool({ connectionString: url, max: 2 });
    [a, b] = await Promise.all([startInstance('a', { DATABASE_URL: url, SMTP_URL: smtp.url }), startInstance('b', { DATABASE_URL: url, SMTP_URL: smtp.url })]);
    await Promise.all([waitHealthy(a), waitHealthy(b)]);
    console.log(`two instances healthy after ${Date.now() - startedAt} ms:`, [a, b].map((i) => i.output().split('\n').find((l) => l.includes('Bizdesk is running'))).join('\n'));
    await register(a, 'owner@two.ng', 'Two Instances Ltd');
    const s = await login(b, 'owner@two.ng', 'correct horse 1');
    owner = { token: s.token, email: s.user.email, businessId: s.user.businessId };
  }, 150_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (i && i.proc.exitCode === null && i.proc.signalCode === null) {
        i.proc.kill('SIGTERM');
        await Promise.race([i.exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
      }
    }
    await db?.end();
    await smtp?.close();
    await drop?.();
  }, 60_000);

  it('(1) a notification created through one instance reaches a live stream open on the other', async () => {
    const onB = await openStream(b.port, owner.token);
    const onA = await openStream(a.port, owner.token);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    const viaA = await call(a, 'POST', '/api/v1/notification/create', { token: owner.token, body: { category: 'Staff news', actionType: 'Note', message: 'written on a' } });
    expect(viaA.status, viaA.text).toBe(201);
    const viaB = await call(b, 'POST', '/api/v1/notification/create', { token: owner.token, body: { category: 'Staff news', actionType: 'Note', message: 'written on b' } });
    expect(viaB.status, viaB.text).toBe(201);
    // each on both streams, once
    for (const s of [onA, onB]) await expect.poll(() => s.received.map((n) => n.message).sort(), { timeout: 5000 }).toEqual(['written on a', 'written on b']);
    await new Promise((r) => setTimeout(r, 200));
    for (const s of [onA, onB]) expect(s.received).toHaveLength(2);
    onA.close();
    onB.close();
  });

  it('(2) a role change or a logout on one instance cuts the token and the stream on the other within a second', async () => {
    const cases: Array<{ email: string; cutOn: TInstance; usedOn: TInstance; revoke: (s: { token: string; user: { _id: string } }) => Promise<{ status: number }> }> = [
      { email: 'kofi@two.ng', cutOn: a, usedOn: b, revoke: (s) => call(a, 'PUT', `/api/v1/auth/update-user-roles/${s.user._id}`, { token: owner.token, body: { roles: ['Inventory-access'] } }) },
      { email: 'ama@two.ng', cutOn: b, usedOn: a, revoke: (s) => call(b, 'POST', '/api/v1/auth/logout', { token: s.token }) },
    ];
    for (const c of cases) {
      await addStaff(c.cutOn, c.email);
      const staff = await login(c.usedOn, c.email, 'staff pass 1');
      expect((await staffList(c.usedOn, staff.token)).status).toBe(200);
      expect((await staffList(c.usedOn, staff.token)).status).toBe(200); // now remembered by that instance
      const stream = await openStream(c.usedOn.port, staff.token);
      expect(stream.status).toBe(200);
      const revokedAt = Date.now();
      const revoked = await c.revoke(staff);
      expect(revoked.status).toBeLessThan(300);
      const endedAt = await Promise.race([stream.ended, new Promise<number>((r) => setTimeout(() => r(Infinity), 3000))]);
      expect(endedAt - revokedAt, `${c.email}: the stream on ${c.usedOn.name} ended`).toBeLessThan(1000);
      await until(`${c.usedOn.name} refuses ${c.email}'s token`, async () => (await staffList(c.usedOn, staff.token)).status === 401, 1000 - (Date.now() - revokedAt));
      stream.close();
    }
  });

  it('(3) ten wrong passwords spread over both instances hit one limit', async () => {
    // Sign-in attempts from one address: ten a minute, counted in the database whichever instance answers.
    const ip = nextIp();
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) {
      const res = await call(n % 2 === 0 ? a : b, 'POST', '/api/v1/auth/login', { ip, body: { email: `nobody-${n}@two.ng`, password: 'a wrong guess' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // One account from one address: five wrong passwords, then even the right one waits, on either instance.
    const other = nextIp();
    for (let n = 0; n < 5; n++) expect((await call(n % 2 === 0 ? b : a, 'POST', '/api/v1/auth/login', { ip: other, body: { email: owner.email, password: `guess ${n}` } })).status).toBe(401);
    for (const i of [a, b]) {
      const locked = await call(i, 'POST', '/api/v1/auth/login', { ip: other, body: { email: owner.email, password: 'correct horse 1' } });
      expect(locked.status, `on ${i.name}`).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('(4) an import started on one instance is worked once, and its progress is seen from both', async () => {
    const ROWS = 3000;
    const started = await startImport(a, staffCsv('Once', ROWS));
    expect(started.status, started.text).toBe(202);
    const jobId = started.json.data.jobId as string;
    const seen: Record<string, number[]> = { a: [], b: [] };
    await until('the import finished, as seen from both', async () => {
      const [onA, onB] = await Promise.all([jobOn(a, jobId), jobOn(b, jobId)]);
      seen.a.push(onA!.progress);
      seen.b.push(onB!.progress);
      return onA!.status === 'succeeded' && onB!.status === 'succeeded';
    }, 60_000);
    for (const name of ['a', 'b']) {
      // never backwards, and the end seen by both
      expect(seen[name], name).toEqual([...seen[name]].sort((x, y) => x - y));
      expect(seen[name].at(-1)).toBe(100);
    }
    // …and something between start and end seen from both instances (the job ran on one of them)
    expect(seen.a.some((p) => p > 0 && p < 100) || seen.b.some((p) => p > 0 && p < 100)).toBe(true);
    expect((await jobOn(b, jobId))!.result!.created).toBe(ROWS);
    // once: one attempt, one pg-boss delivery, one audit entry, no employee twice
    expect(await one('SELECT attempts FROM jobs WHERE id = $1', [jobId])).toEqual({ attempts: 1 });
    expect(await one(`SELECT count(*)::int AS n, min(state) AS state, max(retry_count) AS retries FROM pgboss.job WHERE id = $1`, [jobId])).toEqual({ n: 1, state: 'completed', retries: 0 });
    expect(await one(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'employee.imported' AND entity_id = $1`, [jobId])).toEqual({ n: 1 });
    expect(await one(`SELECT count(*)::int AS n, count(DISTINCT lower(email))::int AS emails FROM employees WHERE business_id = $1 AND email LIKE 'once-%'`, [owner.businessId]))
      .toEqual({ n: ROWS, emails: ROWS });
  });

  it('(6) each e-mail goes out once', async () => {
    await register(b, 'second@two.ng', 'Second Business Ltd');
    const forgot = await call(a, 'POST', '/api/v1/auth/forgotpassword', { body: { email: owner.email } });
    expect(forgot.status, forgot.text).toBe(200);
    const invite = await call(b, 'POST', '/api/v1/auth/invitations', { token: owner.token, body: { userName: 'Efua Mensah', email: 'efua@two.ng', roles: ['HR-access'] } });
    expect(invite.status, invite.text).toBe(201);
    await until('every mail arrived', async () => smtp.to('second@two.ng').length >= 1 && smtp.to('efua@two.ng').length >= 1 && smtp.received.filter((m) => m.to === owner.email && /resetpassword/.test(m.text)).length >= 1, 10_000);
    await new Promise((r) => setTimeout(r, 2000)); // time for a second copy, if an instance were to send one
    expect(smtp.to('second@two.ng')).toHaveLength(1); // the confirmation, sent by b
    expect(smtp.to('efua@two.ng')).toHaveLength(1); // the invitation, sent by b
    expect(smtp.received.filter((m) => m.to === owner.email && /resetpassword/.test(m.text))).toHaveLength(1); // the reset link, sent by a
    // and the outbox says the same: one row per mail, each marked sent
    const outbox = (await db.query(`SELECT "to", count(*)::int AS n, count(sent_at)::int AS sent FROM mail_outbox WHERE "to" IN ('second@two.ng', 'efua@two.ng') GROUP BY "to" ORDER BY "to"`)).rows;
    expect(outbox).toEqual([{ to: 'efua@two.ng', n: 1, sent: 1 }, { to: 'second@two.ng', n: 1, sent: 1 }]);
  });

  it('(8) an instance whose listening connection is cut (a failover, a restarted database) listens again and trusts no remembered user', async () => {
    await addStaff(a, 'yaw@two.ng');
    const staff = await login(b, 'yaw@two.ng', 'staff pass 1');
    expect((await staffList(b, staff.token)).status).toBe(200);
    expect((await staffList(b, staff.token)).status).toBe(200); // now remembered by b
    const onB = await openStream(b.port, owner.token);
    const cut = await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'bizdesk-events'`);
    expect(cut.rowCount).toBe(2); // one per instance
    // A role change made while b was away from the channel: b never hears of it, yet must not keep the old roles.
    const changedAt = Date.now();
    const changed = await call(a, 'PUT', `/api/v1/auth/update-user-roles/${staff.user._id}`, { token: owner.token, body: { roles: ['Inventory-access'] } });
    expect(changed.status, changed.text).toBe(200);
    await until('b refuses the changed token', async () => (await staffList(b, staff.token)).status === 401, 3000);
    console.log(`b refused the changed token ${Date.now() - changedAt} ms after the change`);
    // …and b listens again: a notification written on a reaches the stream open on b.
    let n = 0;
    await until('a notification from a reaches the stream on b', async () => {
      await call(a, 'POST', '/api/v1/notification/create', { token: owner.token, body: { category: 'Staff news', actionType: 'Note', message: `after the cut ${(n += 1)}` } });
      await new Promise((r) => setTimeout(r, 300));
      return onB.received.some((m) => m.message.startsWith('after the cut'));
    }, 10_000);
    onB.close();
  });

  it('(7) killing one instance mid-import leaves the other to finish the job', async () => {
    const ROWS = 2500;
    const started = await startImport(a, staffCsv('Kill', ROWS));
    expect(started.status, started.text).toBe(202);
    const jobId = started.json.data.jobId as string;
    // a takes its own job at once (b would find it on its next poll, 2 s later)
    await until('the import is under way', async () => {
      const row = await one<{ status: string; processed: number }>('SELECT status, processed FROM jobs WHERE id = $1', [jobId]);
      return row.status === 'running' && row.processed > 0;
    }, 30_000);
    const progressBefore = (await jobOn(b, jobId))!.progress;
    expect(progressBefore).toBeLessThan(100);
    a.proc.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    await until('b took the job over', async () => (await one<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = $1', [jobId])).attempts === 2, 30_000);
    const tookOverAt = Date.now();
    let job = (await jobOn(b, jobId))!;
    await until('b finished the import', async () => {
      job = (await jobOn(b, jobId))!;
      return job.status === 'succeeded' || job.status === 'failed';
    }, 60_000);
    console.log(`after the kill, b took the import over in ${tookOverAt - killedAt} ms and finished it ${Date.now() - tookOverAt} ms later`);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.result!.created).toBe(ROWS);
    // a's attempt left nothing behind: every row once, the staging table empty, and the job took a second attempt
    expect(await one(`SELECT count(*)::int AS n, count(DISTINCT lower(email))::int AS emails FROM employees WHERE business_id = $1 AND email LIKE 'kill-%'`, [owner.businessId]))
      .toEqual({ n: ROWS, emails: ROWS });
    expect(await one('SELECT attempts FROM jobs WHERE id = $1', [jobId])).toEqual({ attempts: 2 });
    expect(await one(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'employee.imported' AND entity_id = $1`, [jobId])).toEqual({ n: 1 });
  }, 90_000);

  it('(5) a scheduled job fires once per slot', async () => {
    // employee-count-fold runs every minute. pg-boss's cron check (every 30 s, one instance at a time) sends a
    // "send-it" job per schedule and minute, de-duplicated by its singleton slot; each becomes one run of the task.
    const NAME = 'employee-count-fold';
    const counts = () => one<{ slots: number; sends: number; runs: number; completed: number; retried: number }>(`
      SELECT (SELECT count(DISTINCT singleton_on)::int FROM pgboss.job WHERE name = '__pgboss__send-it' AND singleton_key = $1) AS slots,
             (SELECT count(*)::int FROM pgboss.job WHERE name = '__pgboss__send-it' AND singleton_key = $1) AS sends,
             (SELECT count(*)::int FROM pgboss.job WHERE name = $1) AS runs,
             (SELECT count(*)::int FROM pgboss.job WHERE name = $1 AND state = 'completed') AS completed,
             (SELECT count(*)::int FROM pgboss.job WHERE name = $1 AND retry_count > 0) AS retried`, [NAME]);
    // Two slots when the file's run allows it (it has been going for a while; the first slot fired at start-up).
    await until('a slot was fired and run', async () => (await counts()).completed >= 1, 70_000);
    const deadline = startedAt + 80_000;
    while (Date.now() < deadline && (await counts()).slots < 2) await new Promise((r) => setTimeout(r, 250));
    await until('every fired slot has run', async () => {
      const c = await counts();
      return c.runs === c.completed && c.runs >= c.slots;
    }, 10_000);
    const c = await counts();
    console.log(`schedule ${NAME}: ${c.slots} slot(s), ${c.runs} run(s) in ${Math.round((Date.now() - startedAt) / 1000)} s`);
    expect(c.slots).toBeGreaterThanOrEqual(1);
    expect({ sends: c.sends, runs: c.runs, retried: c.retried }).toEqual({ sends: c.slots, runs: c.slots, retried: 0 });
  }, 100_000);
});
