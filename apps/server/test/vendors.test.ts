import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { VENDOR_MSG } from '@bizdesk/contract';
import { mailOutbox, quoteInvitations } from '../src/db/schema/index.ts';
import { bearer, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { linkIn, openAppWithSmtp, type TSmtp } from './helpers/smtp.ts';
import { expectData, staffUser } from './helpers/procurement.ts';

const QUOTE_LINK = /http:\/\/bizdesk\.test\/create-quote\/[A-Za-z0-9._-]+\?token=[A-Za-z0-9_-]{43}/;

describe('vendors, clients, BOQs and quotes', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let close: () => Promise<void>;
  let owner: TSession;
  let other: TSession;
  let buyer: TSession;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const publicCall = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
  const addBoq = async (contractId: string, lines = [{ item: 'Excavation', quantity: '120.5', unit: 'm3' }, { item: 'Blockwork', quantity: 800, unit: 'm2' }]) =>
    expectData(await call(buyer, 'POST', '/api/v1/vendors/add-boq', { contractId, businessName: 'Lekki Estates', projectTitle: 'Block C foundations', lines }), 201);
  /** Sends the BOQ to a contractor and returns the link's contract id and token, as read from the real e-mail. */
  const invite = async (contractId: string, email: string) => {
    const sent = await call(buyer, 'POST', '/api/v1/vendors/send-to-contractor', { email, contractId, businessName: 'Lekki Estates', projectTitle: 'Block C foundations' });
    // With a mail server the e-mail really went, and the screen may say so (issue 35).
    expect(expectData(sent, 200).mailStatus).toBe('sent');
    expect(sent.json().message).toBe(VENDOR_MSG.sentToContractor);
    await expect.poll(() => smtp.to(email).length, { timeout: 5000 }).toBeGreaterThan(0);
    const link = linkIn(smtp.to(email).at(-1)!.text, QUOTE_LINK)!;
    const url = new URL(link);
    return { link, contractId: decodeURIComponent(url.pathname.split('/').pop()!), token: url.searchParams.get('token')! };
  };

  beforeAll(async () => {
    ({ t, smtp, close } = await openAppWithSmtp());
    owner = await registerBusiness(t.app, { businessName: 'Lekki Builders', email: 'owner@lekki-builders.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kumasi Homes', email: 'owner@kumasi.gh', country: 'GH' });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
  });
  afterAll(async () => close?.());

  describe('vendors', () => {
    it('adds vendors with bank, tax id, categories and rating, and lists them', async () => {
      const res = await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { vendors: [
        { name: 'Dangote Cement', contactName: 'Sade', email: 'sales@dangote.example', bankName: 'GTBank', bankAccountNumber: '0123456789', taxId: 'TIN-1', categories: ['cement', 'cement', 'blocks'], rating: 4 },
        { name: 'Julius Berger Supplies', categories: ['steel'] },
      ] });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(VENDOR_MSG.vendorsAdded);
      const list = expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-vendors/${owner.user.email}`), 200);
      expect(list.map((v: { name: string }) => v.name)).toEqual(['Dangote Cement', 'Julius Berger Supplies']);
      expect(list[0]).toMatchObject({ bankAccountNumber: '0123456789', categories: ['cement', 'blocks'], rating: 4 });
      const search = expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-vendors/${owner.user.email}?search=steel`), 200);
      expect(search.map((v: { name: string }) => v.name)).toEqual(['Julius Berger Supplies']);
    });

    it('refuses a duplicate name (any case) and a bad rating or account number, naming the field', async () => {
      const dup = await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'DANGOTE cement' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('A vendor named "Dangote Cement" already exists');
      const rating = await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'X', rating: 6 });
      expect(rating.statusCode).toBe(400);
      expect(rating.json().message).toMatch(/rating/);
      const account = await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Y', bankAccountNumber: '12ab' });
      expect(account.json().message).toMatch(/bankAccountNumber/);
    });

    it('updates and deletes a vendor; another business gets 403 for the list and 404 for the vendor', async () => {
      const [v] = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Temp Vendor' }), 201);
      expect(expectData(await call(buyer, 'PUT', `/api/v1/vendors/update/${v._id}`, { name: 'Temp Vendor Ltd', rating: 2 }), 200)).toMatchObject({ name: 'Temp Vendor Ltd', rating: 2 });
      expect((await call(other, 'PUT', `/api/v1/vendors/update/${v._id}`, { name: 'Stolen' })).statusCode).toBe(404);
      expect((await call(other, 'GET', `/api/v1/vendors/fetch-vendors/${owner.user.email}`)).statusCode).toBe(403);
      expect((await call(buyer, 'DELETE', `/api/v1/vendors/delete/${v._id}`)).statusCode).toBe(200);
      const list = expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-vendors/${owner.user.email}`), 200);
      expect(list.some((x: { _id: string }) => x._id === v._id)).toBe(false);
    });
  });

  describe('clients', () => {
    it('adds, edits, lists and deletes clients and contractors', async () => {
      const c = expectData(await call(buyer, 'POST', '/api/v1/vendors/clients', { name: 'Lekki Estates', kind: 'client', email: 'pm@lekki.example' }), 201);
      expect((await call(buyer, 'POST', '/api/v1/vendors/clients', { name: 'lekki estates', kind: 'client' })).statusCode).toBe(409);
      expect(expectData(await call(buyer, 'PUT', `/api/v1/vendors/clients/${c._id}`, { name: 'Lekki Estates Ltd', kind: 'contractor' }), 200)).toMatchObject({ kind: 'contractor' });
      expect(expectData(await call(buyer, 'GET', '/api/v1/vendors/clients'), 200)).toHaveLength(1);
      expect((await call(other, 'DELETE', `/api/v1/vendors/clients/${c._id}`)).statusCode).toBe(404);
      expect((await call(buyer, 'DELETE', `/api/v1/vendors/clients/${c._id}`)).statusCode).toBe(200);
      expect(expectData(await call(buyer, 'GET', '/api/v1/vendors/clients'), 200)).toHaveLength(0);
    });
  });

  describe('BOQ and quotes by link', () => {
    it('saves a BOQ with fractional quantities and refuses a second one for the same contract', async () => {
      const boq = await addBoq('LK-100');
      expect(boq).toMatchObject({ contractId: 'LK-100', status: 'draft', lineCount: 2, lines: [{ item: 'Excavation', quantity: '120.5', unit: 'm3' }, { quantity: '800' }] });
      expect((await call(buyer, 'POST', '/api/v1/vendors/add-boq', { contractId: 'lk-100', businessName: 'x', projectTitle: 'y', lines: [{ item: 'a', quantity: 1, unit: 'u' }] })).statusCode).toBe(409);
      const entries = expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-boq-entry/${owner.user.email}`), 200);
      expect(entries.map((e: { contractId: string }) => e.contractId)).toContain('LK-100');
    });

    it('e-mails the contractor a link that prices the BOQ once, without an account', async () => {
      await addBoq('LK-200');
      const { link, contractId, token } = await invite('LK-200', 'tunde@contractor.example');
      expect(link).toMatch(/^http:\/\/bizdesk\.test\/create-quote\/LK-200\?token=/);
      // Only the token's hash is kept, in the invitation and in the mail outbox.
      const stored = await t.deps.db.select().from(quoteInvitations);
      expect(JSON.stringify(stored)).not.toContain(token);
      const outbox = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tunde@contractor.example'));
      expect(outbox[0].text).not.toContain(token);

      const page = expectData(await publicCall('/api/v1/vendors/quote-invitation', { contractId, token }), 200);
      expect(page).toMatchObject({ contractId: 'LK-200', projectTitle: 'Block C foundations', requesterBusiness: 'Lekki Builders', currency: 'NGN', email: 'tunde@contractor.example' });
      const lines = page.lines.map((l: { _id: string }, i: number) => ({ lineId: l._id, unitPrice: i === 0 ? '3500' : '12000.50' }));
      const submit = await publicCall('/api/v1/vendors/submit-quote', { contractId, token, contractorName: 'Tunde & Sons', lines });
      expect(submit.statusCode).toBe(201);
      expect(submit.json()).toMatchObject({ message: VENDOR_MSG.quoteSubmitted, data: { totalMinor: 42_175_000 + 960_040_000, currency: 'NGN' } });
      const again = await publicCall('/api/v1/vendors/submit-quote', { contractId, token, contractorName: 'Tunde & Sons', lines });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(VENDOR_MSG.quoteLinkInvalid);
      expect((await publicCall('/api/v1/vendors/quote-invitation', { contractId, token })).statusCode).toBe(404);
      const boq = expectData(await call(buyer, 'GET', '/api/v1/vendors/fetch-boq/LK-200'), 200);
      expect(boq).toMatchObject({ status: 'quoted', quotes: [{ contractorName: 'Tunde & Sons', source: 'link', contractorEmail: 'tunde@contractor.example' }], invitations: [{ email: 'tunde@contractor.example' }] });
      expect(boq.invitations[0].usedAt).not.toBeNull();
    });

    it('accepts one submission when two race on the same link', async () => {
      const boq = await addBoq('LK-250', [{ item: 'Roofing', quantity: 1, unit: 'lot' }]);
      const { contractId, token } = await invite('LK-250', 'race@contractor.example');
      const body = { contractId, token, contractorName: 'Racer', lines: [{ lineId: boq.lines[0]._id, unitPrice: '100' }] };
      const [a, b] = await Promise.all([publicCall('/api/v1/vendors/submit-quote', body), publicCall('/api/v1/vendors/submit-quote', body)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 404]);
      expect(expectData(await call(buyer, 'GET', '/api/v1/vendors/fetch-boq/LK-250'), 200).quotes).toHaveLength(1);
    });

    it('refuses an expired link, and a link used for another contract', async () => {
      const boq = await addBoq('LK-300', [{ item: 'Plaster', quantity: 10, unit: 'm2' }]);
      await addBoq('LK-301', [{ item: 'Paint', quantity: 10, unit: 'm2' }]);
      const { token } = await invite('LK-300', 'late@contractor.example');
      const lines = [{ lineId: boq.lines[0]._id, unitPrice: '100' }];
      const wrongBoq = await publicCall('/api/v1/vendors/submit-quote', { contractId: 'LK-301', token, contractorName: 'Late Ltd', lines });
      expect(wrongBoq.statusCode).toBe(404);
      await t.deps.db.update(quoteInvitations).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(quoteInvitations.email, 'late@contractor.example'));
      const expired = await publicCall('/api/v1/vendors/submit-quote', { contractId: 'LK-300', token, contractorName: 'Late Ltd', lines });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe(VENDOR_MSG.quoteLinkInvalid);
    });

    it('accepts a quote that leaves a line unquoted (issue 35), refusing one that prices nothing without using the link up', async () => {
      await addBoq('LK-350');
      const { contractId, token } = await invite('LK-350', 'partial@contractor.example');
      const page = expectData(await publicCall('/api/v1/vendors/quote-invitation', { contractId, token }), 200);
      const none = await publicCall('/api/v1/vendors/submit-quote', { contractId, token, contractorName: 'Half', lines: [{ lineId: page.lines[0]._id, unitPrice: null }] });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('lines: price at least one line of the BOQ');
      // The refused attempt did not use the link up.
      expect((await publicCall('/api/v1/vendors/quote-invitation', { contractId, token })).statusCode).toBe(200);
      const res = await publicCall('/api/v1/vendors/submit-quote', { contractId, token, contractorName: 'Half', lines: [{ lineId: page.lines[0]._id, unitPrice: '1' }] });
      expect(res.statusCode).toBe(201);
    });

    it('compares quotes side by side, names the cheapest per line and in total, and awards one into a purchase order', async () => {
      const boq = await addBoq('LK-400');
      const [l1, l2] = boq.lines.map((l: { _id: string }) => l._id);
      const upload = (name: string, p1: string, p2: string) => call(buyer, 'POST', `/api/v1/vendors/upload-quotes/${owner.user.email}`, {
        email: `${name.toLowerCase().replace(/\W+/g, '')}@quotes.example`, quotesData: { contractId: 'LK-400', contractorName: name, lines: [{ lineId: l1, unitPrice: p1 }, { lineId: l2, unitPrice: p2 }] },
      });
      const cheapLine1 = expectData(await upload('Alpha Works', '3000', '15000'), 201);
      const cheapTotal = expectData(await upload('Beta Works', '3200', '12000'), 201);
      const detail = expectData(await call(buyer, 'GET', '/api/v1/vendors/fetch-boq/LK-400'), 200);
      expect(detail.cheapestByLine).toEqual({ [l1]: cheapLine1._id, [l2]: cheapTotal._id });
      expect(detail.cheapestQuoteId).toBe(cheapTotal._id);

      const award = await call(buyer, 'POST', `/api/v1/vendors/award-quote/${cheapTotal._id}`);
      expect(award.statusCode).toBe(201);
      expect(award.json().message).toBe(VENDOR_MSG.quoteAwarded);
      const order = award.json().data;
      expect(order).toMatchObject({ POType: 'regular', approvalStatus: 'pending', quoteId: cheapTotal._id, vendor: { name: 'Beta Works' }, subtotalMinor: cheapTotal.totalMinor });
      expect(order.lines.map((l: { item: string; quantity: string; unitPriceMinor: number }) => [l.item, l.quantity, l.unitPriceMinor])).toEqual([['Excavation', '120.5', 320000], ['Blockwork', '800', 1200000]]);
      const after = expectData(await call(buyer, 'GET', '/api/v1/vendors/fetch-boq/LK-400'), 200);
      expect(after.status).toBe('awarded');
      expect(after.quotes.map((q: { contractorName: string; status: string }) => [q.contractorName, q.status]).sort()).toEqual([['Alpha Works', 'not-awarded'], ['Beta Works', 'awarded']]);
      expect((await call(buyer, 'POST', `/api/v1/vendors/award-quote/${cheapLine1._id}`)).statusCode).toBe(409);
      const del = await call(buyer, 'DELETE', `/api/v1/vendors/deleteBOQ/${boq._id}`);
      expect(del.statusCode).toBe(409);
      const quotes = expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-quotes/${owner.user.email}`), 200);
      expect(quotes.filter((q: { contractId: string }) => q.contractId === 'LK-400')).toHaveLength(2);
    });

    it('deletes a BOQ not awarded; another business cannot see or delete it', async () => {
      const boq = await addBoq('LK-500');
      expect((await call(other, 'GET', '/api/v1/vendors/fetch-boq/LK-500')).statusCode).toBe(404);
      expect((await call(other, 'DELETE', `/api/v1/vendors/deleteBOQ/${boq._id}`)).statusCode).toBe(404);
      expect((await call(other, 'POST', '/api/v1/vendors/send-to-contractor', { email: 'x@y.example', contractId: 'LK-500', businessName: 'x', projectTitle: 'y' })).statusCode).toBe(404);
      expect((await call(buyer, 'DELETE', `/api/v1/vendors/deleteBOQ/${boq._id}`)).json().message).toBe(VENDOR_MSG.boqDeleted);
      expect((await call(buyer, 'GET', '/api/v1/vendors/fetch-boq/LK-500')).statusCode).toBe(404);
    });
  });
});
