/**
 * Issue 31 in the browser: a new Nigerian owner files November. Staff and their statutory identifiers come from a
 * spreadsheet (state written "lagos state"), the month's run is approved by a second user, the PAYE and pension
 * schedules are downloaded from the tax-filing screen, PAYE is recorded as remitted with a receipt on /remittances,
 * and the dashboard no longer counts it as due. Axe on every screen, also on a phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations, waitMs } from '../lib/harness.ts';
import { nuban } from '../lib/nuban.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TStatutoryContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const OWNER = { businessName: 'Okafor Builders', userName: 'Chidi Okafor', email: `chidi+${STAMP}@okaforbuilders.ng`, password: 'Okafor-Builds-Lekki-2026' };
const APPROVER = { userName: 'Ify Accounts', email: `ify+${STAMP}@okaforbuilders.ng`, password: 'Approve-Okafor-Pay-2026' };
const STAFF = [
  { first: 'Adaeze', last: 'Nwosu', tin: '12345678-0001', rsa: 'PEN100200300400', pfa: 'Stanbic IBTC', nhf: 'NHF-55501', state: 'lagos state' },
  { first: 'Bola', last: 'Ogunleye', tin: '23456789-0001', rsa: 'PEN100200300401', pfa: 'Leadway', nhf: 'NHF-55502', state: 'Ogun' },
];
/** A 1×1 PNG: what a phone photo of a bank teller is, as far as the upload checks can tell. */
const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

/** Today in Lagos as YYYY-MM-DD, and its month. */
const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export const registerStatutoryFlows = ({ suite, browser, base, viewport }: TStatutoryContext) => {
  const month = lagosToday().slice(0, 7);
  const state = { context: null as BrowserContext | null, page: null as Page | null, dueBefore: 0 };
  const page = () => state.page!;
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const bearer = token ?? (await page().evaluate(() => localStorage.getItem('jwtToken')));
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any; token?: string };
  };
  const dueFigure = () => page().getByTestId('module-figures').getByRole('link').filter({ hasText: 'Remittances due' });
  const dueCount = async () => {
    if ((await dueFigure().count()) === 0) return 0;
    const text = await dueFigure().innerText();
    const match = /(\d+) remittances? to pay/.exec(text);
    assert(match, `the "Remittances due" figure says how many (${text})`);
    return Number(match[1]);
  };

  suite.test('statutory: a new owner imports staff with their TIN, RSA PIN, PFA, NHF number and state from a spreadsheet', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' }),
    });
    assert(registered.ok, `the business is registered (${registered.status} ${await registered.text()})`);
    state.context = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos', acceptDownloads: true });
    state.page = await state.context.newPage();
    page().setDefaultTimeout(waitMs(20_000));
    await page().goto('/login');
    await page().getByLabel('E-mail address').fill(OWNER.email);
    await page().getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().waitForURL((url) => url.pathname === '/');
    await call('PUT', '/business/profile', { employerTin: '98765432-0001', stateOrRegion: 'Lagos', pencomEmployerCode: 'PR0001234567', itfLiable: 'no' });

    const header = 'First name,Last name,Email,Gross,TIN,RSA PIN,PFA,NHF number,State of residence';
    const rows = STAFF.map((s) => `${s.first},${s.last},${s.first.toLowerCase()}+${STAMP}@okaforbuilders.ng,6000000,${s.tin},${s.rsa},${s.pfa},${s.nhf},${s.state}`);
    await page().goto('/employee');
    await page().getByRole('heading', { level: 1, name: 'Employees' }).waitFor();
    await page().getByTestId('import-button').click();
    const dialog = page().getByRole('dialog');
    await dialog.getByTestId('import-file-input').setInputFiles({ name: 'okafor-staff.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`) });
    await dialog.getByRole('button', { name: 'Import all' }).click();
    await dialog.getByTestId('import-result').getByText('2 employees added').waitFor({ timeout: 30_000 });
    await page().keyboard.press('Escape');

    const settings = (await call('GET', `/payroll/settings?search=${encodeURIComponent(STAFF[0].last)}`)).data as Array<{ employeeId: string; tin: string | null; stateOfResidence: string | null; rsaPin: string | null }>;
    assert(settings.length === 1 && settings[0].tin === STAFF[0].tin && settings[0].rsaPin === STAFF[0].rsa, `the identifiers were imported (${JSON.stringify(settings)})`);
    assert(settings[0].stateOfResidence === 'Lagos', `"lagos state" is stored as Lagos (${settings[0].stateOfResidence})`);
  });

  suite.test('statutory: the month\'s run is computed by the owner and approved by a second user', async () => {
    const all = (await call('GET', '/payroll/settings?limit=50')).data as Array<{ employeeId: string }>;
    // Issue 32: a payable account for everyone, or the approval names them.
    for (const [i, s] of all.entries()) {
      await call('PUT', `/employee/payment-settings/${s.employeeId}`, {
        split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', nhf: true, bankName: 'GTBank', bankCode: '058', accountNumber: nuban('058', 500 + i),
      });
    }
    await call('POST', '/employee/employeeBulkUpload', { selectAll: true, month });
    const run = (await call('GET', `/payroll/run/${month}`)).data as { _id: string };
    await call('POST', `/payroll/runs/${run._id}/compute`);
    for (let i = 0; i < 100; i++) {
      const r = (await call('GET', `/payroll/run/${month}`)).data as { computedAt: string | null; isStale: boolean; job: { status: string; message: string | null } | null };
      if (r.computedAt && !r.isStale && r.job?.status === 'succeeded') break;
      assert(r.job?.status !== 'failed', `the run computes (${r.job?.message})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await call('POST', '/auth/user-register', { userName: APPROVER.userName, email: APPROVER.email, password: APPROVER.password, roles: ['Accounts-access', 'Approvals-access'] });
    const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: APPROVER.email, password: APPROVER.password }) });
    const approverToken = ((await login.json()) as { token: string }).token;
    await call('POST', `/payroll/runs/${run._id}/approve`, undefined, approverToken);
    const approved = (await call('GET', `/payroll/run/${month}`)).data as { status: string };
    assert(approved.status === 'approved', `the run is approved (${approved.status})`);
  });

  suite.test('statutory: the PAYE and pension schedules are downloaded from the tax-filing screen', async () => {
    await page().goto('/tax-filling');
    await page().getByRole('heading', { level: 1, name: 'Tax filing' }).waitFor();
    const paye = page().getByTestId('schedule-ng-paye-Lagos');
    await paye.waitFor();
    const [csv] = await Promise.all([page().waitForEvent('download'), paye.getByRole('button', { name: 'CSV' }).click()]);
    const { readFile } = await import('node:fs/promises');
    const csvText = (await readFile((await csv.path())!)).toString('utf8');
    assert(csvText.includes(STAFF[0].tin), `the Lagos PAYE schedule lists the employee's TIN:\n${csvText}`);
    assert(!csvText.includes(STAFF[1].tin), 'the Ogun employee is on the Ogun schedule, not the Lagos one');
    assert(/total/i.test(csvText), `the schedule ends with a totals row:\n${csvText}`);
    await page().getByTestId('schedule-ng-paye-Ogun').waitFor();
    const pension = page().getByTestId(/^schedule-ng-pension-/).first();
    const [xlsx] = await Promise.all([page().waitForEvent('download'), pension.getByRole('button', { name: 'Excel' }).click()]);
    const bytes = await readFile((await xlsx.path())!);
    assert(bytes.subarray(0, 2).toString() === 'PK', 'the pension schedule downloads as an Excel workbook');
    await expectAccessible(page(), 'tax filing');
    await screenshot(page(), `tax-filing-${viewport.width}x${viewport.height}`);
  });

  suite.test('statutory: PAYE for Lagos is recorded as remitted with a receipt; the dashboard no longer counts it as due', async () => {
    await page().goto('/');
    await dueFigure().waitFor();
    state.dueBefore = await dueCount();
    assert(state.dueBefore >= 5, `PAYE (two states), pension, NHF and NSITF are due (${state.dueBefore})`);
    await dueFigure().click();
    await page().waitForURL((url) => url.pathname === '/remittances');
    await page().getByRole('heading', { level: 1, name: 'Remittances' }).waitFor();
    const row = page().getByRole('row').filter({ hasText: 'PAYE (State IRS)' }).filter({ hasText: 'Lagos' });
    await row.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page().getByRole('dialog', { name: /Record a payment: PAYE/ });
    await dialog.getByLabel('Payment reference').fill(`LIRS-${STAMP}`);
    await dialog.getByLabel('Paid on').fill(lagosToday());
    await dialog.getByLabel('Receipt').setInputFiles({ name: 'lirs-teller.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await dialog.getByTestId('receipt-name').getByText('lirs-teller.png').waitFor();
    await expectAccessible(page(), 'record a remittance');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The dashboard opened the tracker on what is due: the paid row leaves that list, and shows as paid under "All".
    await row.waitFor({ state: 'detached' });
    await page().goto('/remittances');
    await row.getByTestId('remittance-status').getByText('Paid').waitFor();
    await page().getByRole('button', { name: 'Receipt' }).first().waitFor();
    await expectAccessible(page(), 'remittances');
    await screenshot(page(), `remittances-${viewport.width}x${viewport.height}`);

    await page().goto('/');
    await page().getByTestId('module-figures').waitFor();
    await page().waitForFunction(() => !document.querySelector('[data-testid="module-figures"] [aria-busy="true"]'));
    // The figures arrive after the page (beside the reminders card's own read): read again until they settle, ≤ 10 s.
    let after = await dueCount();
    for (let i = 0; i < 50 && after !== state.dueBefore - 1; i++) {
      await page().waitForTimeout(200);
      after = await dueCount();
    }
    assert(after === state.dueBefore - 1, `the dashboard counts one remittance fewer as due (${state.dueBefore} → ${after})`);
  });

  suite.test('statutory: on a phone the remittances keep their status and action in view', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    try {
      await page().goto('/remittances');
      await page().getByRole('heading', { level: 1, name: 'Remittances' }).waitFor();
      const record = page().getByRole('button', { name: 'Record payment' }).first();
      await record.waitFor();
      const box = await record.boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= 390, `the action fits the 390 px screen (${JSON.stringify(box)})`);
      await expectAccessible(page(), 'remittances on a phone');
      await screenshot(page(), 'remittances-390x844');
    } finally {
      await page().setViewportSize(viewport);
      await state.context?.close();
    }
  });
};
