import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { TDatabase } from '../../db/client.ts';

type TCronParser = { parseExpression: (cron: string, opts: { tz?: string; currentDate?: Date; endDate?: Date }) => { hasNext: () => boolean; next: () => { getTime: () => number } } };
type TTimekeeper = { prototype: { shouldSendIt: (this: { clockSkew: number }, cron: string, tz: string) => boolean } };

/**
 * Whether a schedule is due in the current minute (database time), asked without walking back.
 * pg-boss 10 asks cron-parser for the previous firing time (`prev()`), which steps back minute by minute
 * through luxon: 10–60 ms per daily or monthly schedule, so every 30 s the instance that checks the
 * schedules stalled its event loop for 100 ms and more (it showed in the API's p99). This asks for the
 * next firing time from just before the minute, bounded to the minute: a few field checks (0.06 ms).
 * The answer is the same except at the exact start of a minute, where pg-boss's own `prev()` (strictly
 * before) missed the minute until its next check; a send is de-duplicated for 60 s either way.
 * Tested against the original in test/jobs.test.ts.
 */
export const dueThisMinute = (cronParser: TCronParser, cron: string, tz: string, now: number) => {
  const minute = Math.floor(now / 60_000) * 60_000;
  const it = cronParser.parseExpression(cron, { tz, currentDate: new Date(minute - 1), endDate: new Date(minute + 1) });
  return it.hasNext() && it.next().getTime() === minute;
};

const requireFromBoss = createRequire(createRequire(import.meta.url).resolve('pg-boss'));
export const cronParser = requireFromBoss('cron-parser') as TCronParser;
const Timekeeper = requireFromBoss('./timekeeper.js') as TTimekeeper;
const shouldSendIt: TTimekeeper['prototype']['shouldSendIt'] = function shouldSendIt(cron, tz) {
  return dueThisMinute(cronParser, cron, tz, Date.now() + this.clockSkew);
};
Timekeeper.prototype.shouldSendIt = shouldSendIt;
/** For the test: pg-boss's timekeeper uses the check above (false if an upgrade moved it). */
export const timekeeperUsesDueThisMinute = () => Timekeeper.prototype.shouldSendIt === shouldSendIt && /shouldSendIt\s*\(/.test(String(requireFromBoss('./timekeeper.js').prototype.cron));

export type TBossOptions = { pollSeconds: number; isClosed: () => boolean };

/**
 * pg-boss on the app's own pool: no second pool to size, and each of its statements takes a
 * connection only for that statement, so it never waits for one while holding another.
 */
const executorFor = ({ pool }: Pick<TDatabase, 'pool'>): PgBoss.Db => ({ executeSql: async (text, values) => pool.query(text, values) });

/**
 * pg-boss's internal cron worker completes its jobs without awaiting; after close, a statement it
 * still sends to the closing pool must not become an unhandled rejection.
 */
const quietAfterClose = (db: PgBoss.Db, isClosed: () => boolean): PgBoss.Db => ({
  executeSql: async (text, values) => {
    try {
      return await db.executeSql(text, values);
    } catch (err) {
      if (isClosed()) return { rows: [] };
      throw err;
    }
  },
});

export const createBoss = (database: Pick<TDatabase, 'pool'>, opts: TBossOptions) =>
  new PgBoss({
    db: quietAfterClose(executorFor(database), opts.isClosed),
    schema: 'pgboss',
    pollingIntervalSeconds: opts.pollSeconds,
    // Expiry of active jobs, archiving and deletion; one instance does it per interval.
    maintenanceIntervalSeconds: 60,
    // Cron is checked every 30 s by one instance; the send-it queue is polled every 5 s.
    cronMonitorIntervalSeconds: 30,
    archiveCompletedAfterSeconds: 60 * 60 * 24,
    deleteAfterDays: 7,
  });
export type TBoss = ReturnType<typeof createBoss>;
