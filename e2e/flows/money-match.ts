/**
 * Issue 35, lane match, in the browser: a business of its own; a buyer raises 500 bags of cement at ₦10,200, the owner
 * approves, 300 are received. The owner records the vendor's invoice for 350 bags at ₦10,500: it is visibly held with its
 * reasons (text on the page, not a tooltip). A credit note for the gap releases it, and a payment is scheduled. Axe on each step.
 */
import type { Browser, Page } from 'playwright-core';
import { assert, expectAccessible, screenshot, waitMs } from '../lib/harness.ts';
import { fillVendorInvoice } from '../lib/invoices.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyMatchContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const DOMAIN = 'ekomatch.ng';
const OWNER = { businessName: 'Eko Match Builders', userName: 'Funke Adeyemi', email: `funke+${STAMP}@${DOMAIN}`, password: 'Eko-Match-Owner-2026' };
const BUYER = { userName: 'Bisi Buyer', email: `bisi+${STAMP}@${DOMAIN}`, password: 'Eko-Match-Buyer-2026' };

export const registerMoneyMatchFlows = ({ suite, browser, base, viewport }: TMoneyMatchContext) => {
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any; token?: string };
  };
  const login = async (email: string, password: string) => {
    const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    return (await res.json() as { token: string }).token;
  };

  suite.test('money-match: an invoice over tolerance is held with its reasons, a credit note releases it, a payment is scheduled', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' }),
    });
    assert(registered.ok, `the business is registered (${registered.status})`);
    const ownerToken = await login(OWNER.email, OWNER.password);
    await call('POST', '/auth/user-register', ownerToken, { userName: BUYER.userName, email: BUYER.email, password: BUYER.password, roles: ['Procurement-access'] });
    const buyerToken = await login(BUYER.email, BUYER.password);
    const vendor = (await call('POST', '/vendors/add-vendors', buyerToken, { name: 'Dangote Cement' })).data[0];
    const [order] = (await call('POST', '/orders/add-orders', buyerToken, { vendorId: vendor._id, lines: [{ item: 'Cement', unit: 'bag', quantity: 500, unitPrice: '10200' }] })).data;
    await call('PUT', '/orders/update-approval-status', ownerToken, { orderId: order._id, approvalStatus: 'approved', POType: 'regular' });
    await call('PUT', '/orders/grn-update', buyerToken, { grnData: { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa Storekeeper', lines: [{ lineId: order.lines[0]._id, quantity: 300 }] } });

    const context = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(waitMs(20_000));
    try {
      await page.goto('/login');
      await page.getByLabel('E-mail address').fill(OWNER.email);
      await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      const dialog = await fillVendorInvoice(page, { orderNumber: order.invoiceNumber, quantity: '350', unitPrice: '10500', invoiceNumber: `DC-${STAMP}` });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Held, with the reasons as visible text.
      const held = page.getByTestId(`held-DC-${STAMP}`);
      await held.getByText(/is held: it cannot be scheduled or paid/).waitFor();
      await held.getByText('Cement: 350 bag invoiced, only 300 received and not yet invoiced (tolerance 0%)').waitFor();
      await held.getByText(/Cement: invoiced at .*10,500\.00, the order's price is .*10,200\.00 \(tolerance 2%\)/).waitFor();
      const row = page.getByRole('row', { name: new RegExp(`DC-${STAMP}`) });
      await row.getByText('Held', { exact: true }).waitFor();
      assert(await row.getByRole('button', { name: 'Schedule payment' }).count() === 0, 'a held invoice offers no "Schedule payment"');
      await expectAccessible(page, '/invoices with a held invoice');
      await screenshot(page, 'money-match-held');

      // The vendor's credit note closes the gap (the dialog starts from it).
      await row.getByRole('button', { name: `Match DC-${STAMP}` }).click();
      const match = page.getByRole('dialog', { name: new RegExp(`DC-${STAMP}`) });
      await expectAccessible(page, 'invoice match dialog');
      await match.getByRole('button', { name: 'Add credit note' }).click();
      const credit = page.getByRole('dialog', { name: `Vendor credit note against DC-${STAMP}` });
      await credit.getByLabel('Credit note number').fill(`CN-${STAMP}`);
      await credit.getByLabel('Reason').fill('50 bags not delivered; price back to the order');
      await expectAccessible(page, 'credit note dialog');
      await credit.getByRole('button', { name: 'Save' }).click();
      await credit.waitFor({ state: 'detached' });
      await match.getByText('Released by credit note').first().waitFor();
      await match.getByRole('button', { name: 'Close' }).click();
      await match.waitFor({ state: 'detached' });
      await held.waitFor({ state: 'detached' });

      // Now schedulable: the dialog offers exactly what is outstanding.
      await row.getByText('Released by credit note').waitFor();
      await row.getByRole('button', { name: 'Schedule payment' }).click();
      const schedule = page.getByRole('dialog', { name: 'Schedule a payment' });
      await schedule.getByText(new RegExp(`DC-${STAMP} · Outstanding: .*3,289,500\\.00`)).waitFor();
      await expectAccessible(page, 'schedule payment dialog');
      await schedule.getByRole('button', { name: 'Schedule payment' }).click();
      await schedule.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: new RegExp(`DC-${STAMP}.*Waiting for approval`) }).waitFor();
      await screenshot(page, 'money-match-scheduled');
    } finally {
      await context.close();
    }
  });
};
