import { sql, type SQL } from 'drizzle-orm';
import type { PayInput, RecurringItem } from '@bizdesk/payroll';
import type { DbOrTx } from '../../../db/client.ts';

// Pay structures and recurring items in a run's computation (issue 32), kept apart from the compute row's own columns so
// other month inputs (proration, exits) can be merged beside them.

/** A recurring item as the compute read gives it (findRecurringItems). */
export type TRecurringJson = {
  id: string; name: string; kind: 'earning' | 'deduction'; amount: string | null; percent_bp: number | null; base: string;
  from: string; to: string | null; is_taxable: boolean; is_pensionable: boolean; is_pre_tax: boolean;
  /** Issue 33: an employee's one-month reimbursement (absent on rows built before it: false). */
  is_reimbursement?: boolean;
};

/** What a compute row carries of the employee's structure (assigned, else the business's default for its country). */
export type TStructureColumns = {
  /** The structure that applies (assigned, else the default); its items are added by `withRecurringItems`. */
  structure_id_applied: string | null;
  structure_split: { basic: number; housing: number; transport: number } | null;
  structure_pension_base: string | null;
  recurring_structure: TRecurringJson[] | null;
  recurring_own: TRecurringJson[] | null;
};

export const STRUCTURE_COLUMNS = sql`st.id AS structure_id_applied, st.split AS structure_split, st.pension_base AS structure_pension_base`;

/** Joins on `m` (run member), `b` (business), `s` (pay settings): the structure that applies (two plain joins; the default via its partial unique index). */
export const structureJoins = (): SQL => sql`
    LEFT JOIN pay_structures dflt ON dflt.business_id = b.id AND dflt.is_default AND dflt.country = b.country
    LEFT JOIN pay_structures st ON st.business_id = m.business_id AND st.id = coalesce(s.structure_id, dflt.id)`;

type TItemRow = TRecurringJson & { structure_id: string | null; employee_id: string | null };

/**
 * The business's recurring items in force in `month`, structures' and employees' alike, in one plain read (no JSON
 * built per member: 10,000 members on one structure made the same list 10,000 times), oldest first.
 */
const findRecurringItems = async (db: DbOrTx, businessId: string, month: string) =>
  ((await db.execute(sql`
    SELECT r.structure_id, r.employee_id, r.id, r.name, r.kind, r.amount::text AS amount, r.percent_bp, r.base, r.from_month AS "from", r.to_month AS "to",
           r.is_taxable, r.is_pensionable, r.is_pre_tax, r.is_reimbursement
      FROM recurring_pay_items r
     WHERE r.business_id = ${businessId} AND r.from_month <= ${month} AND (r.to_month IS NULL OR r.to_month >= ${month})
     ORDER BY r.created_at, r.id`)) as unknown as { rows: TItemRow[] }).rows;

/** Gives each compute row its structure's items and its own (null when none), grouped in one pass over the month's items. */
export const withRecurringItems = async <T extends { employee_id: string } & TStructureColumns>(db: DbOrTx, businessId: string, month: string, rows: T[]) => {
  const byStructure = new Map<string, TRecurringJson[]>();
  const byEmployee = new Map<string, TRecurringJson[]>();
  for (const { structure_id, employee_id, ...item } of await findRecurringItems(db, businessId, month)) {
    const [map, key] = structure_id ? [byStructure, structure_id] : [byEmployee, employee_id!];
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  for (const row of rows) {
    row.recurring_structure = (row.structure_id_applied && byStructure.get(row.structure_id_applied)) || null;
    row.recurring_own = byEmployee.get(row.employee_id) ?? null;
  }
  return rows;
};

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
