/**
 * Issue 30 in the browser: a notification opens its record (a leave request, a cancelled purchase order), clicked in
 * the bell or reached by keyboard; an operations user (Procurement and Inventory only) sees the dashboard of their own
 * work, each card opening the filtered list it counts.
 */
import type { Browser, Page } from 'playwright-core';
import { assert, seriousA11yViolations, waitMs } from '../lib/harness.ts';
import { apiAs } from '../lib/api.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };

export type TNotificationLinksContext = { suite: TSuite; page: Page; browser: Browser; base: string };

const STAMP = Date.now();

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

export const registerNotificationLinkFlows = ({ suite, page, browser, base }: TNotificationLinksContext) => {
  const request = apiAs(page, base);
  const api = async (method: string, url: string, body?: unknown) => (await request(method, url, body)).data;
  /** Opens the bell and follows the newest notification whose text matches, as a person would. */
  const openFromBell = async (text: RegExp) => {
    await page.getByTestId('notifications-bell').click();
    const panel = page.getByTestId('notifications-panel');
    const link = panel.getByRole('link', { name: text }).first();
    await link.waitFor();
    await expectAccessible(page, 'the bell’s panel');
    await link.click();
    await panel.waitFor({ state: 'detached' });
  };

  suite.test('notifications open their subject: a leave request opens on the leave screen, a cancelled order in its detail', async () => {
    await page.goto('/');
    await page.getByTestId('notifications-bell').waitFor();
    const userId = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).id as string);
    const employee = await api('POST', `/employee/create/${userId}`, { firstName: 'Zainab', lastName: `Link${STAMP}`, email: `zainab.${STAMP}@adebayofoods.ng` });
    const year = new Date().getFullYear() + 1;
    const leave = await api('POST', `/employee/leave/${employee._id}`, { type: 'annual', startDate: `${year}-03-02`, endDate: `${year}-03-03`, reason: 'Family visit' });

    // The live stream brings the notice; the bell's item is a link to that request.
    // The leave's own notice (the approval engine's "asks for approval of … Zainab …" notice links to the inbox, issue 33).
    await openFromBell(new RegExp(`Zainab Link${STAMP} asked for`));
    await page.waitForURL((url) => url.pathname === '/leave/all' && url.searchParams.get('request') === leave._id);
    await page.getByTestId('leave-one-request').waitFor();
    await page.getByRole('gridcell', { name: `Zainab Link${STAMP}` }).first().waitFor();
    await expectAccessible(page, 'the leave request opened from its notification');

    // A purchase order: cancelled, its notice opens the order's detail (by keyboard this time).
    const [vendor] = await api('POST', '/vendors/add-vendors', { name: `Link Supplies ${STAMP}`, email: `sales.${STAMP}@link-supplies.example` });
    const [order] = await api('POST', '/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Link rods', unit: 'piece', quantity: 2, unitPrice: '1500' }] });
    await api('DELETE', `/orders/cancel/${order._id}`);
    await page.goto('/');
    await page.getByTestId('notifications-bell').click();
    const panel = page.getByTestId('notifications-panel');
    const link = panel.getByRole('link', { name: new RegExp(order.invoiceNumber) }).first();
    await link.waitFor();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/manage-po' && url.searchParams.get('id') === order._id);
    const detail = page.getByRole('dialog').filter({ hasText: order.invoiceNumber });
    await detail.waitFor();
    await expectAccessible(page, 'the order opened from its notification');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/manage-po' && !url.searchParams.get('id'));
  });

  suite.test('dashboard: an operations user (Procurement and Inventory only) sees operations tiles, each opening its filtered list', async () => {
    const ops = { userName: 'Ola Operations', email: `ola.ops+${STAMP}@adebayofoods.ng`, password: 'Harbour-Crane-2026' };
    await api('POST', '/auth/user-register', { ...ops, roles: ['Procurement-access', 'Inventory-access'] });
    const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: ops.email, password: ops.password }) });
    assert(login.ok, 'the operations user signs in');
    const bearer = ((await login.json()) as { token: string }).token;
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 800 }, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    await context.addInitScript((t) => localStorage.setItem('jwtToken', t), bearer);
    const p = await context.newPage();
    p.setDefaultTimeout(waitMs(15_000));
    try {
      await p.goto('/');
      const figures = p.getByTestId('module-figures');
      for (const label of ['Orders awaiting approval', 'Payments due', 'Items below reorder level', 'Trucks out']) await figures.getByText(label, { exact: true }).waitFor();
      for (const label of ['Headcount', 'Present today', 'Leave awaiting approval']) assert((await figures.getByText(label, { exact: true }).count()) === 0, `no HR tile "${label}" for an operations user`);
      await expectAccessible(p, 'the operations dashboard');
      await figures.getByRole('link', { name: /Orders awaiting approval/ }).click();
      await p.waitForURL((url) => url.pathname === '/manage-po' && url.searchParams.get('status') === 'pending');
      await p.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(p, '/manage-po filtered to pending');
      await p.goBack();
      await p.getByTestId('module-figures').getByRole('link', { name: /Items below reorder level/ }).click();
      await p.waitForURL((url) => url.pathname === '/inventory' && url.searchParams.get('stock') === 'low');
      await p.getByTestId('inventory-filtered').waitFor();
      await expectAccessible(p, '/inventory filtered to low stock');
    } finally {
      await context.close();
    }
  });
};
