import { milliToQuantity, minorText, type TCreditNote, type TInvoice } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { holdOf, matchLine, tolerancesOf } from './match.ts';
import * as matchRepo from './match.repo.ts';
import * as repo from './orders.repo.ts';

/**
 * The ONE computation of "outstanding" (issue 35), used by the invoices list, the order detail, the approver's view and
 * the refusals of schedule-payment / payment-track, so a figure on screen and the error under it cannot disagree.
 *
 * invoice: total − credit notes − (paid + scheduled + awaiting approval), never more than what the order has left;
 * order:   max(order total, Σ invoice totals) − credit notes − (paid + scheduled + awaiting approval); standing: drawn − …;
 *          a cancelled order has nothing outstanding.
 */
export const invoiceOutstanding = (i: { totalMinor: number; creditsMinor: number; committedMinor: number }, orderOutstandingMinor: number) =>
  Math.max(0, Math.min(orderOutstandingMinor, i.totalMinor - i.creditsMinor - i.committedMinor));

export const orderOutstanding = (
  o: { poType: string; approvalStatus: string; totalMinor: number; drawnMinor: number },
  sums: { invoicedMinor: number; creditsMinor: number; committedMinor: number },
) => {
  if (o.approvalStatus === 'cancelled') return 0;
  const base = o.poType === 'standing' ? o.drawnMinor : Math.max(o.totalMinor, sums.invoicedMinor);
  return Math.max(0, base - sums.creditsMinor - sums.committedMinor);
};

type TOrderLike = repo.TOrderRow;
export type TInvoicePayable = Omit<TInvoice, 'orderNumber' | 'vendorName' | 'currency'> & { orderId: string };
export type TOrderPayables = { outstandingMinor: number; invoices: TInvoicePayable[] };

/** The match, holds, credits and outstanding amounts of these orders' invoices, read in the caller's transaction. */
export const loadPayables = async (db: DbOrTx, businessId: string, orders: TOrderLike[]): Promise<Map<string, TOrderPayables>> => {
  const ids = orders.map((o) => o.id);
  const [tol, lines, { invoices, lines: invLines }, credits, payments] = await Promise.all([
    matchRepo.getTolerances(db, businessId), repo.findLines(db, ids), matchRepo.findOrderInvoices(db, businessId, ids),
    matchRepo.findCreditNotes(db, businessId, ids), matchRepo.findLivePayments(db, businessId, ids),
  ]);
  const tolerances = tolerancesOf(tol);
  const sum = <T,>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
  const out = new Map<string, TOrderPayables>();
  for (const order of orders) {
    const mine = invoices.filter((i) => i.orderId === order.id);
    const orderCredits = credits.filter((c) => c.note.orderId === order.id);
    const orderPayments = payments.filter((p) => p.orderId === order.id);
    const outstandingMinor = orderOutstanding(order, {
      invoicedMinor: sum(mine, (i) => i.totalMinor), creditsMinor: sum(orderCredits, (c) => c.note.amountMinor), committedMinor: sum(orderPayments, (p) => p.amountMinor),
    });
    const before = new Map<string, number>();
    const result: TInvoicePayable[] = [];
    for (const invoice of mine) {
      const matchLines = invLines.filter((il) => il.invoiceId === invoice.id).map((il) => {
        const line = lines.find((l) => l.id === il.lineId)!;
        const m = matchLine({
          lineId: line.id, item: line.item, unit: line.unit, orderedMilli: line.quantityMilli, receivedMilli: line.receivedMilli, orderPriceMinor: line.unitPriceMinor,
          invoicedMilli: il.quantityMilli, invoicedPriceMinor: il.unitPriceMinor, invoicedBeforeMilli: before.get(line.id) ?? 0,
        }, tolerances, order.currency);
        return { line, il, m };
      });
      for (const { il } of matchLines) before.set(il.lineId, (before.get(il.lineId) ?? 0) + il.quantityMilli);
      const notes = orderCredits.filter((c) => c.note.invoiceId === invoice.id);
      const pays = orderPayments.filter((p) => p.invoiceId === invoice.id);
      const creditsMinor = sum(notes, (c) => c.note.amountMinor);
      const hold = holdOf({
        totalMinor: invoice.totalMinor, creditsMinor, vatRateBp: order.vatRateBp, levyRateBp: order.levyRateBp,
        lines: matchLines.map((x) => x.m),
        override: invoice.overriddenAt ? { reason: invoice.overrideReason ?? '', by: invoice.overriddenByName ?? '', at: invoice.overriddenAt.toISOString() } : null,
      }, tolerances);
      result.push({
        _id: invoice.id, orderId: invoice.orderId, invoiceNumber: invoice.invoiceNumber, invoiceDate: invoice.invoiceDate, dueDate: invoice.dueDate,
        totalMinor: invoice.totalMinor,
        paidMinor: sum(pays.filter((p) => p.status === 'paid'), (p) => p.amountMinor),
        scheduledMinor: sum(pays.filter((p) => p.status !== 'paid'), (p) => p.amountMinor),
        match: matchLines.every((x) => x.m.reasons.length === 0) ? 'matched' : 'mismatch',
        lines: matchLines.map(({ line, il, m }) => ({
          lineId: line.id, item: line.item, ordered: milliToQuantity(line.quantityMilli), received: milliToQuantity(line.receivedMilli),
          invoiced: milliToQuantity(il.quantityMilli), orderedUnitPriceMinor: line.unitPriceMinor, invoicedUnitPriceMinor: il.unitPriceMinor, state: m.state, reasons: m.reasons,
        })),
        hold,
        creditNotes: notes.map((c): TCreditNote => ({
          _id: c.note.id, invoiceId: c.note.invoiceId, lineId: c.note.lineId, item: c.item, number: c.note.number, date: c.note.date, reason: c.note.reason,
          amountMinor: c.note.amountMinor, createdBy: c.note.createdByName, createdAt: c.note.createdAt.toISOString(),
        })),
        document: invoice.documentKey ? { name: invoice.documentName ?? 'invoice', mime: invoice.documentMime ?? 'application/octet-stream' } : null,
        outstandingMinor: invoiceOutstanding({ totalMinor: invoice.totalMinor, creditsMinor, committedMinor: sum(pays, (p) => p.amountMinor) }, outstandingMinor),
        createdAt: invoice.createdAt.toISOString(),
      });
    }
    out.set(order.id, { outstandingMinor, invoices: result });
  }
  return out;
};

const heldMessage = (inv: TInvoicePayable) =>
  `Invoice ${inv.invoiceNumber} is held by the three-way match (${inv.lines.flatMap((l) => l.reasons.map((r) => r.text)).join('; ')}): it can be paid once someone with Approvals-access overrides the hold with a reason, or credit notes close the gap`;

/**
 * schedule-payment's one check (call with the order locked): the invoice is on the order and not held, an order-level
 * payment is refused while any invoice of the order is held, and the amount is at most what is outstanding.
 */
export const assertCanSchedule = async (tx: DbOrTx, order: TOrderLike, invoiceId: string | null | undefined, amountMinor: number) => {
  const p = (await loadPayables(tx, order.businessId, [order])).get(order.id)!;
  let outstanding = p.outstandingMinor;
  if (invoiceId) {
    const inv = p.invoices.find((i) => i._id === invoiceId);
    if (!inv) throw notFound('Invoice');
    if (inv.hold.isHeld) throw conflict(heldMessage(inv)).as('invoiceHeld', { invoice: inv.invoiceNumber });
    outstanding = inv.outstandingMinor;
  } else {
    const held = p.invoices.find((i) => i.hold.isHeld);
    if (held) throw conflict(heldMessage(held)).as('invoiceHeld', { invoice: held.invoiceNumber });
  }
  if (amountMinor > outstanding) {
    throw conflict(`The amount ${minorText(amountMinor, order.currency)} is more than what is outstanding (${minorText(outstanding, order.currency)})`)
      .as('amountOverOutstanding', { amount: minorText(amountMinor, order.currency), outstanding: minorText(outstanding, order.currency) });
  }
  return outstanding;
};

/** payment-track's and the payment approval's one check: a payment of a held invoice is not approved or paid. */
export const assertNotHeld = async (tx: DbOrTx, businessId: string, payment: { orderId: string; invoiceId: string | null }) => {
  if (!payment.invoiceId) return;
  const order = await repo.getOrder(tx, businessId, payment.orderId);
  if (!order) return;
  const inv = (await loadPayables(tx, businessId, [order])).get(order.id)!.invoices.find((i) => i._id === payment.invoiceId);
  if (inv?.hold.isHeld) throw conflict(heldMessage(inv)).as('invoiceHeld', { invoice: inv.invoiceNumber });
};
