import { z } from 'zod';
import { ZDate, ZEmail, ZId } from './common.ts';
import { ZApprovalRequest, ZReason } from './approvals.ts';
import { DEFAULT_PRICE_TOLERANCE_BP, ZCreditNote, ZInvoiceHold, ZMatchReason, ZMatchTolerancesInput } from './order-match.ts';

/** GLOSSARY "Order": POType and approvalStatus. */
export const PO_TYPES = ['regular', 'standing'] as const;
export const ZPoType = z.enum(PO_TYPES, { message: 'must be regular or standing' });
export type TPoType = z.infer<typeof ZPoType>;
export const ORDER_APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type TOrderApprovalStatus = (typeof ORDER_APPROVAL_STATUSES)[number];
/** Where the goods stand: nothing received, some, all; or the order was cancelled. */
export const RECEIPT_STATUSES = ['open', 'partially-received', 'received', 'cancelled'] as const;
export type TReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * An amount in major units written as text ("1500000", "38686.67"): money never travels as a JSON number,
 * which a client may already have rounded through a float.
 */
export const ZOrderMoneyText = z.string({ message: 'must be an amount written as text, such as "1500000.50"' }).trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimal places, such as 1500000 or 38686.67');

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();

/** A quantity: more than 0, at most 3 decimal places (2.5 tonnes, 0.125 m³). Kept as thousandths on the server. */
const QTY_TEXT = /^\d{1,9}(\.\d{1,3})?$/;
export const ZOrderQuantity = z.union([z.number(), z.string().trim()])
  .refine((v) => QTY_TEXT.test(String(v)), 'must be a number with at most 3 decimal places')
  .refine((v) => Number(v) > 0, 'must be more than 0');
export const ZQuantityOrZero = z.union([z.number(), z.string().trim()])
  .refine((v) => QTY_TEXT.test(String(v)), 'must be a number (0 or more) with at most 3 decimal places');

/** "2.5" → 2500 thousandths, from the text (never a float multiply). */
export const quantityToMilli = (v: number | string) => {
  const [whole, frac = ''] = String(v).trim().split('.');
  return Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
};
/** 2500 → "2.5". */
export const milliToQuantity = (milli: number) => {
  const whole = Math.trunc(milli / 1000);
  const frac = String(milli % 1000).padStart(3, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
};
const divRound = (a: bigint, d: bigint) => (a * 2n + d) / (2n * d);
/** unit price (minor) × quantity (thousandths), rounded half up to the minor unit, in integers. */
export const lineTotalMinor = (unitPriceMinor: number, quantityMilli: number) => Number(divRound(BigInt(unitPriceMinor) * BigInt(quantityMilli), 1000n));
/** amount (minor) × rate in basis points (750 = 7.5%), rounded half up. */
export const rateOfMinor = (amountMinor: number, rateBp: number) => Number(divRound(BigInt(amountMinor) * BigInt(rateBp), 10000n));

export const ZOrderLineInput = z.object({
  item: text(200),
  unit: text(30),
  quantity: ZOrderQuantity,
  unitPrice: ZOrderMoneyText.describe('price of one unit, major units'),
});
export type TOrderLineInput = z.infer<typeof ZOrderLineInput>;

export const MAX_ORDER_LINES = 200;
export const ZOrderInput = z.object({
  vendorId: ZId,
  lines: z.array(ZOrderLineInput).min(1, 'add at least one line').max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`),
  expectedDate: ZDate.nullish(),
  notes: optionalText(2000),
  deliveryPlaceId: ZId.nullish().describe('the store or site the goods go to (issue 34); empty = the store "Stores"'),
  projectId: ZId.nullish().describe('the project the order is bought for (issue 35); empty = the delivery site\'s project, if any'),
  project: optionalText(200).describe('the project by name, when projectId is not given'),
});
export type TOrderInput = z.infer<typeof ZOrderInput>;

/** `add-orders`: one order, or several as `{ orders: [...] }` (all or nothing). */
export const ZAddOrders = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && !('orders' in v) ? { orders: [v] } : v),
  z.object({ orders: z.array(ZOrderInput).min(1, 'send at least one order').max(50, 'must be at most 50 orders') }),
);
export type TAddOrders = z.infer<typeof ZAddOrders>;

/** `add-standing`: a ceiling and a validity period that call-offs draw down. */
export const ZAddStanding = z.object({
  vendorId: ZId,
  description: text(500),
  ceiling: ZOrderMoneyText.describe('the most the call-offs may add up to, major units, VAT included'),
  validFrom: ZDate,
  validTo: ZDate,
  notes: optionalText(2000),
}).refine((v) => v.validTo >= v.validFrom, { message: 'must be on or after validFrom', path: ['validTo'] });
export type TAddStanding = z.infer<typeof ZAddStanding>;

/** `standing-po-update`: one call-off against a standing order. */
export const ZStandingCallOff = z.object({
  orderId: ZId,
  amount: ZOrderMoneyText.describe('major units, VAT included'),
  description: text(500),
  date: ZDate,
});
export type TStandingCallOff = z.infer<typeof ZStandingCallOff>;

/** `order`: one order by its number (invoiceNumber, e.g. PO-000012) within the owner's business. */
export const ZOrderLookup = z.object({ invoiceNumber: text(40), ownerEmail: ZEmail });

/** `grn-update`: goods received against an order's lines. */
export const ZGrnData = z.object({
  orderId: ZId,
  receivedDate: ZDate,
  receiver: text(120),
  note: optionalText(1000),
  lines: z.array(z.object({
    lineId: ZId, quantity: ZQuantityOrZero,
    locationId: ZId.nullish().describe('the store or site the line goes into; default the order\'s delivery place, else "Stores"'),
    notStocked: z.boolean().optional().describe('works, services or goods charged straight to the order\'s project: kept in no stock location (issue 35)'),
  })).min(1, 'add at least one line').max(MAX_ORDER_LINES),
});
export const ZGrnUpdate = z.object({ grnData: ZGrnData });
export type TGrnData = z.infer<typeof ZGrnData>;

/** `update-approval-status` (orderId, approvalStatus, POType): the caller's decision, or a cancellation. */
export const ZUpdateApprovalStatus = z.object({
  orderId: ZId,
  approvalStatus: z.enum(['approved', 'rejected', 'cancelled'], { message: 'must be approved, rejected or cancelled' }),
  POType: ZPoType,
  reason: ZReason.optional(),
});
export type TUpdateApprovalStatus = z.infer<typeof ZUpdateApprovalStatus>;

export const ZInvoiceInput = z.object({
  orderId: ZId,
  invoiceNumber: text(60).describe("the vendor's invoice number"),
  invoiceDate: ZDate,
  dueDate: ZDate.nullish(),
  lines: z.array(z.object({ lineId: ZId, quantity: ZQuantityOrZero, unitPrice: ZOrderMoneyText })).min(1, 'add at least one line').max(MAX_ORDER_LINES),
});
export type TInvoiceInput = z.infer<typeof ZInvoiceInput>;

export const ZSchedulePayment = z.object({
  orderId: ZId,
  invoiceId: ZId.nullish(),
  amount: ZOrderMoneyText,
  dueDate: ZDate,
  note: optionalText(500),
});
export type TSchedulePayment = z.infer<typeof ZSchedulePayment>;

/** `payment-track`: a scheduled payment made. */
export const ZPaymentTrack = z.object({
  paymentId: ZId,
  paidDate: ZDate,
  method: z.enum(['bank-transfer', 'cheque', 'cash', 'card', 'mobile-money'], { message: 'must be bank-transfer, cheque, cash, card or mobile-money' }),
  reference: optionalText(120),
});
export type TPaymentTrack = z.infer<typeof ZPaymentTrack>;

export const ZProcurementSettings = z.object({
  vatRate: z.string({ message: 'must be a percentage written as text, such as "7.5"' }).trim().regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage such as 7.5'),
  levyRate: z.string({ message: 'must be a percentage written as text, such as "6"' }).trim().regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage such as 6'),
}).extend(ZMatchTolerancesInput.shape);
export type TProcurementSettingsInput = z.infer<typeof ZProcurementSettings>;
export const ZProcurementSettingsOut = z.object({
  vatRateBp: z.number().int(), levyRateBp: z.number().int(), currency: z.string(),
  qtyToleranceBp: z.number().int().default(0), priceToleranceBp: z.number().int().default(DEFAULT_PRICE_TOLERANCE_BP),
});
export type TProcurementSettings = z.infer<typeof ZProcurementSettingsOut>;

export const ZOrderListQuery = z.object({
  POType: ZPoType.optional(),
  status: z.enum(['open', 'pending', 'approved', 'received', 'cancelled', 'all'], { message: 'must be open, pending, approved, received, cancelled or all' }).default('all'),
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(25),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;

const ZLine = z.object({
  _id: z.string(), item: z.string(), unit: z.string(), quantity: z.string(), received: z.string(), invoiced: z.string(),
  unitPriceMinor: z.number().int(), lineTotalMinor: z.number().int(),
});
export const ZOrder = z.object({
  _id: z.string(),
  invoiceNumber: z.string().describe('the order number, PO-000001'),
  POType: ZPoType,
  approvalStatus: z.enum(ORDER_APPROVAL_STATUSES),
  receiptStatus: z.enum(RECEIPT_STATUSES),
  vendor: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }),
  deliveryPlace: z.object({ _id: z.string(), name: z.string() }).nullable().optional().describe('where the goods go (issue 34)'),
  project: z.object({ _id: z.string(), name: z.string() }).nullable().optional().describe('the project the order is bought for (issue 35)'),
  currency: z.string(),
  subtotalMinor: z.number().int(),
  vatMinor: z.number().int(),
  leviesMinor: z.number().int(),
  totalMinor: z.number().int(),
  vatRateBp: z.number().int(),
  levyRateBp: z.number().int(),
  description: z.string().nullable(),
  expectedDate: z.string().nullable(),
  notes: z.string().nullable(),
  ceilingMinor: z.number().int().nullable(),
  drawnMinor: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  quoteId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  revision: z.number().int().describe('1 as created; each amendment adds one'),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZGrn = z.object({
  _id: z.string(), receivedDate: z.string(), receiver: z.string(), note: z.string().nullable(), createdAt: z.string(),
  lines: z.array(z.object({
    lineId: z.string(), item: z.string(), quantity: z.string(),
    locationId: z.string().nullable().optional(), locationName: z.string().nullable().optional(),
    returned: z.string().optional().describe('sent back to the supplier from this line so far'),
  })),
});

/** A return to the supplier against one goods-received note (issue 34). */
export const ZGoodsReturnInput = z.object({
  grnId: ZId,
  returnedDate: ZDate,
  reason: text(500),
  lines: z.array(z.object({ lineId: ZId, quantity: ZQuantityOrZero })).min(1, 'add at least one line').max(MAX_ORDER_LINES),
});
export type TGoodsReturnInput = z.infer<typeof ZGoodsReturnInput>;
export const ZCallOff = z.object({ _id: z.string(), amountMinor: z.number().int(), description: z.string(), date: z.string(), createdBy: z.string() });

/** Three-way match of one invoice line: what was ordered, received and invoiced, and the invoiced price against the order's. */
export const MATCH_STATES = ['matched', 'quantity-mismatch', 'price-mismatch', 'not-received'] as const;
export const ZMatchLine = z.object({
  lineId: z.string(), item: z.string(), ordered: z.string(), received: z.string(), invoiced: z.string(),
  orderedUnitPriceMinor: z.number().int(), invoicedUnitPriceMinor: z.number().int(),
  state: z.enum(MATCH_STATES),
  /** Why the line holds the invoice (issue 35), each as visible text; empty when within tolerance. */
  reasons: z.array(ZMatchReason).default([]),
});
export const ZInvoice = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  vendorName: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  totalMinor: z.number().int().describe('invoice lines plus VAT and levies at the order\'s rates'),
  paidMinor: z.number().int(),
  scheduledMinor: z.number().int(),
  match: z.enum(['matched', 'mismatch']),
  lines: z.array(ZMatchLine),
  /** Issue 35: held/overridden/credited, credits, and the one "outstanding" (total − credits − paid − scheduled). */
  hold: ZInvoiceHold,
  creditNotes: z.array(ZCreditNote),
  outstandingMinor: z.number().int().describe('total − credit notes − paid − scheduled or awaiting approval'),
  document: z.object({ name: z.string(), mime: z.string() }).nullable().describe('the vendor\'s uploaded invoice; bytes at GET /orders/invoices/{id}/document'),
  createdAt: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
/** Paid in full: something was paid and nothing is left once credit notes are taken off (its document is then the record). */
export const isInvoiceFullyPaid = (i: Pick<TInvoice, 'paidMinor' | 'totalMinor' | 'hold'>) => i.paidMinor > 0 && i.paidMinor >= i.totalMinor - i.hold.creditsMinor;

export const PAYMENT_STATUSES = ['pending-approval', 'scheduled', 'paid', 'rejected', 'cancelled'] as const;
export const ZPayment = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  vendorName: z.string(),
  currency: z.string(),
  amountMinor: z.number().int(),
  dueDate: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paidDate: z.string().nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  // Withholding tax taken at payment (issue 35): amountMinor is the gross; the vendor received amountMinor - whtMinor.
  whtMinor: z.number().int().optional(),
  whtRateBp: z.number().int().nullable().optional(),
  whtRateKey: z.string().nullable().optional(),
  whtAuthority: z.string().nullable().optional(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZOrderDetail = ZOrder.extend({
  lines: z.array(ZLine),
  grns: z.array(ZGrn),
  callOffs: z.array(ZCallOff),
  invoices: z.array(ZInvoice),
  payments: z.array(ZPayment),
  outstandingMinor: z.number().int().describe('what is still to be scheduled or paid'),
  approval: ZApprovalRequest.nullable(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

export const ZProcurementSummary = z.object({
  currency: z.string(),
  spendByVendor: z.array(z.object({ vendor: z.string(), totalMinor: z.number().int() })),
  spendByMonth: z.array(z.object({ month: z.string(), totalMinor: z.number().int() })),
  orders: z.object({ open: z.number().int(), partiallyReceived: z.number().int(), received: z.number().int(), pendingApproval: z.number().int(), cancelled: z.number().int() }),
  averageApprovalHours: z.array(z.object({ service: z.string(), hours: z.number(), decided: z.number().int() })),
});
export type TProcurementSummary = z.infer<typeof ZProcurementSummary>;

/**
 * `POST /orders/{id}/amend`: an approved regular order's lines changed (ERPNext's "Amend", Odoo's revision). A line with
 * `lineId` is an ordered line (its quantity and price may change, never below what was received or invoiced); one
 * without is added. Lines not sent stay as they are. The order goes back for approval.
 */
export const ZAmendOrderLine = z.object({
  lineId: ZId.nullish().describe('an ordered line; empty for a new line'),
  item: text(200).optional().describe('required for a new line'),
  unit: text(30).optional().describe('required for a new line'),
  quantity: ZQuantityOrZero,
  unitPrice: ZOrderMoneyText.describe('price of one unit, major units'),
});
export const ZAmendOrder = z.object({
  lines: z.array(ZAmendOrderLine).min(1, 'add at least one line').max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`),
  expectedDate: ZDate.nullish(),
  notes: optionalText(2000),
  reason: z.string({ message: 'is required' }).trim().min(1, 'is required').max(1000, 'must be at most 1000 characters'),
});
export type TAmendOrder = z.infer<typeof ZAmendOrder>;

/** The lines and totals of one revision, as kept in its history. */
export const ZRevisionFigures = z.object({
  lines: z.array(z.object({ lineId: z.string(), item: z.string(), unit: z.string(), quantity: z.string(), unitPriceMinor: z.number().int(), lineTotalMinor: z.number().int() })),
  subtotalMinor: z.number().int(), vatMinor: z.number().int(), leviesMinor: z.number().int(), totalMinor: z.number().int(),
  expectedDate: z.string().nullable(), notes: z.string().nullable(),
});
export type TRevisionFigures = z.infer<typeof ZRevisionFigures>;
export const ZOrderRevision = z.object({
  _id: z.string(),
  revision: z.number().int().describe('the revision this amendment made'),
  reason: z.string(),
  before: ZRevisionFigures,
  after: ZRevisionFigures,
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TOrderRevision = z.infer<typeof ZOrderRevision>;

/** Bizdesk's own texts for the order calls (the spec's own are in MSG). */
export const ORDER_MSG = {
  standingAdded: 'Standing order added successfully',
  callOffRecorded: 'Call-off recorded successfully',
  goodsReceived: 'Goods received recorded successfully',
  orderCancelled: 'Order cancelled successfully',
  invoiceRecorded: 'Invoice recorded successfully',
  settingsSaved: 'Procurement settings saved',
  orderAmended: 'Order amended; it goes back for approval',
  paymentCancelled: 'This payment was cancelled with its order and cannot be approved or recorded as paid',
  orderOfPaymentCancelled: (order: string) => `${order} is cancelled: its payments cannot be approved or recorded as paid`,
} as const;

/** "NGN 1,500,000.00" — amounts inside server messages (the screens format with the user's locale). */
export const minorText = (minor: number, currency: string) => {
  const abs = Math.abs(minor);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${minor < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
};
