import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { milliToQuantity, type TBoqSummary, type TClient, type TQuote, type TVendor } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { containsText, startsFirst } from '../../platform/search.ts';
import { boqLines, boqs, businesses, clients, quoteInvitations, quoteLines, quotes, vendors } from '../../db/schema/index.ts';

export type TVendorRow = typeof vendors.$inferSelect;
export type TBoqRow = typeof boqs.$inferSelect;
export type TBoqLineRow = typeof boqLines.$inferSelect;
export type TQuoteRow = typeof quotes.$inferSelect;

/* vendors */

export const toVendor = (r: TVendorRow): TVendor => ({
  _id: r.id, name: r.name, contactName: r.contactName, email: r.email, phone: r.phone, address: r.address, bankName: r.bankName,
  bankAccountNumber: r.bankAccountNumber, bankAccountName: r.bankAccountName, taxId: r.taxId, categories: r.categories, rating: r.rating,
  notes: r.notes, createdAt: r.createdAt.toISOString(),
  whtCategory: r.whtCategory as TVendor['whtCategory'], whtPayeeType: r.whtPayeeType as TVendor['whtPayeeType'], isSmallSupplier: r.isSmallSupplier,
});

export const findVendors = async (db: DbOrTx, businessId: string, search?: string) =>
  db.select().from(vendors).where(and(
    eq(vendors.businessId, businessId), isNull(vendors.deletedAt),
    search ? sql`(${vendors.name} ILIKE ${`%${search}%`} OR ${vendors.email} ILIKE ${`%${search}%`} OR array_to_string(${vendors.categories}, ' ') ILIKE ${`%${search}%`})` : undefined,
  )).orderBy(asc(sql`lower(${vendors.name})`)).limit(2000);

export const getVendor = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(vendors).where(and(eq(vendors.businessId, businessId), eq(vendors.id, id), isNull(vendors.deletedAt))).limit(1))[0];

export const findVendorsNamed = async (db: DbOrTx, businessId: string, names: string[]) =>
  names.length === 0 ? [] : db.select({ id: vendors.id, name: vendors.name }).from(vendors)
    .where(and(eq(vendors.businessId, businessId), isNull(vendors.deletedAt), inArray(sql`lower(${vendors.name})`, names.map((n) => n.toLowerCase()))));

export const getVendorByEmail = async (db: DbOrTx, businessId: string, email: string) =>
  (await db.select().from(vendors).where(and(eq(vendors.businessId, businessId), isNull(vendors.deletedAt), sql`lower(${vendors.email}) = ${email.toLowerCase()}`)).limit(1))[0];

export const createVendors = async (db: DbOrTx, values: Array<typeof vendors.$inferInsert>) => db.insert(vendors).values(values).returning();

export const updateVendor = async (db: DbOrTx, businessId: string, id: string, set: Partial<typeof vendors.$inferInsert>) =>
  (await db.update(vendors).set({ ...set, updatedAt: sql`now()` }).where(and(eq(vendors.businessId, businessId), eq(vendors.id, id))).returning())[0];

/* clients */

export const toClient = (r: typeof clients.$inferSelect): TClient => ({
  _id: r.id, name: r.name, kind: r.kind as TClient['kind'], contactName: r.contactName, email: r.email, phone: r.phone, address: r.address,
  taxId: r.taxId, notes: r.notes, createdAt: r.createdAt.toISOString(),
});
export const findClients = async (db: DbOrTx, businessId: string) =>
  db.select().from(clients).where(eq(clients.businessId, businessId)).orderBy(asc(sql`lower(${clients.name})`)).limit(2000);
export const getClient = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(clients).where(and(eq(clients.businessId, businessId), eq(clients.id, id))).limit(1))[0];
export const isClientNameTaken = async (db: DbOrTx, businessId: string, name: string, exceptId?: string) =>
  (await db.select({ id: clients.id }).from(clients).where(and(eq(clients.businessId, businessId), sql`lower(${clients.name}) = ${name.toLowerCase()}`,
    exceptId ? sql`${clients.id} <> ${exceptId}` : undefined)).limit(1)).length > 0;
export const createClient = async (db: DbOrTx, values: typeof clients.$inferInsert) => (await db.insert(clients).values(values).returning())[0];
export const updateClient = async (db: DbOrTx, businessId: string, id: string, set: Partial<typeof clients.$inferInsert>) =>
  (await db.update(clients).set(set).where(and(eq(clients.businessId, businessId), eq(clients.id, id))).returning())[0];
export const deleteClient = async (db: DbOrTx, businessId: string, id: string) =>
  db.delete(clients).where(and(eq(clients.businessId, businessId), eq(clients.id, id)));

/* BOQs */

export const getBoqByContract = async (db: DbOrTx, businessId: string, contractId: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(boqs).where(and(eq(boqs.businessId, businessId), sql`lower(${boqs.contractId}) = ${contractId.toLowerCase()}`)).limit(1);
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};
export const getBoq = async (db: DbOrTx, businessId: string, id: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(boqs).where(and(eq(boqs.businessId, businessId), eq(boqs.id, id))).limit(1);
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};
export const createBoq = async (db: DbOrTx, values: typeof boqs.$inferInsert) => (await db.insert(boqs).values(values).returning())[0];
export const createBoqLines = async (db: DbOrTx, values: Array<typeof boqLines.$inferInsert>) => db.insert(boqLines).values(values).returning();
export const deleteBoq = async (db: DbOrTx, id: string) => db.delete(boqs).where(eq(boqs.id, id));
export const setBoqStatus = async (db: DbOrTx, id: string, status: string, opts: { onlyFrom?: string[] } = {}) =>
  db.update(boqs).set({ status }).where(and(eq(boqs.id, id), opts.onlyFrom ? inArray(boqs.status, opts.onlyFrom) : undefined));

export const findBoqLines = async (db: DbOrTx, boqId: string) =>
  db.select().from(boqLines).where(eq(boqLines.boqId, boqId)).orderBy(asc(boqLines.position));

export const toBoqLine = (l: TBoqLineRow) => ({ _id: l.id, item: l.item, description: l.description, quantity: milliToQuantity(l.quantityMilli), unit: l.unit });

export const findBoqSummaries = async (db: DbOrTx, businessId: string): Promise<TBoqSummary[]> =>
  (await db.select({
    boq: boqs,
    lineCount: sql<number>`(SELECT count(*)::int FROM ${boqLines} l WHERE l.boq_id = boqs.id)`,
    quoteCount: sql<number>`(SELECT count(*)::int FROM ${quotes} q WHERE q.boq_id = boqs.id)`,
  }).from(boqs).where(eq(boqs.businessId, businessId)).orderBy(desc(boqs.createdAt)).limit(1000))
    .map(({ boq, lineCount, quoteCount }) => ({
      _id: boq.id, contractId: boq.contractId, businessName: boq.businessName, projectTitle: boq.projectTitle, status: boq.status as TBoqSummary['status'],
      lineCount: Number(lineCount), quoteCount: Number(quoteCount), createdAt: boq.createdAt.toISOString(),
    }));

/* invitations */

export const createInvitation = async (db: DbOrTx, values: typeof quoteInvitations.$inferInsert) =>
  (await db.insert(quoteInvitations).values(values).returning())[0];

export const findInvitations = async (db: DbOrTx, boqId: string) =>
  db.select().from(quoteInvitations).where(eq(quoteInvitations.boqId, boqId)).orderBy(desc(quoteInvitations.createdAt));

/** A live invitation by its token's hash, with its BOQ and the inviting business; locked when about to be used. */
export const getLiveInvitation = async (db: DbOrTx, tokenHash: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select({ invitation: quoteInvitations, boq: boqs, requesterBusiness: businesses.name, country: businesses.country, timeZone: businesses.timeZone })
    .from(quoteInvitations).innerJoin(boqs, eq(boqs.id, quoteInvitations.boqId)).innerJoin(businesses, eq(businesses.id, quoteInvitations.businessId))
    .where(and(eq(quoteInvitations.tokenHash, tokenHash), isNull(quoteInvitations.usedAt), gt(quoteInvitations.expiresAt, sql`now()`))).limit(1);
  return (await (opts.forUpdate ? q.for('update', { of: quoteInvitations }) : q))[0];
};

export const markInvitationUsed = async (db: DbOrTx, id: string) =>
  (await db.update(quoteInvitations).set({ usedAt: new Date() }).where(and(eq(quoteInvitations.id, id), isNull(quoteInvitations.usedAt))).returning({ id: quoteInvitations.id })).length > 0;

/* quotes */

export const createQuote = async (db: DbOrTx, values: typeof quotes.$inferInsert, lines: Array<{ boqLineId: string; unitPriceMinor: number | null; lineTotalMinor: number | null }>) => {
  const [q] = await db.insert(quotes).values(values).returning();
  await db.insert(quoteLines).values(lines.map((l) => ({ businessId: values.businessId, quoteId: q.id, ...l })));
  return q;
};

export const getQuote = async (db: DbOrTx, businessId: string, id: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(quotes).where(and(eq(quotes.businessId, businessId), eq(quotes.id, id))).limit(1);
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

export const updateQuote = async (db: DbOrTx, id: string, set: Partial<typeof quotes.$inferInsert>) => db.update(quotes).set(set).where(eq(quotes.id, id));
export const markOtherQuotes = async (db: DbOrTx, boqId: string, awardedIds: string[]) =>
  db.update(quotes).set({ status: 'not-awarded' }).where(and(eq(quotes.boqId, boqId), notInArray(quotes.id, awardedIds), eq(quotes.status, 'submitted')));

/** A quote as stored; the service adds completeness, expiry and VAT (it knows the business's rates and today). */
export type TQuoteBase = Omit<TQuote, 'quotedLineCount' | 'isComplete' | 'isExpired' | 'vatMinor' | 'leviesMinor' | 'totalWithTaxMinor'>;
export const findQuotes = async (db: DbOrTx, businessId: string, opts: { boqId?: string; ids?: string[] } = {}): Promise<TQuoteBase[]> => {
  const rows = await db.select({
    quote: quotes, contractId: boqs.contractId, projectTitle: boqs.projectTitle,
    lineCount: sql<number>`(SELECT count(*)::int FROM ${boqLines} l WHERE l.boq_id = ${quotes.boqId})`,
  }).from(quotes)
    .innerJoin(boqs, eq(boqs.id, quotes.boqId))
    .where(and(eq(quotes.businessId, businessId), opts.boqId ? eq(quotes.boqId, opts.boqId) : undefined, opts.ids ? inArray(quotes.id, opts.ids) : undefined))
    .orderBy(desc(quotes.createdAt)).limit(1000);
  const lines = rows.length ? await db.select().from(quoteLines).where(inArray(quoteLines.quoteId, rows.map((r) => r.quote.id))) : [];
  return rows.map(({ quote: q, contractId, projectTitle, lineCount }) => ({
    _id: q.id, boqId: q.boqId, contractId, projectTitle, contractorName: q.contractorName, contractorEmail: q.contractorEmail, vendorId: q.vendorId,
    source: q.source as TQuote['source'], status: q.status as TQuote['status'], currency: q.currency, totalMinor: q.totalMinor, notes: q.notes, orderId: q.orderId,
    lines: lines.filter((l) => l.quoteId === q.id).map((l) => ({ lineId: l.boqLineId, unitPriceMinor: l.unitPriceMinor, lineTotalMinor: l.lineTotalMinor, orderId: l.orderId })),
    createdAt: q.createdAt.toISOString(),
    leadTimeDays: q.leadTimeDays, validUntil: q.validUntil, taxId: q.taxId, lineCount: Number(lineCount),
  }));
};

export const setQuoteLinesOrder = async (db: DbOrTx, quoteId: string, boqLineIds: string[], orderId: string) =>
  db.update(quoteLines).set({ orderId }).where(and(eq(quoteLines.quoteId, quoteId), inArray(quoteLines.boqLineId, boqLineIds)));

/** Live vendors for matching a quote's supplier on award (name and TIN). */
export const findVendorsForMatch = async (db: DbOrTx, businessId: string) =>
  db.select({ id: vendors.id, name: vendors.name, taxId: vendors.taxId }).from(vendors).where(and(eq(vendors.businessId, businessId), isNull(vendors.deletedAt))).limit(5000);

export const findQuoteLines = async (db: DbOrTx, quoteId: string) => db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId));

/** The top-bar search (issue 30): live vendors whose name contains the text (vendors_search_trgm_idx). */
const vendorSearchText = sql`lower(${vendors.name})`;
export const searchVendors = async (db: DbOrTx, businessId: string, text: string, limit: number) =>
  db.select({ id: vendors.id, name: vendors.name, contactName: vendors.contactName, email: vendors.email }).from(vendors)
    .where(and(eq(vendors.businessId, businessId), isNull(vendors.deletedAt), containsText(vendorSearchText, text)))
    .orderBy(startsFirst(vendorSearchText, text)).limit(limit + 1);
