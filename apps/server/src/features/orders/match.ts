import {
  DEFAULT_PRICE_TOLERANCE_BP, DEFAULT_QTY_TOLERANCE_BP, lineTotalMinor, milliToQuantity, minorText, rateOfMinor,
  type TInvoiceHoldState, type TMatchReason,
} from '@bizdesk/contract';
import { badRequest } from '../../platform/errors.ts';

/**
 * The three-way match that holds money (issue 35), as pure functions: per invoice line, invoiced against received
 * (what earlier invoices of the order have not already claimed) and ordered, and the invoiced price against the order's,
 * within the business's tolerances. payables.ts turns the result into what may be scheduled and paid.
 */
export type TTolerances = { qtyToleranceBp: number; priceToleranceBp: number };
export const tolerancesOf = (s?: Partial<TTolerances> | null): TTolerances => ({
  qtyToleranceBp: s?.qtyToleranceBp ?? DEFAULT_QTY_TOLERANCE_BP, priceToleranceBp: s?.priceToleranceBp ?? DEFAULT_PRICE_TOLERANCE_BP,
});

const pct = (bp: number) => `${bp / 100}%`;
/** a ≤ b × (1 + bp), in integers (money and thousandths can pass 2^53 once multiplied). */
const withinBp = (a: number, b: number, bp: number) => BigInt(a) * 10000n <= BigInt(b) * BigInt(10000 + bp);

export type TMatchLineInput = {
  lineId: string; item: string; unit: string; orderedMilli: number; receivedMilli: number; orderPriceMinor: number;
  /** on this invoice */
  invoicedMilli: number; invoicedPriceMinor: number;
  /** on the order's invoices recorded before this one */
  invoicedBeforeMilli: number;
};

export const matchLine = (l: TMatchLineInput, tol: TTolerances, currency: string) => {
  const receivable = Math.max(0, l.receivedMilli - l.invoicedBeforeMilli);
  const reasons: TMatchReason[] = [];
  const q = (m: number) => milliToQuantity(m);
  if (l.invoicedMilli > 0 && l.receivedMilli === 0) {
    reasons.push({ code: 'not-received', text: `${l.item}: ${q(l.invoicedMilli)} ${l.unit} invoiced, nothing received yet`, params: { item: l.item, invoiced: q(l.invoicedMilli), unit: l.unit } });
  } else if (!withinBp(l.invoicedMilli, receivable, tol.qtyToleranceBp)) {
    reasons.push({
      code: 'quantity-over-received',
      text: `${l.item}: ${q(l.invoicedMilli)} ${l.unit} invoiced, only ${q(receivable)} received and not yet invoiced (tolerance ${pct(tol.qtyToleranceBp)})`,
      params: { item: l.item, invoiced: q(l.invoicedMilli), received: q(receivable), unit: l.unit, tolerance: pct(tol.qtyToleranceBp) },
    });
  }
  if (!withinBp(l.invoicedPriceMinor, l.orderPriceMinor, tol.priceToleranceBp)) {
    reasons.push({
      code: 'price-over-order',
      text: `${l.item}: invoiced at ${minorText(l.invoicedPriceMinor, currency)}, the order's price is ${minorText(l.orderPriceMinor, currency)} (tolerance ${pct(tol.priceToleranceBp)})`,
      params: { item: l.item, price: l.invoicedPriceMinor, orderPrice: l.orderPriceMinor, currency, tolerance: pct(tol.priceToleranceBp) },
    });
  }
  const state = l.receivedMilli === 0 ? 'not-received' as const
    : reasons.some((r) => r.code === 'quantity-over-received') ? 'quantity-mismatch' as const
      : reasons.some((r) => r.code === 'price-over-order') ? 'price-mismatch' as const : 'matched' as const;
  // What the match allows for this line: what was received (and not invoiced before) at the order's price.
  const allowedSubtotalMinor = lineTotalMinor(l.orderPriceMinor, Math.min(l.invoicedMilli, receivable));
  return { reasons, state, allowedSubtotalMinor };
};

export type TInvoiceHoldInput = {
  totalMinor: number; creditsMinor: number; vatRateBp: number; levyRateBp: number;
  lines: Array<{ reasons: TMatchReason[]; allowedSubtotalMinor: number }>;
  override: { reason: string; by: string; at: string } | null;
};

/**
 * Held while any line has a reason, unless a person overrode it, or credit notes bring the invoice (net of credits)
 * within the price tolerance of received × the order's price (with the order's VAT and levies).
 */
export const holdOf = (inv: TInvoiceHoldInput, tol: TTolerances) => {
  const sub = inv.lines.reduce((s, l) => s + l.allowedSubtotalMinor, 0);
  const allowedMinor = sub + rateOfMinor(sub, inv.vatRateBp) + rateOfMinor(sub, inv.levyRateBp);
  const hasReasons = inv.lines.some((l) => l.reasons.length > 0);
  const net = inv.totalMinor - inv.creditsMinor;
  const state: TInvoiceHoldState = !hasReasons ? 'matched'
    : inv.override ? 'overridden'
      : inv.creditsMinor > 0 && withinBp(net, allowedMinor, tol.priceToleranceBp) ? 'credited' : 'held';
  return { state, isHeld: state === 'held', allowedMinor, creditsMinor: inv.creditsMinor, override: inv.override };
};

/** Invoiced quantity never exceeds ordered over all invoices of the order: a larger quantity needs an amended order. */
export const assertWithinOrdered = (
  lines: Array<{ id: string; item: string; quantityMilli: number }>,
  invoicedSoFar: Map<string, number>,
  invLines: Array<{ lineId: string; quantityMilli: number }>,
) => {
  for (const [i, il] of invLines.entries()) {
    const line = lines.find((l) => l.id === il.lineId)!;
    const total = (invoicedSoFar.get(il.lineId) ?? 0) + il.quantityMilli;
    if (total > line.quantityMilli) {
      throw badRequest(`lines.${i}.quantity: Invoiced quantity of ${line.item} (${milliToQuantity(total)}) is more than ordered (${milliToQuantity(line.quantityMilli)}): amend the order first`)
        .as('invoicedOverOrdered', { item: line.item, invoiced: milliToQuantity(total), ordered: milliToQuantity(line.quantityMilli) });
    }
  }
};
