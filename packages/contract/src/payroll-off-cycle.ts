import { z } from 'zod';
import { ZId } from './common.ts';
import { ZMoneyText, ZMonth, ZRun } from './payroll.ts';
import { ZOffCycleKind } from './run-kinds.ts';

// Off-cycle payroll runs (issue 32 item 3): a bonus, a 13th month or a correction, paid in a run of its own beside the
// month's regular run, with the same approval, its own payslips and bank file. Amounts are major-unit text.

/** A correction's amount may be negative (pay taken back); written as text like the other amounts. */
export const ZSignedMoneyText = z.string({ message: 'must be an amount written as text, such as "25000" or "-1500.50"' }).trim()
  .regex(/^-?\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimal places, such as "25000" or "-1500.50"');
const ZPercent = z.number({ message: 'must be a percentage' }).gt(0, 'must be more than 0').max(1000, 'must be at most 1000')
  .refine((n) => Math.round(n * 100) === n * 100, 'must have at most 2 decimal places');

export const THIRTEENTH_MONTH_BASES = ['basic', 'gross'] as const;

/**
 * One employee's pay on an off-cycle run. Bonus: an amount or a percentage of one month's gross. 13th month: an amount,
 * or nothing (one month's basic or gross, prorated by the months worked in the year for a joiner). Correction: one or
 * more named lines with signed amounts (their sum must not be negative).
 */
export const ZOffCycleItemInput = z.object({
  employeeId: ZId,
  amount: ZSignedMoneyText.optional(),
  percent: ZPercent.optional(),
  /** The payslip line's name (a correction's reason, such as "October overtime underpaid"). */
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters').optional(),
}).strict();
export type TOffCycleItemInput = z.infer<typeof ZOffCycleItemInput>;

export const ZCreateOffCycleRun = z.object({
  kind: ZOffCycleKind,
  month: ZMonth,
  label: z.string().trim().max(80, 'must be at most 80 characters').optional(),
  /** 13th month: one month's basic (default) or gross. */
  base: z.enum(THIRTEENTH_MONTH_BASES).optional(),
  /** Everyone on the run gets this (bonus: an amount or a percentage) unless their own item says otherwise. */
  bulk: z.object({ amount: ZMoneyText.optional(), percent: ZPercent.optional() }).strict().optional(),
  /** Every live employee (with the bulk value or the 13th month's default). */
  selectAll: z.boolean().optional(),
  employeeIds: z.array(ZId).max(20_000, 'must list at most 20000 employees').optional(),
  items: z.array(ZOffCycleItemInput).max(20_000, 'must list at most 20000 lines').optional(),
}).strict();
export type TCreateOffCycleRun = z.infer<typeof ZCreateOffCycleRun>;

/** One line an off-cycle run pays an employee, as entered (the computed pay is the run's lines). */
export const ZOffCycleItem = z.object({
  employeeId: ZId, employeeNumber: z.string(), employeeName: z.string(),
  name: z.string(),
  /** The amount entered (minor units, signed for a correction), or null (a percentage, or the 13th month's default). */
  amountMinor: z.number().int().nullable(),
  percent: z.number().nullable(),
});
export type TOffCycleItem = z.infer<typeof ZOffCycleItem>;

export const ZOffCycleRunDetail = z.object({ run: ZRun, items: z.array(ZOffCycleItem) });
export type TOffCycleRunDetail = z.infer<typeof ZOffCycleRunDetail>;

/** The runs of a month (regular first), or of a year. */
export const ZRunsQuery = z.object({ month: ZMonth.optional(), year: z.coerce.number().int().min(2000).max(2100).optional() }).strict();

export const OFF_CYCLE_MSG = {
  created: 'Off-cycle run created',
  deleted: 'Off-cycle run deleted',
  noEmployees: 'Choose at least one employee for the run',
  amountNeeded: 'Give each employee on a bonus run an amount or a percentage, or a bulk value for everyone',
  bonusNegative: 'A bonus or 13th month amount must be more than 0',
  correctionNeedsAmount: 'Every correction line needs a signed amount',
  correctionNegative: (name: string) => `${name}: the corrections add up to less than 0; recover an overpayment as an IOU on the regular run`,
  percentOnlyForBonus: 'A percentage is only for a bonus run',
  notOffCycle: 'Only an off-cycle draft run can be deleted here',
  notDraft: 'The run is approved; an approved run cannot be deleted',
} as const;
