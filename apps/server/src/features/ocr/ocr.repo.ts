import type { DbOrTx } from '../../db/client.ts';
import { documentSummaries } from '../../db/schema/index.ts';

export const insertSummary = async (db: DbOrTx, businessId: string, input: { summary: string; createdBy: string }) =>
  (await db.insert(documentSummaries).values({ businessId, ...input }).returning())[0];

export const toSummary = (r: typeof documentSummaries.$inferSelect) => ({ _id: r.id, summary: r.summary, createdBy: r.createdBy, createdAt: r.createdAt.toISOString() });
