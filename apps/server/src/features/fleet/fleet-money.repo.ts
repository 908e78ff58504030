import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The fleet's money for the analyst (issue 35): what fuel, maintenance and other truck entries cost, per kind. */
export const findFleetFigures = async (db: DbOrTx, businessId: string) => {
  const res = (await db.execute(sql`
    select kind, count(*)::int as entries, coalesce(sum(cost), 0)::text as cost from truck_entries where business_id = ${businessId} group by kind order by 3 desc`)) as unknown as { rows: Array<{ kind: string; entries: number; cost: string }> };
  const trucks = (await db.execute(sql`select count(*)::int as n from trucks where business_id = ${businessId}`)) as unknown as { rows: Array<{ n: number }> };
  const byKind = res.rows.map((r) => ({ kind: r.kind, entries: Number(r.entries), costMinor: Number(r.cost) }));
  return { trucks: Number(trucks.rows[0]?.n ?? 0), costMinor: byKind.reduce((s, k) => s + k.costMinor, 0), byKind };
};
export type TFleetFigures = Awaited<ReturnType<typeof findFleetFigures>>;
