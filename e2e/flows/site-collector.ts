/**
 * Issue 34 item 4 in the browser: a collection point's site phone records stock at its own site, offline too. A business
 * of its own: the owner makes a project with a site, a collection point for the site and stock there (API set-up); the
 * site collector signs in on a phone (390 × 844) with the point's code, goes offline, records use of cement, sees it
 * waiting on the phone, comes back online and sees it sent and the stock lowered; a use beyond the stock is shown as
 * refused with the server's reason and can be discarded. Axe (every impact) on each state; nothing overflows the phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { a11yViolations, assert, screenshot, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TSiteCollectorContext = { suite: TSuite; browser: Browser; base: string };

const STAMP = Date.now();
const OWNER = { businessName: 'Eko Build Works', userName: 'Tunde Bakare', email: `tunde+${STAMP}@ekobuild.ng`, password: 'Eko-Build-Site-2026' };
const PROJECT = 'Marina Towers';
const SITE = 'Marina Towers block B';
const NUMBER = 'MT-07';
const PHONE = { width: 390, height: 844 };

const expectAccessible = async (page: Page, where: string) => {
  await page.waitForFunction(() => !document.querySelector('.MuiMenu-root, [role="listbox"], .MuiDialog-root'), undefined, { timeout: 5000 });
  const violations = await a11yViolations(page);
  assert(violations.length === 0, `${where}: accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};
const expectNoOverflow = async (page: Page, where: string) => {
  const o = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert(o.scroll <= o.inner, `${where}: nothing overflows the phone horizontally (${o.scroll} > ${o.inner})`);
};

export const registerSiteCollectorFlows = ({ suite, browser, base }: TSiteCollectorContext) => {
  const state = { token: '', dataCode: '', employeeCode: '', cementId: '', phone: null as { context: BrowserContext; page: Page } | null };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method, headers: { ...(state.token ? { Authorization: `Bearer ${state.token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any; token?: string };
  };
  const phone = () => state.phone!.page;
  const cementQuantity = async () => (await call('GET', `/inventory/${state.cementId}`)).data.quantity as number;

  suite.test('site collector: the owner makes a site, its collection point and stock there', async () => {
    await call('POST', '/auth/register', { ...OWNER, country: 'NG' });
    const login = await call('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
    state.token = login.token!;
    const userId = JSON.parse(Buffer.from(state.token.split('.')[1]!, 'base64url').toString()).id as string;
    const project = (await call('POST', '/places', { kind: 'project', name: PROJECT })).data;
    await call('POST', '/places', { kind: 'site', name: SITE, projectId: project._id });
    const employee = (await call('POST', `/employee/create/${userId}`, { firstName: 'Chidi', lastName: 'Nwosu', email: `chidi+${STAMP}@ekobuild.ng`, employeeNumber: NUMBER })).data;
    await call('POST', `/employee/create/${userId}`, { firstName: 'Halima', lastName: 'Yusuf', email: `halima+${STAMP}@ekobuild.ng`, employeeNumber: 'MT-08' });
    const point = (await call('POST', '/auth/dcollector', { employeeNumber: NUMBER, employeeName: 'Chidi Nwosu', tagName: SITE, userEmail: OWNER.email, dept: 'default' })).data;
    const cement = (await call('POST', '/inventory/create', { tagName: SITE, name: 'Cement', unit: 'bags', quantity: 50, unitCost: '5000' })).data;
    await call('POST', '/inventory/create', { tagName: SITE, name: 'Sharp sand', unit: 'tonnes', quantity: 12, unitCost: '18000' });
    Object.assign(state, { dataCode: point.dataCode, employeeCode: employee.employeeUniqueCode, cementId: cement._id });
  });

  suite.test('site collector: signs in on a phone with the point code and sees the stock at the site', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: PHONE, locale: 'en-GB', timezoneId: 'Africa/Lagos', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(waitMs(20_000));
    state.phone = { context, page };
    await page.goto('/portal');
    await page.getByRole('tab', { name: 'Collection point' }).click();
    await page.getByRole('textbox', { name: 'Data code' }).fill(state.dataCode);
    await page.getByRole('textbox', { name: 'Employee code' }).fill(state.employeeCode);
    await page.getByRole('button', { name: 'Open the collection point' }).click();
    const site = page.getByTestId('site-stock');
    await site.getByRole('heading', { name: `Stock at ${SITE}` }).waitFor();
    await site.getByTestId('site-stock-item').filter({ hasText: 'Cement' }).getByText('50 bags in stock').waitFor();
    await site.getByTestId('site-stock-item').filter({ hasText: 'Sharp sand' }).getByText('12 tonnes in stock').waitFor();
    await expectAccessible(page, 'site phone: stock');
    await expectNoOverflow(page, 'site phone: stock');
    await screenshot(page, 'site-collector-stock-390');
  });

  suite.test('site collector: use recorded offline waits on the phone, then is sent and lowers the stock', async () => {
    const page = phone();
    const site = page.getByTestId('site-stock');
    await state.phone!.context.setOffline(true);
    await site.getByTestId('site-stock-offline').waitFor();
    await site.getByRole('button', { name: 'Use Cement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use Cement' });
    // The point's own employee is chosen; the site's staff can be picked instead.
    const picker = dialog.getByRole('combobox', { name: 'Done by' });
    assert((await picker.inputValue()) === `Chidi Nwosu (${NUMBER})`, `the point's own employee is the default (${await picker.inputValue()})`);
    await dialog.getByLabel('Quantity (bags)').fill('4');
    await dialog.getByLabel('Note (what for)').fill('Column bases, grid C');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const waiting = site.getByTestId('site-stock-waiting');
    await waiting.filter({ hasText: 'Use 4 bags of Cement by Chidi Nwosu' }).waitFor();
    await site.getByTestId('site-stock-item').filter({ hasText: 'Cement' }).getByText('50 bags in stock').waitFor();
    await expectAccessible(page, 'site phone: offline, one entry waiting');
    await expectNoOverflow(page, 'site phone: offline');
    await screenshot(page, 'site-collector-offline-390');
    assert((await cementQuantity()) === 50, 'nothing reached the server while the phone was offline');

    await state.phone!.context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await site.getByTestId('site-stock-item').filter({ hasText: 'Cement' }).getByText('46 bags in stock').waitFor();
    assert((await cementQuantity()) === 46, 'the server holds 46 bags after the sync');
    const log = (await call('GET', `/inventory/logs/${encodeURIComponent(OWNER.email)}/${encodeURIComponent(SITE)}?kind=usedstock`)).data as Array<{ quantity: number; employeeNumber: string; purpose: string; recordedBy: string }>;
    assert(log.length === 1 && log[0]!.quantity === 4 && log[0]!.employeeNumber === NUMBER && log[0]!.purpose === 'Column bases, grid C' && log[0]!.recordedBy === 'collector',
      `the log holds one use of 4 bags by ${NUMBER} from the collection point (${JSON.stringify(log)})`);
    await expectAccessible(page, 'site phone: synced');
  });

  suite.test('site collector: a use beyond the stock is shown as refused with the quantity available, and can be discarded', async () => {
    const page = phone();
    const site = page.getByTestId('site-stock');
    await site.getByRole('button', { name: 'Use Cement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use Cement' });
    await dialog.getByRole('combobox', { name: 'Done by' }).click();
    await page.getByRole('option', { name: 'Halima Yusuf (MT-08)' }).click();
    await dialog.getByLabel('Quantity (bags)').fill('60');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const refused = site.getByTestId('site-stock-refused');
    await refused.filter({ hasText: 'Use 60 bags of Cement by Halima Yusuf' }).filter({ hasText: 'Not enough Cement in stock: 46 bags available, 60 asked for' }).waitFor();
    assert((await cementQuantity()) === 46, 'the refused use moved nothing');
    await expectAccessible(page, 'site phone: refused entry');
    await expectNoOverflow(page, 'site phone: refused entry');
    await screenshot(page, 'site-collector-refused-390');
    await refused.getByRole('button', { name: 'Discard' }).click();
    await refused.waitFor({ state: 'detached' });
    await state.phone!.context.close();
    state.phone = null;
  });
};
