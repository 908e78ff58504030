/**
 * Issue 35 in the browser, the way out of "amend the order first": a buyer's vendor invoice for 550 bags against an order
 * of 500 is refused; the buyer amends the order to 600 bags with a reason (revision 2, back to approval, its history on
 * the order); once the owner approves it again, the same invoice is recorded with the vendor's scanned document
 * attached, and the row carries the paperclip that downloads it. Desktop, then the amendment dialog on a phone. Axe on each step.
 */
import type { Browser } from 'playwright-core';
import { assert, expectAccessible, expectNoOverflow, screenshot } from '../lib/harness.ts';
import { signInAs } from '../lib/sign-in.ts';
import { fillVendorInvoice } from '../lib/invoices.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyAmendContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const DOMAIN = 'ekoamend.ng';
const OWNER = { businessName: 'Eko Amend Builders', userName: 'Funke Adeyemi', email: `funke+${STAMP}@${DOMAIN}`, password: 'Eko-Amend-Owner-2026' };
const BUYER = { userName: 'Bisi Buyer', email: `bisi+${STAMP}@${DOMAIN}`, password: 'Eko-Amend-Buyer-2026' };
const INVOICE = `DC-A-${STAMP}`;

/** One empty page: enough for the server to know a PDF from its bytes. */
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

export const registerMoneyAmendFlows = ({ suite, browser, base, viewport }: TMoneyAmendContext) => {
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any };
  };
  const login = async (email: string, password: string) => {
    const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const text = await res.text();
    assert(res.ok, `${email} signs in (${res.status}: ${text})`);
    return (JSON.parse(text) as { token: string }).token;
  };
  const state = { ownerToken: '', orderId: '', orderNumber: '' };

  suite.test('money-amend: an invoice over the ordered quantity is refused; the buyer amends the order (revision 2, back to approval)', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' }),
    });
    assert(registered.ok, `the business is registered (${registered.status})`);
    state.ownerToken = await login(OWNER.email, OWNER.password);
    await call('POST', '/auth/user-register', state.ownerToken, { userName: BUYER.userName, email: BUYER.email, password: BUYER.password, roles: ['Procurement-access'] });
    const buyerToken = await login(BUYER.email, BUYER.password);
    const vendor = (await call('POST', '/vendors/add-vendors', buyerToken, { name: 'Dangote Cement' })).data[0];
    const [order] = (await call('POST', '/orders/add-orders', buyerToken, { vendorId: vendor._id, lines: [{ item: 'Cement', unit: 'bag', quantity: 500, unitPrice: '10200' }] })).data;
    state.orderId = order._id;
    state.orderNumber = order.invoiceNumber;
    await call('PUT', '/orders/update-approval-status', state.ownerToken, { orderId: order._id, approvalStatus: 'approved', POType: 'regular' });
    await call('PUT', '/orders/grn-update', buyerToken, { grnData: { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa Storekeeper', lines: [{ lineId: order.lines[0]._id, quantity: 500 }] } });

    const { context, page } = await signInAs(browser, base, BUYER, { viewport, defaultTimeout: 20_000 });
    try {
      const dialog = await fillVendorInvoice(page, { orderNumber: order.invoiceNumber, quantity: '550', unitPrice: '10200', invoiceNumber: INVOICE });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Invoiced quantity of Cement (550) is more than ordered (500): amend the order first').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The order, from the purchase orders list.
      await page.goto(`/manage-po?id=${state.orderId}`);
      const detail = page.getByRole('dialog', { name: new RegExp(state.orderNumber) });
      await detail.getByRole('button', { name: 'Amend order' }).click();
      const amend = page.getByRole('dialog', { name: `Amend ${state.orderNumber}` });
      const cement = amend.getByRole('group', { name: 'Cement' });
      await cement.getByText('at least 500 (received or invoiced)').waitFor();
      await cement.getByLabel('Quantity').fill('600');
      await amend.getByText(/New total with VAT: .*6,579,000\.00 \(was .*5,482,500\.00\)/).waitFor();
      await amend.getByLabel('Reason for the amendment').fill('The vendor delivered 50 more bags for the second slab; site manager agreed');
      await amend.getByText(/the order goes back for approval/).waitFor();
      await expectAccessible(page, 'amend order dialog');
      await screenshot(page, 'money-amend-dialog');
      await amend.getByRole('button', { name: 'Save' }).click();
      await amend.waitFor({ state: 'detached' });
      await detail.getByText('Revision 2', { exact: true }).waitFor();
      await detail.getByText(/Revision 2 · Bisi Buyer, .*5,482,500\.00 → .*6,579,000\.00/).waitFor();
      await detail.getByText('The vendor delivered 50 more bags for the second slab; site manager agreed').waitFor();
      await expectAccessible(page, 'order detail with its history');
      await screenshot(page, 'money-amend-history');
    } finally {
      await context.close();
    }
    const amended = (await call('GET', `/orders/detail/${state.orderId}`, state.ownerToken)).data;
    assert(amended.approvalStatus === 'pending' && amended.revision === 2, `the amended order waits for approval as revision 2: ${amended.approvalStatus} ${amended.revision}`);
  });

  suite.test('money-amend: approved again, the invoice for 550 bags is recorded with the vendor\'s document attached', async () => {
    await call('PUT', '/orders/update-approval-status', state.ownerToken, { orderId: state.orderId, approvalStatus: 'approved', POType: 'regular' });
    const { context, page } = await signInAs(browser, base, BUYER, { viewport, defaultTimeout: 20_000 });
    try {
      const dialog = await fillVendorInvoice(page, { orderNumber: state.orderNumber, quantity: '550', unitPrice: '10200', invoiceNumber: INVOICE });
      await dialog.getByLabel('Vendor\'s document').setInputFiles({ name: `${INVOICE}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() });
      await dialog.getByText(`${INVOICE}.pdf`).waitFor();
      await expectAccessible(page, 'invoice dialog with the vendor\'s document');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: new RegExp(INVOICE) });
      await row.getByRole('button', { name: `Vendor's document: ${INVOICE}.pdf` }).waitFor();
      await screenshot(page, 'money-amend-invoice-document');
    } finally {
      await context.close();
    }
  });

  suite.test('money-amend: on a phone the amendment dialog fills the screen and nothing overflows', async () => {
    const { context, page } = await signInAs(browser, base, BUYER, { viewport: { width: 390, height: 844 }, defaultTimeout: 20_000 });
    try {
      // From the dashboard by the menu: Procurement › Purchase orders, then the order's card opens it by its number.
      await page.getByTestId('nav-open').click();
      const drawer = page.getByTestId('nav-drawer');
      await drawer.getByRole('link', { name: 'Procurement', exact: true }).click();
      if (!(await drawer.isVisible())) await page.getByTestId('nav-open').click();
      await drawer.getByRole('link', { name: 'Purchase orders' }).click();
      await page.getByRole('heading', { level: 1, name: 'Purchase orders' }).waitFor();
      await page.getByRole('table', { name: /orders/i }).getByRole('button', { name: state.orderNumber }).click();
      const detail = page.getByRole('dialog', { name: new RegExp(state.orderNumber) });
      await detail.getByText('Revision 2', { exact: true }).waitFor();
      // The order's total is on screen, not in a column pushed off its right edge.
      const total = detail.getByRole('row', { name: /^Total/ }).getByText(/6,579,000\.00/);
      const box = await total.boundingBox();
      assert(box !== null && box.x >= 0 && box.x + box.width <= 390, `the order total is within the phone's width: ${JSON.stringify(box)}`);
      await expectNoOverflow(page, 'order detail on a phone');
      await screenshot(page, 'money-amend-order-phone');
      await detail.getByRole('button', { name: 'Amend order' }).click();
      const amend = page.getByRole('dialog', { name: `Amend ${state.orderNumber}` });
      await amend.getByLabel('Reason for the amendment').waitFor();
      await expectNoOverflow(page, 'amend order dialog on a phone');
      await expectAccessible(page, 'amend order dialog on a phone');
      await screenshot(page, 'money-amend-phone');
      await amend.getByRole('button', { name: 'Cancel' }).click();
      await amend.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
};
