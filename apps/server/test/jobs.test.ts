import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { importRows, jobs, notifications, rateLimits } from '../src/db/schema/index.ts';
import { createJobRunner, JobFailure, JobRetry, type TJobRunner } from '../src/platform/jobs/jobs.ts';
import { SCHEDULES } from '../src/platform/jobs/schedules.ts';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FAST = { pollSeconds: 0.5, heartbeatSeconds: 0.5, leaseSeconds: 2, retryDelaySeconds: 1 };

/** Polls until `check` returns something truthy, or fails after `ms`. */
const waitFor = async <T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

describe('jobs on pg-boss', () => {
  let t: TTestApp;
  let owner: TSession;
  let runner: TJobRunner;

  const enqueue = async (kind: string, opts: { key?: string; runner?: TJobRunner } = {}) => {
    const r = opts.runner ?? runner;
    const row = await t.deps.db.transaction((tx) => r.enqueue(tx, { businessId: owner.user.businessId, kind, payload: { n: 1 }, total: 1, createdById: null, key: opts.key }));
    r.kick();
    return row;
  };
  const rowOf = (id: string) => runner.get(t.deps.db, owner.user.businessId, id);
  const finished = (id: string, ms?: number) => waitFor(`job ${id} to end`, async () => {
    const row = await rowOf(id);
    return row && (row.status === 'succeeded' || row.status === 'failed') ? row : undefined;
  }, ms);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Jobs Ltd', email: 'owner@jobs.ng' });
    runner = createJobRunner(t.deps, FAST);
    await runner.start();
  });
  afterAll(async () => {
    await runner.close();
    await t.close();
  });

  it('retries a failing job with growing back-off, then marks it failed with its message', async () => {
    const starts: number[] = [];
    runner.register('test-flaky', async () => {
      starts.push(Date.now());
      throw new JobRetry('The bank did not answer');
    });
    const job = await enqueue('test-flaky');
    // Between attempts the web sees it waiting for a retry, with the reason.
    const between = await waitFor('the first retry to be queued', async () => {
      const row = await rowOf(job.id);
      return row?.status === 'queued' && row.phase === 'retrying' ? row : undefined;
    });
    expect(between.error).toBe('The bank did not answer');
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: 'failed', error: 'The bank did not answer', attempts: 3, payload: null });
    expect(starts).toHaveLength(3);
    // First retry after 1–2 s, the second after 2–4 s (doubling, with jitter).
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(1000);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(2000);
  }, 30_000);

  it('does not retry a JobFailure, and shows "unknown error" (not internals) for an unexpected one', async () => {
    let failureRuns = 0;
    runner.register('test-refused', async () => {
      failureRuns += 1;
      throw new JobFailure('Row 3 has no e-mail', { rows: 1 });
    });
    runner.register('test-broken', async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.9:5432');
    }, { retryLimit: 0 });
    const refused = await enqueue('test-refused');
    const broken = await enqueue('test-broken');
    expect(await finished(refused.id)).toMatchObject({ status: 'failed', error: 'Row 3 has no e-mail', result: { rows: 1 }, attempts: 1 });
    expect(await finished(broken.id)).toMatchObject({ status: 'failed', error: MSG.unknownError, attempts: 1 });
    expect(failureRuns).toBe(1);
  });

  it("picks up a crashed worker's job within seconds and applies its effect once", async () => {
    const url = (t.deps.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    let child: ChildProcess | null = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'helpers/crash-worker.ts'), url], { cwd: path.resolve(here, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
      });
      await waitFor('the worker process to start', async () => out.includes('ready'), 20_000);
      const job = await enqueue('test-crash');
      await waitFor('the worker to take the job', async () => out.includes(`started ${job.id}`));
      expect(await rowOf(job.id)).toMatchObject({ status: 'running', attempts: 1 });
      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      child = null;
      const killedAt = Date.now();

      runner.register('test-crash', async ({ job: j, succeed }) => {
        await t.deps.db.transaction(async (tx) => {
          await tx.insert(notifications).values({ businessId: j.businessId, category: 'Test', actionType: 'crash-effect', message: j.id });
          await succeed(tx, { done: true });
        });
      });
      const done = await finished(job.id);
      const seconds = (Date.now() - killedAt) / 1000;
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2, result: { done: true } });
      expect(seconds).toBeLessThan(10);
      const effects = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(notifications)
        .where(and(eq(notifications.actionType, 'crash-effect'), eq(notifications.message, job.id)));
      expect(effects[0].n).toBe(1);
    } finally {
      child?.kill('SIGKILL');
    }
  }, 45_000);

  it('runs a keyed job once however often it is enqueued', async () => {
    let runs = 0;
    runner.register('test-mail', async () => {
      runs += 1;
    });
    const first = await enqueue('test-mail', { key: 'payslip-mail:2025-06:emp-1' });
    const again = await Promise.all([1, 2, 3].map(() => enqueue('test-mail', { key: 'payslip-mail:2025-06:emp-1' })));
    expect(again.map((j) => j.id)).toEqual([first.id, first.id, first.id]);
    await finished(first.id);
    const late = await enqueue('test-mail', { key: 'payslip-mail:2025-06:emp-1' });
    expect(late).toMatchObject({ id: first.id, status: 'succeeded' });
    const other = await enqueue('test-mail', { key: 'payslip-mail:2025-06:emp-2' });
    await finished(other.id);
    await sleep(1500); // a second delivery would have run by now
    expect(runs).toBe(2);
    const rows = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, 'test-mail'));
    expect(rows[0].n).toBe(2);
  });

  it('stores schedules and runs a schedule when it fires; the platform ones prune notifications and rate limits', async () => {
    let fired = 0;
    runner.schedule('test-nightly', '0 3 * * *', async () => {
      fired += 1;
    });
    const stored = await waitFor('the schedule to be stored', async () => {
      const all = await runner.findSchedules();
      return all.some((s) => s.name === 'test-nightly') ? all : undefined;
    });
    expect(stored).toEqual(expect.arrayContaining([
      { name: 'test-nightly', cron: '0 3 * * *', timezone: 'UTC' },
      { name: SCHEDULES.notificationRetention.name, cron: SCHEDULES.notificationRetention.cron, timezone: 'UTC' },
      { name: SCHEDULES.rateLimitPruning.name, cron: SCHEDULES.rateLimitPruning.cron, timezone: 'UTC' },
    ]));
    await runner.trigger('test-nightly');
    await waitFor('the schedule to run', async () => fired === 1);

    const businessId = owner.user.businessId;
    const day = 24 * 60 * 60 * 1000;
    await t.deps.db.insert(notifications).values([
      { businessId, category: 'Test', actionType: 'retention', message: 'eight days old', createdAt: new Date(Date.now() - 8 * day) },
      { businessId, category: 'Test', actionType: 'retention', message: 'six days old', createdAt: new Date(Date.now() - 6 * day) },
    ]);
    await t.deps.db.insert(rateLimits).values([
      { key: 'test:ended', count: 3, resetAt: Date.now() - 1000 },
      { key: 'test:live', count: 3, resetAt: Date.now() + 60_000 },
    ]);
    // The app's own runner has these registered; whichever instance takes the job runs it.
    await runner.trigger(SCHEDULES.notificationRetention.name);
    await runner.trigger(SCHEDULES.rateLimitPruning.name);
    const kept = await waitFor('retention to run', async () => {
      const rows = await t.deps.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.actionType, 'retention'));
      return rows.length === 1 ? rows : undefined;
    });
    expect(kept).toEqual([{ message: 'six days old' }]);
    await waitFor('rate limits to be pruned', async () => {
      const keys = (await t.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      return !keys.includes('test:ended') && keys.includes('test:live');
    });

    // Staged rows of an import that was given up go; those of one still running stay.
    const [running] = await t.deps.db.insert(jobs).values({ businessId, kind: 'test-import', status: 'running', phase: 'staging', total: 1, createdById: null }).returning();
    const [failed] = await t.deps.db.insert(jobs).values({ businessId, kind: 'test-import', status: 'failed', phase: 'done', total: 1, createdById: null }).returning();
    await t.deps.db.insert(importRows).values([
      { businessId, jobId: running.id, row: 2, data: {} },
      { businessId, jobId: failed.id, row: 2, data: {} },
    ]);
    await runner.trigger(SCHEDULES.importStagingCleanup.name);
    await waitFor('abandoned staging to be deleted', async () => {
      const left = (await t.deps.db.select({ jobId: importRows.jobId }).from(importRows)).map((r) => r.jobId);
      return left.length === 1 && left[0] === running.id;
    });
  });

  it('on close, lets the job in hand finish before returning', async () => {
    const second = createJobRunner(t.deps, FAST);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let started = false;
    second.register('test-slow', async ({ succeed }) => {
      started = true;
      await gate;
      await t.deps.db.transaction((tx) => succeed(tx, { slow: true }));
    });
    await second.start();
    const job = await enqueue('test-slow', { runner: second });
    await waitFor('the slow job to start', async () => started);
    const closing = second.close();
    setTimeout(release, 300);
    await closing;
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', result: { slow: true } });
  });

  // The API serves requests before its job queue has started (main.ts starts it once listening).
  it('runs a job queued before the runner started once it starts, and a close during the start stops it cleanly', async () => {
    const later = createJobRunner(t.deps, FAST);
    later.register('test-early', async ({ succeed }) => {
      await t.deps.db.transaction((tx) => succeed(tx, { early: true }));
    });
    const job = await enqueue('test-early', { runner: later }); // kick() before start: nothing happens yet
    expect(await rowOf(job.id)).toMatchObject({ status: 'queued' });
    await later.start();
    expect(await finished(job.id)).toMatchObject({ status: 'succeeded', result: { early: true } });
    await later.close();

    const cut = createJobRunner(t.deps, FAST);
    cut.register('test-cut', async () => undefined);
    const starting = cut.start();
    await cut.close(); // SIGTERM while starting: waits for the start to stop where it is
    await starting;
    const queued = await enqueue('test-cut', { runner: cut });
    await sleep(1500); // several poll intervals: no work loop is left to take it
    expect(await rowOf(queued.id)).toMatchObject({ status: 'queued' });
  });
});

describe('schedule check (pg-boss timekeeper)', () => {
  it('says a schedule is due exactly when pg-boss\'s own prev()-based check does, without walking back through the month', async () => {
    const { cronParser, dueThisMinute, timekeeperUsesDueThisMinute } = await import('../src/platform/jobs/boss.ts');
    expect(timekeeperUsesDueThisMinute()).toBe(true);
    const parser = cronParser as unknown as { parseExpression: (c: string, o: object) => { prev: () => Date } };
    const original = (cron: string, tz: string, t: number) => (t - parser.parseExpression(cron, { tz, currentDate: new Date(t) }).prev().getTime()) / 1000 < 60;
    const crons = [...Object.values(SCHEDULES).map((s) => s.cron), '0 3 * * *'];
    let compared = 0;
    let due = 0;
    for (const tz of ['UTC', 'Africa/Lagos']) {
      for (const cron of crons) {
        for (let k = 0; k <= 40; k++) {
          // From 23:50 on the last day of a month to past 00:30 on the 1st, never exactly on a minute's start.
          const t = Date.UTC(2026, 9, 31, 23, 50, 0, 500) + k * 61_000;
          expect(dueThisMinute(cronParser, cron, tz, t), `${cron} ${tz} ${new Date(t).toISOString()}`).toBe(original(cron, tz, t));
          compared += 1;
          if (original(cron, tz, t)) due += 1;
        }
      }
    }
    expect(compared).toBe(crons.length * 82);
    expect(due).toBeGreaterThan(40); // the sample includes due minutes, not only quiet ones
    const started = performance.now();
    for (let i = 0; i < 50; i++) for (const cron of crons) dueThisMinute(cronParser, cron, 'UTC', Date.now());
    expect((performance.now() - started) / (50 * crons.length)).toBeLessThan(5);
  }, 120_000);
});
