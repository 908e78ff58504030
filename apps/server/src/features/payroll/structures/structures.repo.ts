import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { one, query } from '../payroll.repo.ts';

// SQL of pay structures and recurring items (issue 32); always scoped by business_id.

type TSplitBp = { basic: number; housing: number; transport: number };
export type TStructureRow = { id: string; name: string; country: string; split: TSplitBp | null; pension_base: string | null; is_default: boolean; employees: number };
export type TItemRow = {
  id: string; structure_id: string | null; employee_id: string | null; name: string; kind: 'earning' | 'deduction'; amount: string | null; percent_bp: number | null;
  base: string; from_month: string; to_month: string | null; is_taxable: boolean; is_pensionable: boolean; is_pre_tax: boolean;
  /** Issue 33: an expense claim paid back by the run (reimbursements.ts); ended or removed only through its claim. */
  is_reimbursement: boolean;
};

const STRUCTURE_SELECT = sql`SELECT p.id, p.name, p.country, p.split, p.pension_base, p.is_default,
  (SELECT count(*)::int FROM pay_settings s JOIN employees e ON e.id = s.employee_id AND e.deleted_at IS NULL WHERE s.business_id = p.business_id AND s.structure_id = p.id) AS employees
  FROM pay_structures p`;
const ITEM_COLUMNS = sql`id, structure_id, employee_id, name, kind, amount::text AS amount, percent_bp, base, from_month, to_month, is_taxable, is_pensionable, is_pre_tax, is_reimbursement`;

export const findStructures = (db: DbOrTx, businessId: string) =>
  query<TStructureRow>(db, sql`${STRUCTURE_SELECT} WHERE p.business_id = ${businessId} ORDER BY p.is_default DESC, lower(p.name), p.id`);

export const getStructure = (db: DbOrTx, businessId: string, id: string) =>
  one<TStructureRow>(db, sql`${STRUCTURE_SELECT} WHERE p.business_id = ${businessId} AND p.id = ${id}`);

export const getDefaultStructure = (db: DbOrTx, businessId: string, country: string) =>
  one<TStructureRow>(db, sql`${STRUCTURE_SELECT} WHERE p.business_id = ${businessId} AND p.country = ${country} AND p.is_default`);

export const hasStructureNamed = async (db: DbOrTx, businessId: string, name: string, exceptId: string | null) =>
  Boolean(await one(db, sql`SELECT 1 FROM pay_structures WHERE business_id = ${businessId} AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}::uuid`));

export const clearDefault = async (tx: DbOrTx, businessId: string, country: string) => {
  await tx.execute(sql`UPDATE pay_structures SET is_default = false, updated_at = now() WHERE business_id = ${businessId} AND country = ${country} AND is_default`);
};

type TStructureValues = { name: string; country: string; split: TSplitBp | null; pensionBase: string | null; isDefault: boolean };
export const insertStructure = async (tx: DbOrTx, businessId: string, v: TStructureValues) =>
  (await one<{ id: string }>(tx, sql`INSERT INTO pay_structures (business_id, name, country, split, pension_base, is_default)
    VALUES (${businessId}, ${v.name}, ${v.country}, ${v.split === null ? null : JSON.stringify(v.split)}::jsonb, ${v.pensionBase}, ${v.isDefault}) RETURNING id`))!.id;

export const updateStructure = async (tx: DbOrTx, businessId: string, id: string, v: Omit<TStructureValues, 'country'>) => {
  await tx.execute(sql`UPDATE pay_structures SET name = ${v.name}, split = ${v.split === null ? null : JSON.stringify(v.split)}::jsonb, pension_base = ${v.pensionBase},
    is_default = ${v.isDefault}, updated_at = now() WHERE business_id = ${businessId} AND id = ${id}`);
};

export const deleteStructure = async (tx: DbOrTx, businessId: string, id: string) => {
  await tx.execute(sql`DELETE FROM pay_structures WHERE business_id = ${businessId} AND id = ${id}`);
};

/**
 * Puts the employees on a structure (null: back to the default); their own split and pension base are cleared so the
 * structure applies. Returns the ids changed (live employees of this business only).
 */
export const assignStructure = async (tx: DbOrTx, businessId: string, structureId: string | null, employeeIds: string[]) =>
  (await query<{ employee_id: string }>(tx, sql`
    INSERT INTO pay_settings (business_id, employee_id, structure_id)
    SELECT ${businessId}, e.id, ${structureId}::uuid FROM employees e
    WHERE e.business_id = ${businessId} AND e.deleted_at IS NULL AND e.id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(employeeIds)}::jsonb))
    ON CONFLICT (employee_id) DO UPDATE SET structure_id = excluded.structure_id, split = NULL, pension_base = NULL, updated_at = now()
    RETURNING employee_id`)).map((r) => r.employee_id);

export const getEmployeeStructureId = async (db: DbOrTx, businessId: string, employeeId: string) =>
  (await one<{ structure_id: string | null }>(db, sql`SELECT structure_id FROM pay_settings WHERE business_id = ${businessId} AND employee_id = ${employeeId}`))?.structure_id ?? null;

export const findItems = (db: DbOrTx, businessId: string, owner: { structureIds?: string[]; employeeId?: string }) =>
  query<TItemRow>(db, sql`SELECT ${ITEM_COLUMNS} FROM recurring_pay_items WHERE business_id = ${businessId} AND ${
    owner.employeeId ? sql`employee_id = ${owner.employeeId}` : sql`structure_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(owner.structureIds ?? [])}::jsonb))`
  } ORDER BY from_month, created_at, id`);

export const getItem = (db: DbOrTx, businessId: string, id: string) =>
  one<TItemRow>(db, sql`SELECT ${ITEM_COLUMNS} FROM recurring_pay_items WHERE business_id = ${businessId} AND id = ${id}`);

export type TItemValues = {
  structureId: string | null; employeeId: string | null; name: string; kind: string; amount: number | null; percentBp: number | null; base: string;
  fromMonth: string; toMonth: string | null; isTaxable: boolean; isPensionable: boolean; isPreTax: boolean;
  /** Issue 33: a one-month reimbursement (reimbursements.ts), paid in full by the engine; default false. */
  isReimbursement?: boolean;
};
export const insertItem = async (tx: DbOrTx, businessId: string, v: TItemValues) =>
  (await one<TItemRow>(tx, sql`INSERT INTO recurring_pay_items (business_id, structure_id, employee_id, name, kind, amount, percent_bp, base, from_month, to_month, is_taxable, is_pensionable, is_pre_tax, is_reimbursement)
    VALUES (${businessId}, ${v.structureId}::uuid, ${v.employeeId}::uuid, ${v.name}, ${v.kind}, ${v.amount}, ${v.percentBp}, ${v.base}, ${v.fromMonth}, ${v.toMonth}, ${v.isTaxable}, ${v.isPensionable}, ${v.isPreTax}, ${v.isReimbursement ?? false})
    RETURNING ${ITEM_COLUMNS}`))!;

export const endItem = async (tx: DbOrTx, businessId: string, id: string, toMonth: string) => {
  await tx.execute(sql`UPDATE recurring_pay_items SET to_month = ${toMonth} WHERE business_id = ${businessId} AND id = ${id}`);
};

export const deleteItem = async (tx: DbOrTx, businessId: string, id: string) => {
  await tx.execute(sql`DELETE FROM recurring_pay_items WHERE business_id = ${businessId} AND id = ${id}`);
};

/** A structure change reaches every draft run of the business (who is on it, or on the default, is not worth narrowing). */
export const bumpDraftRuns = async (tx: DbOrTx, businessId: string) => {
  await tx.execute(sql`UPDATE payroll_runs SET version = version + 1 WHERE business_id = ${businessId} AND status = 'draft'`);
};
