import type { TLedgerService } from '../projects/ledger.service.ts';
import { recomputeOrderLedger } from './order-ledger.ts';
import { isInvoiceFullyPaid, minorText, type TCreditNoteInput, type TInvoice, type TInvoiceOverride } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import { documentStoredType, nameForType, type TUpload } from '../../platform/http/uploads.ts';
import { loadPayables } from './payables.ts';
import * as matchRepo from './match.repo.ts';
import * as repo from './orders.repo.ts';


/**
 * Releasing a held invoice (issue 35): an override with a reason by someone with Approvals-access, or vendor credit
 * notes that reduce what is payable. Both audited; both change what payables.ts computes, nothing else.
 */
export const createInvoiceHoldsService = (deps: TDeps, peers: { ledger?: Pick<TLedgerService, 'replace'> } = {}) => {
  const { db, storage } = deps;

  const invoiceOf = async (auth: TUserAuth, invoiceId: string): Promise<TInvoice> => {
    const inv = await repo.getInvoice(db, auth.businessId, invoiceId);
    if (!inv) throw notFound('Invoice');
    const order = (await repo.getOrder(db, auth.businessId, inv.orderId))!;
    const p = (await loadPayables(db, auth.businessId, [order])).get(order.id)!;
    return { ...p.invoices.find((i) => i._id === invoiceId)!, orderNumber: order.number, vendorName: order.vendorName, currency: order.currency };
  };

  /** The invoice locked with its order (the order first, as schedule-payment locks it), and its current match. */
  const locked = async (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], auth: TUserAuth, invoiceId: string) => {
    const plain = await repo.getInvoice(tx, auth.businessId, invoiceId);
    if (!plain) throw notFound('Invoice');
    const order = (await repo.getOrder(tx, auth.businessId, plain.orderId, { forUpdate: true }))!;
    const invoice = (await matchRepo.getInvoiceForUpdate(tx, auth.businessId, invoiceId))!;
    const current = (await loadPayables(tx, auth.businessId, [order])).get(order.id)!.invoices.find((i) => i._id === invoiceId)!;
    return { order, invoice, current };
  };

  return {
    invoice: invoiceOf,

    /** Owner or Approvals-access (the route): releases a held invoice for payment, with the reason kept on it. */
    override: async (auth: TUserAuth, invoiceId: string, input: TInvoiceOverride) => {
      await db.transaction(async (tx) => {
        const { invoice, current } = await locked(tx, auth, invoiceId);
        if (!current.hold.isHeld) throw conflict(`Invoice ${invoice.invoiceNumber} is not held: there is nothing to override`).as('invoiceNotHeld', { invoice: invoice.invoiceNumber });
        const updated = await matchRepo.setOverride(tx, invoice.id, { overrideReason: input.reason, overriddenBy: auth.userId, overriddenByName: auth.userName });
        await audit(tx, auth, 'invoice.hold-overridden', {
          entity: 'invoice', entityId: invoice.id,
          before: { hold: 'held', reasons: current.lines.flatMap((l) => l.reasons.map((r) => r.text)) },
          after: { hold: 'overridden', reason: input.reason, by: auth.userName, at: updated.overriddenAt },
        });
      });
      return invoiceOf(auth, invoiceId);
    },

    /** A vendor credit note against the invoice (optionally one order line); never more than the invoice still carries. */
    addCreditNote: async (auth: TUserAuth, invoiceId: string, input: TCreditNoteInput) => {
      const amountMinor = majorToMinor(input.amount, 'amount', { isPositive: true });
      await db.transaction(async (tx) => {
        const { order, invoice, current } = await locked(tx, auth, invoiceId);
        if (order.approvalStatus === 'cancelled') throw conflict(`${order.number} is cancelled`).as('orderCancelled', { order: order.number });
        if (input.lineId && !current.lines.some((l) => l.lineId === input.lineId)) throw badRequest(`lineId: is not a line of invoice ${invoice.invoiceNumber}`).as('notInvoiceLine', { invoice: invoice.invoiceNumber });
        if (await matchRepo.isCreditNoteNumberTaken(tx, auth.businessId, invoice.id, input.number)) {
          throw conflict(`Credit note ${input.number} is already recorded on invoice ${invoice.invoiceNumber}`).as('creditNoteTaken', { number: input.number, invoice: invoice.invoiceNumber });
        }
        const left = invoice.totalMinor - current.hold.creditsMinor;
        if (amountMinor > left) {
          throw badRequest(`amount: ${minorText(amountMinor, order.currency)} is more than invoice ${invoice.invoiceNumber} carries after its credit notes (${minorText(left, order.currency)})`)
            .as('creditOverInvoice', { amount: minorText(amountMinor, order.currency), invoice: invoice.invoiceNumber, left: minorText(left, order.currency) });
        }
        const note = await matchRepo.createCreditNote(tx, {
          businessId: auth.businessId, orderId: order.id, invoiceId: invoice.id, lineId: input.lineId ?? null, number: input.number, date: input.date,
          reason: input.reason, amountMinor, createdBy: auth.userId, createdByName: auth.userName,
        });
        // The credit reduces what the order's project carries (issue 35), in the same transaction.
        if (peers.ledger) await recomputeOrderLedger(tx, peers.ledger, auth.businessId, order.id);
        await audit(tx, auth, 'invoice.credit-note-added', { entity: 'invoice', entityId: invoice.id, before: { creditsMinor: current.hold.creditsMinor, hold: current.hold.state }, after: note });
      });
      return invoiceOf(auth, invoiceId);
    },

    /**
     * The vendor's invoice document (PDF, JPEG or PNG): stored first, then the row points at it (the invoice locked, so
     * two uploads cannot both keep the same old file), then the old file is deleted. Refused once the invoice is fully
     * paid: the document the payment was made against stays the record.
     */
    attachDocument: async (auth: TUserAuth, invoiceId: string, file: TUpload) => {
      const inv = await repo.getInvoice(db, auth.businessId, invoiceId);
      if (!inv) throw notFound('Invoice');
      const stored = documentStoredType(file);
      const name = nameForType(file.originalName, stored.ext, `invoice-${inv.invoiceNumber}`);
      const key = `${auth.businessId}/${crypto.randomUUID()}.${stored.ext}`;
      await storage.put(key, file.buffer, stored.mime);
      let replacedKey: string | null;
      try {
        replacedKey = await db.transaction(async (tx) => {
          const { invoice, current } = await locked(tx, auth, invoiceId);
          if (invoice.documentKey && isInvoiceFullyPaid(current)) {
            throw conflict(`Invoice ${invoice.invoiceNumber} is paid: its document can no longer be replaced`).as('invoiceDocumentPaid', { invoice: invoice.invoiceNumber });
          }
          await matchRepo.setDocument(tx, invoice.id, { documentKey: key, documentName: name, documentMime: stored.mime });
          await audit(tx, auth, 'invoice.document-attached', { entity: 'invoice', entityId: invoice.id, before: { document: invoice.documentName }, after: { document: name, mime: stored.mime } });
          return invoice.documentKey;
        });
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
      if (replacedKey) await storage.delete(replacedKey).catch((err: unknown) => deps.log.warn({ err }, 'replaced invoice document left in storage'));
      return invoiceOf(auth, invoiceId);
    },

    document: async (auth: TUserAuth, invoiceId: string) => {
      const inv = await repo.getInvoice(db, auth.businessId, invoiceId);
      const file = inv?.documentKey ? await storage.get(inv.documentKey) : null;
      if (!inv || !file) throw notFound('Invoice document');
      return { body: file.body, mime: inv.documentMime ?? 'application/octet-stream', name: inv.documentName ?? 'invoice' };
    },

    /** For the project cost ledger (lane `ledger`): credit-note amounts per order, invoice and line (null: whole invoice). */
    creditsByOrderLine: (businessId: string, orderIds: string[], tx: Parameters<typeof matchRepo.creditsByOrderLine>[0] = db) => matchRepo.creditsByOrderLine(tx, businessId, orderIds),
  };
};
export type TInvoiceHoldsService = ReturnType<typeof createInvoiceHoldsService>;
