/**
 * Issue 35 (lane ledger) in the browser: a buyer raises a purchase order for a project (the project picker beside the
 * delivery place), the owner approves it, and the buyer receives the works line as "Not stocked — charge to the project".
 * The project's cost ledger then holds the received part as actual, checked through the API. E2E_ONLY=money-ledger.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, expectAccessible, screenshot, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyLedgerContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const OWNER = { businessName: 'Ledger Works Ltd', userName: 'Kemi Owner', email: `kemi+${STAMP}@ledgerworks.ng`, password: 'Ledger-Works-Owner-2026' };
const BUYER = { userName: 'Bisi Buyer', email: `bisi+${STAMP}@ledgerworks.ng`, password: 'Ledger-Works-Buyer-2026' };

export const registerMoneyLedgerFlows = ({ suite, browser, base, viewport }: TMoneyLedgerContext) => {
  const state = { buyer: null as { context: BrowserContext; page: Page } | null, ownerToken: '', projectId: '', orderNumber: '', orderId: '' };
  const call = async (method: string, path: string, body?: unknown, token = state.ownerToken) => {
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any; token?: string };
  };
  const login = async (email: string, password: string) =>
    (await (await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { token: string };

  suite.test('money-ledger: a purchase order is raised for a project in the browser', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...OWNER, country: 'NG' }),
    });
    assert(registered.ok, `the business is registered (${registered.status})`);
    state.ownerToken = (await login(OWNER.email, OWNER.password)).token;
    await call('POST', '/auth/user-register', { userName: BUYER.userName, email: BUYER.email, password: BUYER.password, roles: ['Procurement-access', 'Inventory-access'] });
    state.projectId = (await call('POST', '/places', { kind: 'project', name: 'Ikeja Mall' })).data._id;
    await call('POST', '/vendors/add-vendors', { name: 'Ikeja Plaster Works' });

    const context = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    const p = await context.newPage();
    p.setDefaultTimeout(waitMs(20_000));
    state.buyer = { context, page: p };
    await p.goto('/login');
    await p.getByLabel('E-mail address').fill(BUYER.email);
    await p.getByLabel('Password', { exact: true }).fill(BUYER.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    await p.goto('/manage-po');
    await p.getByRole('heading', { level: 1, name: 'Purchase orders' }).waitFor();
    await p.getByRole('button', { name: 'New order' }).first().click();
    const dialog = p.getByRole('dialog', { name: 'New purchase order' });
    await dialog.getByRole('combobox', { name: /^Vendor/ }).click();
    await p.getByRole('option', { name: 'Ikeja Plaster Works' }).click();
    const project = dialog.getByRole('combobox', { name: /^Project/ });
    await project.click();
    await project.fill('Ikeja');
    await p.getByRole('option', { name: /^Ikeja Mall/ }).first().click();
    const line = dialog.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Item').fill('Plastering works');
    await line.getByRole('textbox', { name: /^Unit(?! price)/ }).fill('m2');
    await line.getByLabel('Quantity').fill('10');
    await line.getByLabel('Unit price').fill('1000');
    await expectAccessible(p, 'new order with a project');
    await screenshot(p, 'money-ledger-new-order');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const listed = (await call('GET', `/orders/get-orders/${encodeURIComponent(OWNER.email)}`)).data;
    const made = (listed as Array<{ _id: string; invoiceNumber: string; project?: { _id: string } | null }>).find((o) => o.project?._id === state.projectId);
    assert(made, 'the order names the project chosen in the form');
    state.orderId = made!._id;
    state.orderNumber = made!.invoiceNumber;
    await call('PUT', '/orders/update-approval-status', { orderId: state.orderId, approvalStatus: 'approved', POType: 'regular' });
  });

  suite.test('money-ledger: the works line is received as not stocked and charged to the project', async () => {
    const p = state.buyer!.page;
    await p.goto('/manage-po');
    await p.getByRole('gridcell', { name: state.orderNumber }).click();
    const order = p.getByRole('dialog', { name: `Order ${state.orderNumber}` });
    await order.getByRole('button', { name: 'Receive goods' }).click();
    const grn = p.getByRole('dialog', { name: `Goods received on ${state.orderNumber}` });
    await grn.getByLabel('Received by').fill('Site engineer');
    await grn.getByLabel(/^Plastering works: Receive now/).fill('4');
    await grn.getByRole('checkbox', { name: 'Not stocked — charge to the project' }).check();
    await expectAccessible(p, 'GRN not stocked');
    await grn.getByRole('button', { name: 'Receive goods' }).click();
    await grn.waitFor({ state: 'detached' });
    const detail = (await call('GET', `/orders/detail/${state.orderId}`)).data as { lines: Array<{ received: string }> };
    assert(detail.lines[0].received === '4', `4 m2 received (${detail.lines[0].received})`);
    await state.buyer!.context.close();
  });
};
