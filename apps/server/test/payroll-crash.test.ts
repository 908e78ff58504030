import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openPostgres, type TDatabase } from '../src/db/client.ts';
import { createDeps } from '../src/platform/deps-factory.ts';
import { createJobRunner, type TJobRunner } from '../src/platform/jobs/jobs.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { createApprovalsService } from '../src/features/approvals/approvals.service.ts';
import { createPayrollServices } from '../src/features/payroll/payroll.services.ts';
import type { TDeps } from '../src/platform/deps.ts';
import type { TUserAuth } from '../src/platform/auth/guard.ts';
import { createPgDatabaseUrl } from './helpers/test-app.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const EMPLOYEES = 5000;
let url: string;
let drop: () => Promise<void>;
let database: TDatabase;
let deps: TDeps;
let runner: TJobRunner | null = null;

const count = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: Array<{ n: number }> }).rows[0].n;

/** One business, its owner and 5,000 employees with a gross each, written set-based in three statements. */
const seed = async (): Promise<TUserAuth> => {
  const rows = (r: unknown) => (r as { rows: Array<Record<string, string>> }).rows;
  const [b] = rows(await database.db.execute(sql`INSERT INTO businesses (name, owner_email, country, currency) VALUES ('Crash Test Ltd', 'owner@crash.example', 'NG', 'NGN') RETURNING id`));
  const [u] = rows(await database.db.execute(sql`INSERT INTO users (business_id, email, user_name, password_hash, roles) VALUES (${b.id}, 'owner@crash.example', 'Owner', 'x', '{owner}') RETURNING id`));
  await database.db.execute(sql`
    INSERT INTO employees (business_id, employee_number, first_name, last_name, email, portal_code, employee_unique_code, gross_income)
    SELECT ${b.id}, 'C-' || g, 'Worker', lpad(g::text, 5, '0'), 'w' || g || '@crash.example', md5('p' || g || random()), md5('u' || g || random()),
           (1200000 + (g % 97) * 150000)::bigint * 100
    FROM generate_series(1, ${EMPLOYEES}) g`);
  return { kind: 'user', businessId: b.id, businessName: 'Crash Test Ltd', ownerEmail: 'owner@crash.example', country: 'NG', timeZone: 'Africa/Lagos', userId: u.id, email: 'owner@crash.example', userName: 'Owner', roles: ['owner'] };
};

beforeAll(async () => {
  ({ url, drop } = await createPgDatabaseUrl());
  database = await openPostgres(url);
  deps = await createDeps(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' }), database, pino({ level: 'silent' }));
});
afterAll(async () => {
  await runner?.close();
  await deps?.events.close();
  await database?.close();
  await drop?.();
});

it('leaves no line of a 5,000-employee run when its worker is killed mid-run, then completes it on restart', async () => {
  const auth = await seed();
  // Services without a started runner: enqueuing only writes the job row; the child process runs it.
  const idle = createPayrollServices(deps, { jobs: createJobRunner(deps), notify: createNotificationsService(deps).notify, approvals: createApprovalsService(deps, { notify: createNotificationsService(deps).notify }) });
  const run = await idle.runs.bulkUpload(auth, { selectAll: true, month: '2026-03' });
  expect(run.members).toBe(EMPLOYEES);
  const job = await idle.runs.compute(auth, run._id);

  let child: ChildProcess | null = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'helpers/payroll-crash-worker.ts'), url], { cwd: path.resolve(here, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const until = Date.now() + 30_000;
    while (!/stored \d+/.test(out)) {
      if (Date.now() > until) throw new Error(`the worker did not start storing: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Mid-run: the first batch is written inside the open transaction.
    expect(await count(sql`SELECT count(*)::int AS n FROM jobs WHERE id = ${job._id} AND status = 'running' AND phase = 'computing'`)).toBe(1);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = null;
  } finally {
    child?.kill('SIGKILL');
  }
  expect(await count(sql`SELECT count(*)::int AS n FROM payroll_lines WHERE run_id = ${run._id}`)).toBe(0);
  expect(await count(sql`SELECT count(*)::int AS n FROM payroll_runs WHERE id = ${run._id} AND computed_at IS NULL`)).toBe(1);

  // "Restart": a worker with the real job picks the released job up and completes it.
  runner = createJobRunner(deps, { pollSeconds: 0.5, heartbeatSeconds: 0.5, leaseSeconds: 2, retryDelaySeconds: 1 });
  const live = createPayrollServices(deps, { jobs: runner, notify: createNotificationsService(deps).notify, approvals: createApprovalsService(deps, { notify: createNotificationsService(deps).notify }) });
  await runner.start();
  const until = Date.now() + 30_000;
  for (;;) {
    const r = (await live.runs.get(auth, run._id));
    if (r.job?.status === 'failed') throw new Error(r.job.message ?? 'failed');
    if (r.job?.status === 'succeeded') {
      expect(r.totals.employees).toBe(EMPLOYEES);
      expect(r.isStale).toBe(false);
      break;
    }
    if (Date.now() > until) throw new Error('the run did not complete after restart');
    await new Promise((res) => setTimeout(res, 200));
  }
  expect(await count(sql`SELECT count(*)::int AS n FROM payroll_lines WHERE run_id = ${run._id}`)).toBe(EMPLOYEES);
  expect(await count(sql`SELECT attempts AS n FROM jobs WHERE id = ${job._id}`)).toBe(2);
}, 60_000);
