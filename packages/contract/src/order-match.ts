import { z } from 'zod';
import { ZDate, ZId } from './common.ts';

/**
 * Three-way match that holds money (issue 35): tolerances per business, the reasons an invoice line is held,
 * overrides with a reason, and vendor credit notes. Imported by orders.ts for the invoice shape.
 */

/** Defaults: no quantity over what was received, 2% over the order's unit price (decisions: match lane). */
export const DEFAULT_QTY_TOLERANCE_BP = 0;
export const DEFAULT_PRICE_TOLERANCE_BP = 200;

const ZPercentText = (example: string) => z.string({ message: `must be a percentage written as text, such as "${example}"` }).trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, `must be a percentage such as ${example}`);
/** The tolerances part of the procurement settings (percent as text, stored in basis points). */
export const ZMatchTolerancesInput = z.object({
  qtyTolerance: ZPercentText('0').optional().describe('invoiced quantity may exceed received by this percent'),
  priceTolerance: ZPercentText('2').optional().describe('invoiced unit price may exceed the order\'s by this percent'),
});

export const MATCH_REASON_CODES = ['not-received', 'quantity-over-received', 'price-over-order'] as const;
export type TMatchReasonCode = (typeof MATCH_REASON_CODES)[number];
/** One reason a line is held; `text` is the English sentence, `params` let the web say it in the reader's language. */
export const ZMatchReason = z.object({
  code: z.enum(MATCH_REASON_CODES),
  text: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type TMatchReason = z.infer<typeof ZMatchReason>;

export const INVOICE_HOLD_STATES = ['matched', 'held', 'overridden', 'credited'] as const;
export type TInvoiceHoldState = (typeof INVOICE_HOLD_STATES)[number];

export const ZCreditNote = z.object({
  _id: z.string(), invoiceId: z.string(), lineId: z.string().nullable(), item: z.string().nullable(),
  number: z.string(), date: z.string(), reason: z.string(), amountMinor: z.number().int(), createdBy: z.string(), createdAt: z.string(),
});
export type TCreditNote = z.infer<typeof ZCreditNote>;

/** What the match says about a whole invoice: held or not, why, and what is payable. */
export const ZInvoiceHold = z.object({
  state: z.enum(INVOICE_HOLD_STATES).describe('held: not payable until overridden or credited'),
  isHeld: z.boolean(),
  /** received × the order's price (with VAT and levies) for the invoiced lines: what the match allows. */
  allowedMinor: z.number().int(),
  creditsMinor: z.number().int(),
  override: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});

export const ZInvoiceOverride = z.object({ reason: z.string().trim().min(3, 'is required: say why this invoice may be paid').max(1000, 'must be at most 1000 characters') });
export type TInvoiceOverride = z.infer<typeof ZInvoiceOverride>;

export const ZCreditNoteInput = z.object({
  number: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  date: ZDate,
  reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  amount: z.string({ message: 'must be an amount written as text, such as "615000"' }).trim()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimal places, such as 615000 or 38686.67'),
  lineId: ZId.nullish().describe('the order line the credit is for; empty for the whole invoice'),
});
export type TCreditNoteInput = z.infer<typeof ZCreditNoteInput>;

export const MATCH_MSG = {
  overridden: 'Hold overridden: the invoice may be paid',
  creditNoteAdded: 'Credit note recorded',
  documentAttached: 'Vendor\'s document attached',
  /** The 415 of the invoice document upload: it names the types the route takes. */
  documentType: 'Only PDF, JPEG and PNG files can be attached as the vendor\'s invoice',
} as const;

/** The types a vendor's invoice document may be, judged from its bytes (a scan or the supplier's PDF). */
export const INVOICE_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
