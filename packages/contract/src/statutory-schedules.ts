import { z } from 'zod';
import { REMITTANCE_KINDS } from './statutory.ts';

// The statutory schedules and annual returns (issue 31): one model per schedule, which the screen, the CSV, the XLSX
// and the PDF only render. Money cells are integer minor units; the files write them in major units.

export const ZFileQuery = z.object({ format: z.enum(['csv', 'xlsx'], { message: 'must be csv or xlsx' }).default('csv') });

export const ZScheduleColumn = z.object({ key: z.string(), label: z.string(), type: z.enum(['money', 'text', 'number']) });
export type TScheduleColumn = z.infer<typeof ZScheduleColumn>;
export const ZScheduleCell = z.union([z.string(), z.number(), z.null()]);
export type TScheduleCell = z.infer<typeof ZScheduleCell>;
export const ZScheduleRow = z.object({
  employeeId: z.string().nullable(),
  cells: z.record(z.string(), ZScheduleCell),
  /** Labels of the identifiers the authority needs that this employee lacks (empty when complete). */
  missing: z.array(z.string()),
});
export type TScheduleRow = z.infer<typeof ZScheduleRow>;
export const ZSchedule = z.object({
  kind: z.string(),
  /** The State IRS (NG PAYE), the PFA (pension), '' for single authorities; the employee or state for annual returns. */
  payee: z.string(),
  title: z.string(),
  /** YYYY-MM for monthly schedules, YYYY for ITF and the annual returns. */
  period: z.string(),
  /** Title rows of the file: the employer's identifiers and the period, as on the authority's form. */
  header: z.array(z.tuple([z.string(), z.string()])),
  columns: z.array(ZScheduleColumn),
  rows: z.array(ZScheduleRow),
  totals: z.record(z.string(), ZScheduleCell),
  /** The column whose total is owed to the payee. */
  amountKey: z.string(),
  amountMinor: z.number().int(),
  employees: z.number().int(),
  /** Rows missing a required identifier. */
  missing: z.number().int(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/** `paye` and `pension` are the first version's names (PAYE and pension of the business's country), still accepted. */
export const TAX_FILING_KINDS = [...REMITTANCE_KINDS, 'paye', 'pension'] as const;
export const ZTaxFilingQuery = ZFileQuery.extend({
  kind: z.enum(TAX_FILING_KINDS, { message: `must be one of ${TAX_FILING_KINDS.join(', ')}` }),
  /** One State IRS or PFA; without it the file holds every payee of the kind. */
  payee: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
export type TTaxFilingQuery = z.infer<typeof ZTaxFilingQuery>;
export const ZTaxFilingRow = z.object({ group: z.string(), employees: z.number().int(), amountMinor: z.number().int() });
export const ZTaxFiling = z.object({
  month: z.string(),
  /** null: no run; 'draft': not approved yet, so no figures (they could still change). */
  runStatus: z.string().nullable(),
  /** The latest month with an approved (or paid) run, for the screen's default. */
  latestApprovedMonth: z.string().nullable(),
  paye: z.array(ZTaxFilingRow),
  pension: z.array(ZTaxFilingRow),
  schedules: z.array(ZSchedule),
  /** Nigeria: whether the business pays ITF (null: the owner has not answered on the business profile). */
  isItfLiable: z.boolean().nullable(),
});
export type TTaxFiling = z.infer<typeof ZTaxFiling>;

export const ANNUAL_RETURN_KINDS = ['ng-h1', 'ng-tax-card', 'gh-annual'] as const;
export type TAnnualReturnKind = (typeof ANNUAL_RETURN_KINDS)[number];
export const ZYearParams = z.object({ year: z.coerce.number().int('must be a year').min(2000, 'must be between 2000 and 2100').max(2100, 'must be between 2000 and 2100') });
export const ZAnnualReturnQuery = z.object({
  kind: z.enum(ANNUAL_RETURN_KINDS, { message: `must be one of ${ANNUAL_RETURN_KINDS.join(', ')}` }),
  format: z.enum(['xlsx', 'pdf'], { message: 'must be xlsx or pdf' }).default('xlsx'),
  /** H1: one state; tax card: the employee's id. Without it, every state (H1) or every employee (cards). */
  payee: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
export type TAnnualReturnQuery = z.infer<typeof ZAnnualReturnQuery>;
export const ZAnnualReturns = z.object({
  year: z.number().int(),
  /** The months of the year with an approved (or paid) run, the returns' source. */
  months: z.array(z.string()),
  /** Form H1 per state (NG), the tax deduction card per employee (NG), the GRA annual reconciliation (GH). */
  returns: z.array(ZSchedule),
});
export type TAnnualReturns = z.infer<typeof ZAnnualReturns>;
