import type { TAssignStructure, TEmployeeStructure, TPayStructure, TPayStructureInput, TRecurringItem, TRecurringItemInput } from '@bizdesk/contract';
import { parsePercent, PayrollInputError, validatePayInput, type PayInput } from '@bizdesk/payroll';
import type { TDeps } from '../../../platform/deps.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { TUserAuth } from '../../../platform/auth/guard.ts';
import { audit } from '../../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { majorToMinor } from '../../../platform/money.ts';
import { getEmployeeOr404 } from '../pay-settings.service.ts';
import { bumpDraftRunsOf, findSettingIds } from '../payroll.repo.ts';
import * as repo from './structures.repo.ts';

// Pay structures (grades) and recurring items (issue 32). A structure belongs to the business's country; the default one
// applies to every employee without a structure of their own or an own split.

const percentBp = (value: unknown, field: string) => {
  try {
    return parsePercent(value as string, field);
  } catch (err) {
    if (err instanceof PayrollInputError) throw badRequest(`${field}: ${err.reason}`);
    throw err;
  }
};

/** The split and pension base must be ones the country's rules take (NG: entertainment keeps 10%; GH: SSNIT on basic). */
const assertFitsRules = (country: string, split: repo.TStructureRow['split'], pensionBase: string | null) => {
  const pct = (bp: number) => (bp / 100).toFixed(2);
  const input: PayInput = { country, period: { year: new Date().getUTCFullYear() }, grossAnnual: '1' };
  if (split) input.split = { basic: pct(split.basic), housing: pct(split.housing), transport: pct(split.transport) };
  if (pensionBase) input.pensionBase = pensionBase as PayInput['pensionBase'];
  try {
    validatePayInput(input);
  } catch (err) {
    if (!(err instanceof PayrollInputError)) throw err;
    throw badRequest(`${err.field}: ${err.reason}`);
  }
};

const toItem = (r: repo.TItemRow): TRecurringItem => ({
  _id: r.id, structureId: r.structure_id, employeeId: r.employee_id, name: r.name, kind: r.kind,
  amountMinor: r.amount === null ? null : Number(r.amount), percent: r.percent_bp === null ? null : r.percent_bp / 100,
  base: r.base as TRecurringItem['base'], fromMonth: r.from_month, toMonth: r.to_month,
  isTaxable: r.is_taxable, isPensionable: r.is_pensionable, isPreTax: r.is_pre_tax,
});

const toStructure = (r: repo.TStructureRow, items: repo.TItemRow[]): TPayStructure => ({
  _id: r.id, name: r.name, country: r.country,
  split: r.split ? { basic: r.split.basic / 100, housing: r.split.housing / 100, transport: r.split.transport / 100 } : null,
  pensionBase: r.pension_base as TPayStructure['pensionBase'], isDefault: r.is_default, employees: r.employees,
  items: items.filter((i) => i.structure_id === r.id).map(toItem),
});

const toItemValues = (input: TRecurringItemInput, owner: { structureId: string | null; employeeId: string | null }): repo.TItemValues => {
  const isEarning = input.kind === 'earning';
  return {
    ...owner,
    name: input.name,
    kind: input.kind,
    amount: input.amount ? majorToMinor(input.amount, 'amount', { isPositive: true }) : null,
    percentBp: input.amount ? null : percentBp(input.percent, 'percent'),
    base: input.base ?? 'basic',
    fromMonth: input.fromMonth,
    toMonth: input.toMonth ?? null,
    isTaxable: isEarning && (input.isTaxable ?? true),
    isPensionable: isEarning && (input.isPensionable ?? false),
    isPreTax: !isEarning && (input.isPreTax ?? false),
  };
};

/** An expense claim's reimbursement (issue 33) changes only through the claim (direct payment), never as a pay item. */
const refuseReimbursement = (item: repo.TItemRow) => {
  if (item.is_reimbursement) throw conflict(`${item.name} is an approved expense claim paid back by the ${item.from_month} payroll run; record a direct payment on the claim instead`);
};

export const createStructuresService = (deps: TDeps) => {
  const { db } = deps;

  const getOr404 = async (businessId: string, id: string, dbOrTx = db) => {
    const row = await repo.getStructure(dbOrTx, businessId, id);
    if (!row) throw notFound('Pay structure');
    return row;
  };
  const withItems = async (businessId: string, row: repo.TStructureRow) => toStructure(row, await repo.findItems(db, businessId, { structureIds: [row.id] }));

  const save = async (auth: TUserAuth, id: string | null, input: TPayStructureInput) => {
    const split = input.split ? { basic: percentBp(input.split.basic, 'split.basic'), housing: percentBp(input.split.housing, 'split.housing'), transport: percentBp(input.split.transport, 'split.transport') } : null;
    const pensionBase = input.pensionBase ?? null;
    const structureId = await db.transaction(async (tx) => {
      const before = id ? await getOr404(auth.businessId, id, tx) : null;
      const country = before?.country ?? auth.country;
      assertFitsRules(country, split, pensionBase);
      if (await repo.hasStructureNamed(tx, auth.businessId, input.name, id)) throw conflict(`name: a pay structure called "${input.name}" exists already`);
      const isDefault = input.isDefault ?? before?.is_default ?? false;
      if (isDefault && !before?.is_default) await repo.clearDefault(tx, auth.businessId, country);
      const values = { name: input.name, split, pensionBase, isDefault };
      let savedId = id;
      if (before && id) await repo.updateStructure(tx, auth.businessId, id, values);
      else savedId = await repo.insertStructure(tx, auth.businessId, { ...values, country });
      await repo.bumpDraftRuns(tx, auth.businessId);
      await audit(tx, auth, before ? 'pay.structure-updated' : 'pay.structure-created', { entity: 'pay-structure', entityId: savedId, before, after: { ...values, country } });
      return savedId!;
    });
    return withItems(auth.businessId, (await repo.getStructure(db, auth.businessId, structureId))!);
  };

  return {
    list: async (auth: TUserAuth): Promise<TPayStructure[]> => {
      const rows = await repo.findStructures(db, auth.businessId);
      const items = await repo.findItems(db, auth.businessId, { structureIds: rows.map((r) => r.id) });
      return rows.map((r) => toStructure(r, items));
    },
    create: (auth: TUserAuth, input: TPayStructureInput) => save(auth, null, input),
    update: (auth: TUserAuth, id: string, input: TPayStructureInput) => save(auth, id, input),
    remove: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const before = await getOr404(auth.businessId, id, tx);
        await repo.deleteStructure(tx, auth.businessId, id); // its employees go back to the default (ON DELETE SET NULL), its items go with it
        await repo.bumpDraftRuns(tx, auth.businessId);
        await audit(tx, auth, 'pay.structure-deleted', { entity: 'pay-structure', entityId: id, before });
        return { _id: id, employeesMoved: before.employees };
      }),

    /** Puts one or many employees on a structure (null: back to the business default), clearing their own split and pension base. */
    assign: async (auth: TUserAuth, input: TAssignStructure) =>
      db.transaction(async (tx) => {
        const structure = input.structureId ? await getOr404(auth.businessId, input.structureId, tx) : null;
        const listed = input.employeeIds ?? [];
        const excluded = new Set(input.excludedIds ?? []);
        const ids = input.selectAll ? (await findSettingIds(tx, auth.businessId, input.search)).filter((id) => !excluded.has(id)) : [...new Set(listed)];
        const changed = await repo.assignStructure(tx, auth.businessId, structure?.id ?? null, ids);
        if (!input.selectAll && changed.length < ids.length) {
          const found = new Set(changed);
          // Named by position, not by id: an id of another business is not echoed back.
          throw notFound(`employeeIds[${listed.findIndex((e) => !found.has(e))}]: Employee`);
        }
        await repo.bumpDraftRuns(tx, auth.businessId);
        await audit(tx, auth, 'pay.structure-assigned', { entity: 'pay-structure', entityId: structure?.id ?? null, after: { structure: structure?.name ?? null, employees: changed.length, employeeIds: changed } });
        return { structureId: structure?.id ?? null, employees: changed.length };
      }),

    addStructureItem: async (auth: TUserAuth, structureId: string, input: TRecurringItemInput) =>
      db.transaction(async (tx) => {
        const structure = await getOr404(auth.businessId, structureId, tx);
        const item = await repo.insertItem(tx, auth.businessId, toItemValues(input, { structureId, employeeId: null }));
        await repo.bumpDraftRuns(tx, auth.businessId);
        await audit(tx, auth, 'pay.recurring-item-added', { entity: 'pay-structure', entityId: structureId, after: { structure: structure.name, ...toItem(item) } });
        return toItem(item);
      }),

    addEmployeeItem: async (auth: TUserAuth, employeeId: string, input: TRecurringItemInput) =>
      db.transaction(async (tx) => {
        const employee = await getEmployeeOr404(tx, auth.businessId, employeeId);
        const item = await repo.insertItem(tx, auth.businessId, toItemValues(input, { structureId: null, employeeId }));
        await bumpDraftRunsOf(tx, auth.businessId, employeeId);
        await audit(tx, auth, 'pay.recurring-item-added', { entity: 'employee-pay', entityId: employeeId, after: { employee: employee.employee_number, ...toItem(item) } });
        return toItem(item);
      }),

    /**
     * Leave allowance (issue 33), in the caller's transaction: a one-month taxable, non-pensionable earning of a share of
     * the annual basic, as items of that month's basic (an item is at most 100% of the month's basic, so 12 × the
     * annual share is split into items of at most 100% each). The business's HR decided it; the leave feature audits it.
     */
    addLeaveAllowanceIn: async (tx: DbOrTx, businessId: string, employeeId: string, input: { month: string; annualBasicBp: number; name: string }) => {
      let left = input.annualBasicBp * 12;
      const items = [];
      while (left > 0) {
        const bp = Math.min(10_000, left);
        left -= bp;
        items.push(toItem(await repo.insertItem(tx, businessId, {
          structureId: null, employeeId, name: input.name, kind: 'earning', amount: null, percentBp: bp, base: 'basic',
          fromMonth: input.month, toMonth: input.month, isTaxable: true, isPensionable: false, isPreTax: false,
        })));
      }
      await bumpDraftRunsOf(tx, businessId, employeeId);
      return items;
    },

    /** The last month an item applies (inclusive); it stays on the record for the months it was paid. */
    endItem: async (auth: TUserAuth, id: string, toMonth: string) =>
      db.transaction(async (tx) => {
        const before = await repo.getItem(tx, auth.businessId, id);
        if (!before) throw notFound('Recurring item');
        refuseReimbursement(before);
        if (toMonth < before.from_month) throw badRequest(`toMonth: must not be before the first month (${before.from_month}); delete the item instead`);
        await repo.endItem(tx, auth.businessId, id, toMonth);
        if (before.employee_id) await bumpDraftRunsOf(tx, auth.businessId, before.employee_id);
        else await repo.bumpDraftRuns(tx, auth.businessId);
        await audit(tx, auth, 'pay.recurring-item-ended', { entity: before.employee_id ? 'employee-pay' : 'pay-structure', entityId: before.employee_id ?? before.structure_id, before: toItem(before), after: { toMonth } });
        return toItem({ ...before, to_month: toMonth });
      }),

    removeItem: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const before = await repo.getItem(tx, auth.businessId, id);
        if (!before) throw notFound('Recurring item');
        refuseReimbursement(before);
        await repo.deleteItem(tx, auth.businessId, id);
        if (before.employee_id) await bumpDraftRunsOf(tx, auth.businessId, before.employee_id);
        else await repo.bumpDraftRuns(tx, auth.businessId);
        await audit(tx, auth, 'pay.recurring-item-deleted', { entity: before.employee_id ? 'employee-pay' : 'pay-structure', entityId: before.employee_id ?? before.structure_id, before: toItem(before) });
        return { _id: id };
      }),

    /** The structure that applies to the employee (assigned, else the default) and the items: the structure's and their own. */
    forEmployee: async (auth: TUserAuth, employeeId: string): Promise<TEmployeeStructure> => {
      const employee = await getEmployeeOr404(db, auth.businessId, employeeId);
      const assignedId = await repo.getEmployeeStructureId(db, auth.businessId, employeeId);
      const row = assignedId ? await repo.getStructure(db, auth.businessId, assignedId) : await repo.getDefaultStructure(db, auth.businessId, auth.country);
      const structure = row ? await withItems(auth.businessId, row) : null;
      return {
        employeeId,
        // An own split set after the structure was assigned wins over it; the panel says so through `split` being the employee's.
        structure: structure ? { _id: structure._id, name: structure.name, split: structure.split, pensionBase: structure.pensionBase, isDefault: structure.isDefault } : null,
        isAssigned: Boolean(assignedId),
        structureItems: structure?.items ?? [],
        items: (await repo.findItems(db, auth.businessId, { employeeId: employee.employee_id })).map(toItem),
      };
    },
  };
};
export type TStructuresService = ReturnType<typeof createStructuresService>;
