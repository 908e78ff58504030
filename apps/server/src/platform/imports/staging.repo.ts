import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { importRows } from '../../db/schema/index.ts';

export type TStagedRow = { row: number; data: Record<string, unknown> };

/** One batch as one JSON parameter: PostgreSQL unpacks it, so building the statement costs one stringify. */
export const stageRows = async (db: DbOrTx, businessId: string, jobId: string, rows: TStagedRow[]) => {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO import_rows (business_id, job_id, row, data)
    SELECT ${businessId}, ${jobId}, (e->>'row')::int, e->'data'
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e`);
};

export const clearStagedRows = async (db: DbOrTx, businessId: string, jobId: string) =>
  db.delete(importRows).where(and(eq(importRows.businessId, businessId), eq(importRows.jobId, jobId)));

/**
 * Deletes staged rows whose job is no longer queued or running (given up after its attempts, or gone);
 * a finished import clears its own. Returns how many rows.
 */
export const deleteOrphanedRows = async (db: DbOrTx) =>
  ((await db.execute(sql`
    DELETE FROM import_rows r
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.business_id = r.business_id AND j.id = r.job_id AND j.status IN ('queued', 'running'))`)) as unknown as { rowCount: number | null }).rowCount ?? 0;
