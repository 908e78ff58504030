import { findProcurementFigures } from './orders-figures.repo.ts';
import {
  ORDER_MSG, lineTotalMinor, type TKeyedNotification, milliToQuantity, minorText, quantityToMilli, rateOfMinor,
  type TAddOrders, type TAmendOrder, type TOrderRevision, type TRevisionFigures, type TComparedQuotes, type TAddStanding, type TGoodsReturnInput, type TGrnData, type TInvoice, type TInvoiceInput, type TOrderDetail, type TOrderInput, type TOrderListQuery,
  type TPaymentTrack, type TProcurementSettingsInput, type TProcurementSummary, type TSchedulePayment, type TStandingCallOff, type TUpdateApprovalStatus,
} from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { found } from '../../platform/search.ts';
import { assertBusinessEmail, hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { raiseWebhookEvent } from '../../platform/webhooks/outbox.ts';
import { checkMinor, majorToMinor } from '../../platform/money.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TApprovalsService } from '../approvals/approvals.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import * as repo from './orders.repo.ts';
import { withholdAtPayment } from './withholding.ts';
import type { TLedgerService } from '../projects/ledger.service.ts';
import { recomputeOrderLedger } from './order-ledger.ts';
import { findMatchingInvoice } from './order-ledger.repo.ts';
import { assertCanSchedule, assertNotHeld, loadPayables } from './payables.ts';
import { assertWithinOrdered } from './match.ts';
import * as matchRepo from './match.repo.ts';

/** What a goods receipt hands to whoever keeps stock (inventory registers through `onGoodsReceived`). */
export type TReceivedGoods = {
  orderId: string; orderNumber: string; grnId: string; receivedDate: string; vendorName: string;
  /** locationId: the store or site the line went into (issue 34). */
  lines: Array<{ lineId: string; item: string; unit: string; quantityMilli: number; unitPriceMinor: number; locationId?: string | null }>;
};
/** What a return to the supplier hands to whoever keeps stock (inventory registers through `onGoodsReturned`). */
export type TReturnedGoods = {
  orderId: string; orderNumber: string; grnId: string; returnId: string; returnedDate: string; vendorName: string; reason: string;
  lines: Array<{ lineId: string; item: string; unit: string; quantityMilli: number; locationId: string | null }>;
};
export type TGoodsReturnedHandler = (tx: Tx, auth: TUserAuth, goods: TReturnedGoods) => Promise<void>;
export type TQuoteComparer = (auth: TUserAuth, quoteId: string) => Promise<TComparedQuotes | null>;
export type TGoodsReceivedHandler = (tx: Tx, auth: TUserAuth, goods: TReceivedGoods) => Promise<void>;

/** Default rates by country: Nigeria VAT 7.5%; Ghana VAT 15% plus 6% levies (NHIL 2.5%, GETFund 2.5%, COVID-19 1%). */
const DEFAULT_RATES: Record<string, { vatRateBp: number; levyRateBp: number }> = {
  NG: { vatRateBp: 750, levyRateBp: 0 },
  GH: { vatRateBp: 1500, levyRateBp: 600 },
};
const ratesFor = (country: string) => DEFAULT_RATES[country] ?? { vatRateBp: 0, levyRateBp: 0 };
export const currencyFor = (country: string) => (country === 'GH' ? 'GHS' : 'NGN');
const percentToBp = (v: number | string) => {
  const [whole, frac = ''] = String(v).split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
};

export type TPricedLine = { item: string; unit: string; quantityMilli: number; unitPriceMinor: number };

/** A line's total (price × quantity, minor units), refused naming the line when it is past what money columns hold. */
const lineTotalOf = (l: { unitPriceMinor: number; quantityMilli: number }, i: number) => checkMinor(lineTotalMinor(l.unitPriceMinor, l.quantityMilli), `lines.${i}`, 'line total');
/** An order's subtotal, VAT, levies and total from its line totals, at its rates: one computation for creating and amending. */
export const orderTotals = (lines: Array<{ lineTotalMinor: number }>, rates: { vatRateBp: number; levyRateBp: number }) => {
  const subtotalMinor = checkMinor(lines.reduce((s, l) => s + l.lineTotalMinor, 0), 'lines', 'order total');
  const vatMinor = rateOfMinor(subtotalMinor, rates.vatRateBp);
  const leviesMinor = rateOfMinor(subtotalMinor, rates.levyRateBp);
  return { subtotalMinor, vatMinor, leviesMinor, totalMinor: checkMinor(subtotalMinor + vatMinor + leviesMinor, 'lines', 'order total') };
};

export const createOrdersService = (deps: TDeps, { notify, approvals, places, ledger }: {
  notify: TNotify; approvals: TApprovalsService; places?: Pick<TPlacesService, 'get' | 'ensure'> & Partial<Pick<TPlacesService, 'resolve'>>; ledger?: Pick<TLedgerService, 'replace'>;
}) => {
  const { db } = deps;
  /** The order's project cost ledger entries, recomputed from its rows (issue 35; order-ledger.ts), in the caller's transaction. */
  const toLedger = async (tx: DbOrTx, businessId: string, orderId: string) => { if (ledger) await recomputeOrderLedger(tx, ledger, businessId, orderId); };
  const receivers: TGoodsReceivedHandler[] = [];
  const returners: TGoodsReturnedHandler[] = [];
  /** A store or site of the business by id (a PO's delivery place, a GRN line's location); 404 names the field. */
  const placeOf = async (tx: DbOrTx, businessId: string, id: string, field: string) => {
    const place = places ? await places.get(businessId, id, tx) : undefined;
    if (!place) throw notFound(`${field}: place`);
    return { id: place._id, name: place.name, kind: place.kind, projectId: place.projectId };
  };
  /**
   * The project an order is bought for (issue 35): the one named (by id, or by name through the places), else the
   * project of a delivery place that is a site; anything but a project is refused naming the field.
   */
  const projectFor = async (tx: DbOrTx, businessId: string, input: { projectId?: string | null; project?: string | null }, delivery: { id: string; kind: string; projectId: string | null } | null) => {
    if (input.projectId) {
      const p = await placeOf(tx, businessId, input.projectId, 'projectId');
      if (p.kind !== 'project') throw badRequest(`projectId: ${p.name} is not a project`).as('notAProject', { place: p.name });
      return p.id;
    }
    if (input.project?.trim()) {
      const p = places?.resolve ? await places.resolve(businessId, input.project, tx) : undefined;
      if (!p || p.kind !== 'project') throw badRequest(`project: ${input.project} is not a project of this business`).as('notAProject', { place: input.project });
      return p.id;
    }
    // Delivered to a project or one of its sites (a BOQ award delivers to the BOQ's project): bought for that project.
    return delivery?.kind === 'site' ? delivery.projectId : delivery?.kind === 'project' ? delivery.id : null;
  };
  const settingsOf = (tx: Tx | TDeps['db'], auth: TUserAuth) => repo.ensureSettings(tx, auth.businessId, ratesFor(auth.country));

  /** A procurement notification about an order, linked to it. */
  const say = (tx: Tx, auth: TUserAuth, actionType: string, message: string, text: TKeyedNotification, orderId: string) =>
    notify(tx, auth.businessId, { category: 'Procurement', actionType, message, ...text, link: { screen: 'orders', id: orderId } });

  const getOrder = async (tx: Tx | TDeps['db'], auth: TUserAuth, id: string, opts: { forUpdate?: boolean } = {}) => {
    const order = await repo.getOrder(tx, auth.businessId, id, opts);
    if (!order) throw notFound('Order');
    return order;
  };

  /** One regular order from priced lines, inside the caller's transaction, sent for approval. */
  const createRegular = async (tx: Tx, auth: TUserAuth, input: {
    vendorId: string; lines: TPricedLine[]; expectedDate?: string | null; notes?: string | null; quoteId?: string | null; description?: string | null; deliveryPlaceId?: string | null;
    projectId?: string | null; project?: string | null;
  }) => {
    const vendor = await repo.getLiveVendor(tx, auth.businessId, input.vendorId);
    if (!vendor) throw notFound('Vendor');
    const deliveryPlace = input.deliveryPlaceId ? await placeOf(tx, auth.businessId, input.deliveryPlaceId, 'deliveryPlaceId') : null;
    const projectId = await projectFor(tx, auth.businessId, input, deliveryPlace);
    const settings = await settingsOf(tx, auth);
    const lines = input.lines.map((l, i) => ({ ...l, position: i + 1, lineTotalMinor: lineTotalOf(l, i) }));
    const { subtotalMinor, vatMinor, leviesMinor, totalMinor } = orderTotals(lines, settings);
    const number = await repo.nextOrderNumber(tx, auth.businessId);
    const currency = currencyFor(auth.country);
    const order = await repo.createOrder(tx, {
      businessId: auth.businessId, number, poType: 'regular', vendorId: vendor.id, currency,
      vatRateBp: settings.vatRateBp, levyRateBp: settings.levyRateBp, subtotalMinor, vatMinor, leviesMinor, totalMinor,
      description: input.description ?? lines.map((l) => l.item).slice(0, 3).join(', '), expectedDate: input.expectedDate ?? null, notes: input.notes ?? null,
      quoteId: input.quoteId ?? null, createdBy: auth.userId, createdByName: auth.userName, deliveryPlaceId: deliveryPlace?.id ?? null, projectId,
    });
    await repo.createLines(tx, lines.map((l) => ({ businessId: auth.businessId, orderId: order.id, ...l })));
    await audit(tx, auth, 'purchase-order.created', { entity: 'purchase-order', entityId: order.id, after: { ...order, lines } });
    await approvals.request(tx, auth, { service: 'purchase-order', subjectId: order.id, title: `${number} — ${vendor.name}, ${minorText(totalMinor, currency)}`, amount: totalMinor, currency });
    return order;
  };

  /** What a revision keeps of an order: its lines and totals (the history's before and after). */
  const figuresOf = (order: repo.TOrderRow, lines: repo.TLineRow[]): TRevisionFigures => ({
    lines: lines.map((l) => ({ lineId: l.id, item: l.item, unit: l.unit, quantity: milliToQuantity(l.quantityMilli), unitPriceMinor: l.unitPriceMinor, lineTotalMinor: l.lineTotalMinor })),
    subtotalMinor: order.subtotalMinor, vatMinor: order.vatMinor, leviesMinor: order.leviesMinor, totalMinor: order.totalMinor,
    expectedDate: order.expectedDate, notes: order.notes,
  });

  const pricedLines = (lines: TOrderInput['lines']): TPricedLine[] => lines.map((l, i) => ({
    item: l.item, unit: l.unit, quantityMilli: quantityToMilli(l.quantity), unitPriceMinor: majorToMinor(l.unitPrice, `lines.${i}.unitPrice`),
  }));

  const detail = async (auth: TUserAuth, order: repo.TOrderRow): Promise<TOrderDetail> => {
    const [lines, grns, callOffs, invoices, payments, approval] = await Promise.all([
      repo.findLines(db, [order.id]),
      repo.findGrns(db, order.id),
      repo.findCallOffs(db, order.id),
      invoicesWithMatch(auth, { orderId: order.id }),
      repo.findPayments(db, auth.businessId, { orderId: order.id }),
      approvals.statusOf(db, auth.businessId, order.poType === 'standing' ? 'standing-order' : 'purchase-order', order.id),
    ]);
    const invoiced = await repo.invoicedByLine(db, [order.id]);
    const payables = (await loadPayables(db, auth.businessId, [order])).get(order.id)!;
    return {
      ...repo.toOrder(order, repo.receiptStatusOf(order, lines)),
      lines: lines.map((l) => ({
        _id: l.id, item: l.item, unit: l.unit, quantity: milliToQuantity(l.quantityMilli), received: milliToQuantity(l.receivedMilli),
        invoiced: milliToQuantity(invoiced.get(l.id) ?? 0), unitPriceMinor: l.unitPriceMinor, lineTotalMinor: l.lineTotalMinor,
      })),
      grns, callOffs, invoices, payments,
      outstandingMinor: payables.outstandingMinor,
      approval: approval ? (await approvals.describe(auth, approval)) : null,
    };
  };

  /** Three-way match per invoice line, holds, credits and outstanding: one computation, in payables.ts (issue 35). */
  const invoicesWithMatch = async (auth: TUserAuth, opts: { orderId?: string } = {}): Promise<TInvoice[]> => {
    const rows = await repo.findInvoices(db, auth.businessId, opts);
    const orders = await repo.findOrdersByIds(db, auth.businessId, [...new Set(rows.map((r) => r.invoice.orderId))]);
    const payables = await loadPayables(db, auth.businessId, orders);
    return rows.map(({ invoice, orderNumber, vendorName, currency }) => ({
      ...payables.get(invoice.orderId)!.invoices.find((i) => i._id === invoice.id)!, orderNumber, vendorName, currency,
    }));
  };

  // The engine tells us when an order's or a payment's request is decided, in the same transaction.
  for (const service of ['purchase-order', 'standing-order'] as const) {
    approvals.onDecided(service, async (tx, request) => {
      await repo.setApprovalStatusIfPending(tx, request.businessId, request.subjectId, request.status);
      await toLedger(tx, request.businessId, request.subjectId); // approved: committed on its project (issue 35)
      if (request.status !== 'approved') return;
      const order = await repo.getOrder(tx, request.businessId, request.subjectId);
      if (order) {
        await raiseWebhookEvent(deps, tx, request.businessId, 'order.approved', {
          orderId: order.id, number: order.number, poType: order.poType, totalMinor: order.totalMinor, currency: order.currency,
        });
      }
    });
  }
  /**
   * A payment is approved or paid only while its order stands: checked on every approval and on payment-track,
   * so a payment left open by an order cancelled before cancelling took its payments along is refused as well.
   */
  const assertPaymentLive = async (tx: Tx, businessId: string, payment: { status: string; orderId: string }) => {
    if (payment.status === 'cancelled') throw conflict(ORDER_MSG.paymentCancelled);
    const order = await repo.getOrder(tx, businessId, payment.orderId);
    if (order?.approvalStatus === 'cancelled') throw conflict(ORDER_MSG.orderOfPaymentCancelled(order.number));
  };
  approvals.beforeApproval('payment', async (tx, request) => {
    const payment = await repo.getPayment(tx, request.businessId, request.subjectId);
    if (payment) await assertPaymentLive(tx, request.businessId, payment);
    if (payment) await assertNotHeld(tx, request.businessId, payment);
  });
  // What an approver reads in the inbox: the order with its lines (and the quotes compared when it came from one),
  // or the payment with its order and its invoice's three-way match.
  let compareQuotes: TQuoteComparer | null = null;
  for (const service of ['purchase-order', 'standing-order'] as const) {
    approvals.describeSubject(service, async (auth, subjectId) => {
      const order = await repo.getOrder(db, auth.businessId, subjectId);
      if (!order) return null;
      const quotes = order.quoteId && compareQuotes ? await compareQuotes(auth, order.quoteId) : null;
      return { kind: service, order: await detail(auth, order), quotes };
    });
  }
  approvals.describeSubject('payment', async (auth, subjectId) => {
    const [payment] = await repo.findPayments(db, auth.businessId, { ids: [subjectId] });
    if (!payment) return null;
    const order = await detail(auth, await getOrder(db, auth, payment.orderId));
    return { kind: 'payment', payment, invoice: order.invoices.find((i) => i._id === payment.invoiceId) ?? null, order };
  });

  approvals.onDecided('payment', async (tx, request) => {
    await repo.setPaymentStatusIfPending(tx, request.businessId, request.subjectId, request.status === 'approved' ? 'scheduled' : 'rejected');
  });

  return {
    /** The top-bar search (issue 30): purchase orders by number or description. */
    search: async (auth: TUserAuth, text: string, limit: number) => found(await repo.searchOrders(db, auth.businessId, text, limit), limit),
    /** The top-bar search: vendor invoices by number. */
    searchInvoices: async (auth: TUserAuth, text: string, limit: number) => found(await repo.searchInvoices(db, auth.businessId, text, limit), limit),

    /** Inventory registers here: called inside the receipt's transaction, so stock and receipt commit together or not at all. */
    onGoodsReceived: (handler: TGoodsReceivedHandler) => void receivers.push(handler),
    onGoodsReturned: (handler: TGoodsReturnedHandler) => void returners.push(handler),
    /** Vendors registers here: the quotes an order awarded from a comparison was chosen among, for the approver. */
    compareQuotesWith: (fn: TQuoteComparer) => { compareQuotes = fn; },
    createRegular,
    /** Issue 35: the vendor invoice already entered on an order that an OCR'd supplier invoice is (vendor + number, or vendor + total). */
    matchInvoice: async (tx: DbOrTx, businessId: string, m: { vendorName: string; invoiceNumber?: string | null; totalMinor?: number | null }) =>
      findMatchingInvoice(tx, businessId, m),

    settings: async (auth: TUserAuth) => {
      const s = await settingsOf(db, auth);
      return { vatRateBp: s.vatRateBp, levyRateBp: s.levyRateBp, currency: currencyFor(auth.country), qtyToleranceBp: s.qtyToleranceBp, priceToleranceBp: s.priceToleranceBp };
    },
    saveSettings: async (auth: TUserAuth, input: TProcurementSettingsInput) => db.transaction(async (tx) => {
      const before = await repo.getSettings(tx, auth.businessId);
      await repo.saveSettings(tx, auth.businessId, { vatRateBp: percentToBp(input.vatRate), levyRateBp: percentToBp(input.levyRate) });
      await matchRepo.saveTolerances(tx, auth.businessId, {
        qtyToleranceBp: input.qtyTolerance === undefined ? undefined : percentToBp(input.qtyTolerance), priceToleranceBp: input.priceTolerance === undefined ? undefined : percentToBp(input.priceTolerance),
      });
      const s = (await repo.getSettings(tx, auth.businessId))!;
      await audit(tx, auth, 'procurement-settings.updated', { entity: 'purchase-order', before: before ?? null, after: s });
      return { vatRateBp: s.vatRateBp, levyRateBp: s.levyRateBp, currency: currencyFor(auth.country), qtyToleranceBp: s.qtyToleranceBp, priceToleranceBp: s.priceToleranceBp };
    }),

    /** `add-orders`: all the orders or none. */
    addOrders: async (auth: TUserAuth, input: TAddOrders) => {
      const lines = input.orders.map((o, i) => {
        try {
          return pricedLines(o.lines);
        } catch (err) {
          throw input.orders.length > 1 && err instanceof Error ? badRequest(`orders.${i}.${err.message}`) : err;
        }
      });
      const ids = await db.transaction(async (tx) => {
        const created = [];
        for (const [i, o] of input.orders.entries()) created.push((await createRegular(tx, auth, { vendorId: o.vendorId, lines: lines[i], expectedDate: o.expectedDate, notes: o.notes, deliveryPlaceId: o.deliveryPlaceId, projectId: o.projectId, project: o.project })).id);
        return created;
      });
      return Promise.all(ids.map(async (id) => detail(auth, await getOrder(db, auth, id))));
    },

    /** `add-standing`: a ceiling and a validity, drawn down by call-offs once approved. */
    addStanding: async (auth: TUserAuth, input: TAddStanding) => {
      const ceilingMinor = majorToMinor(input.ceiling, 'ceiling', { isPositive: true });
      const id = await db.transaction(async (tx) => {
        const vendor = await repo.getLiveVendor(tx, auth.businessId, input.vendorId);
        if (!vendor) throw notFound('Vendor');
        const settings = await settingsOf(tx, auth);
        const number = await repo.nextOrderNumber(tx, auth.businessId);
        const currency = currencyFor(auth.country);
        const order = await repo.createOrder(tx, {
          businessId: auth.businessId, number, poType: 'standing', vendorId: vendor.id, currency, vatRateBp: settings.vatRateBp, levyRateBp: settings.levyRateBp,
          subtotalMinor: ceilingMinor, vatMinor: 0, leviesMinor: 0, totalMinor: ceilingMinor, ceilingMinor, drawnMinor: 0,
          validFrom: input.validFrom, validTo: input.validTo, description: input.description, notes: input.notes ?? null,
          createdBy: auth.userId, createdByName: auth.userName,
        });
        await audit(tx, auth, 'standing-order.created', { entity: 'purchase-order', entityId: order.id, after: order });
        await approvals.request(tx, auth, { service: 'standing-order', subjectId: order.id, title: `${number} — standing order with ${vendor.name}, ceiling ${minorText(ceilingMinor, currency)}`, amount: ceilingMinor, currency });
        return order.id;
      });
      return detail(auth, await getOrder(db, auth, id));
    },

    /** `standing-po-update`: one call-off; refused past the ceiling or outside the validity, naming the remaining balance. */
    callOff: async (auth: TUserAuth, input: TStandingCallOff) => {
      const amountMinor = majorToMinor(input.amount, 'amount', { isPositive: true });
      await db.transaction(async (tx) => {
        const order = await getOrder(tx, auth, input.orderId, { forUpdate: true });
        if (order.poType !== 'standing') throw badRequest('orderId: this is not a standing order').as('notStandingOrder');
        const remaining = (order.ceilingMinor ?? 0) - order.drawnMinor;
        const balance = `Remaining balance: ${minorText(remaining, order.currency)}`;
        if (order.approvalStatus !== 'approved') throw conflict(`This standing order is ${order.approvalStatus}, not approved. ${balance}`).as(`standingNotApproved.${order.approvalStatus}`, { remaining: minorText(remaining, order.currency) });
        if (input.date < order.validFrom! || input.date > order.validTo!) {
          throw conflict(`This standing order is valid from ${order.validFrom} to ${order.validTo}; a call-off on ${input.date} is outside it. ${balance}`).as('callOffOutsideValidity', { from: order.validFrom!, to: order.validTo!, date: input.date, remaining: minorText(remaining, order.currency) });
        }
        if (amountMinor > remaining) throw conflict(`This call-off of ${minorText(amountMinor, order.currency)} is more than the remaining balance. ${balance}`).as('callOffOverBalance', { amount: minorText(amountMinor, order.currency), remaining: minorText(remaining, order.currency) });
        const callOff = await repo.createCallOff(tx, { businessId: auth.businessId, orderId: order.id, amountMinor, description: input.description, date: input.date, createdByName: auth.userName });
        await repo.updateOrder(tx, order.id, { drawnMinor: order.drawnMinor + amountMinor });
        await audit(tx, auth, 'standing-order.call-off', { entity: 'purchase-order', entityId: order.id, before: { drawnMinor: order.drawnMinor }, after: { drawnMinor: order.drawnMinor + amountMinor, callOff } });
        await say(tx, auth, 'Standing order call-off', `${auth.userName} called off ${minorText(amountMinor, order.currency)} on ${order.number} (${minorText(remaining - amountMinor, order.currency)} left)`,
          { messageKey: 'orders.calledOff', params: { by: auth.userName, amountMinor, leftMinor: remaining - amountMinor, currency: order.currency, order: order.number } }, order.id);
      });
      return detail(auth, await getOrder(db, auth, input.orderId));
    },

    list: async (auth: TUserAuth, email: string, q: TOrderListQuery) => {
      assertBusinessEmail(auth, email);
      const { rows, total } = await repo.findOrders(db, auth.businessId, q);
      return { rows: rows.map((r) => repo.toOrder(r, r.receiptStatus as ReturnType<typeof repo.receiptStatusOf>)), total };
    },

    byNumber: async (auth: TUserAuth, input: { invoiceNumber: string; ownerEmail: string }) => {
      assertBusinessEmail(auth, input.ownerEmail);
      const order = await repo.getOrderByNumber(db, auth.businessId, input.invoiceNumber);
      if (!order) throw notFound(`Order ${input.invoiceNumber}`);
      return detail(auth, order);
    },

    detail: async (auth: TUserAuth, id: string) => detail(auth, await getOrder(db, auth, id)),

    /**
     * `grn-update`: goods received. The order row is locked, so two receipts at once queue and the second sees
     * the first's quantities; a check constraint backs it. Stock is raised by the registered receivers in the
     * same transaction.
     */
    receive: async (auth: TUserAuth, grn: TGrnData) => {
      await db.transaction(async (tx) => {
        const order = await getOrder(tx, auth, grn.orderId, { forUpdate: true });
        if (order.poType !== 'regular') throw badRequest('orderId: goods are received against regular orders; record a call-off for a standing order').as('receiveRegularOnly');
        if (order.approvalStatus !== 'approved') throw conflict(`Goods cannot be received: this order is ${order.approvalStatus}, not approved`).as(`receiveNotApproved.${order.approvalStatus}`);
        const lines = await repo.findLines(tx, [order.id], { forUpdate: true });
        const seen = new Set<string>();
        const received = [];
        for (const [i, g] of grn.lines.entries()) {
          const line = lines.find((l) => l.id === g.lineId);
          if (!line) throw badRequest(`grnData.lines.${i}.lineId: is not a line of ${order.number}`).as('notLineOf', { order: order.number });
          if (seen.has(line.id)) throw badRequest(`grnData.lines.${i}.lineId: ${line.item} is listed twice`).as('lineListedTwice', { item: line.item });
          seen.add(line.id);
          const milli = quantityToMilli(g.quantity);
          const left = line.quantityMilli - line.receivedMilli;
          if (milli > left) {
            throw conflict(`${line.item}: only ${milliToQuantity(left)} ${line.unit} remain to be received (ordered ${milliToQuantity(line.quantityMilli)}, already received ${milliToQuantity(line.receivedMilli)})`);
          }
          if (milli > 0) received.push({ line, milli, locationId: g.notStocked ? null : g.locationId ?? null, notStocked: g.notStocked === true });
        }
        if (received.length === 0) throw badRequest('grnData.lines: enter a received quantity above 0 for at least one line').as('receiveSomething');
        // Each line goes where the GRN says, else to the order's delivery place, else to the store "Stores" (issue 34).
        const fallback = order.deliveryPlaceId ?? (places && receivers.length ? (await places.ensure(tx, auth.businessId, 'Stores', 'store')).id : null);
        for (const [i, r] of received.entries()) {
          if (r.locationId) await placeOf(tx, auth.businessId, r.locationId, `grnData.lines.${i}.locationId`);
          if (!r.notStocked) r.locationId = r.locationId ?? fallback; // not stocked: kept nowhere, charged to the project (issue 35)
        }
        const row = await repo.createGrn(tx, { businessId: auth.businessId, orderId: order.id, receivedDate: grn.receivedDate, receiver: grn.receiver, note: grn.note ?? null, createdBy: auth.userId },
          received.map((r) => ({ lineId: r.line.id, quantityMilli: r.milli, locationId: r.locationId })));
        for (const r of received) await repo.addReceived(tx, r.line.id, r.milli);
        const goods: TReceivedGoods = {
          orderId: order.id, orderNumber: order.number, grnId: row.id, receivedDate: grn.receivedDate, vendorName: order.vendorName,
          lines: received.filter((r) => !r.notStocked).map((r) => ({ lineId: r.line.id, item: r.line.item, unit: r.line.unit, quantityMilli: r.milli, unitPriceMinor: r.line.unitPriceMinor, locationId: r.locationId })),
        };
        if (goods.lines.length) for (const h of receivers) await h(tx, auth, goods);
        await toLedger(tx, auth.businessId, order.id);
        await audit(tx, auth, 'goods-received.created', { entity: 'goods-received', entityId: row.id, after: { order: order.number, ...grn } });
        await say(tx, auth, 'Goods received', `${grn.receiver} received goods on ${order.number} from ${order.vendorName}`,
          { messageKey: 'orders.goodsReceived', params: { receiver: grn.receiver, order: order.number, vendor: order.vendorName } }, order.id);
      });
      return detail(auth, await getOrder(db, auth, grn.orderId));
    },

    /**
     * A return to the supplier against one GRN (issue 34): each line at most what that GRN line received less what was
     * returned from it already; the order line's received quantity goes down by it, so an invoice for it no longer
     * matches (the three-way match shows a quantity mismatch) and it is not paid as received. Stock leaves the GRN line's
     * location through the registered handlers, in the same transaction (short stock refuses the whole return).
     */
    returnGoods: async (auth: TUserAuth, orderId: string, input: TGoodsReturnInput) => {
      await db.transaction(async (tx) => {
        const order = await getOrder(tx, auth, orderId, { forUpdate: true });
        const grn = await repo.getGrn(tx, auth.businessId, input.grnId);
        if (!grn || grn.orderId !== order.id) throw notFound('grnId: goods-received note');
        const grnLines = await repo.findGrnLines(tx, [grn.id]);
        const lines = await repo.findLines(tx, [order.id], { forUpdate: true });
        const seen = new Set<string>();
        const returned = [];
        for (const [i, r] of input.lines.entries()) {
          const g = grnLines.find((l) => l.lineId === r.lineId);
          if (!g) throw badRequest(`lines.${i}.lineId: is not a line of this goods-received note`).as('notGrnLine');
          if (seen.has(g.lineId)) throw badRequest(`lines.${i}.lineId: ${g.item} is listed twice`).as('lineListedTwice', { item: g.item });
          seen.add(g.lineId);
          const milli = quantityToMilli(r.quantity);
          const left = g.quantityMilli - g.returnedMilli;
          if (milli > left) throw conflict(`${g.item}: only ${milliToQuantity(left)} ${g.unit} of this receipt can be returned (received ${milliToQuantity(g.quantityMilli)}, returned ${milliToQuantity(g.returnedMilli)})`);
          if (milli > 0) returned.push({ g, milli, line: lines.find((l) => l.id === g.lineId)! });
        }
        if (returned.length === 0) throw badRequest('lines: enter a returned quantity above 0 for at least one line').as('returnSomething');
        const row = await repo.createReturn(tx, { businessId: auth.businessId, orderId: order.id, grnId: grn.id, returnedDate: input.returnedDate, reason: input.reason, createdBy: auth.userId },
          returned.map((r) => ({ lineId: r.g.lineId, quantityMilli: r.milli, locationId: r.g.locationId })));
        for (const r of returned) await repo.addReceived(tx, r.g.lineId, -r.milli);
        const goods: TReturnedGoods = {
          orderId: order.id, orderNumber: order.number, grnId: grn.id, returnId: row.id, returnedDate: input.returnedDate, vendorName: order.vendorName, reason: input.reason,
          lines: returned.filter((r) => r.g.locationId !== null).map((r) => ({ lineId: r.g.lineId, item: r.g.item, unit: r.g.unit, quantityMilli: r.milli, locationId: r.g.locationId })),
        };
        if (goods.lines.length) for (const h of returners) await h(tx, auth, goods); // a not-stocked line left no stock to take out
        await toLedger(tx, auth.businessId, order.id);
        await audit(tx, auth, 'goods-return.created', { entity: 'goods-return', entityId: row.id, after: { order: order.number, ...input } });
        await say(tx, auth, 'Goods returned', `${auth.userName} returned goods on ${order.number} to ${order.vendorName}`,
          { messageKey: 'orders.goodsReturned', params: { user: auth.userName, order: order.number, vendor: order.vendorName } }, order.id);
      });
      return detail(auth, await getOrder(db, auth, orderId));
    },

    /** `update-approval-status`: an approver's decision through the engine, or (Procurement-access) a cancellation. */
    updateApprovalStatus: async (auth: TUserAuth, input: TUpdateApprovalStatus) => {
      const order = await getOrder(db, auth, input.orderId);
      if (order.poType !== input.POType) throw badRequest(`POType: ${order.number} is a ${order.poType} order`);
      if (input.approvalStatus === 'cancelled') return cancel(auth, input.orderId, input.reason);
      if (!hasRole(auth, 'Approvals-access')) throw forbidden('Approving or rejecting an order needs Approvals-access').as('orderDecisionNeedsRole');
      await db.transaction((tx) => approvals.decide(tx, auth, {
        service: order.poType === 'standing' ? 'standing-order' : 'purchase-order', subjectId: order.id, decision: input.approvalStatus as 'approved' | 'rejected', reason: input.reason,
      }));
      return detail(auth, await getOrder(db, auth, input.orderId));
    },

    cancel: (auth: TUserAuth, id: string) => cancel(auth, id),

    /**
     * `POST /orders/{id}/amend`: an approved regular order's lines changed under its row lock: ordered lines take a new
     * quantity and price (never below what was received or invoiced), new lines are added; totals are recomputed at the
     * order's own rates as creation computes them, the revision goes up by one, the history keeps before and after, and
     * the order goes back for approval through the engine (its project commitment follows once approved).
     */
    amend: async (auth: TUserAuth, id: string, input: TAmendOrder) => {
      const prices = input.lines.map((l, i) => majorToMinor(l.unitPrice, `lines.${i}.unitPrice`));
      await db.transaction(async (tx) => {
        const order = await getOrder(tx, auth, id, { forUpdate: true });
        if (order.poType !== 'regular') throw conflict(`${order.number} is a standing order: change its ceiling with a new standing order`).as('amendRegularOnly', { order: order.number });
        const isAmendable = order.approvalStatus === 'approved' || (order.approvalStatus === 'rejected' && order.revision > 1);
        if (!isAmendable) throw conflict(`${order.number} is ${order.approvalStatus}: only an approved order can be amended`).as(`amendNotApproved.${order.approvalStatus}`, { order: order.number });
        const lines = await repo.findLines(tx, [order.id], { forUpdate: true });
        const invoiced = await repo.invoicedByLine(tx, [order.id]);
        const before = figuresOf(order, lines);
        const seen = new Set<string>();
        const changed = new Map<string, { quantityMilli: number; unitPriceMinor: number; lineTotalMinor: number }>();
        const added: Array<TPricedLine & { position: number; lineTotalMinor: number }> = [];
        for (const [i, l] of input.lines.entries()) {
          const quantityMilli = quantityToMilli(l.quantity);
          const unitPriceMinor = prices[i];
          if (!l.lineId) {
            if (!l.item) throw badRequest(`lines.${i}.item: is required`).as('newLineItemRequired');
            if (!l.unit) throw badRequest(`lines.${i}.unit: is required`).as('newLineUnitRequired');
            if (quantityMilli <= 0) throw badRequest(`lines.${i}.quantity: must be more than 0`).as('newLineQuantityPositive');
            added.push({ item: l.item, unit: l.unit, quantityMilli, unitPriceMinor, position: lines.length + added.length + 1, lineTotalMinor: lineTotalOf({ quantityMilli, unitPriceMinor }, i) });
            continue;
          }
          const line = lines.find((x) => x.id === l.lineId);
          if (!line) throw badRequest(`lines.${i}.lineId: is not a line of ${order.number}`).as('notLineOf', { order: order.number });
          if (seen.has(line.id)) throw badRequest(`lines.${i}.lineId: ${line.item} is listed twice`).as('lineListedTwice', { item: line.item });
          seen.add(line.id);
          if ((l.item && l.item !== line.item) || (l.unit && l.unit !== line.unit)) {
            throw badRequest(`lines.${i}.item: an ordered line keeps its item and unit (${line.item}, ${line.unit}); add a new line instead`).as('amendKeepsItem', { item: line.item, unit: line.unit });
          }
          const usedMilli = Math.max(line.receivedMilli, invoiced.get(line.id) ?? 0);
          if (quantityMilli < usedMilli) {
            const what = line.receivedMilli >= usedMilli ? 'received' : 'invoiced';
            throw badRequest(`lines.${i}.quantity: ${line.item} cannot go below the ${milliToQuantity(usedMilli)} ${line.unit} already ${what}`)
              .as(`amendBelow.${what}`, { item: line.item, quantity: milliToQuantity(usedMilli), unit: line.unit });
          }
          changed.set(line.id, { quantityMilli, unitPriceMinor, lineTotalMinor: lineTotalOf({ quantityMilli, unitPriceMinor }, i) });
        }
        const afterLines = [...lines.map((l) => ({ ...l, ...changed.get(l.id) })), ...added];
        const totals = orderTotals(afterLines, order);
        if (totals.totalMinor <= 0) throw badRequest('lines: the order total must be more than 0').as('amendTotalPositive');
        for (const [lineId, set] of changed) await repo.updateLine(tx, auth.businessId, lineId, set);
        await repo.createLines(tx, added.map((l) => ({ businessId: auth.businessId, orderId: order.id, ...l })));
        const revision = order.revision + 1;
        const expectedDate = input.expectedDate === undefined ? order.expectedDate : input.expectedDate;
        const notes = input.notes === undefined ? order.notes : input.notes;
        // Back to approval: pending until the engine's final decision sets it (onDecided), as a new order.
        await approvals.cancel(tx, auth, { service: 'purchase-order', subjectId: order.id, reason: `${order.number} was amended` });
        await repo.updateOrder(tx, order.id, { ...totals, revision, expectedDate, notes, approvalStatus: 'pending' });
        const updated = await getOrder(tx, auth, order.id);
        const after = figuresOf(updated, await repo.findLines(tx, [order.id]));
        const row = await repo.createRevision(tx, {
          businessId: auth.businessId, orderId: order.id, revision, reason: input.reason, before, after, createdBy: auth.userId, createdByName: auth.userName,
        });
        await audit(tx, auth, 'order.amended', { entity: 'purchase-order', entityId: order.id, before: { revision: order.revision, ...before }, after: { revision, reason: input.reason, ...after } });
        const request = await approvals.request(tx, auth, {
          service: 'purchase-order', subjectId: order.id, title: `${order.number} revision ${revision} — ${order.vendorName}, ${minorText(totals.totalMinor, order.currency)}`,
          amount: totals.totalMinor, currency: order.currency,
        });
        if (request.status === 'approved') await repo.updateOrder(tx, order.id, { approvalStatus: 'approved' });
        await toLedger(tx, auth.businessId, order.id);
        await say(tx, auth, 'Order amended', `${auth.userName} amended ${order.number} (revision ${revision}): ${minorText(before.totalMinor, order.currency)} → ${minorText(totals.totalMinor, order.currency)}`,
          { messageKey: 'orders.amended', params: { by: auth.userName, order: order.number, revision, beforeMinor: before.totalMinor, afterMinor: totals.totalMinor, currency: order.currency } }, order.id);
        return row;
      });
      return detail(auth, await getOrder(db, auth, id));
    },

    /** `GET /orders/{id}/revisions`: the order's amendments, newest first. */
    revisions: async (auth: TUserAuth, id: string): Promise<TOrderRevision[]> => {
      const order = await getOrder(db, auth, id);
      return (await repo.findRevisions(db, auth.businessId, order.id)).map((r) => ({
        _id: r.id, revision: r.revision, reason: r.reason, before: r.before as TRevisionFigures, after: r.after as TRevisionFigures,
        createdBy: r.createdByName, createdAt: r.createdAt.toISOString(),
      }));
    },

    addInvoice: async (auth: TUserAuth, input: TInvoiceInput) => {
      const prices = input.lines.map((l, i) => majorToMinor(l.unitPrice, `lines.${i}.unitPrice`));
      const id = await db.transaction(async (tx) => {
        const order = await getOrder(tx, auth, input.orderId, { forUpdate: true });
        if (order.poType !== 'regular') throw badRequest('orderId: invoices are matched against regular orders').as('invoiceRegularOnly');
        if (order.approvalStatus === 'cancelled') throw conflict(`${order.number} is cancelled`).as('orderCancelled', { order: order.number });
        if (await repo.isInvoiceNumberTaken(tx, auth.businessId, order.id, input.invoiceNumber)) throw conflict(`Invoice ${input.invoiceNumber} is already recorded on ${order.number}`).as('invoiceTaken', { invoice: input.invoiceNumber, order: order.number });
        const lines = await repo.findLines(tx, [order.id]);
        const seen = new Set<string>();
        const invLines = input.lines.map((l, i) => {
          const line = lines.find((x) => x.id === l.lineId);
          if (!line) throw badRequest(`lines.${i}.lineId: is not a line of ${order.number}`).as('notLineOf', { order: order.number });
          if (seen.has(line.id)) throw badRequest(`lines.${i}.lineId: ${line.item} is listed twice`).as('lineListedTwice', { item: line.item });
          seen.add(line.id);
          return { lineId: line.id, quantityMilli: quantityToMilli(l.quantity), unitPriceMinor: prices[i] };
        });
        assertWithinOrdered(lines, await repo.invoicedByLine(tx, [order.id]), invLines);
        const subtotal = checkMinor(invLines.reduce((s, l, i) => s + checkMinor(lineTotalMinor(l.unitPriceMinor, l.quantityMilli), `lines.${i}`, 'line total'), 0), 'lines', 'invoice total');
        const totalMinor = checkMinor(subtotal + rateOfMinor(subtotal, order.vatRateBp) + rateOfMinor(subtotal, order.levyRateBp), 'lines', 'invoice total');
        if (totalMinor <= 0) throw badRequest('lines: the invoice total must be more than 0').as('invoiceTotalPositive');
        const inv = await repo.createInvoice(tx, { businessId: auth.businessId, orderId: order.id, invoiceNumber: input.invoiceNumber, invoiceDate: input.invoiceDate, dueDate: input.dueDate ?? null, totalMinor }, invLines);
        await toLedger(tx, auth.businessId, order.id);
        await audit(tx, auth, 'invoice.created', { entity: 'invoice', entityId: inv.id, after: { ...inv, lines: invLines } });
        await say(tx, auth, 'Invoice recorded', `Invoice ${input.invoiceNumber} of ${minorText(totalMinor, order.currency)} recorded on ${order.number}`,
          { messageKey: 'orders.invoiceRecorded', params: { invoice: input.invoiceNumber, amountMinor: totalMinor, currency: order.currency, order: order.number } }, order.id);
        return inv.id;
      });
      return (await invoicesWithMatch(auth)).find((i) => i._id === id)!;
    },

    invoices: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return invoicesWithMatch(auth);
    },

    /** `schedule-payment`: never more than is outstanding on the order (and on the invoice, when one is named); goes for approval. */
    schedulePayment: async (auth: TUserAuth, input: TSchedulePayment) => {
      const amountMinor = majorToMinor(input.amount, 'amount', { isPositive: true });
      const id = await db.transaction(async (tx) => {
        const order = await getOrder(tx, auth, input.orderId, { forUpdate: true });
        if (order.approvalStatus !== 'approved') throw conflict(`Payments are scheduled on approved orders; ${order.number} is ${order.approvalStatus}`).as(`paymentNotApproved.${order.approvalStatus}`, { order: order.number });
        await assertCanSchedule(tx, order, input.invoiceId, amountMinor);
        const payment = await repo.createPayment(tx, {
          businessId: auth.businessId, orderId: order.id, invoiceId: input.invoiceId ?? null, amountMinor, dueDate: input.dueDate, note: input.note ?? null, createdBy: auth.userId,
        });
        await audit(tx, auth, 'payment.scheduled', { entity: 'payment', entityId: payment.id, after: payment });
        await approvals.request(tx, auth, { service: 'payment', subjectId: payment.id, title: `Payment of ${minorText(amountMinor, order.currency)} to ${order.vendorName} on ${order.number}, due ${input.dueDate}`, amount: amountMinor, currency: order.currency });
        return payment.id;
      });
      return (await repo.findPayments(db, auth.businessId, { ids: [id] }))[0];
    },

    paymentDetails: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return repo.findPayments(db, auth.businessId);
    },

    /** `payment-track`: a scheduled (approved) payment was made. */
    paymentTrack: async (auth: TUserAuth, input: TPaymentTrack) => {
      await db.transaction(async (tx) => {
        const payment = await repo.getPayment(tx, auth.businessId, input.paymentId, { forUpdate: true });
        if (!payment) throw notFound('Payment');
        if (payment.status === 'pending-approval') throw conflict('This payment is still waiting for approval').as('paymentAwaitingApproval');
        if (payment.status === 'rejected') throw conflict('This payment was rejected and cannot be recorded as paid').as('paymentRejected');
        if (payment.status === 'paid') throw conflict(`This payment was already recorded as paid on ${payment.paidDate}`).as('paymentAlreadyPaid', { date: String(payment.paidDate) });
        await assertPaymentLive(tx, auth.businessId, payment);
        await assertNotHeld(tx, auth.businessId, payment);
        const updated = await repo.updatePayment(tx, payment.id, { status: 'paid', paidDate: input.paidDate, method: input.method, reference: input.reference ?? null });
        await withholdAtPayment(tx, auth, payment.id, input.paidDate); // issue 35: gross splits into WHT withheld and net paid
        await audit(tx, auth, 'payment.paid', { entity: 'payment', entityId: payment.id, before: payment, after: updated });
        const order = await getOrder(tx, auth, payment.orderId);
        await say(tx, auth, 'Payment made', `${minorText(payment.amountMinor, order.currency)} paid to ${order.vendorName} on ${order.number}`,
          { messageKey: 'orders.paymentMade', params: { amountMinor: payment.amountMinor, currency: order.currency, vendor: order.vendorName, order: order.number } }, order.id);
      });
      return (await repo.findPayments(db, auth.businessId, { ids: [input.paymentId] }))[0];
    },

    /** The dashboard's counts: orders waiting for approval, payments scheduled and not yet made. */
    openWork: async (auth: TUserAuth) => repo.countOpenWork(db, auth.businessId),
    /** Committed, received, invoiced and paid totals for the analyst (issue 35, lane costrecs). */
    analystFigures: async (auth: TUserAuth) => findProcurementFigures(db, auth.businessId),

    summary: async (auth: TUserAuth): Promise<TProcurementSummary> => {
      const [byVendor, byMonth, counts, hours] = await Promise.all([
        repo.spendByVendor(db, auth.businessId), repo.spendByMonth(db, auth.businessId), repo.orderCounts(db, auth.businessId), approvals.averageDecisionHours(auth),
      ]);
      const count = (f: (c: (typeof counts)[number]) => boolean) => counts.filter(f).reduce((s, c) => s + c.n, 0);
      const live = (c: (typeof counts)[number]) => c.approval !== 'cancelled' && c.approval !== 'rejected';
      return {
        currency: currencyFor(auth.country),
        spendByVendor: byVendor.map((r) => ({ vendor: r.vendor, totalMinor: Number(r.totalMinor) })),
        spendByMonth: byMonth.map((r) => ({ month: r.month, totalMinor: Number(r.totalMinor) })).reverse(),
        orders: {
          open: count((c) => live(c) && c.status === 'open'),
          partiallyReceived: count((c) => live(c) && c.status === 'partially-received'),
          received: count((c) => live(c) && c.status === 'received'),
          pendingApproval: count((c) => c.approval === 'pending'),
          cancelled: count((c) => c.approval === 'cancelled'),
        },
        averageApprovalHours: hours.map((h) => ({ service: h.service, hours: Number(h.hours), decided: Number(h.decided) })),
      };
    },
  };

  /** Only before any goods are received (or, for a standing order, before any call-off); audited. */
  async function cancel(auth: TUserAuth, id: string, reason?: string) {
    if (!hasRole(auth, 'Procurement-access')) throw forbidden('Cancelling an order needs Procurement-access').as('cancelOrderNeedsRole');
    await db.transaction(async (tx) => {
      const order = await getOrder(tx, auth, id, { forUpdate: true });
      if (order.approvalStatus === 'cancelled') throw conflict(`${order.number} is already cancelled`).as('orderAlreadyCancelled', { order: order.number });
      if (await repo.hasGrn(tx, order.id)) throw conflict(`${order.number} cannot be cancelled: goods were already received against it`).as('cancelAfterGoods', { order: order.number });
      if (order.drawnMinor > 0) throw conflict(`${order.number} cannot be cancelled: call-offs were already made against it`).as('cancelAfterCallOffs', { order: order.number });
      await repo.updateOrder(tx, order.id, { approvalStatus: 'cancelled', cancelledAt: new Date() });
      await toLedger(tx, auth.businessId, order.id); // a cancelled order leaves nothing on its project
      // Its payments not yet made go with it: cancelled, and those still waiting leave the approvers' inbox.
      // The requests first, then the payment rows: an approval in flight locks its request before the payment, so
      // taking them in the same order makes the two queue instead of deadlocking.
      const why = `${order.number} was cancelled`;
      for (const p of await repo.findPaymentsOfOrder(tx, auth.businessId, order.id, 'pending-approval')) {
        await approvals.cancel(tx, auth, { service: 'payment', subjectId: p.id, reason: why });
      }
      for (const p of await repo.cancelOpenPayments(tx, auth.businessId, order.id)) {
        await audit(tx, auth, 'payment.cancelled', { entity: 'payment', entityId: p.id, before: { status: p.status }, after: { status: 'cancelled', reason: why } });
      }
      await approvals.cancel(tx, auth, { service: order.poType === 'standing' ? 'standing-order' : 'purchase-order', subjectId: order.id, reason: reason ?? 'Order cancelled' });
      await audit(tx, auth, 'purchase-order.cancelled', { entity: 'purchase-order', entityId: order.id, before: { approvalStatus: order.approvalStatus }, after: { approvalStatus: 'cancelled', reason: reason ?? null } });
      await say(tx, auth, 'Order cancelled', `${auth.userName} cancelled ${order.number} (${order.vendorName})`,
        { messageKey: 'orders.cancelled', params: { by: auth.userName, order: order.number, vendor: order.vendorName } }, order.id);
    });
    return detail(auth, await getOrder(db, auth, id));
  }
};
export type TOrdersService = ReturnType<typeof createOrdersService>;
