/**
 * Issue 13 in the browser: configure criteria (live weight sum), launch a cycle, open the e-mailed link in a
 * browser without a session, submit scores, send to the superior and countersign, see the result on the
 * board and the employee page, and write the report ('wait while we analyse your data...' first).
 *
 * The links arrive by e-mail: this module starts a local SMTP server when it is loaded and points the
 * server under test at it (SMTP_URL), so the flow reads the real mail, as a person would.
 */
import type { Browser, Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations, waitMs } from '../lib/harness.ts';
import { received } from '../lib/mailbox.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TAppraisalContext = { suite: TSuite; page: Page; browser: Browser; base: string; ownerEmail: string };


const STAMP = Date.now();
const person = (first: string) => ({ firstName: first, lastName: 'Okafor', email: `${first.toLowerCase()}.okafor+${STAMP}@adebayofoods.ng` });
const MANAGER = person('Musa');
const DIRECTOR = person('Dayo');
const SELLER = person('Bola');
const DEPARTMENT = 'Sales';

/** The newest appraisal link mailed to an address (quoted-printable soft breaks undone). */
const linkFor = async (email: string) => {
  for (let i = 0; i < 100; i++) {
    const mail = received.filter((m) => m.to === email).at(-1);
    const link = mail?.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=').match(/https?:\/\/[^\s]+\/appraisal\/[A-Za-z0-9_-]{20,100}/)?.[0];
    if (link) return new URL(link).pathname;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no appraisal link was mailed to ${email}`);
};

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

export const registerAppraisalFlows = ({ suite, page, browser, base, ownerEmail }: TAppraisalContext) => {
  const ids: Record<string, string> = {};
  const api = async (method: string, url: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${url}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const json = await res.json();
    assert(res.ok, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  /** A browser with no staff session: what the appraiser and the superior open from their mail. */
  const openLink = async (path: string) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const linkPage = await context.newPage();
    linkPage.setDefaultTimeout(waitMs(15_000));
    await linkPage.goto(path);
    return { linkPage, close: () => context.close() };
  };

  suite.test('appraisal: set the criteria of a department with a live weight sum', async () => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const form = new FormData();
    form.append('department', JSON.stringify({ name: DEPARTMENT }));
    const res = await fetch(`${base}/api/v1/auth/department/${encodeURIComponent(ownerEmail)}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    assert(res.status === 201, `department created (${res.status})`);
    const departmentId = (await res.json()).data[0]._id;
    const userId: string = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).id);
    for (const [key, p] of [['manager', MANAGER], ['director', DIRECTOR], ['seller', SELLER]] as const) {
      ids[key] = (await api('POST', `/employee/create/${userId}`, { ...p, departmentId }))._id;
    }
    await api('PUT', '/employee/update-hierarchy', { employeeId: ids.seller, appraiser: ids.manager, superior: ids.director });

    await page.goto('/appraisal-config');
    await page.getByRole('heading', { level: 1, name: 'Appraisal settings' }).waitFor();
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: DEPARTMENT, exact: true }).click();
    await page.getByText('No criteria yet').waitFor();
    await page.getByTestId('add-criterion').click();
    await page.getByTestId('add-criterion').click();
    await page.getByTestId('criterion-name-0').fill('Sales targets');
    await page.getByTestId('criterion-weight-0').fill('60');
    await page.getByTestId('criterion-name-1').fill('Customer care');
    await page.getByTestId('criterion-weight-1').fill('30');
    await page.getByTestId('weight-sum').getByText('Weights: 90 of 100').waitFor();
    await page.getByTestId('save-criteria').click();
    await page.getByText('The weights add up to 90; they must add up to 100.').waitFor();
    await page.getByTestId('criterion-weight-1').fill('40');
    await page.getByTestId('weight-sum').getByText('Weights: 100 of 100').waitFor();
    await page.getByTestId('save-criteria').click();
    await page.getByText('Appraisal criteria saved').waitFor();
    await expectAccessible(page, 'appraisal settings');
  });

  suite.test('appraisal: launch a cycle; the appraiser scores from the e-mailed link', async () => {
    await page.getByTestId('cycle-period').fill(`2026 H2 ${STAMP}`);
    await page.getByTestId('send-appraisals').click();
    await page.getByText('Appraisal forms sent').waitFor();
    await page.getByTestId('cycle-counts').getByText('Sent: 1').waitFor();
    await page.getByTestId('board-form').getByText('Waiting for scores').waitFor();

    const path = await linkFor(MANAGER.email);
    const { linkPage, close } = await openLink(path);
    await linkPage.getByRole('heading', { level: 1, name: 'Appraisal of Bola Okafor' }).waitFor();
    await expectAccessible(linkPage, 'appraisal form');
    await screenshot(linkPage, 'appraisal-form-390x844');
    const cards = linkPage.getByTestId('score-criterion');
    await cards.nth(0).getByRole('radio', { name: '4' }).check();
    await linkPage.getByTestId('submit-appraisal').click();
    await linkPage.getByText('Score every criterion before submitting.').waitFor();
    await cards.nth(1).getByRole('radio', { name: '2' }).check();
    // 4×60 + 2×40 = 320 → 3.2
    await linkPage.getByTestId('form-total').getByText('Weighted total: 3.2 of 5').waitFor();
    await linkPage.getByTestId('submit-appraisal').click();
    await linkPage.getByTestId('appraisal-done').waitFor();
    await linkPage.goto(path);
    await linkPage.getByTestId('link-unavailable').getByText('already been used').waitFor();
    await close();
  });

  suite.test('appraisal: send to the superior, who countersigns; the board and employee page show it', async () => {
    await page.reload();
    await page.getByTestId('cycle-counts').getByText('Scored: 1').waitFor();
    await page.getByTestId('to-superior').click();
    const dialog = page.getByRole('dialog', { name: 'Send scored appraisals to a superior' });
    await dialog.getByRole('button', { name: 'Send for countersigning' }).click();
    await page.getByText('Appraisals sent to the superior for countersigning').waitFor();

    const { linkPage, close } = await openLink(await linkFor(DIRECTOR.email));
    await linkPage.getByRole('heading', { level: 1, name: 'Countersign the appraisal of Bola Okafor' }).waitFor();
    await linkPage.getByTestId('form-total').getByText('Weighted total: 3.2 of 5').waitFor();
    await linkPage.getByLabel('Your comment (optional)').fill('Agreed; coach on customer care.');
    await linkPage.getByTestId('countersign').click();
    await linkPage.getByTestId('appraisal-done').waitFor();
    await close();

    await page.reload();
    await page.getByTestId('count-countersigned').getByText('Countersigned: 1').waitFor();
    await page.goto(`/employee-detail?id=${ids.seller}`);
    const result = page.getByTestId('appraisal-result');
    await result.getByText('Countersigned by Dayo Okafor').waitFor();
    await result.getByText('3.2 of 5').waitFor();
  });

  // Issue 33: nobody has an appraiser; the upline (else the superior) appraises, a superior of another department countersigns.
  suite.test('appraisal: write the report for the unit, shown after the analysing placeholder', async () => {
    await page.goto('/appraisal-config');
    await page.getByTestId('write-report').click();
    await page.getByTestId('report-text').getByText('The strongest criterion is Sales targets').waitFor({ timeout: 30_000 });
    await page.getByTestId('report-text').getByText('The weakest criterion is Customer care').waitFor();
    await page.getByText('Written by the built-in analyst').waitFor();
    await expectAccessible(page, 'appraisal report');
    await screenshot(page, 'appraisal-config-1280x800');
  });
  suite.test('appraisal: a department of 20 with no appraisers set reaches all 20 via uplines and ends countersigned in a portal', async () => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const department = async (name: string) => {
      const form = new FormData();
      form.append('department', JSON.stringify({ name }));
      const res = await fetch(`${base}/api/v1/auth/department/${encodeURIComponent(ownerEmail)}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      assert(res.status === 201, `department ${name} created (${res.status})`);
      return (await res.json()).data.find((d: { name: string }) => d.name === name)._id as string;
    };
    const field = await department('Field');
    const finance = await department('Finance');
    const userId: string = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).id);
    const make = (first: string, last: string, departmentId: string) => api('POST', `/employee/create/${userId}`, { firstName: first, lastName: last, email: `${first.toLowerCase()}.${last.toLowerCase()}+${STAMP}@adebayofoods.ng`, departmentId });
    const lead = await make('Mariam', 'Lead', finance);
    await make('Femi', 'Controller', finance);
    const drivers: Array<{ _id: string; portalCode: string }> = [];
    for (let i = 1; i <= 20; i++) drivers.push(await make(`Driver${String(i).padStart(2, '0')}`, 'Field', field));
    // 19 report to Mariam (her downlines); the last has only a superior, Mariam too. No appraiser is set on anyone.
    await api('PUT', '/employee/update-hierarchy', { employeeId: lead._id, downlines: drivers.slice(0, 19).map((d) => d._id) });
    await api('PUT', '/employee/update-hierarchy', { employeeId: drivers[19]._id, superior: lead._id });
    await api('POST', '/employee/appraisal-config', { ownerEmail, department: field, criteria: [{ name: 'Safe driving', weight: 60 }, { name: 'On-time delivery', weight: 40 }] });

    await page.goto(`/appraisal-config?department=${field}`);
    await page.getByTestId('cycle-period').fill(`Field ${STAMP}`);
    await page.getByTestId('send-appraisals').click();
    await page.getByTestId('launch-sent').getByText('Sent for 20 employees.').waitFor();
    await page.getByTestId('cycle-counts').getByText('Sent: 20').waitFor();

    const leadEmail = `mariam.lead+${STAMP}@adebayofoods.ng`;
    const linksTo = async (email: string, count: number) => {
      for (let i = 0; i < 200; i++) {
        const all = received.filter((m) => m.to === email).flatMap((m) => [...m.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=').matchAll(/https?:\/\/[^\s]+\/appraisal\/([A-Za-z0-9_-]{20,100})/g)].map((x) => x[1]));
        if (all.length >= count) return all;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`fewer than ${count} appraisal links were mailed to ${email}`);
    };
    const scoreLinks = await linksTo(leadEmail, 20);
    const publicCall = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/api/v1${url}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      const json = await res.json();
      assert(res.ok, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    for (const link of scoreLinks) {
      const form = await publicCall('GET', `/employee/appraisal/${link}`);
      await publicCall('PUT', `/employee/appraisal/${link}`, { scores: form.criteria.map((c: { _id: string }) => ({ criterionId: c._id, score: 4 })) });
    }
    // The board follows the live stream: no reload.
    await page.getByTestId('cycle-counts').getByText('Scored: 20').waitFor({ timeout: 30_000 });

    await page.getByTestId('to-superior').click();
    const dialog = page.getByRole('dialog', { name: 'Send scored appraisals to a superior' });
    await dialog.getByRole('combobox', { name: 'Superior' }).click();
    await page.getByRole('option', { name: /Femi Controller/ }).click();
    await dialog.getByRole('button', { name: 'Send for countersigning' }).click();
    await page.getByText('Appraisals sent to the superior for countersigning').waitFor();
    for (const link of await linksTo(`femi.controller+${STAMP}@adebayofoods.ng`, 20)) {
      await publicCall('PUT', `/employee/appraisal/${link}/countersign`, { comment: 'Agreed' });
    }
    await page.getByTestId('count-countersigned').getByText('Countersigned: 20').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'appraisal progress board');

    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    try {
      const portal = await context.newPage();
      portal.setDefaultTimeout(waitMs(15_000));
      await portal.goto('/portal');
      await portal.getByRole('textbox', { name: 'Portal code' }).fill(drivers[19].portalCode);
      await portal.getByRole('button', { name: 'Open my portal' }).click();
      await portal.getByLabel('New PIN').fill('604219');
      await portal.getByLabel('The same PIN again').fill('604219');
      await portal.getByRole('button', { name: 'Save my PIN' }).click();
      await portal.getByRole('heading', { level: 1, name: 'Hello, Driver20' }).waitFor();
      const result = portal.getByTestId('appraisal-result');
      await result.getByText('Countersigned by Femi Controller').waitFor();
      await result.getByText('4 of 5').waitFor();
      await expectAccessible(portal, 'portal appraisal (phone)');
    } finally {
      await context.close();
    }
  });

};
