import type { Db } from '../../db/client.ts';
import { clearStagedRows, stageRows, type TStagedRow } from './staging.repo.ts';

/** Rows per staging statement (one JSON parameter of ~300 KB). */
const STAGE_BATCH = 1000;
/** Longest stretch of synchronous work between two yields to the event loop. */
const SLICE_MS = 10;

/** Lets other requests run between slices of a long loop on the event loop. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Says when a loop has worked for SLICE_MS and should yield: by time, not by count, so the slices
 * stay short on a busy machine too.
 */
export const createTimeSlicer = () => {
  let sliceStart = performance.now();
  return {
    isDue: () => performance.now() - sliceStart >= SLICE_MS,
    yield: async () => {
      await yieldToEventLoop();
      sliceStart = performance.now();
    },
  };
};

/**
 * Writes an import's checked rows to the staging table, each batch in its own short statement, so
 * the job holds no connection or lock between batches and reports progress after each. Rows are
 * built (`toRow`) batch by batch, so that work is sliced too. A retried job starts from a clean slate.
 * The import then applies them in one set-based statement.
 */
export const stageImportRows = async <T>(db: Db, opts: {
  businessId: string; jobId: string; items: T[]; toRow: (item: T) => TStagedRow; onProgress: (staged: number) => void;
}) => {
  await clearStagedRows(db, opts.businessId, opts.jobId);
  for (let i = 0; i < opts.items.length; i += STAGE_BATCH) {
    await stageRows(db, opts.businessId, opts.jobId, opts.items.slice(i, i + STAGE_BATCH).map(opts.toRow));
    opts.onProgress(Math.min(opts.items.length, i + STAGE_BATCH));
  }
};

export { clearStagedRows };
