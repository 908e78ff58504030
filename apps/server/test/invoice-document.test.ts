import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import { auditLog } from '../src/db/schema/index.ts';
import { bearer, createTestApp, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';

/** A real, viewable PDF of one empty page (header, objects, xref and trailer). */
const tinyPdf = () => {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** A 2×2 red PNG built here: signature, IHDR, IDAT, IEND with their CRCs. */
const tinyPng = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (buf: Buffer) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(2, 0); ihdr.writeUInt32BE(2, 4); ihdr[8] = 8; ihdr[9] = 2;
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
};

/** Issue 35: the vendor's own invoice document, attached when the invoice is recorded or later, seen by the payment approver. */
describe('vendor invoice document', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let buyer: TStaff;
  let approver: TStaff;
  let accountant: TStaff;
  let hr: TStaff;
  let vendorId: string;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const upload = (s: TSession, invoiceId: string, file: { filename: string; contentType: string; data: Buffer }) => {
    const form = multipart([{ name: 'file', ...file }]);
    return t.app.inject({ method: 'POST', url: `/api/v1/orders/invoices/${invoiceId}/document`, headers: { ...bearer(s.token), ...form.headers }, payload: form.payload });
  };
  const download = (s: TSession, invoiceId: string) => call(s, 'GET', `/api/v1/orders/invoices/${invoiceId}/document`);
  /** An approved order of 100 bags, all received, invoiced in full. */
  const invoicedOrder = async (number: string) => {
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'Cement', unit: 'bag', quantity: 100, unitPrice: '10000' }] }), 201);
    expectData(await call(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' }), 200);
    expectData(await call(buyer, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa Storekeeper', lines: [{ lineId: order.lines[0]._id, quantity: 100 }] } }), 200);
    const inv = expectData(await call(accountant, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber: number, invoiceDate: '2026-03-05', dueDate: '2026-04-05', lines: [{ lineId: order.lines[0]._id, quantity: 100, unitPrice: '10000' }] }), 201);
    return { order: order as { _id: string }, inv: inv as { _id: string; outstandingMinor: number; document: unknown } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Eko Builders', email: 'owner@eko-invdoc.ng' });
    other = await registerBusiness(t.app, { businessName: 'Abuja Works', email: 'owner@abuja-invdoc.ng' });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    accountant = await staffUser(t.app, owner, 'Kemi Accounts', ['Accounts-access']);
    hr = await staffUser(t.app, owner, 'Halima HR', ['HR-access']);
    vendorId = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement' }), 201)[0]._id;
  });
  afterAll(async () => t?.close());

  it('stores a PDF, returns the same bytes with its type and name, shows it on the invoice and audits it', async () => {
    const { inv } = await invoicedOrder('DC-DOC-1');
    expect(inv.document).toBeNull();
    const pdf = tinyPdf();
    const up = await upload(accountant, inv._id, { filename: 'DC-DOC-1 scan.pdf', contentType: 'application/pdf', data: pdf });
    expect(up.statusCode).toBe(201);
    expect(up.json().message).toBe('Vendor\'s document attached');
    expect(up.json().data.document).toEqual({ name: 'DC-DOC-1 scan.pdf', mime: 'application/pdf' });
    const file = await download(accountant, inv._id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="DC-DOC-1 scan.pdf"');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const [row] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.document-attached'), eq(auditLog.entityId, inv._id)));
    expect(row).toMatchObject({ before: { document: null }, after: { document: 'DC-DOC-1 scan.pdf', mime: 'application/pdf' } });
  });

  it('replaces the document with a PNG (the type from its bytes, not its name) and the payment approver downloads it', async () => {
    const { inv } = await invoicedOrder('DC-DOC-2');
    expect((await upload(buyer, inv._id, { filename: 'first.pdf', contentType: 'application/pdf', data: tinyPdf() })).statusCode).toBe(201);
    const png = tinyPng();
    // Sent as a PDF by name and declared type: kept as what its bytes are.
    const up = await upload(buyer, inv._id, { filename: 'photo.pdf', contentType: 'application/pdf', data: png });
    expect(up.statusCode).toBe(201);
    expect(up.json().data.document).toEqual({ name: 'photo.png', mime: 'image/png' });
    const file = await download(approver, inv._id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    const rows = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.document-attached'), eq(auditLog.entityId, inv._id)));
    expect(rows.map((r) => r.after)).toContainEqual({ document: 'photo.png', mime: 'image/png' });
    expect(rows.map((r) => r.before)).toContainEqual({ document: 'first.pdf' });
  });

  it('refuses a text file named .pdf (415, naming the allowed types), a Word file, a file too large (413) and an empty one', async () => {
    const { inv } = await invoicedOrder('DC-DOC-3');
    const txt = await upload(accountant, inv._id, { filename: 'invoice.pdf', contentType: 'application/pdf', data: Buffer.from('Invoice DC-DOC-3: 100 bags of cement, NGN 1,000,000\n') });
    expect(txt.statusCode).toBe(415);
    expect(txt.json().message).toBe('Only PDF, JPEG and PNG files can be attached as the vendor\'s invoice');
    const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)]);
    expect((await upload(accountant, inv._id, { filename: 'invoice.zip', contentType: 'application/zip', data: docx })).statusCode).toBe(415);
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(accountant, inv._id, { filename: 'big.pdf', contentType: 'application/pdf', data: big });
    expect(tooLarge.statusCode).toBe(413);
    expect((await upload(accountant, inv._id, { filename: 'empty.pdf', contentType: 'application/pdf', data: Buffer.alloc(0) })).statusCode).toBe(400);
    expect((await download(accountant, inv._id)).statusCode).toBe(404);
  });

  it('keeps another business and roles without access out: 404 for another business, 403 for HR and for an approver uploading', async () => {
    const { inv } = await invoicedOrder('DC-DOC-4');
    expect((await upload(accountant, inv._id, { filename: 'a.pdf', contentType: 'application/pdf', data: tinyPdf() })).statusCode).toBe(201);
    expect((await download(other, inv._id)).statusCode).toBe(404);
    expect((await upload(other, inv._id, { filename: 'b.pdf', contentType: 'application/pdf', data: tinyPdf() })).statusCode).toBe(404);
    expect((await download(hr, inv._id)).statusCode).toBe(403);
    expect((await upload(hr, inv._id, { filename: 'c.pdf', contentType: 'application/pdf', data: tinyPdf() })).statusCode).toBe(403);
    expect((await upload(approver, inv._id, { filename: 'd.pdf', contentType: 'application/pdf', data: tinyPdf() })).statusCode).toBe(403);
    expect((await download(accountant, crypto.randomUUID())).statusCode).toBe(404);
    expect((await upload(accountant, crypto.randomUUID(), { filename: 'e.pdf', contentType: 'application/pdf', data: tinyPdf() })).statusCode).toBe(404);
    // The first document is still the one stored.
    expect((await download(owner, inv._id)).headers['content-disposition']).toContain('filename="a.pdf"');
  });

  it('lets the approver of the payment see the document on the payment detail, and refuses a replacement once the invoice is paid', async () => {
    const { order, inv } = await invoicedOrder('DC-DOC-5');
    expect((await upload(accountant, inv._id, { filename: 'DC-DOC-5.pdf', contentType: 'application/pdf', data: tinyPdf() })).statusCode).toBe(201);
    const payment = expectData(await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, invoiceId: inv._id, amount: `${inv.outstandingMinor / 100}`, dueDate: '2026-04-01' }), 201);
    const detail = expectData(await call(approver, 'GET', `/api/v1/approvals/inbox/payment/${payment._id}`), 200);
    expect((detail.subject ?? detail).invoice.document).toEqual({ name: 'DC-DOC-5.pdf', mime: 'application/pdf' });
    expectData(await call(approver, 'PUT', `/api/v1/approvals/inbox/payment/${payment._id}/decision`, { decision: 'approved' }), 200);
    expectData(await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId: payment._id, paidDate: '2026-04-01', method: 'bank-transfer' }), 200);
    const refused = await upload(accountant, inv._id, { filename: 'other.pdf', contentType: 'application/pdf', data: tinyPdf() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Invoice DC-DOC-5 is paid: its document can no longer be replaced');
    expect((await download(approver, inv._id)).headers['content-disposition']).toContain('filename="DC-DOC-5.pdf"');
  });

  it('attaches a first document to a paid invoice recorded without one (filed afterwards)', async () => {
    const { order, inv } = await invoicedOrder('DC-DOC-6');
    const payment = expectData(await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, invoiceId: inv._id, amount: `${inv.outstandingMinor / 100}`, dueDate: '2026-04-01' }), 201);
    expectData(await call(approver, 'PUT', `/api/v1/approvals/inbox/payment/${payment._id}/decision`, { decision: 'approved' }), 200);
    expectData(await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId: payment._id, paidDate: '2026-04-01', method: 'bank-transfer' }), 200);
    expect((await upload(accountant, inv._id, { filename: 'late.png', contentType: 'image/png', data: tinyPng() })).statusCode).toBe(201);
  });
});
