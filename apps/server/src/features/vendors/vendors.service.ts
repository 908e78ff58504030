import {
  QUOTE_LINK_DAYS_DEFAULT, VENDOR_MSG, lineTotalMinor, minorText, quantityToMilli,
  type TAddVendors, type TBoqDetail, type TBoqInput, type TClientInput, type TQuoteInvitation, type TSendToContractor, type TSubmitQuote,
  type TUploadQuotes, type TVendorInput,
} from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { found } from '../../platform/search.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { checkMinor, majorToMinor } from '../../platform/money.ts';
import { randomToken, sha256 } from '../../platform/auth/passwords.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import { currencyFor, type TOrdersService } from '../orders/orders.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import * as repo from './vendors.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const linkInvalid = () => new AppError('NOT_FOUND', VENDOR_MSG.quoteLinkInvalid, 404);

export const vendorValues = (v: TVendorInput) => ({
  name: v.name, contactName: v.contactName ?? null, email: v.email ?? null, phone: v.phone ?? null, address: v.address ?? null,
  bankName: v.bankName ?? null, bankAccountNumber: v.bankAccountNumber ?? null, bankAccountName: v.bankAccountName ?? null,
  taxId: v.taxId ?? null, categories: [...new Set(v.categories ?? [])], rating: v.rating ?? null, notes: v.notes ?? null,
  // Withholding tax (issue 35): a client that does not send these keeps what the vendor has.
  ...(v.whtCategory !== undefined ? { whtCategory: v.whtCategory } : {}),
  ...(v.whtPayeeType ? { whtPayeeType: v.whtPayeeType } : {}),
  ...(v.isSmallSupplier != null ? { isSmallSupplier: v.isSmallSupplier } : {}),
});

const clientValues = (c: TClientInput) => ({
  name: c.name, kind: c.kind, contactName: c.contactName ?? null, email: c.email ?? null, phone: c.phone ?? null,
  address: c.address ?? null, taxId: c.taxId ?? null, notes: c.notes ?? null,
});

/** Every BOQ line priced once; prices in minor units. */
const pricedQuoteLines = (boqLines: repo.TBoqLineRow[], lines: Array<{ lineId: string; unitPrice: number | string }>) => {
  const prices = new Map<string, number>();
  for (const [i, l] of lines.entries()) {
    const line = boqLines.find((b) => b.id === l.lineId.toLowerCase());
    if (!line) throw badRequest(`lines.${i}.lineId: is not a line of this BOQ`).as('notBoqLine');
    if (prices.has(line.id)) throw badRequest(`lines.${i}.lineId: ${line.item} is priced twice`).as('pricedTwice', { item: line.item });
    prices.set(line.id, majorToMinor(l.unitPrice, `lines.${i}.unitPrice`));
  }
  const missing = boqLines.filter((b) => !prices.has(b.id));
  if (missing.length) throw badRequest(`lines: price every line of the BOQ; missing ${missing.map((m) => m.item).join(', ')}`).as('priceEveryLine', { items: missing.map((m) => m.item).join(', ') });
  const out = boqLines.map((b) => ({ boqLineId: b.id, unitPriceMinor: prices.get(b.id)!, lineTotalMinor: checkMinor(lineTotalMinor(prices.get(b.id)!, b.quantityMilli), 'lines', `total of ${b.item}`) }));
  const total = checkMinor(out.reduce((s, l) => s + l.lineTotalMinor, 0), 'lines', 'quote total');
  return { lines: out, total };
};

export const createVendorsService = ({ db, mailer, config }: TDeps, { notify, orders, places }: { notify: TNotify; orders: TOrdersService; places: Pick<TPlacesService, 'ensure'> }) => {
  // An order awarded from a comparison shows its approver the quotes it was chosen among.
  orders.compareQuotesWith(async (auth, quoteId) => {
    const chosen = await repo.getQuote(db, auth.businessId, quoteId);
    if (!chosen) return null;
    const all = await repo.findQuotes(db, auth.businessId, { boqId: chosen.boqId });
    const first = all[0];
    return {
      contractId: first?.contractId ?? '', projectTitle: first?.projectTitle ?? '',
      quotes: all.map((q) => ({ _id: q._id, contractorName: q.contractorName, totalMinor: q.totalMinor, currency: q.currency, isChosen: q._id === quoteId })),
    };
  });
  const getBoqByContract = async (tx: DbOrTx, auth: TUserAuth, contractId: string, opts: { forUpdate?: boolean } = {}) => {
    const boq = await repo.getBoqByContract(tx, auth.businessId, contractId, opts);
    if (!boq) throw notFound(`The BOQ of contract ${contractId}`);
    return boq;
  };

  const boqDetail = async (auth: TUserAuth, boq: repo.TBoqRow): Promise<TBoqDetail> => {
    const [lines, quotes, invitations] = await Promise.all([
      repo.findBoqLines(db, boq.id), repo.findQuotes(db, auth.businessId, { boqId: boq.id }), repo.findInvitations(db, boq.id),
    ]);
    // Cheapest per line and in total: the screens highlight them side by side.
    const cheapestByLine: Record<string, string> = {};
    for (const line of lines) {
      let best: { quoteId: string; price: number } | null = null;
      for (const q of quotes) {
        const price = q.lines.find((l) => l.lineId === line.id)?.unitPriceMinor;
        if (price !== undefined && (best === null || price < best.price)) best = { quoteId: q._id, price };
      }
      if (best) cheapestByLine[line.id] = best.quoteId;
    }
    const cheapest = quotes.reduce<(typeof quotes)[number] | null>((b, q) => (b === null || q.totalMinor < b.totalMinor ? q : b), null);
    return {
      _id: boq.id, contractId: boq.contractId, businessName: boq.businessName, projectTitle: boq.projectTitle, status: boq.status as TBoqDetail['status'],
      lineCount: lines.length, quoteCount: quotes.length, createdAt: boq.createdAt.toISOString(),
      lines: lines.map(repo.toBoqLine), quotes,
      invitations: invitations.map((i) => ({ email: i.email, expiresAt: i.expiresAt.toISOString(), usedAt: i.usedAt?.toISOString() ?? null, createdAt: i.createdAt.toISOString() })),
      cheapestByLine, cheapestQuoteId: cheapest?._id ?? null,
    };
  };

  const assertNewVendorNames = async (tx: DbOrTx, auth: TUserAuth, names: string[], exceptId?: string) => {
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n.toLowerCase())) throw conflict(`The vendor "${n}" is listed twice`).as('vendorTwice', { name: n });
      seen.add(n.toLowerCase());
    }
    const taken = (await repo.findVendorsNamed(tx, auth.businessId, names)).filter((v) => v.id !== exceptId);
    if (taken.length) throw conflict(`A vendor named "${taken[0].name}" already exists`).as('vendorExists', { name: taken[0].name });
  };

  return {
    /** The top-bar search (issue 30): vendors by name. */
    search: async (auth: TUserAuth, text: string, limit: number) => found(await repo.searchVendors(db, auth.businessId, text, limit), limit),

    /** `add-vendors`: all or nothing. */
    addVendors: async (auth: TUserAuth, input: TAddVendors) => db.transaction(async (tx) => {
      await assertNewVendorNames(tx, auth, input.vendors.map((v) => v.name));
      const rows = await repo.createVendors(tx, input.vendors.map((v) => ({ businessId: auth.businessId, ...vendorValues(v) })));
      await audit(tx, auth, 'vendor.created', rows.map((r) => ({ entity: 'vendor' as const, entityId: r.id, after: repo.toVendor(r) })));
      return rows.map(repo.toVendor);
    }),

    listVendors: async (auth: TUserAuth, email: string, search?: string) => {
      assertBusinessEmail(auth, email);
      return (await repo.findVendors(db, auth.businessId, search)).map(repo.toVendor);
    },

    updateVendor: async (auth: TUserAuth, id: string, input: TVendorInput) => db.transaction(async (tx) => {
      const before = await repo.getVendor(tx, auth.businessId, id);
      if (!before) throw notFound('Vendor');
      await assertNewVendorNames(tx, auth, [input.name], id);
      const after = await repo.updateVendor(tx, auth.businessId, id, vendorValues(input));
      await audit(tx, auth, 'vendor.updated', { entity: 'vendor', entityId: id, before: repo.toVendor(before), after: repo.toVendor(after) });
      return repo.toVendor(after);
    }),

    /** The vendor stays on its orders; it leaves the list and its name becomes free. */
    deleteVendor: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
      const before = await repo.getVendor(tx, auth.businessId, id);
      if (!before) throw notFound('Vendor');
      await repo.updateVendor(tx, auth.businessId, id, { deletedAt: new Date() });
      await audit(tx, auth, 'vendor.deleted', { entity: 'vendor', entityId: id, before: repo.toVendor(before) });
      return { _id: id };
    }),

    listClients: async (auth: TUserAuth) => (await repo.findClients(db, auth.businessId)).map(repo.toClient),

    saveClient: async (auth: TUserAuth, input: TClientInput, id?: string) => db.transaction(async (tx) => {
      const before = id ? await repo.getClient(tx, auth.businessId, id) : undefined;
      if (id && !before) throw notFound('Client');
      if (await repo.isClientNameTaken(tx, auth.businessId, input.name, id)) throw conflict(`A client named "${input.name}" already exists`).as('clientExists', { name: input.name });
      const row = id ? await repo.updateClient(tx, auth.businessId, id, clientValues(input)) : await repo.createClient(tx, { businessId: auth.businessId, ...clientValues(input) });
      await audit(tx, auth, id ? 'client.updated' : 'client.created', { entity: 'client', entityId: row.id, before: before ? repo.toClient(before) : null, after: repo.toClient(row) });
      return repo.toClient(row);
    }),

    deleteClient: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
      const before = await repo.getClient(tx, auth.businessId, id);
      if (!before) throw notFound('Client');
      await repo.deleteClient(tx, auth.businessId, id);
      await audit(tx, auth, 'client.deleted', { entity: 'client', entityId: id, before: repo.toClient(before) });
      return { _id: id };
    }),

    addBoq: async (auth: TUserAuth, input: TBoqInput) => {
      const id = await db.transaction(async (tx) => {
        if (await repo.getBoqByContract(tx, auth.businessId, input.contractId)) throw conflict(`A BOQ for contract ${input.contractId} already exists`).as('boqExists', { contract: input.contractId });
        if (input.clientId && !(await repo.getClient(tx, auth.businessId, input.clientId))) throw notFound('Client');
        // The project the BOQ prices (issue 34): the record the title names (by name or an old spelling), made when new.
        const project = await places.ensure(tx, auth.businessId, input.projectTitle, 'project');
        const boq = await repo.createBoq(tx, {
          businessId: auth.businessId, contractId: input.contractId, businessName: input.businessName, projectTitle: project.name, placeId: project.id,
          clientId: input.clientId ?? null, createdBy: auth.userId,
        });
        const lines = await repo.createBoqLines(tx, input.lines.map((l, i) => ({
          businessId: auth.businessId, boqId: boq.id, position: i + 1, item: l.item, description: l.description ?? null, quantityMilli: quantityToMilli(l.quantity), unit: l.unit,
        })));
        await audit(tx, auth, 'boq.created', { entity: 'boq', entityId: boq.id, after: { ...boq, lines } });
        return boq.id;
      });
      return boqDetail(auth, (await repo.getBoq(db, auth.businessId, id))!);
    },

    listBoqs: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return repo.findBoqSummaries(db, auth.businessId);
    },

    boq: async (auth: TUserAuth, contractId: string) => boqDetail(auth, await getBoqByContract(db, auth, contractId)),

    deleteBoq: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
      const boq = await repo.getBoq(tx, auth.businessId, id, { forUpdate: true });
      if (!boq) throw notFound('BOQ');
      if (boq.status === 'awarded') throw conflict(`The BOQ of contract ${boq.contractId} cannot be deleted: a purchase order was created from it`).as('boqDeleteAwarded', { contract: boq.contractId });
      await repo.deleteBoq(tx, boq.id);
      await audit(tx, auth, 'boq.deleted', { entity: 'boq', entityId: boq.id, before: boq });
      return { _id: boq.id };
    }),

    /** E-mails a single-use link to price the BOQ; only the token's hash is kept. */
    sendToContractor: async (auth: TUserAuth, input: TSendToContractor) => {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + (input.expiresInDays ?? QUOTE_LINK_DAYS_DEFAULT) * DAY_MS);
      const boq = await db.transaction(async (tx) => {
        const row = await getBoqByContract(tx, auth, input.contractId, { forUpdate: true });
        if (row.status === 'awarded') throw conflict(`The BOQ of contract ${row.contractId} was already awarded`).as('boqAwarded', { contract: row.contractId });
        await repo.createInvitation(tx, { businessId: auth.businessId, boqId: row.id, email: input.email, tokenHash: sha256(token), expiresAt });
        await repo.setBoqStatus(tx, row.id, 'sent', { onlyFrom: ['draft'] });
        await audit(tx, auth, 'boq.sent-to-contractor', { entity: 'boq', entityId: row.id, after: { email: input.email, expiresAt } });
        return row;
      });
      const link = `${config.publicUrl}/create-quote/${encodeURIComponent(boq.contractId)}?token=${token}`;
      await mailer.send({
        businessId: auth.businessId, to: input.email, secrets: [token],
        subject: `${auth.businessName} asks for your quote: ${input.projectTitle}`,
        text: [
          'Hello,', '',
          `${auth.businessName} invites you to price the bill of quantities for "${input.projectTitle}" (${input.businessName}, contract ${boq.contractId}).`,
          '', 'Open this link to enter your prices. It works once, without an account, until ' + expiresAt.toUTCString() + ':', link, '',
          `Sent by ${auth.userName} through Bizdesk.`,
        ].join('\n'),
      });
      return { email: input.email, contractId: boq.contractId, expiresAt: expiresAt.toISOString() };
    },

    /** The public quote page: the BOQ the link reaches (one BOQ only), while the link is unused and unexpired. */
    invitation: async (contractId: string, token: string): Promise<TQuoteInvitation> => {
      const found = await repo.getLiveInvitation(db, sha256(token));
      if (!found || found.boq.contractId.toLowerCase() !== contractId.toLowerCase()) throw linkInvalid();
      const lines = await repo.findBoqLines(db, found.boq.id);
      return {
        contractId: found.boq.contractId, businessName: found.boq.businessName, projectTitle: found.boq.projectTitle, requesterBusiness: found.requesterBusiness,
        currency: currencyFor(found.country), email: found.invitation.email, expiresAt: found.invitation.expiresAt.toISOString(), lines: lines.map(repo.toBoqLine),
      };
    },

    /** `submit-quote`: once per link. The invitation row is locked and marked used in the same transaction as the quote. */
    submitQuote: async (input: TSubmitQuote) => db.transaction(async (tx: Tx) => {
      const found = await repo.getLiveInvitation(tx, sha256(input.token), { forUpdate: true });
      if (!found || found.boq.contractId.toLowerCase() !== input.contractId.toLowerCase()) throw linkInvalid();
      const { invitation, boq } = found;
      if (boq.status === 'awarded') throw conflict('This BOQ was already awarded; quotes are closed').as('quotesClosed');
      const { lines, total } = pricedQuoteLines(await repo.findBoqLines(tx, boq.id), input.lines);
      if (!(await repo.markInvitationUsed(tx, invitation.id))) throw linkInvalid();
      const currency = currencyFor(found.country);
      const quote = await repo.createQuote(tx, {
        businessId: invitation.businessId, boqId: boq.id, invitationId: invitation.id, contractorName: input.contractorName, contractorEmail: invitation.email,
        phone: input.phone ?? null, source: 'link', currency, totalMinor: total, notes: input.notes ?? null,
      }, lines);
      await repo.setBoqStatus(tx, boq.id, 'quoted', { onlyFrom: ['draft', 'sent'] });
      const system = { kind: 'system' as const, businessId: invitation.businessId };
      await audit(tx, system, 'quote.submitted', { entity: 'quote', entityId: quote.id, after: { contractorName: input.contractorName, email: invitation.email, totalMinor: total } });
      await notify(tx, invitation.businessId, {
        category: 'Procurement', actionType: 'Quote received', message: `${input.contractorName} quoted ${minorText(total, currency)} for contract ${boq.contractId} (${boq.projectTitle})`,
        messageKey: 'vendors.quoteReceived', params: { contractor: input.contractorName, totalMinor: total, currency, contract: boq.contractId, project: boq.projectTitle },
        link: { screen: 'boqs', id: boq.contractId },
      });
      return { _id: quote.id, totalMinor: total, currency };
    }),

    /** `upload-quotes/{email}`: a quote received on paper or by mail, typed in by staff. */
    uploadQuote: async (auth: TUserAuth, ownerEmail: string, input: TUploadQuotes) => {
      assertBusinessEmail(auth, ownerEmail);
      const q = input.quotesData;
      const id = await db.transaction(async (tx) => {
        const boq = await getBoqByContract(tx, auth, q.contractId, { forUpdate: true });
        if (boq.status === 'awarded') throw conflict('This BOQ was already awarded; quotes are closed').as('quotesClosed');
        if (q.vendorId && !(await repo.getVendor(tx, auth.businessId, q.vendorId))) throw notFound('Vendor');
        const { lines, total } = pricedQuoteLines(await repo.findBoqLines(tx, boq.id), q.lines);
        const quote = await repo.createQuote(tx, {
          businessId: auth.businessId, boqId: boq.id, vendorId: q.vendorId ?? null, contractorName: q.contractorName, contractorEmail: input.email,
          source: 'upload', currency: currencyFor(auth.country), totalMinor: total, notes: q.notes ?? null,
        }, lines);
        await repo.setBoqStatus(tx, boq.id, 'quoted', { onlyFrom: ['draft', 'sent'] });
        await audit(tx, auth, 'quote.uploaded', { entity: 'quote', entityId: quote.id, after: { contractId: boq.contractId, contractorName: q.contractorName, totalMinor: total } });
        return quote.id;
      });
      return (await repo.findQuotes(db, auth.businessId)).find((x) => x._id === id)!;
    },

    listQuotes: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return repo.findQuotes(db, auth.businessId);
    },

    /** Awards a quote: it becomes a purchase order (sent for approval) in one step; the BOQ's other quotes are not awarded. */
    awardQuote: async (auth: TUserAuth, quoteId: string) => {
      const orderId = await db.transaction(async (tx) => {
        const quote = await repo.getQuote(tx, auth.businessId, quoteId, { forUpdate: true });
        if (!quote) throw notFound('Quote');
        const boq = (await repo.getBoq(tx, auth.businessId, quote.boqId, { forUpdate: true }))!;
        if (boq.status === 'awarded' || quote.status !== 'submitted') throw conflict(`The BOQ of contract ${boq.contractId} was already awarded`).as('boqAwarded', { contract: boq.contractId });
        let vendorId = quote.vendorId;
        if (!vendorId && quote.contractorEmail) vendorId = (await repo.getVendorByEmail(tx, auth.businessId, quote.contractorEmail))?.id ?? null;
        if (!vendorId) {
          const named = (await repo.findVendorsNamed(tx, auth.businessId, [quote.contractorName]))[0];
          vendorId = named?.id ?? (await repo.createVendors(tx, [{ businessId: auth.businessId, ...vendorValues({ name: quote.contractorName, email: quote.contractorEmail, phone: quote.phone }) }]))[0].id;
        }
        const boqLines = await repo.findBoqLines(tx, boq.id);
        const prices = await repo.findQuoteLines(tx, quote.id);
        const order = await orders.createRegular(tx, auth, {
          vendorId, quoteId: quote.id, description: `${boq.contractId} — ${boq.projectTitle}`,
          lines: boqLines.map((l) => ({ item: l.item, unit: l.unit, quantityMilli: l.quantityMilli, unitPriceMinor: prices.find((p) => p.boqLineId === l.id)!.unitPriceMinor })),
        });
        await repo.updateQuote(tx, quote.id, { status: 'awarded', orderId: order.id, vendorId });
        await repo.markOtherQuotes(tx, boq.id, quote.id);
        await repo.setBoqStatus(tx, boq.id, 'awarded');
        await audit(tx, auth, 'quote.awarded', { entity: 'quote', entityId: quote.id, after: { orderId: order.id, orderNumber: order.number } });
        return order.id;
      });
      return orders.detail(auth, orderId);
    },
  };
};
export type TVendorsService = ReturnType<typeof createVendorsService>;
