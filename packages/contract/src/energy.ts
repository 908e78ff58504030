import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName } from './common.ts';
import { ZMajorAmount } from './employees.ts';
import { ZPositiveQuantity, ZTagName } from './inventory.ts';

/** What was bought (issue 34) and its unit: totals are per kind, never across units. */
export const ENERGY_KINDS = ['diesel', 'petrol', 'grid', 'gas'] as const;
export type TEnergyKind = (typeof ENERGY_KINDS)[number];
export const ENERGY_UNITS: Record<TEnergyKind, 'L' | 'kWh' | 'kg'> = { diesel: 'L', petrol: 'L', grid: 'kWh', gas: 'kg' };

/** POST /inventory/tracker: date, quantity, expenses, email, manager, tagName, businessName (+ kind, default diesel). */
export const ZEnergyEntryInput = z.object({
  date: ZDate,
  kind: z.enum(ENERGY_KINDS, { message: `must be one of: ${ENERGY_KINDS.join(', ')}` }).default('diesel').describe('diesel or petrol (litres), grid (kWh), gas (kg); default diesel'),
  quantity: ZPositiveQuantity.describe('in the unit of the kind: litres, kWh or kg'),
  expenses: ZMajorAmount.describe('what it cost, in major units'),
  email: ZEmail,
  manager: ZName(120),
  tagName: ZTagName,
  placeId: ZId.optional().describe('the project or site chosen from the list; tagName is then its name'),
  assetId: ZId.optional().describe('the generator the fuel went into'),
  runningHours: z.number().min(0, 'must not be negative').max(1_000_000, 'must be at most 1,000,000').optional().describe("the generator's hour meter"),
  businessName: z.string().trim().max(200).optional(),
});
export type TEnergyEntryInput = z.infer<typeof ZEnergyEntryInput>;
export const ZEnergyEntry = z.object({
  _id: ZId, date: z.string(), kind: z.enum(ENERGY_KINDS), unit: z.enum(['L', 'kWh', 'kg']), quantity: z.number(),
  placeId: ZId.nullable(), assetId: ZId.nullable(), runningHours: z.number().nullable(), expensesMinor: z.number().int(), costPerUnitMinor: z.number().int(),
  manager: z.string(), tagName: z.string(), recordedBy: z.string(), createdAt: z.string(),
});
export type TEnergyEntry = z.infer<typeof ZEnergyEntry>;

export const ENERGY_ALERT_DEFAULT_PERCENT = 10;
export const ZMonthAverageQuery = z.object({
  alertPercent: z.string().trim().regex(/^\d{1,4}(\.\d{1,2})?$/, 'must be a percentage such as 10 or 12.5').transform(Number)
    .refine((n) => n <= 1000, 'must be at most 1000').default(ENERGY_ALERT_DEFAULT_PERCENT),
  tagName: ZTagName.optional(),
  kind: z.enum(ENERGY_KINDS, { message: `must be one of: ${ENERGY_KINDS.join(', ')}` }).optional(),
});
export const ZEnergyUsageQuery = z.object({ tagName: ZTagName.optional(), from: ZDate.optional(), to: ZDate.optional() });
/** One month: averages per entry, and cost per unit over the month (total cost ÷ total quantity). */
export const ZEnergyMonth = z.object({
  month: z.string().describe('YYYY-MM'),
  kind: z.enum(ENERGY_KINDS).describe('one row per month and kind: quantities of different units are never added'),
  unit: z.enum(['L', 'kWh', 'kg']),
  entries: z.number().int(),
  totalQuantity: z.number(),
  totalExpensesMinor: z.number().int(),
  averageQuantity: z.number(),
  averageExpensesMinor: z.number().int(),
  costPerUnitMinor: z.number().int(),
  costPerUnitChangePercent: z.number().nullable().describe('against the month before; null for the first month'),
  isAlert: z.boolean().describe('cost per unit rose more than alertPercent'),
});
export type TEnergyMonth = z.infer<typeof ZEnergyMonth>;
export const ZMonthAverages = z.object({
  alertPercent: z.number(),
  months: z.array(ZEnergyMonth),
  byProject: z.array(z.object({ tagName: z.string(), kind: z.enum(ENERGY_KINDS), unit: z.enum(['L', 'kWh', 'kg']), totalQuantity: z.number(), totalExpensesMinor: z.number().int(), costPerUnitMinor: z.number().int() })),
});
export type TMonthAverages = z.infer<typeof ZMonthAverages>;

export const ZImproveReport = z.object({
  email: ZEmail,
  tagName: ZTagName.optional().describe('one project; the whole business when absent'),
  instructions: z.string().trim().max(2000, 'must be at most 2000 characters').optional().describe('what the note should focus on'),
  language: z.enum(['en', 'de', 'fr'], { message: 'must be en, de or fr' }).optional(),
  alertPercent: z.number().min(0, 'must be 0 or more').max(1000, 'must be at most 1000').optional(),
});
export type TImproveReport = z.infer<typeof ZImproveReport>;
export const ZEnergyReport = z.object({ _id: ZId, tagName: z.string(), instructions: z.string(), report: z.string(), source: z.enum(['model', 'builtin']), createdAt: z.string() });
export type TEnergyReport = z.infer<typeof ZEnergyReport>;
