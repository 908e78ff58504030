import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { MSG } from '@bizdesk/contract';
import type { Db, DbOrTx, TDatabase, Tx } from '../../db/client.ts';
import { createBoss } from './boss.ts';
import * as repo from './jobs.repo.ts';

export type { TJobRow } from './jobs.repo.ts';
type TJobRow = repo.TJobRow;
export type TJobProgress = { phase: string; processed: number; total: number };

export type TJobContext = {
  job: TJobRow;
  /** Records progress without waiting (one write in flight; a newer figure replaces one not yet written). */
  progress: (p: TJobProgress) => void;
  /**
   * Marks the job succeeded inside the handler's own transaction: its effect and its status commit
   * together. Throws (rolling the transaction back) if this attempt's claim was taken over meanwhile.
   */
  succeed: (tx: Tx, result: unknown) => Promise<void>;
};
export type TJobHandler = (ctx: TJobContext) => Promise<void>;
/** A scheduled task: runs on one instance per firing; thrown errors are retried with back-off. */
export type TScheduleHandler = () => Promise<unknown>;

/** A failure the caller should read (bad rows, nothing imported): kept as the job's message and result; not retried. */
export class JobFailure extends Error {
  constructor(message: string, readonly result?: unknown) {
    super(message);
  }
}

/** A passing failure told in words for people ("the bank did not answer"): retried; the message is kept if the last attempt fails too. */
export class JobRetry extends Error {}

/** This attempt's claim was taken over (it stalled past its lease); whatever it did is rolled back. */
class JobSuperseded extends Error {}

export type TJobRunnerOptions = {
  /** How often an idle worker looks for jobs queued by other instances (this instance's own are sent at once). */
  pollSeconds: number;
  /** How often a running job's claim is renewed, and claims of dead workers are looked for. */
  heartbeatSeconds: number;
  /** A claim not renewed for this long is taken over: a crashed worker's job runs again within about this time. */
  leaseSeconds: number;
  /** Attempts after the first one, for errors other than JobFailure. */
  retryLimit: number;
  /** The first retry waits this long (and up to twice as long); each further retry doubles it. */
  retryDelaySeconds: number;
  /** Hard ceiling on one attempt; pg-boss fails an attempt older than this even if its worker lives. */
  expireInSeconds: number;
};
export type TKindOptions = Partial<Pick<TJobRunnerOptions, 'retryLimit' | 'retryDelaySeconds' | 'expireInSeconds'>>;

export const JOB_DEFAULTS: TJobRunnerOptions = { pollSeconds: 2, heartbeatSeconds: 5, leaseSeconds: 15, retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 3600 };
const INTERRUPTED = 'The job was interrupted too many times; nothing was changed. Start it again.';
const SCHEDULE_RETRY = { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 };

type TQueue = { name: string; run: (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>; wake?: () => void; loop?: Promise<void> };

/**
 * Runs jobs on pg-boss (its own `pgboss` schema): delivery to one instance (SKIP LOCKED), retries
 * with back-off, expiry, and cron schedules fired once per cluster. The `jobs` table keeps what
 * the web polls (status, phase, progress, result) and the claim: the worker renews `locked_until`
 * every few seconds; a claim left to expire is released and pg-boss retries the job elsewhere.
 */
export const createJobRunner = (deps: { db: Db; database: TDatabase; log: FastifyBaseLogger }, options: Partial<TJobRunnerOptions> = {}) => {
  const { db, log } = deps;
  const o = { ...JOB_DEFAULTS, ...options };
  let state: 'new' | 'starting' | 'started' | 'closed' = 'new';
  const boss = createBoss(deps.database, { pollSeconds: o.pollSeconds, isClosed: () => state === 'closed' });
  boss.on('error', (err) => log.warn({ err }, 'job queue maintenance failed'));
  const kinds = new Map<string, { handler: TJobHandler; retryLimit: number; retryDelaySeconds: number; expireInSeconds: number }>();
  const schedules = new Map<string, { cron: string; tz: string; handler: TScheduleHandler }>();
  /** Schedules turned off by a setting: their cron entry, stored by an earlier start, is removed at start. */
  const dropped = new Set<string>();
  const queues = new Map<string, TQueue>();
  /** Queues known to exist in pgboss (made by prepare() or an earlier start). */
  const ensured = new Set<string>();
  let preparing: Promise<void> | null = null;
  let starting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let reconciling: Promise<void> | null = null;
  let reconcileAgain = false;

  const runJob = async (kind: string, delivery: PgBoss.JobWithMetadata<unknown>) => {
    const spec = kinds.get(kind)!;
    const row = await repo.claimJob(db, delivery.id, o.leaseSeconds);
    if (!row) return; // it ended already, or a live worker holds it
    const claim: repo.TClaim = { id: row.id, attempts: row.attempts };
    const maxAttempts = spec.retryLimit + 1;
    if (row.attempts > maxAttempts) {
      await repo.finishJob(db, claim, { status: 'failed', phase: 'done', error: INTERRUPTED });
      return;
    }
    const isLastAttempt = delivery.retryCount >= delivery.retryLimit || row.attempts >= maxAttempts;

    const heartbeat = setInterval(() => {
      repo.renewClaim(db, claim, o.leaseSeconds)
        .then((held) => held || log.warn({ jobId: row.id, kind }, 'job claim was taken over; this attempt will not commit'))
        .catch((err: unknown) => log.warn({ err, jobId: row.id }, 'job heartbeat not recorded'));
    }, o.heartbeatSeconds * 1000);
    let pending: Promise<unknown> | null = null;
    let latest: TJobProgress | null = null;
    const flush = () => {
      const p = latest!;
      latest = null;
      pending = repo.recordProgress(db, claim, p, o.leaseSeconds)
        .catch((err: unknown) => log.warn({ err, jobId: row.id }, 'job progress not recorded'))
        .finally(() => {
          pending = null;
          if (latest) flush();
        });
    };
    const ctx: TJobContext = {
      job: row,
      progress: (p) => {
        latest = p;
        if (!pending) flush();
      },
      succeed: async (tx, result) => {
        if (!(await repo.finishJob(tx, claim, { status: 'succeeded', phase: 'done', processed: row.total, result }))) throw new JobSuperseded();
      },
    };
    try {
      await spec.handler(ctx);
      await repo.finishJob(db, claim, { status: 'succeeded', phase: 'done' });
    } catch (err) {
      if (err instanceof JobSuperseded) {
        log.warn({ jobId: row.id, kind }, 'a stalled job attempt was superseded and rolled back');
        return;
      }
      if (err instanceof JobFailure) {
        await repo.finishJob(db, claim, { status: 'failed', phase: 'done', error: err.message, result: err.result ?? null });
        return;
      }
      if (!(err instanceof JobRetry)) log.error({ err, jobId: row.id, kind, attempt: row.attempts }, 'job attempt failed');
      const message = err instanceof JobRetry ? err.message : MSG.unknownError;
      if (isLastAttempt) await repo.finishJob(db, claim, { status: 'failed', phase: 'done', error: message });
      else await repo.requeueJob(db, claim, message);
      throw err; // pg-boss records the failure and, unless it was the last attempt, schedules the retry
    } finally {
      clearInterval(heartbeat);
      while (pending) await pending;
    }
  };

  /** One job at a time per queue: fetch, run, then complete or fail it (awaited, so close() knows when it is done). */
  const workLoop = async (queue: TQueue) => {
    while (state === 'started') {
      let delivery: PgBoss.JobWithMetadata<unknown> | undefined;
      try {
        [delivery] = (await boss.fetch<unknown>(queue.name, { includeMetadata: true, batchSize: 1 })) ?? [];
      } catch (err) {
        log.warn({ err, queue: queue.name }, 'job fetch failed');
      }
      if (delivery) {
        try {
          await queue.run(delivery);
          await boss.complete(queue.name, delivery.id);
        } catch (err) {
          await boss.fail(queue.name, delivery.id, { message: (err as Error).message }).catch((e: unknown) => log.warn({ err: e }, 'job failure not recorded'));
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, o.pollSeconds * 1000);
        queue.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      queue.wake = undefined;
    }
  };

  /**
   * Each queue is a partition of pgboss.job; creating two at once (or two instances starting
   * together) can deadlock on the parent table, so queues are created one by one, skipped when
   * they exist, and retried on a deadlock.
   */
  const ensureQueue = async (name: string, queueOptions: PgBoss.Queue | undefined) => {
    if (ensured.has(name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions as PgBoss.Queue);
        ensured.add(name);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt === 5) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  };

  const startQueue = async (name: string, run: TQueue['run'], queueOptions: PgBoss.Queue | undefined) => {
    await ensureQueue(name, queueOptions);
    const queue: TQueue = { name, run };
    queues.set(name, queue);
    queue.loop = workLoop(queue);
  };

  const startKind = (kind: string) => startQueue(kind, (delivery) => runJob(kind, delivery), undefined);

  const scheduleQueue = (name: string): PgBoss.Queue => ({ name, policy: 'standard', ...SCHEDULE_RETRY });
  const scheduled = new Set<string>();
  const ensureSchedule = async (name: string) => {
    if (scheduled.has(name)) return;
    const s = schedules.get(name)!;
    await boss.schedule(name, s.cron, undefined, { tz: s.tz });
    scheduled.add(name);
  };
  const startSchedule = async (name: string) => {
    const s = schedules.get(name)!;
    await startQueue(name, async () => void (await s.handler()), scheduleQueue(name));
    await ensureSchedule(name);
  };

  const send = (kind: string, id: string) => {
    const spec = kinds.get(kind)!;
    return boss.send(kind, {}, {
      id, retryLimit: spec.retryLimit, retryDelay: spec.retryDelaySeconds, retryBackoff: true, expireInSeconds: spec.expireInSeconds,
    });
  };

  /**
   * Releases claims whose worker died (and fails their pg-boss attempt, which schedules the retry),
   * then hands every queued job to pg-boss (keyed by the job's id, so sending twice is harmless).
   */
  const reconcileOnce = async () => {
    const names = [...kinds.keys()];
    for (const { id, kind } of await repo.releaseExpiredClaims(db, names)) {
      log.warn({ jobId: id, kind }, 'a job worker stopped without finishing; the job is released for another attempt');
      let delivery = await boss.getJobById(kind, id);
      if (delivery?.state === 'active') {
        await boss.fail(kind, id, { message: 'The worker stopped renewing its claim' });
        delivery = await boss.getJobById(kind, id);
      }
      if (delivery && delivery.state !== 'created' && delivery.state !== 'retry') await repo.failUnclaimed(db, id, INTERRUPTED);
    }
    for (const { id, kind } of await repo.findQueued(db, names, 100)) await send(kind, id);
    for (const queue of queues.values()) queue.wake?.();
  };

  const reconcile = () => {
    if (state !== 'started') return;
    if (reconciling) {
      reconcileAgain = true;
      return;
    }
    reconciling = (async () => {
      do {
        reconcileAgain = false;
        await reconcileOnce();
      } while (reconcileAgain && state === 'started');
    })()
      .catch((err: unknown) => log.warn({ err }, 'job reconcile failed'))
      .finally(() => {
        reconciling = null;
      });
  };

  const resolveKind = (opts: TKindOptions) => ({
    retryLimit: opts.retryLimit ?? o.retryLimit,
    retryDelaySeconds: opts.retryDelaySeconds ?? o.retryDelaySeconds,
    expireInSeconds: opts.expireInSeconds ?? o.expireInSeconds,
  });

  return {
    /** The work for one kind of job; call before start (as services do when built), or later. */
    register: (kind: string, handler: TJobHandler, opts: TKindOptions = {}) => {
      kinds.set(kind, { handler, ...resolveKind(opts) });
      if (state === 'started') void startKind(kind).then(reconcile).catch((err: unknown) => log.error({ err, kind }, 'job kind could not start'));
    },

    /**
     * A task on a cron schedule (`m h dom mon dow`, in `tz`, default UTC). pg-boss fires it on one
     * instance per minute slot, however many instances run.
     */
    schedule: (name: string, cron: string, handler: TScheduleHandler, opts: { tz?: string } = {}) => {
      schedules.set(name, { cron, tz: opts.tz ?? 'UTC', handler });
      if (state === 'started') void startSchedule(name).catch((err: unknown) => log.error({ err, name }, 'schedule could not start'));
    },

    /** A catalogued schedule turned off (BACKUP_SCHEDULE=off): an entry an earlier start stored stops firing. */
    unschedule: (name: string) => {
      schedules.delete(name);
      dropped.add(name);
    },

    /** Runs a scheduled task now, on whichever instance picks it up (tests, operators). */
    trigger: async (name: string) => {
      await boss.send(name, {});
      queues.get(name)?.wake?.();
    },

    /** The schedules stored in the database (name, cron, timezone). */
    findSchedules: async () => (await boss.getSchedules() as Array<{ name: string; cron: string; timezone: string }>).map(({ name, cron, timezone }) => ({ name, cron, timezone })),

    /**
     * Queues a job in the caller's transaction; call kick() after the commit, which hands it to
     * pg-boss (nothing waits on a second connection while the transaction is open). With `key`, a
     * business gets one job per kind and key: enqueuing it again returns the first job.
     */
    enqueue: async (tx: DbOrTx, input: repo.TNewJob) => (await repo.insertJob(tx, input)).row,

    get: (tx: DbOrTx, businessId: string, id: string) => repo.getJob(tx, businessId, id),

    kick: reconcile,

    /**
     * What start() needs from pg-boss's own schema only: pg-boss installed, a queue for each kind and schedule
     * registered so far, and the schedules' cron entries (fired jobs wait in their queue until start()). It touches
     * none of the app's tables, so it may run while the app's migrations do (a fresh install makes ~20 queue
     * partitions); start() waits for it.
     */
    prepare: () => {
      preparing ??= (async () => {
        await boss.start();
        for (const kind of kinds.keys()) await ensureQueue(kind, undefined);
        for (const name of schedules.keys()) {
          await ensureQueue(name, scheduleQueue(name));
          await ensureSchedule(name);
        }
      })();
      return preparing;
    },

    /**
     * Starts the work loops and schedules. The API starts it once it is listening (main.ts), so close() may come
     * while it runs (SIGTERM during a start): it then stops where it is, and close() waits for that.
     */
    start: async () => {
      if (state !== 'new') return;
      state = 'starting';
      const isClosed = () => state === 'closed';
      starting = (async () => {
        preparing ??= boss.start().then(() => undefined);
        await preparing;
        if (isClosed()) return;
        state = 'started';
        for (const kind of kinds.keys()) await startKind(kind);
        for (const name of schedules.keys()) await startSchedule(name);
        for (const name of dropped) await boss.unschedule(name).catch((err: unknown) => log.warn({ err, name }, 'schedule could not be removed'));
        if (isClosed()) return;
        timer = setInterval(reconcile, o.heartbeatSeconds * 1000);
        timer.unref();
        reconcile();
      })();
      await starting;
    },

    /** Stops taking jobs and waits for the ones in hand, so closing never cuts a transaction short. */
    close: async () => {
      const wasStarted = state === 'started' || preparing !== null;
      state = 'closed';
      if (preparing) await preparing.catch(() => undefined);
      if (starting) await starting.catch(() => undefined);
      if (timer) clearInterval(timer);
      for (const queue of queues.values()) queue.wake?.();
      await Promise.all([...queues.values()].map((q) => q.loop));
      if (reconciling) await reconciling;
      if (wasStarted) await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },

    /** Waits until this runner's kinds have no queued or running job (tests, benchmarks). */
    idle: async () => {
      while (state === 'started' && (await repo.countUnfinished(db, [...kinds.keys()])) > 0) await new Promise((r) => setTimeout(r, 50));
    },
  };
};
export type TJobRunner = ReturnType<typeof createJobRunner>;

/**
 * Lets the jobs in hand finish when the app closes, and starts the runner when the app is ready, unless `later`:
 * then the caller starts it (app.startJobs()), as the API does once it is listening.
 */
export const jobsLifecycle = (runner: TJobRunner, opts: { later?: boolean } = {}) => async (app: FastifyInstance) => {
  if (!opts.later) app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.close());
};
