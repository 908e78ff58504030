import { sql, type SQL } from 'drizzle-orm';
import type { PayInput, RecurringItem } from '@bizdesk/payroll';

// Pay structures and recurring items in a run's computation (issue 32), kept apart from the compute row's own columns so
// other month inputs (proration, exits) can be merged beside them.

/** A recurring item as the compute query gives it (json_build_object in STRUCTURE_JOINS). */
export type TRecurringJson = {
  id: string; name: string; kind: 'earning' | 'deduction'; amount: string | null; percent_bp: number | null; base: string;
  from: string; to: string | null; is_taxable: boolean; is_pensionable: boolean; is_pre_tax: boolean;
  /** Issue 33: an employee's one-month reimbursement (absent on rows built before it: false). */
  is_reimbursement?: boolean;
};

/** What a compute row carries of the employee's structure (assigned, else the business's default for its country). */
export type TStructureColumns = {
  structure_split: { basic: number; housing: number; transport: number } | null;
  structure_pension_base: string | null;
  recurring_structure: TRecurringJson[] | null;
  recurring_own: TRecurringJson[] | null;
};

const ITEM_JSON = sql.raw(`json_agg(json_build_object('id', r.id, 'name', r.name, 'kind', r.kind, 'amount', r.amount::text, 'percent_bp', r.percent_bp,
  'base', r.base, 'from', r.from_month, 'to', r.to_month, 'is_taxable', r.is_taxable, 'is_pensionable', r.is_pensionable, 'is_pre_tax', r.is_pre_tax,
  'is_reimbursement', r.is_reimbursement)
  ORDER BY r.created_at, r.id)`);

export const STRUCTURE_COLUMNS = sql`st.split AS structure_split, st.pension_base AS structure_pension_base, rs.items AS recurring_structure, ro.items AS recurring_own`;

/**
 * Joins on `m` (run member), `b` (business), `e` (employee), `s` (pay settings): the structure and the month's items. Items
 * come through LATERAL index lookups (one per member, by (business_id, employee_id) and (business_id, structure_id)), not
 * grouped subqueries: on freshly written tables the planner's estimates could put a grouped subquery inside a nested loop,
 * which is quadratic in the staff (10,000 members: minutes); a lookup per member stays linear whatever the statistics.
 */
export const structureJoins = (businessId: string, month: string): SQL => sql`
    LEFT JOIN pay_structures dflt ON dflt.business_id = b.id AND dflt.is_default AND dflt.country = b.country
    LEFT JOIN pay_structures st ON st.business_id = m.business_id AND st.id = coalesce(s.structure_id, dflt.id)
    LEFT JOIN LATERAL (
      SELECT ${ITEM_JSON} AS items FROM recurring_pay_items r
      WHERE r.business_id = ${businessId} AND r.structure_id = st.id AND r.from_month <= ${month} AND (r.to_month IS NULL OR r.to_month >= ${month})
    ) rs ON true
    LEFT JOIN LATERAL (
      SELECT ${ITEM_JSON} AS items FROM recurring_pay_items r
      WHERE r.business_id = ${businessId} AND r.employee_id = e.id AND r.from_month <= ${month} AND (r.to_month IS NULL OR r.to_month >= ${month})
    ) ro ON true`;

const percentText = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
const majorText = (minor: string) => {
  const n = BigInt(minor);
  return `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
};

export const toRecurringItem = (r: TRecurringJson): RecurringItem => ({
  id: r.id, name: r.name, kind: r.kind, base: r.base as RecurringItem['base'], from: r.from, to: r.to,
  ...(r.amount !== null ? { amount: majorText(r.amount) } : { percent: percentText(r.percent_bp ?? 0) }),
  isTaxable: r.is_taxable, isPensionable: r.is_pensionable, isPreTax: r.is_pre_tax,
});

/** The structure's split and pension base where the employee has none of their own, and the month's recurring items (structure's first). */
export const applyStructure = (input: PayInput, row: Partial<TStructureColumns> & { split: unknown; pension_base: string | null }) => {
  if (!row.split && row.structure_split)
    input.split = { basic: percentText(row.structure_split.basic), housing: percentText(row.structure_split.housing), transport: percentText(row.structure_split.transport) };
  if (!row.pension_base && row.structure_pension_base) input.pensionBase = row.structure_pension_base as PayInput['pensionBase'];
  const items = [...(row.recurring_structure ?? []), ...(row.recurring_own ?? [])];
  // Issue 33: a reimbursement is the engine's one-off input (paid in full, never prorated), not a recurring earning.
  const recurring = items.filter((i) => !i.is_reimbursement);
  const reimbursements = items.filter((i) => i.is_reimbursement && i.amount !== null);
  if (recurring.length > 0) input.recurring = recurring.map(toRecurringItem);
  if (reimbursements.length > 0) input.reimbursements = reimbursements.map((r) => ({ id: r.id, legalName: r.name, amount: majorText(r.amount!) }));
  return input;
};
