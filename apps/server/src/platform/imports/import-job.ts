import type { TImportResult, TJob } from '@bizdesk/contract';
import type { TJobRow } from '../jobs/jobs.ts';

/** An import job as the web polls it. */
export const toImportJob = (row: TJobRow): TJob => {
  const share = row.total > 0 ? row.processed / row.total : 0;
  // Checking is the first half, staging the rows the second; the last step (one statement) sits at 95.
  const progress = row.status === 'succeeded' || row.status === 'failed' ? 100
    : row.phase === 'importing' ? 50 + Math.floor(share * 45)
      : row.phase === 'validating' ? Math.floor(share * 50) : 0;
  return {
    _id: row.id, kind: row.kind, status: row.status as TJob['status'], phase: row.phase, progress: Math.min(100, progress),
    processed: row.processed, total: row.total, message: row.error, result: (row.result as TImportResult | null) ?? null,
    createdAt: row.createdAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null,
  };
};
