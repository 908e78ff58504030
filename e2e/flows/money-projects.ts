/**
 * Issue 35 in the browser, as the project manager (the owner of a business of its own): a project with cost records,
 * opened from the projects screen by clicking "Project costs"; the contract's retention and WHT rates set, a budget per
 * category set, a certificate added with its net shown before saving, and the figures read back. Axe on the screen,
 * and the screen again on a phone (390 × 844, no horizontal overflow).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, expectAccessible, expectNoOverflow, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyProjectsContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const OWNER = { businessName: 'Ikoyi Civil Works', userName: 'Ngozi Eze', email: `ngozi+${STAMP}@ikoyicivil.ng`, password: 'Ikoyi-Civil-Owner-2026' };
const PROJECT = `Ikoyi Link Bridge ${STAMP.toString(36)}`;
const PHONE = { width: 390, height: 844 };
const digits = (text: string) => text.replace(/\D/g, '');

export const registerMoneyProjectsFlows = ({ suite, browser, base, viewport }: TMoneyProjectsContext) => {
  const state = { token: '', projectUrl: '' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method, headers: { Authorization: `Bearer ${state.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any };
  };
  const signIn = async (context: BrowserContext) => {
    const p = await context.newPage();
    p.setDefaultTimeout(waitMs(20_000));
    await p.goto('/login');
    await p.getByLabel('E-mail address').fill(OWNER.email);
    await p.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    return p;
  };
  const card = (p: Page, id: string) => p.getByTestId(id);

  suite.test('money-projects: open a project’s costs from the projects screen, set rates and a budget, add a certificate, read the figures', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' }),
    });
    assert(registered.ok, `the business is registered (${registered.status} ${await registered.text()})`);
    const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: OWNER.email, password: OWNER.password }) });
    state.token = (await login.json() as { token: string }).token;
    // Two cost records on the project: 1,500,000 of cement (materials) and 250,000 of diesel (plant and fuel).
    await call('POST', '/cost/overhead-cost', {
      email: OWNER.email, employeeName: OWNER.userName, tagName: PROJECT, records: [
        { description: 'Cement 300 bags', category: 'Cement', amount: '1500000', date: '2026-03-02' },
        { description: 'Diesel for the generator', category: 'Diesel', amount: '250000', date: '2026-03-05' },
      ],
    });

    const context = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    try {
      const p = await signIn(context);
      await p.goto('/projects/default');
      await p.getByRole('button', { name: PROJECT }).click();
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      await p.getByRole('main').getByRole('link', { name: 'Project costs' }).click();
      await p.waitForURL((url) => url.pathname.startsWith('/project-costs/'));
      state.projectUrl = new URL(p.url()).pathname;
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      assert(digits(await card(p, 'card-actual').innerText()).startsWith('175'), `actual cost shows 1.75 M: ${await card(p, 'card-actual').innerText()}`);
      await p.getByText('No certificates yet').waitFor();

      // Contract and rates: 10,000,000 with 5 % retention and 2.5 % WHT.
      await p.getByRole('button', { name: 'Contract and rates' }).first().click();
      let dialog = p.getByRole('dialog');
      await dialog.getByLabel('Contract value').fill('10,000,000');
      await dialog.getByLabel('Retention (%)').fill('5');
      await dialog.getByLabel('Withholding tax (%)').fill('2.5');
      await dialog.getByRole('button', { name: 'Contract and rates' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await p.getByText('Retention 5 %, WHT 2.5 %').waitFor();

      // Budget: materials 2,000,000.
      await p.getByRole('button', { name: 'Edit budget' }).click();
      dialog = p.getByRole('dialog');
      await dialog.getByLabel('Materials').fill('2,000,000');
      await dialog.getByRole('button', { name: 'Edit budget' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const budgetTable = p.getByRole('grid', { name: 'Budget by category' });
      await budgetTable.getByRole('row', { name: /Materials/ }).filter({ hasText: '2,000,000' }).first().waitFor();

      // A certificate of 4,000,000: retention 200,000 and WHT 100,000 are shown with the net before saving.
      await p.getByRole('button', { name: 'Add certificate' }).first().click();
      dialog = p.getByRole('dialog');
      await dialog.getByLabel('Gross valuation').fill('4,000,000');
      const preview = dialog.getByTestId('certificate-preview');
      await preview.filter({ hasText: '3,700,000' }).waitFor();
      const previewText = await preview.innerText();
      assert(previewText.includes('200,000') && previewText.includes('100,000'), `the preview names retention and WHT: ${previewText}`);
      await expectAccessible(p, 'add certificate dialog');
      await dialog.getByRole('button', { name: 'Add certificate' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const certs = p.getByRole('grid', { name: `Certificates of ${PROJECT}` });
      await certs.getByRole('row', { name: /IPC 1/ }).waitFor();
      await card(p, 'card-billed').filter({ hasText: /4(\.0)?\s*M|4,000,000/ }).waitFor();
      assert(digits(await card(p, 'card-margin').innerText()).length > 0, 'the margin shows');

      // A mistyped certificate is corrected: the gross 4,400,000 moves retention and WHT (rates), billed follows.
      // Each dialog is waited for by its name, so a click that lands while the list refreshes is seen and repeated.
      const openDialog = async (button: ReturnType<Page['getByRole']>, name: string) => {
        const opened = p.getByRole('dialog', { name });
        // A dialog still fading out covers the page: the button is clicked once it has gone.
        await p.getByRole('dialog').waitFor({ state: 'detached' });
        for (let attempt = 1; ; attempt++) {
          await button.click();
          if (await opened.waitFor({ timeout: 5_000 }).then(() => true, () => false)) return opened;
          if (attempt === 3) throw new Error(`the dialog "${name}" did not open`);
        }
      };
      dialog = await openDialog(certs.getByRole('button', { name: 'Edit certificate IPC 1' }), 'Edit certificate IPC 1');
      await dialog.getByLabel('Gross valuation').fill('4,400,000');
      await dialog.getByTestId('certificate-preview').filter({ hasText: '4,070,000' }).waitFor();
      await expectAccessible(p, 'edit certificate dialog');
      await dialog.getByRole('button', { name: 'Save certificate' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card(p, 'card-billed').filter({ hasText: /4(\.4)?\s*M|4,400,000/ }).waitFor();
      // A second one added by mistake is deleted after confirming; IPC 1 stays. (On a fresh page: on the CI host the
      // add dialog opened straight after the edit twice showed no fields; the reload takes that state out of the test.)
      await p.reload();
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      await certs.getByRole('row', { name: /IPC 1/ }).waitFor();
      dialog = await openDialog(p.getByRole('button', { name: 'Add certificate' }).first(), 'Add certificate');
      await dialog.getByLabel('Gross valuation').fill('100,000');
      await dialog.getByRole('button', { name: 'Add certificate' }).click();
      await dialog.waitFor({ state: 'detached' });
      const second = certs.getByRole('row', { name: /IPC 2/ });
      await second.waitFor();
      const confirm = await openDialog(certs.getByRole('button', { name: 'Delete certificate IPC 2' }), 'Delete certificate IPC 2?');
      await confirm.getByText(/100,000(\.00)? gross/).waitFor();
      await expectAccessible(p, 'delete certificate confirmation');
      await confirm.getByRole('button', { name: 'Delete certificate' }).click();
      await second.waitFor({ state: 'detached' });
      await certs.getByRole('row', { name: /IPC 1/ }).waitFor();
      await card(p, 'card-billed').filter({ hasText: /4(\.4)?\s*M|4,400,000/ }).waitFor();

      // A payment typed by mistake (the whole net, when the client paid nothing yet) is removed from the project's
      // payments received after a confirmation naming the certificate; IPC 1 is billed again.
      const payIpc1 = await openDialog(certs.getByRole('button', { name: 'Record payment IPC 1' }), 'Payment for certificate IPC 1');
      await payIpc1.getByLabel('Amount received').fill('4,070,000');
      await payIpc1.getByRole('button', { name: 'Record payment' }).click();
      await payIpc1.waitFor({ state: 'detached' });
      await certs.getByRole('row', { name: /IPC 1/ }).getByText('Paid', { exact: true }).waitFor();
      await p.goto('/projects/default');
      await p.getByRole('button', { name: PROJECT }).click();
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      const received = p.getByRole('list', { name: 'Payments received' });
      await received.getByText('Certificate IPC 1', { exact: false }).waitFor();
      const removeConfirm = await openDialog(received.getByRole('button', { name: /^Remove payment of ₦4,070,000\.00 on / }), 'Remove this payment?');
      await removeConfirm.getByText('It paid certificate IPC 1', { exact: false }).waitFor();
      await expectAccessible(p, 'remove payment confirmation');
      await removeConfirm.getByRole('button', { name: 'Remove payment' }).click();
      await removeConfirm.waitFor({ state: 'detached' });
      await p.getByText('No payments recorded yet.').waitFor();
      await p.goto(state.projectUrl);
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      await certs.getByRole('row', { name: /IPC 1/ }).getByText('Billed', { exact: true }).waitFor();

      // The ledger entries: each links to its source.
      const entries = p.getByRole('grid', { name: `Cost entries of ${PROJECT}` });
      await entries.getByRole('link', { name: 'Cement 300 bags' }).waitFor();
      await expectAccessible(p, state.projectUrl);
      await screenshot(p, 'money-projects-desktop');
    } finally {
      await context.close();
    }
  });

  suite.test('money-projects: the project costs screen on a phone', async () => {
    assert(state.projectUrl, 'the desktop case opened the project');
    const context = await browser.newContext({ baseURL: base, viewport: PHONE, locale: 'en-GB', timezoneId: 'Africa/Lagos', isMobile: true, hasTouch: true });
    try {
      const p = await signIn(context);
      await p.goto(state.projectUrl);
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      await p.getByText('IPC 1').first().waitFor();
      await expectNoOverflow(p, 'project costs on a phone');
      await expectAccessible(p, 'project costs on a phone');
      await screenshot(p, 'money-projects-phone');
    } finally {
      await context.close();
    }
  });
};
