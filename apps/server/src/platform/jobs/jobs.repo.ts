import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';

export type TJobRow = typeof jobs.$inferSelect;
export type TNewJob = { businessId: string; kind: string; payload: unknown; total: number; createdById: string | null; key?: string | null };
/** One claim of a job: a write made under it lands only while it is the job's latest claim. */
export type TClaim = { id: string; attempts: number };

const lease = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
const heldBy = (claim: TClaim) => and(eq(jobs.id, claim.id), eq(jobs.attempts, claim.attempts), eq(jobs.status, 'running'));

/** Inserts the job; with a key already used by this business for this kind, returns the existing job instead. */
export const insertJob = async (db: DbOrTx, input: TNewJob): Promise<{ row: TJobRow; created: boolean }> => {
  const [row] = await db.insert(jobs).values({ ...input, key: input.key ?? null, status: 'queued', phase: 'queued' })
    .onConflictDoNothing({ target: [jobs.businessId, jobs.kind, jobs.key], where: sql`key IS NOT NULL` })
    .returning();
  if (row) return { row, created: true };
  const [existing] = await db.select().from(jobs)
    .where(and(eq(jobs.businessId, input.businessId), eq(jobs.kind, input.kind), eq(jobs.key, input.key!))).limit(1);
  return { row: existing, created: false };
};

export const getJob = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(jobs).where(and(eq(jobs.businessId, businessId), eq(jobs.id, id))).limit(1))[0];

/** Takes the job for one attempt unless it has ended or a live worker holds it. */
export const claimJob = async (db: DbOrTx, id: string, leaseSeconds: number) =>
  (await db.update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: lease(leaseSeconds), error: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), or(eq(jobs.status, 'queued'), and(eq(jobs.status, 'running'), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`))))))
    .returning())[0];

/** The claim's heartbeat; false once the claim was lost (expired and taken over, or the job ended). */
export const renewClaim = async (db: DbOrTx, claim: TClaim, leaseSeconds: number) =>
  (await db.update(jobs).set({ lockedUntil: lease(leaseSeconds), updatedAt: new Date() }).where(heldBy(claim)).returning({ id: jobs.id })).length === 1;

export const recordProgress = (db: DbOrTx, claim: TClaim, p: { phase: string; processed: number; total: number }, leaseSeconds: number) =>
  db.update(jobs).set({ ...p, lockedUntil: lease(leaseSeconds), updatedAt: new Date() }).where(heldBy(claim));

/** Ends the job under this claim; false when the claim was lost, so nothing was written. */
export const finishJob = async (db: DbOrTx, claim: TClaim, patch: Partial<Pick<TJobRow, 'status' | 'phase' | 'processed' | 'result' | 'error'>>) =>
  (await db.update(jobs)
    .set({ ...patch, payload: null, lockedUntil: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(heldBy(claim)).returning({ id: jobs.id })).length === 1;

/** Gives the job back to the queue for its next attempt (kept: payload and attempts). */
export const requeueJob = (db: DbOrTx, claim: TClaim, error: string) =>
  db.update(jobs).set({ status: 'queued', phase: 'retrying', processed: 0, error, lockedUntil: null, updatedAt: new Date() }).where(heldBy(claim));

/** Ends a job that is no longer claimed by anyone (its worker died and it may not run again). */
export const failUnclaimed = (db: DbOrTx, id: string, error: string) =>
  db.update(jobs).set({ status: 'failed', phase: 'done', error, payload: null, lockedUntil: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])));

/** Running jobs whose worker stopped renewing its claim, turned back to queued in one statement (one instance wins each). */
export const releaseExpiredClaims = async (db: DbOrTx, kinds: string[]) => {
  if (kinds.length === 0) return [];
  const expired = db.select({ id: jobs.id }).from(jobs)
    .where(and(eq(jobs.status, 'running'), inArray(jobs.kind, kinds), lt(jobs.lockedUntil, sql`now()`)))
    .for('update', { skipLocked: true });
  return db.update(jobs).set({ status: 'queued', phase: 'queued', processed: 0, lockedUntil: null, updatedAt: new Date() })
    .where(inArray(jobs.id, expired)).returning({ id: jobs.id, kind: jobs.kind });
};

export const findQueued = async (db: DbOrTx, kinds: string[], limit: number) =>
  kinds.length === 0 ? [] : db.select({ id: jobs.id, kind: jobs.kind }).from(jobs)
    .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, kinds))).orderBy(asc(jobs.createdAt)).limit(limit);

export const countUnfinished = async (db: DbOrTx, kinds: string[]) =>
  kinds.length === 0 ? 0 : (await db.select({ n: sql<number>`count(*)::int` }).from(jobs)
    .where(and(inArray(jobs.status, ['queued', 'running']), inArray(jobs.kind, kinds))))[0].n;
