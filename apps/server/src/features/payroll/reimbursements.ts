import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { bumpDraftRunsOf, one, query } from './payroll.repo.ts';
import * as structuresRepo from './structures/structures.repo.ts';

/**
 * Money the business pays back through the next payroll run (issue 33: approved expense claims). Each is a pay item of
 * the employee for exactly one month marked `is_reimbursement`, which the run gives the engine as a one-off
 * reimbursement (not a recurring earning): paid in full whatever part of the month is paid (joiner, leaver, unpaid
 * leave, suspension), not taxed, not pensionable, not gross pay; its own payslip line (`reimbursement:<item id>`), and
 * the payslip's lines still sum to net. The owning feature learns when the run that pays it is approved (onRunApproved).
 */
export type TRunApproved = { businessId: string; runId: string; month: string };
type TListener = (tx: Tx, auth: TUserAuth, run: TRunApproved) => Promise<void>;

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * The month of the next regular run: the earliest draft run after the last approved or paid one; without one, the month
 * after the last closed run, and never before this month.
 */
export const findNextOpenMonth = async (db: DbOrTx, businessId: string, today = new Date()) => {
  const current = today.toISOString().slice(0, 7);
  const closed = await one<{ month: string | null }>(db, sql`SELECT max(month) AS month FROM payroll_runs
    WHERE business_id = ${businessId} AND kind = 'regular' AND status IN ('approved', 'paid')`);
  const after = closed?.month ?? null;
  const [draft] = await query<{ month: string }>(db, sql`SELECT month FROM payroll_runs WHERE business_id = ${businessId} AND kind = 'regular'
    AND status = 'draft' ${after ? sql`AND month > ${after}` : sql``} ORDER BY month LIMIT 1`);
  if (draft) return draft.month;
  const next = after ? nextMonth(after) : current;
  return next > current ? next : current;
};

export const createReimbursementsService = ({ db }: TDeps) => {
  const listeners: TListener[] = [];
  return {
    findNextOpenMonth: (tx: DbOrTx, businessId: string) => findNextOpenMonth(tx ?? db, businessId),
    /** Adds the reimbursement to the next run (in the caller's transaction); its draft runs must be computed again. */
    schedule: async (tx: Tx, auth: TAuth, input: { employeeId: string; name: string; amountMinor: number }) => {
      const month = await findNextOpenMonth(tx, auth.businessId);
      const item = await structuresRepo.insertItem(tx, auth.businessId, {
        structureId: null, employeeId: input.employeeId, name: input.name, kind: 'earning', amount: input.amountMinor, percentBp: null, base: 'basic',
        fromMonth: month, toMonth: month, isTaxable: false, isPensionable: false, isPreTax: false, isReimbursement: true,
      });
      await bumpDraftRunsOf(tx, auth.businessId, input.employeeId);
      await audit(tx, auth, 'pay.reimbursement-scheduled', { entity: 'employee-pay', entityId: input.employeeId, after: { itemId: item.id, name: input.name, amountMinor: input.amountMinor, month } });
      return { itemId: item.id, month };
    },
    /** Takes a scheduled reimbursement off its run (paid another way); refused once that month's run is approved. */
    unschedule: async (tx: Tx, auth: TAuth, itemId: string) => {
      const item = await structuresRepo.getItem(tx, auth.businessId, itemId);
      if (!item) return;
      const run = await one<{ status: string }>(tx, sql`SELECT status FROM payroll_runs WHERE business_id = ${auth.businessId} AND kind = 'regular' AND month = ${item.from_month}`);
      if (run && run.status !== 'draft') throw conflict(`The ${item.from_month} payroll run that pays this is already ${run.status}`).as('reimbursementInClosedRun');
      await structuresRepo.deleteItem(tx, auth.businessId, itemId);
      if (item.employee_id) await bumpDraftRunsOf(tx, auth.businessId, item.employee_id);
      await audit(tx, auth, 'pay.reimbursement-unscheduled', { entity: 'employee-pay', entityId: item.employee_id, before: { itemId, name: item.name, month: item.from_month } });
    },
    onRunApproved: (fn: TListener) => void listeners.push(fn),
    /** Called by the runs service inside the approving transaction of a regular run. */
    runApproved: async (tx: Tx, auth: TUserAuth, run: TRunApproved) => {
      for (const fn of listeners) await fn(tx, auth, run);
    },
  };
};
export type TReimbursementsService = ReturnType<typeof createReimbursementsService>;
