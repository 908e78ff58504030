import { lineTotalMinor, projectCostCategoryOf } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TLedgerEntryInput, TLedgerService } from '../projects/ledger.service.ts';
import * as repo from './order-ledger.repo.ts';
import { creditsByOrderLine } from './match.repo.ts';

/** Credit-note amounts per order line (minor units, net of VAT and levies) that reduce the line's actual. */
export type TCreditNotesByLine = Map<string, number>;

/**
 * The order's credit notes (features/orders match) per line, net of VAT and levies like the ledger: a note on a line
 * credits that line; a whole-invoice note is spread over the invoice's lines by their invoiced value (the last line
 * takes the rounding).
 */
const creditsOf = async (tx: DbOrTx, businessId: string, facts: repo.TOrderFacts): Promise<TCreditNotesByLine> => {
  const byLine: TCreditNotesByLine = new Map();
  const notes = await creditsByOrderLine(tx, businessId, [facts.order.id]);
  const net = (gross: number) => Number((BigInt(gross) * 10000n * 2n + BigInt(10000 + facts.order.vatRateBp + facts.order.levyRateBp)) / (BigInt(10000 + facts.order.vatRateBp + facts.order.levyRateBp) * 2n));
  const add = (lineId: string, minor: number) => byLine.set(lineId, (byLine.get(lineId) ?? 0) + minor);
  for (const n of notes) {
    const amount = net(n.amountMinor);
    if (n.lineId) { add(n.lineId, amount); continue; }
    const lines = facts.invoiced.filter((i) => i.invoiceId === n.invoiceId);
    const values = lines.map((i) => lineTotalMinor(i.unitPriceMinor, i.quantityMilli));
    const total = values.reduce((s, v) => s + v, 0);
    if (total <= 0) continue;
    let given = 0;
    lines.forEach((l, k) => {
      const share = k === lines.length - 1 ? amount - given : Number(BigInt(amount) * BigInt(values[k]) / BigInt(total));
      given += share;
      add(l.lineId, share);
    });
  }
  return byLine;
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Value of a received quantity at the invoiced price when invoiced, else at the order price (minor units, net of VAT). */
const receivedValue = (milli: number, orderPriceMinor: number, invoiced: Array<{ quantityMilli: number; unitPriceMinor: number }>) => {
  const invMilli = invoiced.reduce((s, i) => s + i.quantityMilli, 0);
  if (invMilli <= 0) return lineTotalMinor(orderPriceMinor, milli);
  const invValue = invoiced.reduce((s, i) => s + lineTotalMinor(i.unitPriceMinor, i.quantityMilli), 0);
  if (invMilli >= milli) return Number((BigInt(invValue) * BigInt(milli) * 2n + BigInt(invMilli)) / (BigInt(invMilli) * 2n)); // the invoiced price, rounded half up
  return invValue + lineTotalMinor(orderPriceMinor, milli - invMilli); // the part not yet invoiced stays at the order price
};

/**
 * The project cost ledger entries of one purchase order (issue 35, the accounting rule of COMMON.md), recomputed from
 * its current rows and written in the caller's transaction (`ledger.replace`): an approved regular order on a project
 * is committed for each line's open (not yet received) part; what was received into no stock location (works,
 * services, goods charged to the job) is actual at receipt, at the invoiced price once invoiced; what was received into
 * a store or site is stock (no project cost until used). Pending, rejected, cancelled or project-less orders leave
 * nothing. Amounts are net of VAT and levies (decisions: VAT is recoverable input tax; stock is valued net too).
 */
export const recomputeOrderLedger = async (tx: DbOrTx, ledger: Pick<TLedgerService, 'replace'>, businessId: string, orderId: string,
  opts: { creditNotesByLine?: TCreditNotesByLine } = {}) => {
  const facts = await repo.findOrderFacts(tx, businessId, orderId);
  if (!facts) return;
  const { order, lines, receipts, invoiced } = facts;
  const credits = opts.creditNotesByLine ?? await creditsOf(tx, businessId, facts);
  const source = { kind: 'purchase-order' as const, id: order.id };
  if (order.poType !== 'regular' || order.approvalStatus !== 'approved' || !order.projectId) return ledger.replace(tx, businessId, source, []);
  // The delivery site carries the entries when it is a site of the order's project, so the site shows on them.
  const placeId = order.deliveryKind === 'site' && order.deliveryProjectId === order.projectId ? order.deliveryPlaceId! : order.projectId;
  const orderDate = order.createdAt.toISOString().slice(0, 10);
  const entries: TLedgerEntryInput[] = [];
  for (const line of lines) {
    const typed = projectCostCategoryOf(line.item);
    const category = typed === 'other' ? 'materials' : typed;
    const openMilli = Math.max(0, line.quantityMilli - line.receivedMilli);
    const description = `${line.item} (${order.vendorName})`;
    if (openMilli > 0) {
      entries.push({ placeId, category, stage: 'committed', amountMinor: lineTotalMinor(line.unitPriceMinor, openMilli), date: orderDate, description, reference: order.number, key: line.id });
    }
    const charged = receipts.filter((r) => r.lineId === line.id && r.locationId === null);
    const chargedMilli = charged.reduce((s, r) => s + r.quantityMilli - r.returnedMilli, 0);
    if (chargedMilli <= 0) continue;
    const lineInvoices = invoiced.filter((i) => i.lineId === line.id);
    const credited = credits.get(line.id) ?? 0;
    const dates = [...charged.map((r) => r.receivedDate), ...lineInvoices.map((i) => i.invoiceDate)].sort();
    entries.push({
      placeId, category, stage: 'actual', amountMinor: Math.max(0, receivedValue(chargedMilli, line.unitPriceMinor, lineInvoices) - credited),
      date: dates.at(-1) ?? todayUtc(), description, key: line.id,
      reference: lineInvoices.length ? `${order.number} · invoice ${lineInvoices.map((i) => i.invoiceNumber).join(', ')}` : order.number,
    });
  }
  return ledger.replace(tx, businessId, source, entries);
};
