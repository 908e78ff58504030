import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName } from './common.ts';
import { ZMajorAmount } from './employees.ts';
import { ZPositiveQuantity, ZTagName } from './inventory.ts';

/** POST /inventory/tracker: date, quantity, expenses, email, manager, tagName, businessName. */
export const ZEnergyEntryInput = z.object({
  date: ZDate,
  quantity: ZPositiveQuantity.describe('litres or kWh'),
  expenses: ZMajorAmount.describe('what it cost, in major units'),
  email: ZEmail,
  manager: ZName(120),
  tagName: ZTagName,
  businessName: z.string().trim().max(200).optional(),
});
export type TEnergyEntryInput = z.infer<typeof ZEnergyEntryInput>;
export const ZEnergyEntry = z.object({
  _id: ZId, date: z.string(), quantity: z.number(), expensesMinor: z.number().int(), costPerUnitMinor: z.number().int(),
  manager: z.string(), tagName: z.string(), recordedBy: z.string(), createdAt: z.string(),
});
export type TEnergyEntry = z.infer<typeof ZEnergyEntry>;

export const ENERGY_ALERT_DEFAULT_PERCENT = 10;
export const ZMonthAverageQuery = z.object({
  alertPercent: z.string().trim().regex(/^\d{1,4}(\.\d{1,2})?$/, 'must be a percentage such as 10 or 12.5').transform(Number)
    .refine((n) => n <= 1000, 'must be at most 1000').default(ENERGY_ALERT_DEFAULT_PERCENT),
  tagName: ZTagName.optional(),
});
export const ZEnergyUsageQuery = z.object({ tagName: ZTagName.optional(), from: ZDate.optional(), to: ZDate.optional() });
/** One month: averages per entry, and cost per unit over the month (total cost ÷ total quantity). */
export const ZEnergyMonth = z.object({
  month: z.string().describe('YYYY-MM'),
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
  byProject: z.array(z.object({ tagName: z.string(), totalQuantity: z.number(), totalExpensesMinor: z.number().int(), costPerUnitMinor: z.number().int() })),
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
