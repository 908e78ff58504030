import type { Db } from '../../db/client.ts';
import { clearStagedRows, stageRows, type TStagedRow } from './staging.repo.ts';

/** Rows per staging statement: a few thousand parameters, tens of milliseconds each. */
const STAGE_BATCH = 1000;

/**
 * Writes an import's checked rows to the staging table, each batch in its own short statement, so
 * the job holds no connection or lock between batches and reports progress after each. A retried
 * job starts from a clean slate. The import then applies them in one set-based statement.
 */
export const stageImportRows = async (db: Db, opts: { businessId: string; jobId: string; rows: TStagedRow[]; onProgress: (staged: number) => void }) => {
  await clearStagedRows(db, opts.businessId, opts.jobId);
  for (let i = 0; i < opts.rows.length; i += STAGE_BATCH) {
    await stageRows(db, opts.businessId, opts.jobId, opts.rows.slice(i, i + STAGE_BATCH));
    opts.onProgress(Math.min(opts.rows.length, i + STAGE_BATCH));
  }
};

export { clearStagedRows };

/** Lets other requests run between chunks of a long loop on the event loop. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
