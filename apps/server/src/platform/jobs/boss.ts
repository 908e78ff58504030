import PgBoss from 'pg-boss';
import type { TDatabase } from '../../db/client.ts';

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
