/**
 * Issue 34 in the browser, as the storekeeper: a business of its own with a Central store and a site; the storekeeper
 * (Inventory and Procurement access) has an employee record with the same e-mail. The storekeeper adds an item at the
 * Central store, receives more of it with the default "Received by" (their own employee), receives an order's goods
 * into the site the order names as its delivery place, and reads the log naming the user and the employee. The log and
 * the receive dialog again on a phone (390 × 844, no horizontal overflow). Axe on each screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, expectAccessible, expectNoOverflow, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TStoresContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const DOMAIN = 'lekkibuild.ng';
const OWNER = { businessName: 'Lekki Build Co', userName: 'Tunde Bakare', email: `tunde+${STAMP}@${DOMAIN}`, password: 'Lekki-Build-Owner-2026' };
const KEEPER = { userName: 'Musa Storekeeper', email: `musa.store+${STAMP}@${DOMAIN}`, password: 'Lekki-Store-Keeper-2026' };
const PHONE = { width: 390, height: 844 };


export const registerStoresFlows = ({ suite, browser, base, viewport }: TStoresContext) => {
  const state = { keeper: null as { context: BrowserContext; page: Page } | null, ownerToken: '', employee: '', orderNumber: '' };
  const page = () => state.keeper!.page;
  const call = async (method: string, path: string, body?: unknown, token = state.ownerToken) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any; token?: string };
  };
  const signIn = async (context: BrowserContext) => {
    const p = await context.newPage();
    p.setDefaultTimeout(waitMs(20_000));
    await p.goto('/login');
    await p.getByLabel('E-mail address').fill(KEEPER.email);
    await p.getByLabel('Password', { exact: true }).fill(KEEPER.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    return p;
  };
  const pick = async (scope: ReturnType<Page['getByRole']>, label: string | RegExp, option: string) => {
    const box = scope.getByRole('combobox', { name: label });
    await box.click();
    await box.fill(option.slice(0, 5));
    await page().getByRole('option', { name: new RegExp(`^${option}`) }).first().click();
  };

  suite.test('stores: the storekeeper adds an item at the Central store and receives it as their own employee', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' }),
    });
    const text = await registered.text();
    assert(registered.ok, `the business is registered (${registered.status} ${text})`);
    const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: OWNER.email, password: OWNER.password }) });
    const session = await login.json() as { token: string; data: { _id: string } };
    state.ownerToken = session.token;
    // Set-up through the API: the storekeeper's account and employee record, the places, an approved order for the site.
    await call('POST', '/auth/user-register', { userName: KEEPER.userName, email: KEEPER.email, password: KEEPER.password, roles: ['Inventory-access', 'Procurement-access'] });
    const musa = (await call('POST', `/employee/create/${session.data._id}`, { firstName: 'Musa', lastName: 'Bello', email: KEEPER.email })).data;
    state.employee = `Musa Bello (${musa.employeeNumber})`;
    await call('POST', '/places', { kind: 'store', name: 'Central store' });
    const project = (await call('POST', '/places', { kind: 'project', name: 'Lekki Phase 2' })).data;
    const site = (await call('POST', '/places', { kind: 'site', name: 'Lekki block A', projectId: project._id })).data;
    const vendor = (await call('POST', '/vendors/add-vendors', { name: 'Lagos Blocks Ltd' })).data[0];
    // The storekeeper raises the order (nobody approves their own); the owner approves it.
    const keeperLogin = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: KEEPER.email, password: KEEPER.password }) });
    const keeperToken = (await keeperLogin.json() as { token: string }).token;
    const [order] = (await call('POST', '/orders/add-orders', { vendorId: vendor._id, deliveryPlaceId: site._id, lines: [{ item: 'Blocks 9in', unit: 'blocks', quantity: 500, unitPrice: '450' }] }, keeperToken)).data;
    state.orderNumber = order.invoiceNumber;
    if (order.approvalStatus !== 'approved') await call('PUT', '/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' });

    const context = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    state.keeper = { context, page: await signIn(context) };
    const p = page();
    await p.goto('/inventory');
    await p.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await p.getByRole('button', { name: 'Add item' }).first().click();
    const add = p.getByRole('dialog', { name: 'Add an inventory item' });
    await add.getByLabel('Item name').fill('Paint 20L');
    await pick(add, /^Location/, 'Central store');
    await add.getByLabel('Unit of measure').fill('buckets');
    await add.getByLabel('Opening quantity').fill('10');
    await add.getByLabel('Cost per unit').fill('20000');
    await expectAccessible(p, 'add item');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'detached' });
    const row = p.getByRole('row', { name: /Paint 20L/ }).first();
    await row.waitFor();
    await row.getByRole('button', { name: 'Receive' }).click();
    const receive = p.getByRole('dialog', { name: 'Receive Paint 20L' });
    const receivedBy = receive.getByRole('combobox', { name: /^Received by/ });
    await p.waitForFunction(([want]) => [...document.querySelectorAll('input')].some((i) => i.value === want), [state.employee]);
    assert(await receivedBy.inputValue() === state.employee, `"Received by" defaults to the storekeeper's own employee (${await receivedBy.inputValue()})`);
    await receive.getByRole('textbox', { name: /^Quantity/ }).fill('5');
    await expectAccessible(p, 'receive dialog');
    await screenshot(p, 'stores-receive');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await receive.waitFor({ state: 'detached' });
    await row.getByText('15').first().waitFor();
  });

  suite.test('stores: the goods of an order are received into the site it is delivered to', async () => {
    const p = page();
    await p.goto('/manage-po');
    await p.getByRole('heading', { level: 1, name: 'Purchase orders' }).waitFor();
    await p.getByRole('gridcell', { name: state.orderNumber }).click();
    const order = p.getByRole('dialog', { name: `Order ${state.orderNumber}` });
    await order.getByRole('button', { name: 'Receive goods' }).click();
    const grn = p.getByRole('dialog', { name: `Goods received on ${state.orderNumber}` });
    await grn.getByLabel('Received by').fill('Musa Storekeeper');
    await grn.getByLabel(/^Blocks 9in: Receive now/).fill('200');
    const into = grn.getByRole('combobox', { name: /^Into \(store or site\) for Blocks 9in/ });
    await p.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value.startsWith('Lekki block A')));
    assert((await into.inputValue()).startsWith('Lekki block A'), `the line goes to the order's delivery place by default (${await into.inputValue()})`);
    await expectAccessible(p, 'GRN dialog');
    await grn.getByRole('button', { name: 'Receive goods' }).click();
    await grn.waitFor({ state: 'detached' });
    await order.getByText(/Blocks 9in 200 → Lekki block A/).waitFor();
    await expectAccessible(p, 'order detail');
  });

  suite.test('stores: the log names the user who recorded each movement and the employee who received it', async () => {
    const p = page();
    await p.goto('/inventory-records');
    await p.getByRole('heading', { level: 1, name: 'Inventory records' }).waitFor();
    const paint = p.getByRole('row', { name: new RegExp(`Paint 20L.*${KEEPER.userName}.*Musa Bello`) }).first();
    await paint.waitFor();
    const blocks = p.getByRole('row', { name: /Blocks 9in/ }).first();
    await blocks.waitFor();
    const text = (await blocks.textContent()) ?? '';
    assert(text.includes('Lekki block A') && text.includes(`${state.orderNumber} · GRN`) && !/GRN [0-9a-f]{8}-/.test(text),
      `the receipt is logged at the site with the order number, not the GRN's id (${text})`);
    await expectAccessible(p, '/inventory-records');
    await screenshot(p, 'stores-log');
  });

  suite.test('stores: on a phone the log and the receive dialog fit and stay accessible', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: PHONE, locale: 'en-GB', timezoneId: 'Africa/Lagos', isMobile: true, hasTouch: true });
    try {
      const p = await signIn(context);
      await p.goto('/inventory-records');
      await p.getByRole('heading', { level: 1, name: 'Inventory records' }).waitFor();
      await p.getByText('Paint 20L').first().waitFor();
      await expectNoOverflow(p, 'phone /inventory-records');
      await expectAccessible(p, 'phone /inventory-records');
      await p.goto('/inventory');
      await p.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
      await p.getByRole('button', { name: 'Receive' }).first().click();
      const receive = p.getByRole('dialog', { name: /^Receive / });
      await receive.getByRole('combobox', { name: /^Received by/ }).waitFor();
      await expectNoOverflow(p, 'phone receive dialog');
      await expectAccessible(p, 'phone receive dialog');
      await screenshot(p, 'stores-receive-phone');
    } finally {
      await context.close();
    }
  });

  suite.test('stores: close the storekeeper\'s browser', async () => {
    await state.keeper?.context.close();
  });
};
