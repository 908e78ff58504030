import { z } from 'zod';

/**
 * The one payslip model (DESIGN §7 "Pay documents"): built on the server from a stored run line and its breakdown;
 * the web page, the PDF and the e-mail only render it, so they cannot disagree. Every amount is this pay period's,
 * in minor units; `ytdMinor` is the sum of the same line over the employee's approved (or paid) runs of the year up
 * to and including this month. Earnings − deductions = net, in both columns: the server refuses to build a model
 * that does not add up.
 */
export const PAYSLIP_LINE_KINDS = ['salary', 'one-off', 'period', 'tax', 'statutory', 'rounding', 'employer'] as const;
export const ZPayslipLine = z.object({
  /** Stable across months (the year-to-date key): `salary:basic`, `allowance`, `overtime`, `tax`, `tax-one-off`, an engine deduction's code, a period line's code. */
  code: z.string(),
  kind: z.enum(PAYSLIP_LINE_KINDS),
  /** English name (the PDF's and the e-mail's); the web names known codes in the reader's language. */
  name: z.string(),
  amountMinor: z.number().int(),
  ytdMinor: z.number().int(),
});
export type TPayslipLine = z.infer<typeof ZPayslipLine>;
export const ZPayslipSection = z.object({ items: z.array(ZPayslipLine), totalMinor: z.number().int(), ytdMinor: z.number().int() });
export type TPayslipSection = z.infer<typeof ZPayslipSection>;
export const ZPayslipModel = z.object({
  month: z.string(),
  currency: z.string(),
  /** The year-to-date column covers these months (the approved runs of the year up to this one, and this one). */
  ytdMonths: z.array(z.string()),
  earnings: ZPayslipSection,
  deductions: ZPayslipSection,
  net: z.object({ amountMinor: z.number().int(), ytdMinor: z.number().int() }),
  /** "Paid by your employer": on top of pay, never part of the sum to net. */
  employer: ZPayslipSection,
  /** The business's logo (its public address), or null. */
  logoPath: z.string().nullable(),
  /** Issue 32: the run the payslip is of: the regular month's, or an off-cycle run ("13th month — December 2026"). */
  run: z.object({ kind: z.string(), label: z.string().nullable(), title: z.string() }).optional(),
  /**
   * The leaver's final settlement (issue 32), on the run of the exit month: the last day and reason, unused leave paid
   * out (days; its amount is an earnings line) and what could not be recovered from the pay left (loans, the IOU).
   */
  settlement: z.object({
    lastDay: z.string(), reason: z.string().nullable(), leavePayoutDays: z.number(),
    outstandingLoansMinor: z.number().int(), outstandingIouMinor: z.number().int(),
  }).nullable().optional(),
});
export type TPayslipModel = z.infer<typeof ZPayslipModel>;
