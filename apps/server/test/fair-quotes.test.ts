import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VENDOR_MSG } from '@bizdesk/contract';
import { mailOutbox, quotes } from '../src/db/schema/index.ts';
import { bearer, createTestApp, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';
import { matchVendor, normaliseVendorName } from '../src/features/vendors/fair-quotes.ts';

type TLine = { _id: string; item: string };
type TQ = { _id: string; contractorName: string; isComplete: boolean; isExpired: boolean; quotedLineCount: number; totalMinor: number; vatMinor: number; totalWithTaxMinor: number; lines: Array<{ lineId: string; unitPriceMinor: number | null }> };

describe('fair quotes (issue 35)', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let buyer: TSession;

  const call = (s: TSession, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const publicCall = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
  const addBoq = async (contractId: string) =>
    expectData(await call(buyer, 'POST', '/api/v1/vendors/add-boq', {
      contractId, businessName: 'Lekki Estates', projectTitle: 'Block D', lines: [{ item: 'Cement', quantity: 100, unit: 'bag' }, { item: 'Sharp sand', quantity: 20, unit: 't' }],
    }), 201) as { _id: string; lines: TLine[] };
  const upload = async (contractId: string, name: string, lines: Array<{ lineId: string; unitPrice?: string | null }>, extra: Record<string, unknown> = {}) =>
    expectData(await call(buyer, 'POST', `/api/v1/vendors/upload-quotes/${owner.user.email}`, {
      email: `${name.toLowerCase().replace(/\W+/g, '')}@quotes.example`, quotesData: { contractId, contractorName: name, lines, ...extra },
    }), 201) as TQ;
  const detail = async (contractId: string) => expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-boq/${contractId}`), 200);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Fair Builders', email: 'owner@fair-builders.ng' });
    other = await registerBusiness(t.app, { businessName: 'Other Homes', email: 'owner@other-homes.ng' });
    buyer = await staffUser(t.app, owner, 'Bola Buyer', ['Procurement-access']);
  });
  afterAll(async () => t?.close());

  it('a partial quote never ranks cheapest in total and its unquoted lines never rank lowest', async () => {
    const boq = await addBoq('FQ-100');
    const [cement, sand] = boq.lines.map((l) => l._id);
    const complete = await upload('FQ-100', 'Complete Supplies', [{ lineId: cement, unitPrice: '9000' }, { lineId: sand, unitPrice: '30000' }]);
    // The sand supplier leaves cement unquoted: far cheaper in total, but partial.
    const partial = await upload('FQ-100', 'Sand Only', [{ lineId: cement, unitPrice: null }, { lineId: sand, unitPrice: '25000' }]);
    expect(partial).toMatchObject({ isComplete: false, quotedLineCount: 1, totalMinor: 50_000_000 });
    expect(partial.lines.find((l) => l.lineId === cement)!.unitPriceMinor).toBeNull();
    const d = await detail('FQ-100');
    expect(d.cheapestQuoteId).toBe(complete._id);
    expect(d.cheapestByLine).toEqual({ [cement]: complete._id, [sand]: partial._id });
    expect(d.suggestedByLine).toEqual({ [cement]: complete._id, [sand]: partial._id });
    // VAT is shown before award: 7.5% on top of the quoted total.
    const c = d.quotes.find((q: TQ) => q._id === complete._id);
    expect(c).toMatchObject({ isComplete: true, totalMinor: 150_000_000, vatMinor: 11_250_000, totalWithTaxMinor: 161_250_000 });
    expect(d.vatRateBp).toBe(750);
  });

  it('refuses 0 unless the line is marked free of charge, and a quote that prices nothing', async () => {
    const boq = await addBoq('FQ-150');
    const [cement, sand] = boq.lines.map((l) => l._id);
    const zero = await call(buyer, 'POST', `/api/v1/vendors/upload-quotes/${owner.user.email}`, { email: 'z@q.example', quotesData: { contractId: 'FQ-150', contractorName: 'Zero', lines: [{ lineId: cement, unitPrice: '0' }, { lineId: sand, unitPrice: '100' }] } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('lines.0.unitPrice: Cement is priced at 0; leave it empty if you do not quote it, or mark it free of charge');
    const free = await upload('FQ-150', 'Free Delivery Co', [{ lineId: cement, unitPrice: '0', freeOfCharge: true } as never, { lineId: sand, unitPrice: '100' }]);
    expect(free.isComplete).toBe(true);
    const none = await call(buyer, 'POST', `/api/v1/vendors/upload-quotes/${owner.user.email}`, { email: 'n@q.example', quotesData: { contractId: 'FQ-150', contractorName: 'Nothing', lines: [{ lineId: cement }] } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('lines: price at least one line of the BOQ');
  });

  it('a per-line award across two suppliers makes two POs with the right lines and VAT', async () => {
    const boq = await addBoq('FQ-200');
    const [cement, sand] = boq.lines.map((l) => l._id);
    const a = await upload('FQ-200', 'Alpha Cement Ltd', [{ lineId: cement, unitPrice: '9000' }, { lineId: sand, unitPrice: '40000' }], { leadTimeDays: 5, validDays: 30 });
    const b = await upload('FQ-200', 'Beta Sand', [{ lineId: sand, unitPrice: '25000' }]);
    const choice = { lines: [{ lineId: cement, quoteId: a._id }, { lineId: sand, quoteId: b._id }] };
    const preview = expectData(await call(buyer, 'POST', `/api/v1/vendors/award-preview/${boq._id}`, choice), 200);
    expect(preview.orders.map((o: { contractorName: string; subtotalMinor: number; vatMinor: number; totalMinor: number; match: { status: string } }) => [o.contractorName, o.subtotalMinor, o.vatMinor, o.totalMinor, o.match.status]))
      .toEqual([['Alpha Cement Ltd', 90_000_000, 6_750_000, 96_750_000, 'new'], ['Beta Sand', 50_000_000, 3_750_000, 53_750_000, 'new']]);
    const res = await call(buyer, 'POST', `/api/v1/vendors/award-lines/${boq._id}`, choice);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(VENDOR_MSG.linesAwarded);
    const orders = res.json().data as Array<{ vendor: { name: string }; subtotalMinor: number; vatMinor: number; totalMinor: number; approvalStatus: string; lines: Array<{ item: string; unitPriceMinor: number }> }>;
    expect(orders.map((o) => [o.vendor.name, o.lines.map((l) => [l.item, l.unitPriceMinor]), o.subtotalMinor, o.vatMinor, o.totalMinor, o.approvalStatus])).toEqual([
      ['Alpha Cement Ltd', [['Cement', 900_000]], 90_000_000, 6_750_000, 96_750_000, 'pending'],
      ['Beta Sand', [['Sharp sand', 2_500_000]], 50_000_000, 3_750_000, 53_750_000, 'pending'],
    ]);
    const after = await detail('FQ-200');
    expect(after.status).toBe('awarded');
    expect(after.quotes.map((q: TQ & { status: string }) => q.status).sort()).toEqual(['awarded', 'awarded']);
    // A second award of the same BOQ is refused; another business cannot award it.
    expect((await call(buyer, 'POST', `/api/v1/vendors/award-lines/${boq._id}`, choice)).statusCode).toBe(409);
    expect((await call(other, 'POST', `/api/v1/vendors/award-lines/${boq._id}`, choice)).statusCode).toBe(404);
  });

  it('refuses to award a line the chosen quote did not price', async () => {
    const boq = await addBoq('FQ-250');
    const [cement, sand] = boq.lines.map((l) => l._id);
    const b = await upload('FQ-250', 'Sand Partner', [{ lineId: sand, unitPrice: '25000' }]);
    const res = await call(buyer, 'POST', `/api/v1/vendors/award-lines/${boq._id}`, { lines: [{ lineId: cement, quoteId: b._id }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('lines.0.quoteId: Sand Partner did not quote Cement');
  });

  it('award matches an existing vendor by TIN and by normalised name, and asks when ambiguous', async () => {
    const [byTin, byName] = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { vendors: [
      { name: 'Kano Cement Works', taxId: '12345678-0001' }, { name: 'Tunde & Sons Limited' }, { name: 'Delta Steel Ltd' }, { name: 'Delta Steel Limited' },
    ] }), 201) as Array<{ _id: string }>;
    // By TIN: the typed name differs completely.
    const boq1 = await addBoq('FQ-300');
    const q1 = await upload('FQ-300', 'KCW Nigeria', [{ lineId: boq1.lines[0]._id, unitPrice: '9000' }], { taxId: '123456780001' });
    const o1 = expectData(await call(buyer, 'POST', `/api/v1/vendors/award-quote/${q1._id}`), 201);
    expect(o1.vendor._id).toBe(byTin._id);
    // By normalised name: case, punctuation and the Ltd/Limited suffix ignored.
    const boq2 = await addBoq('FQ-310');
    const q2 = await upload('FQ-310', 'TUNDE AND SONS LTD.', [{ lineId: boq2.lines[0]._id, unitPrice: '9000' }]);
    const o2 = expectData(await call(buyer, 'POST', `/api/v1/vendors/award-quote/${q2._id}`), 201);
    expect(o2.vendor._id).toBe(byName._id);
    // Ambiguous: two vendors alike; the award asks instead of creating a third.
    const boq3 = await addBoq('FQ-320');
    const q3 = await upload('FQ-320', 'Delta Steel Nig', [{ lineId: boq3.lines[0]._id, unitPrice: '9000' }]);
    const choice = { lines: [{ lineId: boq3.lines[0]._id, quoteId: q3._id }] };
    const preview = expectData(await call(buyer, 'POST', `/api/v1/vendors/award-preview/${boq3._id}`, choice), 200);
    expect(preview.orders[0].match.status).toBe('ask');
    expect(preview.orders[0].match.candidates.map((c: { name: string }) => c.name).sort()).toEqual(['Delta Steel Limited', 'Delta Steel Ltd']);
    const asked = await call(buyer, 'POST', `/api/v1/vendors/award-lines/${boq3._id}`, choice);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('Choose the vendor Delta Steel Nig is: several existing vendors are alike (Delta Steel Limited, Delta Steel Ltd)');
    const spec = await call(buyer, 'POST', `/api/v1/vendors/award-quote/${q3._id}`);
    expect(spec.statusCode).toBe(409);
    const chosen = preview.orders[0].match.candidates.find((c: { name: string }) => c.name === 'Delta Steel Ltd');
    const awarded = expectData(await call(buyer, 'POST', `/api/v1/vendors/award-lines/${boq3._id}`, { ...choice, vendors: [{ quoteId: q3._id, vendorId: chosen._id }] }), 201);
    expect(awarded[0].vendor._id).toBe(chosen._id);
    const vendors = expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-vendors/${owner.user.email}?search=delta`), 200);
    expect(vendors).toHaveLength(2);
  });

  it('normalises names and matches as documented', () => {
    expect(normaliseVendorName('Tunde & Sons Ltd.')).toBe(normaliseVendorName('TUNDE AND SONS LIMITED'));
    expect(normaliseVendorName('Okafor Nig. Ltd')).toBe('okafor');
    expect(matchVendor({ vendorId: null, contractorName: 'Brand New Co', taxId: null }, [{ id: 'a', name: 'Delta Steel', taxId: null }]).status).toBe('new');
  });

  it('an expired quote cannot be awarded', async () => {
    const boq = await addBoq('FQ-400');
    const q = await upload('FQ-400', 'Late Prices', [{ lineId: boq.lines[0]._id, unitPrice: '9000' }], { validDays: 10 });
    await t.deps.db.update(quotes).set({ validUntil: '2020-01-31' }).where(eq(quotes.id, q._id));
    const d = await detail('FQ-400');
    expect(d.quotes[0].isExpired).toBe(true);
    expect(d.suggestedByLine).toEqual({});
    const res = await call(buyer, 'POST', `/api/v1/vendors/award-lines/${boq._id}`, { lines: [{ lineId: boq.lines[0]._id, quoteId: q._id }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The quote of Late Prices expired on 2020-01-31; it cannot be awarded');
    expect((await call(buyer, 'POST', `/api/v1/vendors/award-quote/${q._id}`)).statusCode).toBe(409);
  });

  it('the invitation response carries a link and an honest mail status; the public form takes lead time, validity, TIN and unquoted lines', async () => {
    const boq = await addBoq('FQ-500');
    const res = await call(buyer, 'POST', '/api/v1/vendors/send-to-contractor', { email: 'sandman@contractor.example', contractId: 'FQ-500', businessName: 'Lekki Estates', projectTitle: 'Block D' });
    expect(res.statusCode).toBe(200);
    // No SMTP_URL in this app: the screen must not say "sent".
    expect(res.json().data).toMatchObject({ mailStatus: 'not-configured', link: expect.stringMatching(/\/create-quote\/FQ-500\?token=[A-Za-z0-9_-]{43}$/) });
    expect(res.json().message).toBe(VENDOR_MSG.linkMailNotConfigured);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sandman@contractor.example'));
    expect(mail.sentAt).toBeNull();
    const token = new URL(res.json().data.link).searchParams.get('token')!;
    const submitted = await publicCall('/api/v1/vendors/submit-quote', {
      contractId: 'FQ-500', token, contractorName: 'Sandman', taxId: 'TIN-77', leadTimeDays: 3, validDays: 14,
      lines: [{ lineId: boq.lines[0]._id, unitPrice: null }, { lineId: boq.lines[1]._id, unitPrice: '26000' }],
    });
    expect(submitted.statusCode).toBe(201);
    const q = (await detail('FQ-500')).quotes[0];
    expect(q).toMatchObject({ contractorName: 'Sandman', taxId: 'TIN-77', leadTimeDays: 3, isComplete: false, quotedLineCount: 1, lineCount: 2 });
    expect(q.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
