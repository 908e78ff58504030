import { sql } from 'drizzle-orm';
import { divideHalfUp } from '@bizdesk/payroll';
import type { DbOrTx } from '../../db/client.ts';
import { query } from './payroll.repo.ts';

/**
 * Issue 32: arrears of effective-dated salary revisions (gross_changes: each change of gross with its effective date).
 * A revision back-dated into months already paid in approved regular runs is paid once, as one-off pay, in the next
 * regular run: Σ over those approved months of (the monthly salary due that month − the salary the line paid, its
 * `gross` column), less the arrears already paid in approved runs. The salary due in a month is that of the latest
 * recorded revision effective in or before it; months before any recorded revision are left as paid.
 */
export type TRevision = { gross: number; effectiveMonth: string };
export type TPaidMonth = { month: string; gross: number; arrearsPaid: number };
export type TArrears = { amount: number; legalName: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** `revisions` in the order they were recorded; `paid`: the employee's approved regular months before the month computed. */
export const arrearsOf = (revisions: TRevision[], paid: TPaidMonth[]): TArrears | null => {
  let owed = 0;
  let alreadyPaid = 0;
  const short: string[] = [];
  for (const p of [...paid].sort((a, b) => a.month.localeCompare(b.month))) {
    alreadyPaid += p.arrearsPaid;
    let due: number | null = null;
    for (const r of revisions) if (r.effectiveMonth <= p.month) due = r.gross; // the latest recorded wins
    if (due === null) continue;
    const diff = divideHalfUp(due, 12) - p.gross;
    owed += diff;
    if (diff > 0) short.push(p.month);
  }
  const amount = owed - alreadyPaid;
  if (amount <= 0 || short.length === 0) return null;
  const n = short.length;
  return { amount, legalName: `Arrears: salary revision from ${monthName(short[0]!)} (${n} month${n === 1 ? '' : 's'})` };
};

/** The arrears of each employee on the run due in `month` (regular runs only); employees without any are absent. */
export const loadArrears = async (db: DbOrTx, businessId: string, runId: string, month: string): Promise<Map<string, TArrears>> => {
  const monthStart = `${month}-01`;
  const revisions = await query<{ employee_id: string; gross: string; effective_month: string }>(db, sql`
    SELECT g.employee_id, g.gross::text, to_char(g.effective_date, 'YYYY-MM') AS effective_month FROM gross_changes g
    WHERE g.business_id = ${businessId}
      AND g.employee_id IN (SELECT employee_id FROM payroll_run_members WHERE run_id = ${runId})
      AND EXISTS (SELECT 1 FROM gross_changes b WHERE b.business_id = g.business_id AND b.employee_id = g.employee_id AND b.effective_date < ${monthStart}::date)
    ORDER BY g.created_at, g.id`);
  if (revisions.length === 0) return new Map();
  const ids = [...new Set(revisions.map((r) => r.employee_id))];
  const paid = await query<{ employee_id: string; month: string; gross: string; arrears: string | null }>(db, sql`
    SELECT l.employee_id, r.month, l.gross::text,
           (SELECT COALESCE(SUM((e->>'amount')::bigint), 0)::text FROM jsonb_array_elements(COALESCE((l.result::jsonb)->'breakdown'->'periodEarnings', '[]'::jsonb)) e WHERE e->>'code' = 'arrears') AS arrears
    FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id
    WHERE l.business_id = ${businessId} AND r.kind = 'regular' AND r.status IN ('approved', 'paid') AND r.month < ${month}
      AND l.employee_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  // Grouped by employee in one pass each (a 10,000-person run stays linear).
  const revisionsOf = new Map<string, TRevision[]>();
  for (const r of revisions) {
    const list = revisionsOf.get(r.employee_id) ?? [];
    list.push({ gross: Number(r.gross), effectiveMonth: r.effective_month });
    revisionsOf.set(r.employee_id, list);
  }
  const paidOf = new Map<string, TPaidMonth[]>();
  for (const p of paid) {
    const list = paidOf.get(p.employee_id) ?? [];
    list.push({ month: p.month, gross: Number(p.gross), arrearsPaid: Number(p.arrears ?? 0) });
    paidOf.set(p.employee_id, list);
  }
  const out = new Map<string, TArrears>();
  for (const [id, list] of revisionsOf) {
    const a = arrearsOf(list, paidOf.get(id) ?? []);
    if (a) out.set(id, a);
  }
  return out;
};
