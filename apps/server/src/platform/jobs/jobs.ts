import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MSG } from '@bizdesk/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';

export type TJobRow = typeof jobs.$inferSelect;
export type TJobProgress = { phase: string; processed: number; total: number };

export type TJobContext = {
  job: TJobRow;
  /**
   * Records progress without waiting. Inside the job's transaction on PGlite (one connection)
   * the write lands after the commit, where it is ignored because the job is no longer running.
   */
  progress: (p: TJobProgress) => void;
  /** Marks the job succeeded inside the handler's own transaction: its effect and its status commit together. */
  succeed: (tx: Tx, result: unknown) => Promise<void>;
};
export type TJobHandler = (ctx: TJobContext) => Promise<void>;

/** A failure the caller should read (bad rows, nothing imported): kept as the job's message and result. */
export class JobFailure extends Error {
  constructor(message: string, readonly result?: unknown) {
    super(message);
  }
}

const CLAIM_TTL = sql`interval '5 minutes'`;
const MAX_ATTEMPTS = 3;
const POLL_MS = 30_000;

/**
 * Runs queued jobs in this process, one at a time. Any instance may claim any queued job
 * (FOR UPDATE SKIP LOCKED), so jobs survive the instance that queued them; a claim whose
 * instance died expires and the job is claimed again, up to MAX_ATTEMPTS times.
 */
export const createJobRunner = ({ db, log }: { db: Db; log: FastifyBaseLogger }) => {
  const handlers = new Map<string, TJobHandler>();
  let draining: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const claim = async (): Promise<TJobRow | undefined> => {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return undefined;
    const next = sql`(SELECT id FROM jobs
      WHERE kind IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
        AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)`;
    return (await db.update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: sql`now() + ${CLAIM_TTL}`, updatedAt: new Date() })
      .where(eq(jobs.id, next))
      .returning())[0];
  };

  const finish = (id: string, patch: Partial<TJobRow>) =>
    db.update(jobs).set({ ...patch, payload: null, lockedUntil: null, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));

  const runOne = async (job: TJobRow) => {
    const handler = handlers.get(job.kind)!;
    if (job.attempts > MAX_ATTEMPTS) {
      await finish(job.id, { status: 'failed', error: 'The job was interrupted too many times; nothing was changed. Start it again.' });
      return;
    }
    let pending: Promise<unknown> | null = null;
    let latest: TJobProgress | null = null;
    const flush = () => {
      const p = latest!;
      latest = null;
      pending = db.update(jobs)
        .set({ phase: p.phase, processed: p.processed, total: p.total, lockedUntil: sql`now() + ${CLAIM_TTL}`, updatedAt: new Date() })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')))
        .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'job progress not recorded'))
        .finally(() => {
          pending = null;
          if (latest) flush();
        });
    };
    const ctx: TJobContext = {
      job,
      // One write in flight at a time; a newer figure replaces one not yet written.
      progress: (p) => {
        latest = p;
        if (!pending) flush();
      },
      succeed: async (tx, result) => {
        await tx.update(jobs)
          .set({ status: 'succeeded', phase: 'done', processed: job.total, result, payload: null, lockedUntil: null, finishedAt: new Date(), updatedAt: new Date() })
          .where(eq(jobs.id, job.id));
      },
    };
    try {
      await handler(ctx);
      await finish(job.id, { status: 'succeeded', phase: 'done' });
    } catch (err) {
      if (err instanceof JobFailure) {
        await finish(job.id, { status: 'failed', phase: 'done', error: err.message, result: err.result ?? null });
      } else {
        log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
        await finish(job.id, { status: 'failed', phase: 'done', error: MSG.unknownError });
      }
    }
    if (pending) await pending;
  };

  const drain = async () => {
    do {
      again = false;
      for (let job = await claim(); job && !closed; job = closed ? undefined : await claim()) await runOne(job);
    } while (again && !closed);
  };

  const kick = () => {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((err: unknown) => log.error({ err }, 'job runner stopped on an error'))
      .finally(() => {
        draining = null;
      });
  };

  return {
    register: (kind: string, handler: TJobHandler) => void handlers.set(kind, handler),

    /** Queues a job in the caller's transaction; call kick() after the commit. */
    enqueue: async (tx: DbOrTx, input: { businessId: string; kind: string; payload: unknown; total: number; createdById: string | null }) =>
      (await tx.insert(jobs).values({ ...input, status: 'queued', phase: 'queued' }).returning())[0],

    get: async (tx: DbOrTx, businessId: string, id: string) =>
      (await tx.select().from(jobs).where(and(eq(jobs.businessId, businessId), eq(jobs.id, id))).limit(1))[0],

    kick,

    /** Picks up jobs left queued (or orphaned) by an earlier run, then checks again every 30 s. */
    start: () => {
      kick();
      timer = setInterval(kick, POLL_MS);
      timer.unref();
    },

    /** Stops claiming and waits for the job in hand, so closing never cuts a transaction short. */
    close: async () => {
      closed = true;
      if (timer) clearInterval(timer);
      if (draining) await draining;
    },

    /** Waits until nothing is running (tests, benchmarks). */
    idle: async () => {
      while (draining) await draining;
    },
  };
};
export type TJobRunner = ReturnType<typeof createJobRunner>;

/** Starts the runner when the app is ready and lets the job in hand finish when it closes. */
export const jobsLifecycle = (runner: TJobRunner) => async (app: FastifyInstance) => {
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.close());
};
