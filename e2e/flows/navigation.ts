/**
 * Issue 30 in the browser: from the dashboard, by clicking only, every main-layout screen of spec 01 §2 within two
 * clicks of the navigation (the phone's menu button opening the drawer before them), at 1366×800 and at 390×844,
 * signed in as the owner; axe is clean on every screen visited. The click path of each screen is printed.
 * /notAuthorize is left out: it is where a locked screen sends a user, and the owner has none locked.
 */
import type { Locator, Page } from 'playwright-core';
import { a11yViolations, assert } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
type TNavContext = { suite: TSuite; page: Page; base: string; ownerEmail: string };

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const STAMP = Date.now().toString(36);
const DEPARTMENT = `Logistics ${STAMP}`;
const TAG = `nav-site-${STAMP}`;
const CRASH_TEXT = 'Something went wrong. Please try again later.';

/** The areas (English titles), their paths and their screens' titles and paths; `{owner}` is the owner's e-mail. */
const AREAS: readonly (readonly [string, string, readonly (readonly [string, string])[]])[] = [
  ['Dashboard', '/', [['Overview', '/'], ['News and announcements', '/blog']]],
  ['Human resources', '/employee', [
    ['Employees', '/employee'], ['New employee', '/new-employee'], ['Employee summary', '/employee-summary'], ['Attendance', '/attendance/{owner}'],
    ['Leave', '/leave/all'], ['Complaints', '/complaints'], ['Leave schedule', '/schedule'], ['Appraisals', '/appraisal-config'],
  ]],
  ['Procurement', '/products', [
    ['Vendors and products', '/products'], ['Purchase orders', '/manage-po'], ['Standing orders', '/standing-po'], ['Material requisitions', '/material-requisition'], ['Purchase requests', '/purchase-requests'],
    ['Fleet requisitions', '/fleet-requisition'], ['Clients', '/manage-client'], ['Procurement summary', '/procurement-summary'],
  ]],
  ['Accounts', '/salary', [
    ['Salary and payroll runs', '/salary'], ['Wages and pay settings', '/wages'], ['Pay structures', '/pay-structures'], ['Pay summary', '/pay-summary'], ['Tax filing', '/tax-filling'], ['Remittances', '/remittances'], ['Invoices', '/invoices'],
  ]],
  ['IMS', '/inventory', [['Stock', '/inventory'], ['Inventory records', '/inventory-records'], ['Transfers', '/inventory-transfers'], ['Stock counts', '/inventory-counts']]],
  ['Settings', '/user', [['Users and departments', '/user'], ['Places', '/places'], ['My profile', '/profile']]],
  ['Approvals', '/approval', []],
  ['Projects', '/projects/default', [['Project costs', '/projects/default'], ['Collection points', '/collection/default']]],
  ['Management', '/management', [['Business overview', '/management'], ['Project summary', '/management-project-summary/default']]],
  ['Energy tracker', '/tracker', [['Energy use', '/tracker'], ['Energy movement', '/energy-movement']]],
];

/** Screens reached from a listed one: area, how to find the link there, and the path pattern it opens. */
/** A list's rows: a grid at desktop widths, a table of cards on a phone (DataTable). */
const rowsOf = (main: Locator) => main.getByRole('grid').or(main.getByRole('table'));

const REACHED: readonly { area: string; what: string; find: (main: Locator) => Locator; path: RegExp }[] = [
  { area: 'Human resources', what: "an employee's name", find: (main) => rowsOf(main).getByRole('link').filter({ hasNotText: DEPARTMENT }).first(), path: /^\/employee-detail$/ },
  { area: 'Human resources', what: 'Edit employee', find: (main) => rowsOf(main).getByRole('menuitem', { name: 'Edit employee' }).or(rowsOf(main).getByRole('button', { name: 'Edit employee' })).first(), path: /^\/employee-update\/[^/]+$/ },
  { area: 'Human resources', what: `department ${DEPARTMENT}`, find: (main) => rowsOf(main).getByRole('link', { name: DEPARTMENT }).first(), path: /^\/department-view\/[^/]+\/[^/]+$/ },
  { area: 'IMS', what: `project ${TAG}`, find: (main) => main.getByRole('link', { name: TAG, exact: true }).first(), path: /^\/inventory\/[^/]+\/[^/]+$/ },
];

export const registerNavigationFlows = ({ suite, page, base, ownerEmail }: TNavContext) => {
  const token = () => page.evaluate(() => localStorage.getItem('jwtToken'));
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${url}`, { method, headers: { Authorization: `Bearer ${await token()}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert(res.ok, `${method} ${url} answered ${res.status}: ${text}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  const pathOf = () => decodeURIComponent(new URL(page.url()).pathname);
  const problems: string[] = [];
  const log: string[] = [];

  /** The screen at `expected` has rendered (a heading, no 404, no crash) and axe finds nothing on it. */
  /** The heading of the screen a click leaves: the next screen is judged once its own heading has replaced it. */
  const headingNow = async () => page.locator('main h1').first().textContent({ timeout: 1000 }).catch(() => null);
  const check = async (where: string, expected: string | RegExp, clicks: string[], leftHeading: string | null = null) => {
    await page.waitForURL((url) => {
      const path = decodeURIComponent(url.pathname);
      return typeof expected === 'string' ? path === expected : expected.test(path);
    });
    await page.locator('main h1').first().waitFor({ state: 'visible' });
    if (leftHeading) {
      // The old screen stays until the new one's code has loaded (CI once judged the employee list under /employee-detail).
      await page.waitForFunction((old) => document.querySelector('main h1')?.textContent !== old, leftHeading, { timeout: 10_000 }).catch(() => undefined);
    }
    await page.locator('.bd-progress').waitFor({ state: 'detached' }).catch(() => undefined);
    // The phone's drawer closes on the path change: judged once it is gone.
    if ((await page.getByTestId('nav-drawer').count()) > 0) await page.getByTestId('nav-drawer').waitFor({ state: 'hidden' });
    assert((await page.getByTestId('not-found').count()) === 0, `${where} shows the 404 page`);
    assert((await page.getByText(CRASH_TEXT).count()) === 0, `${where} crashed`);
    assert(clicks.length <= 2, `${where} took ${clicks.length} clicks`);
    log.push(`  ${where}: ${clicks.join(' → ')}`);
    let violations = await a11yViolations(page);
    if (violations.some((v) => v.id === 'page-has-heading-one')) {
      // A screen whose data arrives after its first paint may swap its heading for a moment (seen on the department
      // view): judged again once its heading is back, so the crawl reports the screen, not the instant it caught.
      await page.locator('main h1').first().waitFor({ state: 'visible' });
      await page.locator('.bd-progress').waitFor({ state: 'detached' }).catch(() => undefined);
      violations = await a11yViolations(page);
    }
    if (violations.length) {
      // E2E_NAV_DEBUG=1: what axe says of each small target and what covers it (found the crushed search boxes).
      const html = process.env.E2E_NAV_DEBUG
        ? await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; nodes: { html: string; any: { message: string }[]; none: { message: string }[] }[] }[] }> } }).axe;
            const r = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values: ['target-size', 'link-in-text-block'] } });
            const overs = [function (html: string) {
              const id = / id="([^"]+)"/.exec(html)?.[1];
              const el = id ? document.getElementById(id) : null;
              if (!el) return '';
              const b = el.getBoundingClientRect();
              const seen = new Set<string>();
              for (let x = b.left + 2; x < b.right; x += 8) for (const y of [b.top + 2, b.top + b.height / 2, b.bottom - 2]) {
                const top = document.elementFromPoint(x, y);
                if (top && top !== el) seen.add(`${top.tagName}.${top.className} @${Math.round(x)},${Math.round(y)}`.slice(0, 160));
              }
              return ` rect=${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}x${Math.round(b.height)} over: ${[...seen].slice(0, 4).join(' ; ')}`;
            }];
            return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)} :: ${[...n.any, ...n.none].map((c) => c.message).join(' | ')}${overs[0]!(n.html)}`));
          })
        : [];
      problems.push(`${where} (${pathOf()}): ${JSON.stringify(violations, null, 2)}${html.length ? `\n${html.join('\n')}` : ''}`);
    }
  };

  const crawl = async (viewport: typeof DESKTOP) => {
    const phone = viewport.width < 900;
    const size = `${viewport.width}×${viewport.height}`;
    const nav = () => page.getByRole('navigation', { name: 'Main navigation' });
    /** On a phone the drawer first (not counted: it is the navigation's place there). */
    const openNav = async () => {
      if (!phone) return;
      await page.getByTestId('nav-open').click();
      await page.getByTestId('nav-drawer').getByRole('navigation', { name: 'Main navigation' }).waitFor();
    };
    const owner = ownerEmail;
    for (const [area, areaPath, screens] of AREAS) {
      for (const [screen, pattern] of screens.length ? screens : [[area, areaPath] as const]) {
        const path = pattern.replace('{owner}', owner);
        const clicks: string[] = [];
        await openNav();
        if (phone) clicks.push('☰');
        // Desktop: the area's screens open with the area (or are open already); the drawer lists every area's.
        const list = nav().getByRole('list', { name: area, exact: true });
        if (!screens.length) {
          // A single-screen area's link may carry its count ("Approvals 2 waiting").
          await nav().getByRole('link', { name: new RegExp(`^${area}( \\d+ waiting)?$`) }).click();
          clicks.push(area);
        } else {
          if (!(await list.isVisible())) {
            await nav().getByRole('link', { name: area, exact: true }).click();
            clicks.push(area);
            await page.waitForURL((url) => decodeURIComponent(url.pathname) === areaPath);
            if (pathOf() === path) {
              await check(`${size} ${area} › ${screen}`, path, clicks.filter((c) => c !== '☰'));
              continue;
            }
          }
          const left = await headingNow();
          await list.getByRole('link', { name: screen, exact: true }).click();
          clicks.push(screen);
          await check(`${size} ${area} › ${screen}`, path, clicks.filter((c) => c !== '☰'), left);
          continue;
        }
        await check(`${size} ${area} › ${screen}`, path, clicks.filter((c) => c !== '☰'));
      }
    }
    for (const { area, what, find, path } of REACHED) {
      const areaPath = AREAS.find(([name]) => name === area)![1];
      await openNav();
      await nav().getByRole('link', { name: area, exact: true }).click();
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === areaPath);
      const link = find(page.locator('main'));
      await link.waitFor();
      await link.click();
      // The old screen's heading stays visible until the new screen's code has loaded: judged once the clicked link is gone,
      // so axe reads the screen reached, not the list left behind (CI once caught the employee list under /employee-detail).
      await link.waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
      await check(`${size} ${area} › ${what}`, path, [area, what]);
    }
  };

  suite.test('navigation: from the dashboard, by clicking only, every main-layout screen within two clicks at 1366×800 and 390×844, axe clean (issue 30)', async () => {
    // Something to open from the lists: an employee in a department, and a project holding stock.
    const form = new FormData();
    form.append('department', JSON.stringify({ name: DEPARTMENT }));
    const res = await fetch(`${base}/api/v1/auth/department/${encodeURIComponent(ownerEmail)}`, { method: 'POST', headers: { Authorization: `Bearer ${await token()}` }, body: form });
    assert(res.status === 201, `department created (${res.status})`);
    // The business holds other flows' departments too (the appraisal flow's Field and Finance): find this one by name.
    const departmentId = ((await res.json()) as { data: { _id: string; name: string }[] }).data.find((d) => d.name === DEPARTMENT)!._id;
    const userId: string = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).id);
    // Named to sort first: the list's first page must hold her however many staff earlier flows added (the appraisal flow adds 22).
    await api('POST', `/employee/create/${userId}`, { firstName: 'Abeni', lastName: `Navigator ${STAMP}`, email: `abeni.${STAMP}@adebayofoods.ng`, departmentId });
    await api('POST', '/inventory/create', { tagName: TAG, name: `Cement ${STAMP}`, unit: 'bags', quantity: 10, unitCost: '5000' });

    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    try {
      await crawl(DESKTOP);
      await page.setViewportSize(PHONE);
      await crawl(PHONE);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      console.log(`    click paths:\n${log.join('\n')}`);
      if (problems.length) console.log(`    accessibility violations:\n${problems.join('\n')}`);
    }
    assert(problems.length === 0, `accessibility violations:\n${problems.join('\n')}`);
  });
};
