import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { importRows } from '../../db/schema/index.ts';

export type TStagedRow = { row: number; data: Record<string, unknown> };

export const stageRows = async (db: DbOrTx, businessId: string, jobId: string, rows: TStagedRow[]) => {
  if (rows.length) await db.insert(importRows).values(rows.map((r) => ({ businessId, jobId, row: r.row, data: r.data })));
};

export const clearStagedRows = async (db: DbOrTx, businessId: string, jobId: string) =>
  db.delete(importRows).where(and(eq(importRows.businessId, businessId), eq(importRows.jobId, jobId)));
