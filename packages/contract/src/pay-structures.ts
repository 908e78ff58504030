import { z } from 'zod';
import { ZId } from './common.ts';
import { ZMoneyText, ZMonth } from './payroll.ts';

// Pay structures (grades) and recurring earnings and deductions (issue 32).

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const ZPercentIn = z.union([z.number(), z.string().trim()])
  .refine((v) => PERCENT.test(String(v)) && Number(v) <= 100, 'must be a percentage between 0 and 100 with at most 2 decimals');

export const STRUCTURE_PENSION_BASES = ['gross', 'basic-housing-transport', 'basic'] as const;
export const RECURRING_KINDS = ['earning', 'deduction'] as const;
export const RECURRING_BASES = ['basic', 'gross', 'basic-housing-transport'] as const;

export const ZPayStructureInput = z.object({
  name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  split: z.object({ basic: ZPercentIn, housing: ZPercentIn, transport: ZPercentIn }).nullish().describe('percentages of gross; null = the country split'),
  pensionBase: z.enum(STRUCTURE_PENSION_BASES, { message: `must be one of: ${STRUCTURE_PENSION_BASES.join(', ')}` }).nullish(),
  isDefault: z.boolean({ message: 'must be true or false' }).optional().describe('the business default for its country: every employee without a structure or own split'),
}).strict();
export type TPayStructureInput = z.infer<typeof ZPayStructureInput>;

export const ZRecurringItemInput = z.object({
  name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  kind: z.enum(RECURRING_KINDS, { message: 'must be earning or deduction' }),
  amount: ZMoneyText.nullish().describe('a monthly amount in major units …'),
  percent: ZPercentIn.nullish().describe('… or a percentage of base'),
  base: z.enum(RECURRING_BASES, { message: `must be one of: ${RECURRING_BASES.join(', ')}` }).optional(),
  fromMonth: ZMonth,
  toMonth: ZMonth.nullish(),
  isTaxable: z.boolean({ message: 'must be true or false' }).optional(),
  isPensionable: z.boolean({ message: 'must be true or false' }).optional(),
  isPreTax: z.boolean({ message: 'must be true or false' }).optional(),
}).strict()
  .refine((v) => (v.amount === null || v.amount === undefined) !== (v.percent === null || v.percent === undefined), { path: ['amount'], message: 'give either an amount or a percentage' })
  .refine((v) => !v.toMonth || v.toMonth >= v.fromMonth, { path: ['toMonth'], message: 'must not be before the first month' });
export type TRecurringItemInput = z.infer<typeof ZRecurringItemInput>;

export const ZRecurringItem = z.object({
  _id: ZId,
  structureId: z.string().nullable(),
  employeeId: z.string().nullable(),
  name: z.string(),
  kind: z.enum(RECURRING_KINDS),
  amountMinor: z.number().int().nullable(),
  percent: z.number().nullable(),
  base: z.enum(RECURRING_BASES),
  fromMonth: z.string(),
  toMonth: z.string().nullable(),
  isTaxable: z.boolean(),
  isPensionable: z.boolean(),
  isPreTax: z.boolean(),
});
export type TRecurringItem = z.infer<typeof ZRecurringItem>;

export const ZPayStructure = z.object({
  _id: ZId,
  name: z.string(),
  country: z.string(),
  split: z.object({ basic: z.number(), housing: z.number(), transport: z.number() }).nullable(),
  pensionBase: z.enum(STRUCTURE_PENSION_BASES).nullable(),
  isDefault: z.boolean(),
  /** Employees assigned to it (the default also covers everyone without a structure). */
  employees: z.number().int(),
  items: z.array(ZRecurringItem),
});
export type TPayStructure = z.infer<typeof ZPayStructure>;

/** The listed employees, or (the Wages screen's "select all") every employee matching `search` but the excluded ones. */
export const ZAssignStructure = z.object({
  employeeIds: z.array(ZId).max(10_000, 'at most 10,000 at once').optional(),
  selectAll: z.boolean({ message: 'must be true or false' }).optional(),
  search: z.string().trim().max(120, 'must be at most 120 characters').optional(),
  excludedIds: z.array(ZId).max(10_000, 'at most 10,000 at once').optional(),
  structureId: ZId.nullable().describe('null = back to the business default'),
}).strict().refine((v) => v.selectAll === true || (v.employeeIds?.length ?? 0) > 0, { message: 'choose at least one employee', path: ['employeeIds'] });
export type TAssignStructure = z.infer<typeof ZAssignStructure>;

export const ZEndRecurringItem = z.object({ toMonth: ZMonth }).strict();

/** What the employee pay panel shows: the structure that applies and the employee's own items. */
export const ZEmployeeStructure = z.object({
  employeeId: ZId,
  structure: ZPayStructure.pick({ _id: true, name: true, split: true, pensionBase: true, isDefault: true }).nullable(),
  /** Whether `structure` is assigned to the employee (false: the business default applies). */
  isAssigned: z.boolean(),
  structureItems: z.array(ZRecurringItem),
  items: z.array(ZRecurringItem),
});
export type TEmployeeStructure = z.infer<typeof ZEmployeeStructure>;

export const PAY_STRUCTURE_PATHS = {
  structures: '/api/v1/payroll/structures',
  structure: '/api/v1/payroll/structures/:id',
  structureItems: '/api/v1/payroll/structures/:id/items',
  assign: '/api/v1/payroll/structures/assign',
  employee: '/api/v1/payroll/employees/:id/structure',
  employeeItems: '/api/v1/payroll/employees/:id/recurring-items',
  item: '/api/v1/payroll/recurring-items/:id',
  endItem: '/api/v1/payroll/recurring-items/:id/end',
} as const;
