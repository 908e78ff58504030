import { z } from 'zod';
import { ZDate, ZId } from './common.ts';
import { ZMoneyText, ZMonth } from './payroll.ts';
import { REMITTANCE_KINDS as PAYROLL_REMITTANCE_KINDS } from './statutory.ts';
import { WHT_REMITTANCE_KINDS } from './withholding.ts';

/** What the tracker lists: payroll's statutory kinds and withholding tax on supplier payments (issue 35). */
export const TRACKED_REMITTANCE_KINDS = [...PAYROLL_REMITTANCE_KINDS, ...WHT_REMITTANCE_KINDS] as const;
export type TTrackedRemittanceKind = (typeof TRACKED_REMITTANCE_KINDS)[number];
const REMITTANCE_KINDS = TRACKED_REMITTANCE_KINDS;

/**
 * The remittance tracker (issue 31 item 5): for each authority, payee and period that an approved run makes due, what is
 * owed, by when, what was paid against it (with the proof) and what is still outstanding. Amounts are integer minor units.
 */
export const REMITTANCE_STATUSES = ['due', 'overdue', 'part-paid', 'paid'] as const;
export type TRemittanceStatus = (typeof REMITTANCE_STATUSES)[number];

/** A period: YYYY-MM for the monthly kinds, YYYY for the yearly ITF. */
export const ZRemittancePeriod = z.string().trim().regex(/^(20\d\d|2100)(-(0[1-9]|1[0-2]))?$/, 'must be a month as YYYY-MM (or a year as YYYY for ITF)');

/** A receipt scan is a document: PDF, image or office file, at most this size (the documents' limit). */
export const REMITTANCE_RECEIPT_FIELD = 'receipt';

export const ZRemittancePayment = z.object({
  _id: ZId,
  amountMinor: z.number().int(),
  reference: z.string(),
  paidOn: z.string().describe('YYYY-MM-DD'),
  note: z.string().nullable(),
  receipt: z.object({ name: z.string(), mime: z.string() }).nullable().describe('download it from GET /remittances/payments/{id}/receipt'),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  voided: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable().describe('a voided payment stays listed and counts for nothing'),
});
export type TRemittancePayment = z.infer<typeof ZRemittancePayment>;

export const ZRemittanceItem = z.object({
  kind: z.enum(REMITTANCE_KINDS),
  payee: z.string().describe("the State IRS (NG PAYE) or PFA (pension); '' for a single authority"),
  period: z.string(),
  amountDueMinor: z.number().int(),
  employees: z.number().int(),
  missing: z.number().int().describe('rows of the schedule that lack the identifier the authority needs'),
  dueDate: z.string().describe('YYYY-MM-DD'),
  /** What the due date rests on: 'salaries-paid' (the run was marked paid) or 'approval' (not marked paid: the approval date stands in). */
  dueBasis: z.enum(['fixed', 'salaries-paid', 'approval']),
  paidMinor: z.number().int().describe('the sum of the payments not voided'),
  outstandingMinor: z.number().int().describe('due − paid, never below 0'),
  status: z.enum(REMITTANCE_STATUSES),
  payments: z.array(ZRemittancePayment),
});
export type TRemittanceItem = z.infer<typeof ZRemittanceItem>;

export const ZRemittanceList = z.object({
  from: z.string(), to: z.string(), today: z.string(),
  items: z.array(ZRemittanceItem),
  totals: z.object({ dueCount: z.number().int(), dueMinor: z.number().int(), overdueCount: z.number().int(), overdueMinor: z.number().int() }),
});
export type TRemittanceList = z.infer<typeof ZRemittanceList>;

/** GET /remittances: months from..to (default: the last 12 months to this one; ITF for the years they touch). */
export const ZRemittanceListQuery = z.object({
  from: ZMonth.optional(),
  to: ZMonth.optional(),
  status: z.enum(REMITTANCE_STATUSES, { message: `must be one of: ${REMITTANCE_STATUSES.join(', ')}` }).optional(),
});
export type TRemittanceListQuery = z.infer<typeof ZRemittanceListQuery>;

/** POST /remittances/payments (multipart: these text fields, then the optional `receipt` file). */
export const ZRecordRemittance = z.object({
  kind: z.enum(REMITTANCE_KINDS, { message: `must be one of: ${REMITTANCE_KINDS.join(', ')}` }),
  payee: z.string().trim().max(120, 'must be at most 120 characters').default(''),
  period: ZRemittancePeriod,
  amount: ZMoneyText.describe('major units, e.g. "69500" or "69500.50"'),
  reference: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  paidOn: ZDate,
  note: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
});
export type TRecordRemittance = z.infer<typeof ZRecordRemittance>;

export const ZVoidRemittance = z.object({ reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters') });
export type TVoidRemittance = z.infer<typeof ZVoidRemittance>;

/** Days before a due date that the first reminder goes out; the second goes on the day the remittance becomes overdue. */
export const REMITTANCE_REMINDER_DAYS = 3;

export const REMITTANCE_MSG = {
  recorded: 'Payment recorded',
  voided: 'Payment voided',
} as const;
