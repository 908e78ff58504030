import { z } from 'zod';
import { ZDate, ZId, ZPageQuery } from './common.ts';
import { ZMajorAmount } from './employees.ts';
import { PROJECT_COST_CATEGORIES, PROJECT_COST_SOURCES, PROJECT_COST_STAGES, ZProjectCostCategory, ZProjectCostTotals } from './projects.ts';

/**
 * Project costing (issue 35): a project's budget per category against what the ledger holds as committed and actual,
 * its contract value, certificates (valuations) billed and paid, retention, withholding tax suffered and margin.
 * Amounts in requests are major units (as the cost calls take them); responses carry minor units.
 */
export const ZProjectIdParams = z.object({ projectId: ZId });
export const ZCertificateParams = z.object({ projectId: ZId, id: ZId });

/** A rate as a percentage with at most two decimals (5, 2.5, "10"), 0 to 100. */
export const ZPercent = z.union([z.number(), z.string().trim()])
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(String(v)) && Number(v) <= 100, 'must be a percentage from 0 to 100 with at most 2 decimals');
/** A percentage → basis points, exactly (no float arithmetic). */
export const percentToBp = (v: string | number): number => {
  const [whole, frac = ''] = String(v).trim().split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};
/** Basis points → a percentage text (250 → "2.5"). */
export const bpToPercent = (bp: number): string => {
  const frac = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${Math.floor(bp / 100)}.${frac}` : String(Math.floor(bp / 100));
};

/** amount × rate, rounded half up, in integers (safe past 2^53 / 10 000 through BigInt). */
export const applyBp = (amountMinor: number, bp: number): number => Number((BigInt(amountMinor) * BigInt(bp) + 5000n) / 10000n);

/**
 * A certificate's deductions: retention and withholding tax both on the gross valuation (the client withholds WHT on
 * the value certified, not on the net after retention), other deductions as typed; net = gross − all three.
 */
export const certificateAmounts = (input: { grossMinor: number; retentionBp: number; whtBp: number; otherDeductionsMinor?: number; retentionMinor?: number; whtMinor?: number }) => {
  const retentionMinor = input.retentionMinor ?? applyBp(input.grossMinor, input.retentionBp);
  const whtMinor = input.whtMinor ?? applyBp(input.grossMinor, input.whtBp);
  const otherDeductionsMinor = input.otherDeductionsMinor ?? 0;
  return { grossMinor: input.grossMinor, retentionMinor, whtMinor, otherDeductionsMinor, netMinor: input.grossMinor - retentionMinor - whtMinor - otherDeductionsMinor };
};

/**
 * Forecast at completion of a budget line: what is spent plus what is promised, or the budget when that is more (the
 * work not yet ordered is assumed to cost what is left of the budget). Without a budget, spent plus promised.
 */
export const forecastAtCompletion = (budgetMinor: number | null, actualMinor: number, committedMinor: number) =>
  budgetMinor === null ? actualMinor + committedMinor : Math.max(budgetMinor, actualMinor + committedMinor);

export const CERTIFICATE_STATUSES = ['billed', 'part-paid', 'paid'] as const;

/** PUT budget: every line given replaces that category's budget; a null amount removes the line. */
export const ZProjectBudgetInput = z.object({
  lines: z.array(z.object({ category: ZProjectCostCategory, amount: ZMajorAmount.nullable() })).min(1, 'must name at least one category').max(PROJECT_COST_CATEGORIES.length),
});
export type TProjectBudgetInput = z.infer<typeof ZProjectBudgetInput>;

/** PUT contract: the value agreed with the client, retention and WHT rates (percent). Omitted fields stay. */
export const ZProjectContractInput = z.object({
  contractValue: ZMajorAmount.nullable().optional(),
  retentionPercent: ZPercent.optional(),
  whtPercent: ZPercent.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export type TProjectContractInput = z.infer<typeof ZProjectContractInput>;

/** POST certificate: retention and WHT default to the project's rates on the gross valuation. */
export const ZCertificateInput = z.object({
  number: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  date: ZDate,
  gross: ZMajorAmount.refine((v) => Number(v) > 0, 'must be more than 0'),
  retention: ZMajorAmount.optional(),
  wht: ZMajorAmount.optional(),
  otherDeductions: ZMajorAmount.optional(),
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export type TCertificateInput = z.infer<typeof ZCertificateInput>;

/** POST a receipt against a certificate. */
export const ZCertificatePaymentInput = z.object({ amount: ZMajorAmount.refine((v) => Number(v) > 0, 'must be more than 0'), date: ZDate });
export type TCertificatePaymentInput = z.infer<typeof ZCertificatePaymentInput>;

export const ZProjectCertificate = z.object({
  _id: z.string(),
  number: z.string(),
  date: z.string(),
  grossMinor: z.number().int(),
  retentionMinor: z.number().int(),
  whtMinor: z.number().int(),
  otherDeductionsMinor: z.number().int(),
  netMinor: z.number().int(),
  paidMinor: z.number().int(),
  paidDate: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  note: z.string(),
});
export type TProjectCertificate = z.infer<typeof ZProjectCertificate>;

/** The figures a project is managed by (the list shows these for every project). */
export const ZProjectHeadline = z.object({
  projectId: z.string(),
  name: z.string(),
  contractValueMinor: z.number().int().nullable(),
  retentionPercent: z.string(),
  whtPercent: z.string(),
  budgetMinor: z.number().int().nullable().describe('sum of the category lines, else the project total budget, else null'),
  committedMinor: z.number().int(),
  actualMinor: z.number().int(),
  forecastMinor: z.number().int(),
  billedMinor: z.number().int().describe('gross of certificates + plain payments (a plain payment is billed and paid at once)'),
  paidMinor: z.number().int().describe('every receipt: certificate payments and plain payments'),
  retentionHeldMinor: z.number().int(),
  whtSufferedMinor: z.number().int(),
  marginMinor: z.number().int().describe('billed − actual'),
  marginBp: z.number().int().nullable().describe('margin ÷ billed in basis points; null when nothing is billed'),
});
export type TProjectHeadline = z.infer<typeof ZProjectHeadline>;

export const ZProjectBudgetLine = z.object({
  category: ZProjectCostCategory,
  budgetMinor: z.number().int().nullable(),
  committedMinor: z.number().int(),
  actualMinor: z.number().int(),
  forecastMinor: z.number().int(),
  varianceMinor: z.number().int().nullable().describe('budget − forecast; negative is an overrun; null without a budget'),
});
export type TProjectBudgetLine = z.infer<typeof ZProjectBudgetLine>;

export const ZProjectCosting = ZProjectHeadline.extend({
  hasBudgetLines: z.boolean(),
  categories: z.array(ZProjectBudgetLine),
  totals: ZProjectBudgetLine.omit({ category: true }),
  months: z.array(z.object({ month: z.string(), committedMinor: z.number().int(), actualMinor: z.number().int() })),
  bySource: ZProjectCostTotals.shape.bySource,
  certificates: z.array(ZProjectCertificate),
});
export type TProjectCosting = z.infer<typeof ZProjectCosting>;

export const ZProjectEntriesQuery = ZPageQuery.extend({
  category: ZProjectCostCategory.optional(),
  source: z.enum(PROJECT_COST_SOURCES).optional(),
  stage: z.enum(PROJECT_COST_STAGES).optional(),
});
export type TProjectEntriesQuery = z.infer<typeof ZProjectEntriesQuery>;
