/**
 * Issue 35, lane wht, in the browser: a consultant (company, with a TIN, WHT category "consultancy, professional") is
 * invoiced and a payment to it is scheduled and approved through the API; the owner records the payment on /invoices,
 * sees gross, withholding tax (5%) and net before confirming, and finds the tax in the month's WHT schedule for the
 * FIRS. Axe on the screen with the dialog and the schedule.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, expectAccessible, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyWhtContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const DOMAIN = 'ikejaworks.ng';
const OWNER = { businessName: 'Ikeja Works Ltd', userName: 'Funke Adeyemi', email: `funke+${STAMP}@${DOMAIN}`, password: 'Ikeja-Works-Owner-2026' };
const BUYER = { userName: 'Chidi Buyer', email: `chidi+${STAMP}@${DOMAIN}`, password: 'Ikeja-Works-Buyer-2026' };
const VENDOR = 'Kano Consulting Engineers';

export const registerMoneyWhtFlows = ({ suite, browser, base, viewport }: TMoneyWhtContext) => {
  suite.test('money-wht: pay an invoice with withholding tax and see it in the WHT schedule', async () => {
    const post = async (method: string, path: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const text = await res.text();
      assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
      return JSON.parse(text) as { data: any; token?: string };
    };
    await post('POST', '/auth/register', { businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' });
    const owner = await post('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
    const ownerToken = owner.token!;
    await post('POST', '/auth/user-register', { userName: BUYER.userName, email: BUYER.email, password: BUYER.password, roles: ['Procurement-access', 'Accounts-access'] }, ownerToken);
    const buyerToken = (await post('POST', '/auth/login', { email: BUYER.email, password: BUYER.password })).token!;
    const vendor = (await post('POST', '/vendors/add-vendors', { name: VENDOR, taxId: '12345678-0001', whtCategory: 'professional', whtPayeeType: 'company' }, buyerToken)).data[0];
    const [order] = (await post('POST', '/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Structural survey', unit: 'job', quantity: 1, unitPrice: '1000000' }] }, buyerToken)).data;
    if (order.approvalStatus !== 'approved') await post('PUT', '/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' }, ownerToken);
    const today = new Date().toISOString().slice(0, 10);
    await post('PUT', '/orders/grn-update', { grnData: { orderId: order._id, receivedDate: today, receiver: 'Site office', lines: [{ lineId: order.lines[0]._id, quantity: 1 }] } }, buyerToken);
    const invoice = (await post('POST', '/orders/invoices', { orderId: order._id, invoiceNumber: 'KCE-7', invoiceDate: today, lines: [{ lineId: order.lines[0]._id, quantity: 1, unitPrice: '1000000' }] }, buyerToken)).data;
    const payment = (await post('POST', '/orders/schedule-payment', { orderId: order._id, invoiceId: invoice._id, amount: '1075000', dueDate: today }, buyerToken)).data;
    const decided = await post('PUT', '/orders/update-approval-statusV2', { orderId: payment._id, ownerEmail: OWNER.email, service: 'payment', userId: owner.data._id }, ownerToken);
    assert(decided.data.status === 'approved', `the payment is approved (${JSON.stringify(decided.data)})`);

    const context: BrowserContext = await browser.newContext({ baseURL: base, viewport });
    try {
      const page: Page = await context.newPage();
      page.setDefaultTimeout(waitMs(20_000));
      await page.goto('/login');
      await page.getByLabel('E-mail address').fill(OWNER.email);
      await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/invoices');
      await page.getByRole('heading', { name: 'Withholding tax schedule' }).waitFor().catch(() => undefined);
      await screenshot(page, 'money-wht-invoices');
      // The only payment of this business is the scheduled one: its row has the one "Record payment" button.
      // (The list renders phone cards too, hidden at this width: only the visible button counts.)
      await page.locator('button:visible').filter({ hasText: /^Record payment$/ }).first().click();
      const track = page.getByRole('dialog', { name: 'Payment made' });
      const preview = track.getByTestId('wht-preview');
      await preview.getByText('Net to vendor').waitFor();
      await preview.getByText('Withholding tax 5%').waitFor();
      const words = await preview.innerText();
      // 5% of the amount before VAT (₦1,000,000.00 of the ₦1,075,000.00 paid), not of the VAT in it.
      assert(/Before VAT \(taxed\)\s*₦?1,000,000\.00/.test(words) && /50,000\.00/.test(words) && /1,025,000\.00/.test(words),
        `the dialog shows the ₦1,000,000.00 taxed, WHT 50,000.00 and net 1,025,000.00 before confirming: ${words}`);
      await expectAccessible(page, '/invoices payment dialog with WHT');
      await track.getByLabel('Reference').fill('TRF-WHT-1');
      await track.getByRole('button', { name: 'Record payment' }).click();
      await track.waitFor({ state: 'detached' });
      // Only the schedule lists the vendor's TIN: its row is the tax withheld from this payment.
      await page.getByRole('row', { name: new RegExp(`${VENDOR}.*12345678-0001`) }).waitFor();
      await page.getByText(/FIRS: .*50,000\.00 due by/).waitFor();
      await expectAccessible(page, '/invoices WHT schedule');
      await screenshot(page, 'money-wht-schedule');
    } finally {
      await context.close();
    }
  });
};
