/**
 * Browser flows against the built app served by the real API server (Debian's chromium via playwright-core).
 * Needs `npm run build -w apps/web` first. Prints "N passed, M failed" and exits non-zero on any failure.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type TServer } from './lib/server.ts';
import { assert, createSuite, screenshot, seriousA11yViolations } from './lib/harness.ts';
import { registerPeopleFlows } from './flows/people.ts';
import { registerProcurementFlows } from './flows/procurement.ts';
import { registerTimeFlows } from './flows/time.ts';
import { registerAppraisalFlows } from './flows/appraisal.ts';

const ROOT = join(import.meta.dirname, '..');
const OWNER = { businessName: 'Adebayo Foods Ltd', userName: 'Amaka Adebayo', email: `amaka+${Date.now()}@adebayofoods.ng`, password: 'Harmattan-2026' };
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
const CRASH_TEXT = 'Something went wrong. Please try again later.';

/** The ten side-navigation entries of spec 01 §2 (English titles). */
const NAV = [
  ['Dashboard', '/'],
  ['Human resources', '/employee'],
  ['Procurement', '/products'],
  ['Accounts', '/salary'],
  ['IMS', '/inventory'],
  ['Settings', '/user'],
  ['Approvals', '/approval'],
  ['Projects', '/projects/default'],
  ['Management', '/management'],
  ['Energy tracker', '/tracker'],
] as const;

/** Every route of spec 01 §2 with sample parameters, and where a signed-in owner should end up. */
const specRoutes = (email: string): [string, string][] => {
  const main = [
    '/', '/user', '/notAuthorize', '/wages', '/approval', '/products', '/blog', '/tracker', '/collection/default', '/management',
    '/procurement-summary', '/management-project-summary/default', '/employee-summary', '/pay-summary', '/employee', '/salary',
    `/attendance/${encodeURIComponent(email)}`, '/inventory', '/manage-po', '/invoices', '/projects/default', '/schedule', '/leave/Main',
    '/standing-po', '/manage-client', `/inventory/${encodeURIComponent(email)}/site-a`, '/new-employee', '/inventory-records', '/employee-detail',
    '/employee-update/4b9c6a52-2f7e-4d8a-9a51-0c0f4c1f0a11', '/material-requisition', '/fleet-requisition', '/energy-movement', '/tax-filling',
    '/appraisal-config', '/department-view/Main/Operations', '/profile',
  ].map((path): [string, string] => [path, path]);
  const outside: [string, string][] = [
    ['/login', '/'], ['/register', '/'], ['/index.html', '/'], ['/forgotpassword', '/forgotpassword'],
    ['/resetpassword/4b9c6a52-2f7e-4d8a-9a51-0c0f4c1f0a11/not-a-real-token', '/resetpassword/4b9c6a52-2f7e-4d8a-9a51-0c0f4c1f0a11/not-a-real-token'],
    ['/confirm-email/not-a-real-code', '/confirm-email/not-a-real-code'], ['/training-modules', '/training-modules'], ['/appraisal/sample-token', '/appraisal/sample-token'],
    ['/create-quote/contract-1', '/create-quote/contract-1'], ['/portal', '/portal'], ['/home', '/home'], ['/terms', '/terms'], ['/privacy', '/privacy'],
    ['/payroll/4b9c6a52-2f7e-4d8a-9a51-0c0f4c1f0a11', '/payroll/4b9c6a52-2f7e-4d8a-9a51-0c0f4c1f0a11'],
  ];
  const tutorials = [
    '/human-resource/hr-management', '/human-resource/performance', '/human-resource/media', '/human-resource/tracker', '/procurement/purchase-orders',
    '/procurement/procurement-data', '/procurement/supplier-management', '/procurement/inventory-management', '/account/payroll',
    '/account/receivable-payable', '/account/report',
  ].map((path): [string, string] => [path, path]);
  return [...main, ...outside, ...tutorials];
};

const main = async () => {
  if (!process.env.E2E_BASE_URL && !existsSync(join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  let server: TServer | null = null;
  let browser: Browser | null = null;
  let result = { passed: 0, failed: 1 };
  try {
    // E2E_BASE_URL runs the flows against an already running deployment instead of starting the server.
    const external = process.env.E2E_BASE_URL?.replace(/\/$/, '');
    if (!external) server = await startServer(ROOT);
    const base = external ?? server!.baseUrl;
    console.log(`server at ${base}`);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const context: BrowserContext = await browser.newContext({ baseURL: base, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const token = () => page.evaluate(() => localStorage.getItem('jwtToken'));
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: { Authorization: `Bearer ${await token()}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      assert(res.ok, `${method} ${url} answered ${res.status}: ${text}`);
      return JSON.parse(text) as { data: unknown };
    };
    const expectNoA11yProblems = async (where: string) => {
      const violations = await seriousA11yViolations(page);
      assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
    };
    const expectHealthyScreen = async (where: string) => {
      await page.locator('h1').first().waitFor({ state: 'visible' });
      assert((await page.getByTestId('not-found').count()) === 0, `${where} shows the 404 page`);
      assert((await page.getByText(CRASH_TEXT).count()) === 0, `${where} crashed`);
      assert((await page.getByText('Unexpected Application Error!').count()) === 0, `${where} shows the error page`);
    };

    const suite = createSuite();

    suite.test('a visitor at / is sent to /home', async () => {
      await page.goto('/');
      await page.waitForURL('**/home');
      await page.getByRole('heading', { level: 1 }).waitFor();
    });

    suite.test('register a business, landing on /home', async () => {
      await page.goto('/register');
      await page.getByLabel('Business name').fill(OWNER.businessName);
      await page.getByLabel('Your name').fill(OWNER.userName);
      await page.getByLabel('E-mail address').fill(OWNER.email);
      await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await page.getByLabel('Country').selectOption('NG');
      await expectNoA11yProblems('register');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/home');
      await page.getByRole('status').filter({ hasText: /Registration successful|registered/i }).first().waitFor();
    });

    suite.test('login screen: accessible, screenshots, server message on a wrong password', async () => {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in to Bizdesk' }).waitFor();
      await expectNoA11yProblems('login');
      await screenshot(page, 'login-1280x800');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'login-390x844');
      await page.setViewportSize(DESKTOP);
      await page.getByLabel('E-mail address').fill(OWNER.email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: /not correct/ }).waitFor();
    });

    const streamOpened = page.waitForResponse((res) => res.url().endsWith('/api/v1/notification/stream') && res.status() === 200, { timeout: 60_000 });

    suite.test('login lands on the dashboard with real figures', async () => {
      await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: /Amaka/ }).waitFor();
      assert((await token())?.split('.').length === 3, 'the token is stored under jwtToken');
      await page.getByTestId('dashboard-stats').getByText('Team members').waitFor();
      await page.getByTestId('topbar-name').getByText(OWNER.businessName).waitFor();
    });

    suite.test('a notification created through the API appears in the bell without reload', async () => {
      await streamOpened;
      const badge = page.getByTestId('notifications-badge').locator('.MuiBadge-badge');
      const before = Number((await badge.textContent())?.trim() || '0');
      await api('POST', '/notification/create', { category: 'Announcements', actionType: 'Payroll calendar', message: 'March payroll closes on the 25th.' });
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="notifications-badge"] .MuiBadge-badge')?.textContent?.trim() || '0') === n + 1, before, { timeout: 15_000 });
      await page.getByTestId('notifications-bell').click();
      const panel = page.getByTestId('notifications-panel');
      await panel.getByText('Payroll calendar').waitFor();
      await panel.getByText('New', { exact: true }).waitFor();
      await panel.getByRole('button', { name: 'Mark all as read' }).click();
      await panel.getByText('You have 0 unread messages').waitFor();
      await page.keyboard.press('Escape');
    });

    suite.test('settings: add a user, change roles, delete with confirmation; add a department', async () => {
      await page.goto('/user');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.getByTestId('add-user').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Chidi Okafor');
      await dialog.getByLabel('E-mail address').fill(`chidi+${Date.now()}@adebayofoods.ng`);
      await dialog.getByLabel('Password').fill('Lagos-Office-9');
      await dialog.getByRole('checkbox', { name: /Human resources/ }).check();
      await dialog.getByRole('button', { name: 'Create user' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: 'Chidi Okafor' });
      await row.waitFor();
      await row.getByRole('menuitem', { name: 'Change roles' }).or(row.getByRole('button', { name: 'Change roles' })).first().click();
      await page.getByRole('dialog').getByRole('checkbox', { name: /Accounts/ }).check();
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await row.getByText('Accounts').waitFor();
      await row.getByRole('menuitem', { name: 'Delete user' }).or(row.getByRole('button', { name: 'Delete user' })).first().click();
      await page.getByRole('dialog').getByText('Delete Chidi Okafor?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
      await row.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Departments' }).click();
      await page.getByRole('button', { name: 'Add departments' }).click();
      await page.getByRole('dialog').getByLabel('Department name').fill('Operations');
      await page.getByRole('dialog').getByRole('button', { name: 'Create departments' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: 'Operations' }).waitFor();
    });

    suite.test('dashboard: accessible, screenshots at 1280×800 and 390×844', async () => {
      await api('POST', '/notification/create', { category: 'HR', actionType: 'New department', message: 'Operations was added.' });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Amaka/ }).waitFor();
      await page.getByText('Activity this week').waitFor();
      await page.waitForTimeout(600);
      await expectNoA11yProblems('dashboard');
      await screenshot(page, 'dashboard-1280x800');
      await page.setViewportSize(MOBILE);
      await page.waitForTimeout(400);
      await screenshot(page, 'dashboard-390x844');
      await page.setViewportSize(DESKTOP);
    });

    suite.test('every side-navigation entry is reachable and highlighted', async () => {
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      for (const [title, target] of NAV) {
        await nav.getByRole('link', { name: title, exact: true }).click();
        await page.waitForURL((url) => url.pathname === target);
        // The highlight follows the router's commit, which can land a frame after the address changes.
        await nav.locator('[aria-current="page"]', { hasText: title }).waitFor({ timeout: 5000 }).catch(async () => {
          throw new Error(`${title} is highlighted (got ${await nav.locator('[aria-current="page"]').textContent()})`);
        });
        await expectHealthyScreen(title);
      }
    });

    suite.test('the language menu switches the visible texts', async () => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Human resources' }).waitFor();
      await page.getByTestId('language-button').click();
      await page.getByTestId('language-de').click();
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Personal' }).waitFor();
      await page.getByRole('heading', { level: 1, name: /Guten (Morgen|Tag|Abend)/ }).waitFor();
      assert((await page.locator('html').getAttribute('lang')) === 'de', 'html lang is de');
      await page.getByTestId('language-button').click();
      await page.getByTestId('language-fr').click();
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Ressources humaines' }).waitFor();
      await page.getByTestId('language-button').click();
      await page.getByTestId('language-en').click();
      await nav.getByRole('link', { name: 'Human resources' }).waitFor();
    });

    suite.test('the logo popover uploads a new logo (images only, Send File disabled until chosen)', async () => {
      await page.getByTestId('nav-logo').click();
      const popover = page.getByRole('dialog', { name: 'Upload New Profile Picture' });
      await popover.waitFor();
      const send = popover.getByRole('button', { name: 'Send File' });
      assert(await send.isDisabled(), 'Send File is disabled before a file is chosen');
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mNk+M9QzwAEjDAGNzYAAHvBBQH0xe4PAAAAAElFTkSuQmCC', 'base64');
      await popover.getByTestId('logo-file-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      assert(await send.isEnabled(), 'Send File is enabled once an image is chosen');
      await send.click();
      await popover.waitFor({ state: 'detached' });
      await page.getByRole('img', { name: `Logo of ${OWNER.businessName}` }).first().waitFor();
    });

    suite.test('every route of spec 01 §2 renders without the 404 page or a crash', async () => {
      for (const [url, expected] of specRoutes(OWNER.email)) {
        await page.goto(url);
        await page.waitForURL((u) => u.pathname === expected || decodeURIComponent(u.pathname) === decodeURIComponent(expected), { timeout: 15_000 });
        await expectHealthyScreen(url);
      }
      await page.goto('/404');
      await page.getByTestId('not-found').waitFor();
      await page.goto('/no/such/page');
      await page.getByTestId('not-found').waitFor();
      assert(pageErrors.length === 0, `uncaught page errors: ${pageErrors.join(' | ')}`);
    });

    suite.test('on a small screen the navigation is a drawer that closes on every path change', async () => {
      await page.setViewportSize(MOBILE);
      await page.goto('/');
      await page.getByTestId('nav-open').click();
      const drawer = page.getByTestId('nav-drawer');
      await drawer.getByRole('link', { name: 'Approvals' }).click();
      await page.waitForURL('**/approval');
      await drawer.getByRole('link', { name: 'Approvals' }).waitFor({ state: 'hidden' });
      await page.setViewportSize(DESKTOP);
    });

    registerPeopleFlows({ suite, page, browser, base, viewport: DESKTOP, ownerEmail: OWNER.email });
    registerProcurementFlows({ suite, page, browser, base, ownerEmail: OWNER.email });
    registerTimeFlows({ suite, page, browser, base, viewport: DESKTOP, ownerEmail: OWNER.email });
    registerAppraisalFlows({ suite, page, browser, base, ownerEmail: OWNER.email });

    suite.test('logout signs out and lands on /home', async () => {
      await page.goto('/');
      await page.getByTestId('logout-button').click();
      await page.waitForURL('**/home');
      assert((await token()) === null, 'the token is removed');
      await page.goto('/');
      await page.waitForURL('**/home');
    });

    result = await suite.run(async (name) => {
      await screenshot(page, `failure-${name.replace(/\W+/g, '-').slice(0, 60)}`);
    });
    await context.close();
  } catch (error) {
    console.error(error);
    if (server) console.error(server.output().slice(-4000));
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  }
  console.log(`${result.passed} passed, ${result.failed} failed`);
  process.exit(result.failed ? 1 : 0);
};

void main();
