import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, OCR_RECOGNISED_MAX_PIXELS, OCR_RECOGNISED_MAX_SIDE } from '@bizdesk/contract';
import { createTestApp, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { costsApi } from './helpers/costs.ts';
import { bigReceiptPng, hugePngHeader, receiptPdf, receiptPng, scannedPdf } from './helpers/receipts.ts';
import { proposeReceiptFields } from '../src/features/ocr/receipt-fields.ts';
import { createOcrQueue, DEFAULT_OCR_LIMITS } from '../src/features/ocr/ocr-queue.ts';

describe('OCR of receipts and documents (offline)', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof costsApi>;
  const upload = (a: ReturnType<typeof costsApi>, name: string, data: Buffer, type: string) => {
    const form = multipart([{ name: 'file', filename: name, contentType: type, data }]);
    return a.call({ method: 'POST', url: '/api/v1/filybee/ocr-sdk', headers: form.headers, payload: form.payload });
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Receipt Builders', email: 'owner@receipts.ng' });
    other = await registerBusiness(t.app, { businessName: 'Other Receipts', email: 'owner@other-receipts.gh', country: 'GH' });
    api = costsApi(t.app, owner);
  });
  afterAll(async () => t.close());

  it('ships the English language data in the app: nothing is fetched at run time', () => {
    const eng = createRequire(import.meta.url)('@tesseract.js-data/eng') as { langPath: string };
    expect(fs.statSync(`${eng.langPath}/eng.traineddata.gz`).size).toBeGreaterThan(1_000_000);
  });

  it('reads a receipt image and proposes its vendor, date and total', async () => {
    const res = await upload(api, 'receipt.png', receiptPng(), 'image/png');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.source).toBe('ocr');
    expect(data.text).toMatch(/SUPERMARKET/);
    expect(data.proposal).toMatchObject({ date: '2026-03-14', total: '61812.50', totalMinor: 6181250 });
    expect(data.proposal.vendor).toMatch(/MAMA CASS/);
  }, 120_000);

  it('reads a PDF with a text layer directly, and turns the proposal into an overhead row', async () => {
    const res = await upload(api, 'invoice.pdf', await receiptPdf(), 'application/pdf');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ source: 'text-layer', pages: 1, proposal: { date: '2026-03-14', vendor: 'MAMA CASS SUPERMARKET', total: '61812.50', totalMinor: 6181250 } });
    const saved = await api.addRecords('Ikeja Shop', [{ description: data.proposal.vendor, category: 'Supplies', amount: data.proposal.total, date: data.proposal.date }], { source: 'ocr' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data[0]).toMatchObject({ amountMinor: 6181250, source: 'ocr' });
  }, 60_000);

  it('renders a scanned PDF page and recognises it', async () => {
    const res = await upload(api, 'scan.pdf', await scannedPdf(receiptPng()), 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ source: 'ocr', proposal: { totalMinor: 6181250 } });
  }, 120_000);

  it('refuses a 20,000 × 20,000 image before decoding it, a file over 10 MB, a damaged PDF and a file that is not an image or PDF', async () => {
    const huge = await upload(api, 'huge.png', hugePngHeader(), 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/20000 × 20000 pixels/);
    const big = await upload(api, 'big.png', Buffer.concat([receiptPng(['x']), Buffer.alloc(10 * 1024 * 1024 + 1)]), 'image/png');
    expect(big.statusCode).toBe(413);
    const broken = await upload(api, 'broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'application/pdf');
    expect(broken.statusCode).toBe(400);
    const text = await upload(api, 'receipt.png', Buffer.from('TOTAL 5,000'), 'image/png');
    expect(text.statusCode).toBe(415);
  }, 60_000);

  it("save-summary: 'Email and summaryText are required.' without either, 201 with both, 403 for another business", async () => {
    for (const payload of [{ summary: 'x' }, { email: owner.user.email }, { email: owner.user.email, summary: '   ' }]) {
      const res = await api.call({ method: 'POST', url: '/api/v1/filybee/save-summary', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.summaryRequired);
    }
    const ok = await api.call({ method: 'POST', url: '/api/v1/filybee/save-summary', payload: { email: owner.user.email, summary: 'Mama Cass receipt, 61,812.50' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ summary: 'Mama Cass receipt, 61,812.50' });
    const foreign = await costsApi(t.app, other).call({ method: 'POST', url: '/api/v1/filybee/save-summary', payload: { email: owner.user.email, summary: 'x' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('proposes fields from common receipt layouts', () => {
    expect(proposeReceiptFields('SHOPRITE LEKKI\nMar 5, 2026\nSub-total 1,000.00\nGrand Total NGN 1,075.00')).toEqual({ vendor: 'SHOPRITE LEKKI', date: '2026-03-05', total: '1075.00', totalMinor: 107500 });
    expect(proposeReceiptFields('Receipt\nKofi Hardware Accra\n2026-01-31\nAmount due: GHS 450.5')).toMatchObject({ vendor: 'Kofi Hardware Accra', date: '2026-01-31', totalMinor: 45050 });
    expect(proposeReceiptFields('no numbers here')).toEqual({ vendor: 'no numbers here', date: null, total: null, totalMinor: null });
  });

  it('takes businesses in turn: a second business waits behind one document, not behind the first business\'s queue; a fourth waiting document is 429', async () => {
    const queue = createOcrQueue({ ...DEFAULT_OCR_LIMITS, concurrency: 1, perBusiness: 3 });
    try {
      const png = receiptPng(['TOTAL 5,000.00']);
      const done: string[] = [];
      const read = (business: string, n: number) => queue.read(business, 'image/png', Buffer.from(png)).then(() => done.push(`${business}${n}`));
      const jobs = [read('A', 1), read('A', 2), read('A', 3)];
      const fourth = queue.read('A', 'image/png', Buffer.from(png));
      await expect(fourth).rejects.toMatchObject({ status: 429 });
      jobs.push(read('B', 1));
      await Promise.all(jobs);
      expect(done).toEqual(['A1', 'B1', 'A2', 'A3']);
    } finally {
      await queue.close();
    }
  }, 120_000);

  it('recognises a 24-megapixel photo downscaled to the recognition budget, and still reads it', async () => {
    const queue = createOcrQueue({ ...DEFAULT_OCR_LIMITS, concurrency: 1 });
    try {
      const photo = bigReceiptPng(6000, 4000);
      const res = await queue.read('A', 'image/png', photo);
      expect(res.recognised).toBeDefined();
      expect(Math.max(res.recognised!.width, res.recognised!.height)).toBeLessThanOrEqual(OCR_RECOGNISED_MAX_SIDE);
      expect(res.recognised!.width * res.recognised!.height).toBeLessThanOrEqual(OCR_RECOGNISED_MAX_PIXELS);
      expect(res.recognised!.width / res.recognised!.height).toBeCloseTo(1.5, 2);
      expect(res.text).toMatch(/SUPERMARKET/);
      // A small image is recognised as sent.
      const small = await queue.read('A', 'image/png', receiptPng());
      expect(small.recognised).toEqual({ width: 900, height: 120 + 9 * 70 });
    } finally {
      await queue.close();
    }
  }, 120_000);

  describe('hourly quota per business', () => {
    let q: TTestApp;
    let first: TSession;
    let second: TSession;
    beforeAll(async () => {
      q = await createTestApp({ OCR_DOCUMENTS_PER_HOUR: '2' });
      first = await registerBusiness(q.app, { businessName: 'Quota One', email: 'owner@quota-one.ng' });
      second = await registerBusiness(q.app, { businessName: 'Quota Two', email: 'owner@quota-two.ng' });
    });
    afterAll(async () => q?.close());

    it('answers 429 past the business\'s documents per hour, counted in the database, other businesses unaffected', async () => {
      const pdf = await receiptPdf();
      const a = costsApi(q.app, first);
      expect((await upload(a, 'one.pdf', pdf, 'application/pdf')).statusCode).toBe(200);
      expect((await upload(a, 'two.pdf', pdf, 'application/pdf')).statusCode).toBe(200);
      const third = await upload(a, 'three.pdf', pdf, 'application/pdf');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(third.json().message).toMatch(/^Your business has had 2 documents read in the last hour, the most allowed; try again in \d+ minutes?$/);
      const counted = await q.deps.db.execute(sql`SELECT count FROM rate_limits WHERE key = ${`ocr:${first.user.businessId}`}`);
      expect(Number((counted as unknown as { rows: Array<{ count: number }> }).rows[0].count)).toBeGreaterThanOrEqual(2);
      expect((await upload(costsApi(q.app, second), 'other.pdf', pdf, 'application/pdf')).statusCode).toBe(200);
    }, 60_000);
  });
});
