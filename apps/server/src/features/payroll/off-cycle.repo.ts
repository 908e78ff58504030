import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { one, query, RUN_SELECT, type TRunRow } from './payroll.repo.ts';
import type { TOffCycleItemRow } from './off-cycle-compute.ts';

// SQL of off-cycle runs (issue 32 item 3): the run row with its kind, what it pays each employee, and what its
// computation needs beyond the regular compute rows (start dates, the year's earlier bonuses).

export const insertOffCycleRun = (tx: DbOrTx, v: { businessId: string; month: string; kind: string; label: string | null; base: string | null }) =>
  one<{ id: string }>(tx, sql`INSERT INTO payroll_runs (business_id, month, currency, kind, label, off_cycle_base)
    SELECT ${v.businessId}, ${v.month}, currency, ${v.kind}, ${v.label}, ${v.base} FROM businesses WHERE id = ${v.businessId} RETURNING id`);

export type TItemInsert = { employeeId: string; name: string; amount: number | null; percentBp: number | null; position: number };

export const insertItems = async (tx: DbOrTx, businessId: string, runId: string, items: TItemInsert[]) => {
  if (!items.length) return;
  await tx.execute(sql`INSERT INTO payroll_off_cycle_items (business_id, run_id, employee_id, name, amount, percent_bp, position)
    SELECT ${businessId}, ${runId}, x."employeeId"::uuid, x.name, x.amount, x."percentBp", x.position
    FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS x("employeeId" text, name text, amount bigint, "percentBp" int, position int)`);
};

/** The run's items by employee, in entry order. */
export const findItems = (db: DbOrTx, businessId: string, runId: string) =>
  query<TOffCycleItemRow & { employee_number: string; first_name: string; last_name: string }>(db, sql`
    SELECT i.employee_id, i.name, i.amount::text, i.percent_bp, i.position, e.employee_number, e.first_name, e.last_name
    FROM payroll_off_cycle_items i JOIN employees e ON e.id = i.employee_id AND e.business_id = i.business_id
    WHERE i.business_id = ${businessId} AND i.run_id = ${runId}
    ORDER BY lower(e.first_name), lower(e.last_name), e.id, i.position`);

/** Runs of a month (regular first, then off-cycle runs by creation) or of a year. */
export const findRuns = (db: DbOrTx, businessId: string, q: { month?: string; year?: number }) =>
  query<TRunRow>(db, sql`${RUN_SELECT} WHERE r.business_id = ${businessId}
    ${q.month ? sql`AND r.month = ${q.month}` : sql`AND r.month LIKE ${`${q.year}-%`}`}
    ORDER BY r.month DESC, (r.kind = 'regular') DESC, r.created_at`);

export const findStartDates = async (db: DbOrTx, businessId: string, runId: string) =>
  // Only a start date someone gave (not the entry date filled in for them) makes a joiner of the year.
  new Map((await query<{ id: string; start_date: string | null }>(db, sql`
    SELECT e.id, CASE WHEN e.start_date_given THEN e.start_date::text END AS start_date FROM payroll_run_members m JOIN employees e ON e.id = m.employee_id AND e.business_id = m.business_id
    WHERE m.business_id = ${businessId} AND m.run_id = ${runId}`)).map((r) => [r.id, r.start_date]));

/** GH: each member's bonuses on the year's other approved runs (they use up the 15% of annual basic first). */
export const findEarlierBonuses = async (db: DbOrTx, businessId: string, runId: string, month: string) =>
  new Map((await query<{ employee_id: string; bonus: string }>(db, sql`
    SELECT l.employee_id, sum(coalesce((l.result->'breakdown'->'statutory'->>'bonus')::bigint, 0))::text AS bonus
    FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id AND r.business_id = l.business_id
    WHERE l.business_id = ${businessId} AND r.id <> ${runId} AND r.status IN ('approved', 'paid')
      AND r.month >= ${`${month.slice(0, 4)}-01`} AND r.month <= ${`${month.slice(0, 4)}-12`}
      AND l.employee_id IN (SELECT employee_id FROM payroll_run_members WHERE run_id = ${runId})
    GROUP BY l.employee_id`)).map((r) => [r.employee_id, Number(r.bonus)]));

export const deleteRun = async (tx: DbOrTx, businessId: string, runId: string) => {
  await tx.execute(sql`DELETE FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId}`);
  await tx.execute(sql`DELETE FROM payroll_runs WHERE business_id = ${businessId} AND id = ${runId} AND kind <> 'regular' AND status = 'draft'`);
};
