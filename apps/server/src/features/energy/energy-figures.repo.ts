import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Energy's money for the analyst (issue 35): what fuel and power cost, per kind (quantities differ in unit by kind). */
export const findEnergyFigures = async (db: DbOrTx, businessId: string) => {
  const res = (await db.execute(sql`
    select kind, count(*)::int as entries, coalesce(sum(expenses), 0)::text as cost from energy_entries where business_id = ${businessId} group by kind order by 3 desc`)) as unknown as { rows: Array<{ kind: string; entries: number; cost: string }> };
  const byKind = res.rows.map((r) => ({ kind: r.kind, entries: Number(r.entries), costMinor: Number(r.cost) }));
  return { costMinor: byKind.reduce((s, k) => s + k.costMinor, 0), entries: byKind.reduce((s, k) => s + k.entries, 0), byKind };
};
export type TEnergyFigures = Awaited<ReturnType<typeof findEnergyFigures>>;
