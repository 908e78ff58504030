import {
  QUOTE_LINK_DAYS_DEFAULT, VENDOR_MSG, lineTotalMinor, milliToQuantity, minorText, quantityToMilli, rateOfMinor,
  type TAddVendors, type TAwardLines, type TAwardPreview, type TBoqDetail, type TBoqInput, type TClientInput, type TQuote, type TQuoteInvitation,
  type TSendToContractor, type TSentToContractor, type TSubmitQuote, type TUploadQuotes, type TVendorInput, type TVendorMatch,
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
import { addDays, matchVendor, rankQuotes, todayIn } from './fair-quotes.ts';

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

/**
 * Each line priced at most once; prices in minor units. A line left out or with no price is "not quoted" (null);
 * 0 is refused unless the line says freeOfCharge, so a 0 typed to skip a line never ranks lowest. At least one line is priced.
 */
type TPriceInput = { lineId: string; unitPrice?: number | string | null; freeOfCharge?: boolean };
const pricedQuoteLines = (boqLines: repo.TBoqLineRow[], lines: TPriceInput[]) => {
  const prices = new Map<string, number | null>();
  for (const [i, l] of lines.entries()) {
    const line = boqLines.find((b) => b.id === l.lineId.toLowerCase());
    if (!line) throw badRequest(`lines.${i}.lineId: is not a line of this BOQ`).as('notBoqLine');
    if (prices.has(line.id)) throw badRequest(`lines.${i}.lineId: ${line.item} is priced twice`).as('pricedTwice', { item: line.item });
    const price = l.unitPrice === null || l.unitPrice === undefined || l.unitPrice === '' ? null : majorToMinor(l.unitPrice, `lines.${i}.unitPrice`);
    if (price === 0 && !l.freeOfCharge) throw badRequest(`lines.${i}.unitPrice: ${line.item} is priced at 0; leave it empty if you do not quote it, or mark it free of charge`).as('zeroPrice', { item: line.item });
    prices.set(line.id, price);
  }
  const out = boqLines.map((b) => {
    const price = prices.get(b.id) ?? null;
    return { boqLineId: b.id, unitPriceMinor: price, lineTotalMinor: price === null ? null : checkMinor(lineTotalMinor(price, b.quantityMilli), 'lines', `total of ${b.item}`) };
  });
  if (out.every((l) => l.unitPriceMinor === null)) throw badRequest('lines: price at least one line of the BOQ').as('priceOneLine');
  const total = checkMinor(out.reduce((s, l) => s + (l.lineTotalMinor ?? 0), 0), 'lines', 'quote total');
  return { lines: out, total };
};

/** Lead time, validity (a date, or days from today) and TIN of a quote. */
const quoteTerms = (input: { taxId?: string | null; leadTimeDays?: number | null; validUntil?: string | null; validDays?: number | null }, today: string) => {
  if (input.validUntil && input.validUntil < today) throw badRequest('validUntil: is in the past').as('validUntilPast');
  return {
    taxId: input.taxId || null, leadTimeDays: input.leadTimeDays ?? null,
    validUntil: input.validUntil ?? (input.validDays ? addDays(today, input.validDays) : null),
  };
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

  /** A stored quote with what the comparison needs: complete or partial, expired, and its total with VAT and levies. */
  const withTerms = (rates: { vatRateBp: number; levyRateBp: number }, today: string) => ({ lineCount, ...q }: repo.TQuoteBase): TQuote => {
    const quotedLineCount = q.lines.filter((l) => l.unitPriceMinor !== null).length;
    const vatMinor = rateOfMinor(q.totalMinor, rates.vatRateBp);
    const leviesMinor = rateOfMinor(q.totalMinor, rates.levyRateBp);
    return {
      ...q, lineCount, quotedLineCount, isComplete: quotedLineCount === lineCount, isExpired: !!q.validUntil && q.validUntil < today,
      vatMinor, leviesMinor, totalWithTaxMinor: q.totalMinor + vatMinor + leviesMinor,
    };
  };
  const findQuotes = async (auth: TUserAuth, opts: { boqId?: string; ids?: string[] } = {}, tx: DbOrTx = db) => {
    const [base, rates] = await Promise.all([repo.findQuotes(tx, auth.businessId, opts), orders.settings(auth)]);
    return { quotes: base.map(withTerms(rates, todayIn(auth.timeZone))), rates };
  };

  const boqDetail = async (auth: TUserAuth, boq: repo.TBoqRow): Promise<TBoqDetail> => {
    const [lines, { quotes, rates }, invitations] = await Promise.all([
      repo.findBoqLines(db, boq.id), findQuotes(auth, { boqId: boq.id }), repo.findInvitations(db, boq.id),
    ]);
    // Lowest per line among quotes that price it; cheapest in total among complete quotes only.
    const { cheapestByLine, cheapestQuoteId, suggestedByLine } = rankQuotes(lines.map((l) => l.id), quotes);
    return {
      _id: boq.id, contractId: boq.contractId, businessName: boq.businessName, projectTitle: boq.projectTitle, status: boq.status as TBoqDetail['status'],
      lineCount: lines.length, quoteCount: quotes.length, createdAt: boq.createdAt.toISOString(),
      lines: lines.map(repo.toBoqLine), quotes,
      invitations: invitations.map((i) => ({ email: i.email, expiresAt: i.expiresAt.toISOString(), usedAt: i.usedAt?.toISOString() ?? null, createdAt: i.createdAt.toISOString() })),
      cheapestByLine, cheapestQuoteId, suggestedByLine: boq.status === 'awarded' ? {} : suggestedByLine,
      vatRateBp: rates.vatRateBp, levyRateBp: rates.levyRateBp, placeId: boq.placeId,
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

  /**
   * Checks a per-line choice and groups it by quote (one supplier each): every line of this BOQ at most once, every
   * quote of this BOQ, open, not expired, and pricing the line it is chosen for; the supplier matched to a vendor.
   */
  const planAward = async (tx: DbOrTx, auth: TUserAuth, boqId: string, input: TAwardLines, opts: { forUpdate?: boolean } = {}) => {
    const boq = await repo.getBoq(tx, auth.businessId, boqId, opts);
    if (!boq) throw notFound('BOQ');
    if (boq.status === 'awarded') throw conflict(`The BOQ of contract ${boq.contractId} was already awarded`).as('boqAwarded', { contract: boq.contractId });
    const boqLines = await repo.findBoqLines(tx, boq.id);
    const today = todayIn(auth.timeZone);
    const vendorsNow = await repo.findVendorsForMatch(tx, auth.businessId);
    const groups = new Map<string, { quote: repo.TQuoteRow; match: TVendorMatch; lines: Array<{ lineId: string; item: string; unit: string; quantityMilli: number; unitPriceMinor: number; lineTotalMinor: number }> }>();
    const seen = new Set<string>();
    for (const [i, choice] of input.lines.entries()) {
      const line = boqLines.find((l) => l.id === choice.lineId.toLowerCase());
      if (!line) throw badRequest(`lines.${i}.lineId: is not a line of this BOQ`).as('notBoqLine');
      if (seen.has(line.id)) throw badRequest(`lines.${i}.lineId: ${line.item} is chosen twice`).as('chosenTwice', { item: line.item });
      seen.add(line.id);
      let group = groups.get(choice.quoteId.toLowerCase());
      if (!group) {
        const quote = await repo.getQuote(tx, auth.businessId, choice.quoteId, opts);
        if (!quote || quote.boqId !== boq.id) throw notFound(`lines.${i}.quoteId: quote`);
        if (quote.status !== 'submitted') throw conflict(`The BOQ of contract ${boq.contractId} was already awarded`).as('boqAwarded', { contract: boq.contractId });
        if (quote.validUntil && quote.validUntil < today) throw conflict(`The quote of ${quote.contractorName} expired on ${quote.validUntil}; it cannot be awarded`).as('quoteExpired', { name: quote.contractorName, date: quote.validUntil });
        group = { quote, match: matchVendor(quote, vendorsNow), lines: [] };
        groups.set(quote.id, group);
      }
      const price = (await repo.findQuoteLines(tx, group.quote.id)).find((l) => l.boqLineId === line.id);
      if (!price || price.unitPriceMinor === null) throw badRequest(`lines.${i}.quoteId: ${group.quote.contractorName} did not quote ${line.item}`).as('lineNotQuoted', { name: group.quote.contractorName, item: line.item });
      group.lines.push({ lineId: line.id, item: line.item, unit: line.unit, quantityMilli: line.quantityMilli, unitPriceMinor: price.unitPriceMinor, lineTotalMinor: price.lineTotalMinor ?? 0 });
    }
    for (const g of groups.values()) g.lines.sort((a, b) => boqLines.findIndex((l) => l.id === a.lineId) - boqLines.findIndex((l) => l.id === b.lineId));
    return { boq, groups: [...groups.values()] };
  };

  /** Makes the award inside the caller's transaction; returns the orders' ids, one per supplier. */
  const award = async (tx: Tx, auth: TUserAuth, boqId: string, input: TAwardLines) => {
    const { boq, groups } = await planAward(tx, auth, boqId, input, { forUpdate: true });
    // Who each supplier is: a confident match, the buyer's choice, or (none alike, or the buyer said so) a new vendor.
    const byVendor = new Map<string, typeof groups>();
    for (const g of groups) {
      const choice = input.vendors?.find((v) => v.quoteId.toLowerCase() === g.quote.id);
      let vendorId: string | null;
      if (choice) {
        if (choice.vendorId && !(await repo.getVendor(tx, auth.businessId, choice.vendorId))) throw notFound('vendors: vendor');
        vendorId = choice.vendorId;
      } else if (g.match.vendor) vendorId = g.match.vendor._id;
      else if (g.match.status === 'new') vendorId = null;
      else throw conflict(`Choose the vendor ${g.quote.contractorName} is: several existing vendors are alike (${g.match.candidates.map((c) => c.name).join(', ')})`).as('chooseVendor', { name: g.quote.contractorName, candidates: g.match.candidates.map((c) => c.name).join(', ') });
      if (!vendorId) {
        if ((await repo.findVendorsNamed(tx, auth.businessId, [g.quote.contractorName])).length) throw conflict(`A vendor named "${g.quote.contractorName}" already exists`).as('vendorExists', { name: g.quote.contractorName });
        const [created] = await repo.createVendors(tx, [{ businessId: auth.businessId, ...vendorValues({ name: g.quote.contractorName, email: g.quote.contractorEmail, phone: g.quote.phone, taxId: g.quote.taxId }) }]);
        await audit(tx, auth, 'vendor.created', { entity: 'vendor', entityId: created.id, after: { ...repo.toVendor(created), fromQuote: g.quote.id } });
        vendorId = created.id;
      }
      byVendor.set(vendorId, [...(byVendor.get(vendorId) ?? []), g]);
    }
    const orderIds: string[] = [];
    for (const [vendorId, vendorGroups] of byVendor) {
      const order = await orders.createRegular(tx, auth, {
        vendorId, quoteId: vendorGroups[0].quote.id, description: `${boq.contractId} — ${boq.projectTitle}`, deliveryPlaceId: boq.placeId,
        lines: vendorGroups.flatMap((g) => g.lines.map((l) => ({ item: l.item, unit: l.unit, quantityMilli: l.quantityMilli, unitPriceMinor: l.unitPriceMinor }))),
      });
      for (const g of vendorGroups) {
        await repo.setQuoteLinesOrder(tx, g.quote.id, g.lines.map((l) => l.lineId), order.id);
        await repo.updateQuote(tx, g.quote.id, { status: 'awarded', orderId: order.id, vendorId });
        await audit(tx, auth, 'quote.awarded', { entity: 'quote', entityId: g.quote.id, after: { orderId: order.id, orderNumber: order.number, lines: g.lines.map((l) => l.item), vendorId } });
      }
      orderIds.push(order.id);
    }
    await repo.markOtherQuotes(tx, boq.id, groups.map((g) => g.quote.id));
    await repo.setBoqStatus(tx, boq.id, 'awarded');
    return orderIds;
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
    sendToContractor: async (auth: TUserAuth, input: TSendToContractor): Promise<TSentToContractor> => {
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
      const mailStatus = await mailer.send({
        businessId: auth.businessId, to: input.email, secrets: [token],
        subject: `${auth.businessName} asks for your quote: ${input.projectTitle}`,
        text: [
          'Hello,', '',
          `${auth.businessName} invites you to price the bill of quantities for "${input.projectTitle}" (${input.businessName}, contract ${boq.contractId}).`,
          '', 'Open this link to enter your prices. It works once, without an account, until ' + expiresAt.toUTCString() + ':', link, '',
          `Sent by ${auth.userName} through Bizdesk.`,
        ].join('\n'),
      });
      return { email: input.email, contractId: boq.contractId, expiresAt: expiresAt.toISOString(), link, mailStatus };
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
      const terms = quoteTerms(input, todayIn(found.timeZone));
      if (!(await repo.markInvitationUsed(tx, invitation.id))) throw linkInvalid();
      const currency = currencyFor(found.country);
      const quote = await repo.createQuote(tx, {
        businessId: invitation.businessId, boqId: boq.id, invitationId: invitation.id, contractorName: input.contractorName, contractorEmail: invitation.email,
        phone: input.phone ?? null, source: 'link', currency, totalMinor: total, notes: input.notes ?? null, ...terms,
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
          source: 'upload', currency: currencyFor(auth.country), totalMinor: total, notes: q.notes ?? null, ...quoteTerms(q, todayIn(auth.timeZone)),
        }, lines);
        await repo.setBoqStatus(tx, boq.id, 'quoted', { onlyFrom: ['draft', 'sent'] });
        await audit(tx, auth, 'quote.uploaded', { entity: 'quote', entityId: quote.id, after: { contractId: boq.contractId, contractorName: q.contractorName, totalMinor: total } });
        return quote.id;
      });
      return (await findQuotes(auth, { ids: [id] })).quotes[0];
    },

    listQuotes: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return (await findQuotes(auth)).quotes;
    },

    /**
     * `award-quote/{id}` as specified: the whole quote (its quoted lines) becomes one purchase order. The supplier is
     * matched to an existing vendor (quote, TIN, normalised name); when several are alike it answers 409 and the
     * buyer chooses in the award dialog (per-line award); with none alike a vendor is created.
     */
    awardQuote: async (auth: TUserAuth, quoteId: string) => {
      const orderIds = await db.transaction(async (tx) => {
        const quote = await repo.getQuote(tx, auth.businessId, quoteId, { forUpdate: true });
        if (!quote) throw notFound('Quote');
        const priced = (await repo.findQuoteLines(tx, quote.id)).filter((l) => l.unitPriceMinor !== null);
        return award(tx, auth, quote.boqId, { lines: priced.map((l) => ({ lineId: l.boqLineId, quoteId: quote.id })) });
      });
      return orders.detail(auth, orderIds[0]);
    },

    /** What a per-line award would create: one order per supplier with its lines, VAT and total, and who the supplier is. */
    previewAward: async (auth: TUserAuth, boqId: string, input: TAwardLines): Promise<TAwardPreview> => {
      const plan = await planAward(db, auth, boqId, input);
      const rates = await orders.settings(auth);
      return {
        currency: rates.currency, vatRateBp: rates.vatRateBp, levyRateBp: rates.levyRateBp,
        orders: plan.groups.map((g) => {
          const subtotalMinor = g.lines.reduce((s, l) => s + l.lineTotalMinor, 0);
          const vatMinor = rateOfMinor(subtotalMinor, rates.vatRateBp);
          const leviesMinor = rateOfMinor(subtotalMinor, rates.levyRateBp);
          return {
            quoteId: g.quote.id, contractorName: g.quote.contractorName, taxId: g.quote.taxId, match: g.match,
            lines: g.lines.map((l) => ({ lineId: l.lineId, item: l.item, quantity: milliToQuantity(l.quantityMilli), unit: l.unit, unitPriceMinor: l.unitPriceMinor, lineTotalMinor: l.lineTotalMinor })),
            subtotalMinor, vatMinor, leviesMinor, totalMinor: subtotalMinor + vatMinor + leviesMinor,
          };
        }),
      };
    },

    /** Per-line award: one purchase order per supplier with its awarded lines, each sent for approval. */
    awardLines: async (auth: TUserAuth, boqId: string, input: TAwardLines) => {
      const orderIds = await db.transaction(async (tx) => award(tx, auth, boqId, input));
      return Promise.all(orderIds.map((id) => orders.detail(auth, id)));
    },
  };
};
export type TVendorsService = ReturnType<typeof createVendorsService>;
