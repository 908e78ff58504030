/**
 * Issue 32 in the browser: a new owner, alone in the business, pays 40 staff for the month. Staff and then their pay
 * details (bank, bank code, NUBAN account, PFA, state) come from spreadsheets; a pay structure with a recurring meal
 * allowance is made on Pay structures and put on everyone from Wages in one go; one employee joins on the 16th (entered
 * on the employee form) and one leaves mid-month (exit dialog). The month is computed on Salary, approved by the sole
 * owner with a reason once the business allows it, the bank file holds 40 payments with the joiner's and the leaver's
 * prorated, the variance says why, and the joiner's payslip fits a phone and adds up. Axe on every screen.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations, waitMs } from '../lib/harness.ts';
import { nuban } from '../lib/nuban.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TPayMonthContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const DOMAIN = 'ikejatextiles.ng';
const OWNER = { businessName: 'Ikeja Textiles', userName: 'Funke Balogun', email: `funke+${STAMP}@${DOMAIN}`, password: 'Ikeja-Looms-Pay-2026' };
const FIRST = ['Adaeze', 'Bola', 'Chinedu', 'Damilola', 'Efosa', 'Folake', 'Gbenga', 'Hauwa', 'Ifeanyi', 'Jumoke', 'Kelechi', 'Lami', 'Musa'];
const LAST = ['Okeke', 'Adewale', 'Bello'];
/** 39 imported staff (the joiner is the 40th, entered on the form). */
const STAFF = Array.from({ length: 39 }, (_, i) => {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length)]!;
  return { first, last, email: `${first.toLowerCase()}.${last.toLowerCase()}.${i + 1}+${STAMP}@${DOMAIN}` };
});
const JOINER = { first: 'Zainab', last: 'Yusuf', email: `zainab.yusuf+${STAMP}@${DOMAIN}` };
const LEAVER = STAFF[4]!;
const GROSS_YEAR = 4_800_000;
const BANK = { name: 'Guaranty Trust Bank', code: '058' };
const STRUCTURE = 'Factory grade';
const REASON = 'I am the only person in the business who handles pay.';
const PHONE = { width: 390, height: 844 };

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

/** Today in Lagos as YYYY-MM-DD. */
const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
/** "₦1,234.56", "NGN 1,234.56", "− ₦10.00" → 1234.56 (the sign is the caller's). */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

export const registerPayMonthFlows = ({ suite, browser, base, viewport }: TPayMonthContext) => {
  const month = lagosToday().slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const joinDate = `${month}-16`;
  const LEAVER_LAST_DAY = 12;
  const lastDay = `${month}-${LEAVER_LAST_DAY}`;
  const state = { context: null as BrowserContext | null, page: null as Page | null, accounts: new Map<string, string>() };
  const page = () => state.page!;
  const call = async (method: string, path: string, body?: unknown) => {
    const bearer = await page().evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any };
  };
  /** Through the side navigation: the area's list of screens opens with the area. */
  const go = async (area: string, screen: string, heading: string) => {
    const nav = page().getByRole('navigation', { name: 'Main navigation' });
    const list = nav.getByRole('list', { name: area, exact: true });
    if (!(await list.isVisible())) {
      await nav.getByRole('link', { name: area, exact: true }).click();
      await list.waitFor();
    }
    await list.getByRole('link', { name: screen, exact: true }).click();
    await page().getByRole('heading', { level: 1, name: heading }).waitFor();
  };
  const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`;

  suite.test('pay month: a new owner imports 39 staff, adds a joiner on the 16th on the form and imports everyone\'s pay details', async () => {
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

    // Staff from a spreadsheet, employed since last year.
    const header = 'First name,Last name,Email,Gender,Employment type,Start date';
    const rows = STAFF.map((s, i) => `${s.first},${s.last},${s.email},${i % 2 ? 'female' : 'male'},full-time,${year - 1}-03-01`);
    await go('Human resources', 'Employees', 'Employees');
    await page().getByTestId('import-button').click();
    const importDialog = page().getByRole('dialog');
    await importDialog.getByTestId('import-file-input').setInputFiles({ name: 'ikeja-staff.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`) });
    await importDialog.getByRole('button', { name: 'Import all' }).click();
    await importDialog.getByTestId('import-result').getByText('39 employees added').waitFor({ timeout: 60_000 });
    await page().keyboard.press('Escape');
    await importDialog.waitFor({ state: 'hidden' });
    await page().getByRole('link', { name: fullName(STAFF[0]!), exact: true }).waitFor();
    await expectAccessible(page(), 'employees');

    // The joiner, entered on the employee form with the 16th as start date.
    await page().getByTestId('add-employee').click();
    await page().getByRole('heading', { level: 1, name: 'Add an employee' }).waitFor();
    await page().getByLabel('First name').fill(JOINER.first);
    await page().getByLabel('Last name').fill(JOINER.last);
    await page().getByLabel('E-mail address').fill(JOINER.email);
    await page().getByLabel('Start date').fill(joinDate);
    await expectAccessible(page(), 'new employee');
    await page().getByRole('button', { name: 'Add employee' }).click();
    const codes = page().getByRole('dialog', { name: `Codes for ${fullName(JOINER)}` });
    await codes.getByRole('button', { name: 'I have noted the codes' }).click();
    await page().getByRole('heading', { level: 1, name: fullName(JOINER) }).waitFor();

    // Everyone's pay details from a spreadsheet, through the Wages screen's import preview.
    const all = [...STAFF, JOINER];
    all.forEach((s, i) => state.accounts.set(s.email, nuban(BANK.code, 7000 + i)));
    const payHeader = 'Email,Gross income,Bank,Bank code,Account number,Account name,PFA,RSA PIN,State';
    const payRows = all.map((s, i) => `${s.email},${GROSS_YEAR},${BANK.name},${BANK.code},${state.accounts.get(s.email)},${fullName(s)},Stanbic IBTC,PEN${String(200300400500 + i)},Lagos`);
    await go('Accounts', 'Wages and pay settings', 'Wages');
    await page().getByTestId('wages-import').click();
    const payDialog = page().getByRole('dialog');
    await payDialog.getByTestId('import-file-input').setInputFiles({ name: 'ikeja-pay-details.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[payHeader, ...payRows].join('\r\n')}\r\n`) });
    const counts = payDialog.getByTestId('import-counts');
    await counts.waitFor({ timeout: 30_000 });
    assert((await counts.innerText()).includes('40'), `the preview counts 40 rows (${await counts.innerText()})`);
    await expectAccessible(page(), 'pay details import preview');
    await screenshot(page(), `pay-details-import-${viewport.width}x${viewport.height}`);
    await payDialog.getByRole('button', { name: /^Import( all)?$/ }).click();
    await payDialog.getByTestId('import-result').getByText('Pay details saved for 40 employees').waitFor({ timeout: 60_000 });
    await page().keyboard.press('Escape');
    await payDialog.waitFor({ state: 'hidden' });
    const stored = (await call('GET', `/payroll/settings?search=${encodeURIComponent(JOINER.last)}`)).data as Array<{ accountNumber: string | null; bankCode: string | null }>;
    assert(stored.length === 1 && stored[0]!.accountNumber === state.accounts.get(JOINER.email) && stored[0]!.bankCode === BANK.code, `the joiner's account was imported (${JSON.stringify(stored)})`);
  });

  suite.test('pay month: a structure with a recurring meal allowance is made and assigned to all 40 from Wages in one go', async () => {
    await go('Accounts', 'Pay structures', 'Pay structures');
    await page().getByRole('button', { name: 'New structure' }).first().click();
    const dialog = page().getByRole('dialog', { name: 'New structure' });
    await dialog.getByLabel('Name').fill(STRUCTURE);
    await dialog.getByLabel('Basic').fill('40');
    await dialog.getByLabel('Housing').fill('20');
    await dialog.getByLabel('Transport').fill('10');
    await dialog.getByRole('combobox', { name: 'Pension on' }).click();
    await page().getByRole('option', { name: 'Basic + housing + transport' }).click();
    await dialog.getByRole('checkbox', { name: /Business default/ }).check();
    await dialog.getByRole('button', { name: 'Save structure' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page().getByTestId('pay-structure').filter({ hasText: STRUCTURE });
    await card.getByText('Basic 40%, housing 20%, transport 10%').waitFor();

    await card.getByRole('button', { name: 'Add recurring item' }).click();
    const item = page().getByRole('dialog', { name: 'Add recurring item' });
    await item.getByRole('textbox', { name: /^Name/ }).fill('Meal allowance');
    await item.getByRole('combobox', { name: 'Value' }).click();
    await page().getByRole('option', { name: 'Percentage' }).click();
    await item.getByRole('textbox', { name: /^Percent/ }).fill('10');
    // Paid since last month, so the month's variance shows only what happened this month.
    await item.getByLabel('First month').fill(previousMonth(month));
    await expectAccessible(page(), 'recurring item dialog');
    await item.getByRole('button', { name: 'Add item' }).click();
    await item.waitFor({ state: 'hidden' });
    await card.getByText('Meal allowance').waitFor();
    await expectAccessible(page(), 'pay structures');
    await screenshot(page(), `pay-structures-${viewport.width}x${viewport.height}`);

    await go('Accounts', 'Wages and pay settings', 'Wages');
    await page().getByRole('checkbox', { name: 'Select all rows' }).check();
    const assign = page().getByTestId('wages-assign-structure');
    await assign.getByText('Assign structure (40)').waitFor();
    await assign.click();
    const bulk = page().getByRole('dialog', { name: 'Assign a structure to 40 employees' });
    await bulk.getByRole('combobox', { name: 'Structure' }).click();
    await page().getByRole('option', { name: STRUCTURE }).click();
    await expectAccessible(page(), 'assign structure dialog');
    await bulk.getByRole('button', { name: 'Assign to 40 employees' }).click();
    await page().getByText(`${STRUCTURE} assigned to 40 employees`).waitFor();
    await bulk.waitFor({ state: 'hidden' });
    await page().waitForTimeout(500);
    const toasts = await page().getByText(/assigned to \d+ employees?/).count();
    assert(toasts === 1, `one summary toast, not one per employee (${toasts})`);
    await expectAccessible(page(), 'wages');
    await screenshot(page(), `wages-assigned-${viewport.width}x${viewport.height}`);
  });

  suite.test('pay month: last month was paid to the 39; this month a leaver is recorded with a last day mid-month', async () => {
    // Last month's run, so this month's variance has something to compare with (the joiner was not on it).
    const previous = previousMonth(month);
    const staffIds: string[] = [];
    for (const s of STAFF) {
      const found = (await call('GET', `/payroll/settings?search=${encodeURIComponent(s.email)}`)).data as Array<{ employeeId: string }>;
      assert(found.length === 1, `${s.email} is found once (${found.length})`);
      staffIds.push(found[0]!.employeeId);
    }
    await call('POST', '/employee/employeeBulkUpload', { selectedEmployeeIds: staffIds, month: previous });
    const run = (await call('GET', `/payroll/run/${previous}`)).data as { _id: string };
    await call('POST', `/payroll/runs/${run._id}/compute`);
    for (let i = 0; ; i++) {
      const r = (await call('GET', `/payroll/run/${previous}`)).data as { computedAt: string | null; isStale: boolean; job: { status: string; message: string | null } | null };
      if (r.computedAt && !r.isStale && r.job?.status === 'succeeded') break;
      assert(r.job?.status !== 'failed' && i < 200, `last month's run computes (${r.job?.message})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    await go('Human resources', 'Employees', 'Employees');
    await page().getByTestId('employee-search').locator('input').fill(LEAVER.email);
    // The search settles into the address first; a click before that would be undone by it.
    await page().getByRole('link', { name: fullName(STAFF[0]!), exact: true }).waitFor({ state: 'detached' });
    await page().getByRole('link', { name: fullName(LEAVER), exact: true }).click();
    await page().getByRole('heading', { level: 1, name: fullName(LEAVER) }).waitFor();
    await page().getByTestId('record-exit').waitFor();
    await expectAccessible(page(), 'employee record');
    await page().getByTestId('record-exit').click();
    const exit = page().getByRole('dialog', { name: `${fullName(LEAVER)} leaves` });
    await exit.getByTestId('exit-last-day').locator('input').fill(lastDay);
    await exit.getByLabel('Note (optional)').fill('Moved to Abuja');
    await expectAccessible(page(), 'exit dialog');
    await exit.getByRole('button', { name: 'Record exit' }).click();
    await exit.waitFor({ state: 'hidden' });
    await page().getByTestId('exit-recorded').waitFor();
    await screenshot(page(), `employee-exit-${viewport.width}x${viewport.height}`);
  });

  suite.test('pay month: the owner computes the month, allows approving alone, and approves with a reason', async () => {
    await go('Accounts', 'Salary and payroll runs', 'Salary');
    await page().getByTestId('run-add-all').click();
    await page().getByTestId('run-status').getByText('Draft').waitFor();
    await page().getByTestId('run-compute').click();
    await page().getByRole('gridcell', { name: fullName(STAFF[0]!) }).waitFor({ timeout: 60_000 });
    // Nobody else can approve and the business has not allowed it yet: the page says so up front, with the way to the setting.
    const blocked = page().getByTestId('run-approve-blocked');
    await blocked.getByText(/Nobody else can approve/).waitFor();
    assert(await page().getByTestId('run-approve').isDisabled(), 'the approve button is disabled while the owner may not approve alone');
    await expectAccessible(page(), 'salary (computed)');
    await blocked.getByRole('link', { name: 'Open the business settings' }).click();
    await page().waitForURL((url) => url.pathname === '/profile');
    const setting = page().locator('#payroll-approval');
    await setting.getByText('Nobody but the owner holds Accounts-access and Approvals-access.').waitFor();
    await setting.getByRole('radio', { name: /the owner may approve their own run while nobody else can/ }).check();
    await expectAccessible(page(), 'who approves payroll');
    await setting.getByTestId('payroll-approval-save').click();
    await page().waitForFunction(() => (document.querySelector('[data-testid="payroll-approval-save"]') as HTMLButtonElement | null)?.disabled === true);

    await go('Accounts', 'Salary and payroll runs', 'Salary');
    const approve = page().getByTestId('run-approve');
    await page().waitForFunction(() => (document.querySelector('[data-testid="run-approve"]') as HTMLButtonElement | null)?.disabled === false);
    await approve.click();
    const dialog = page().getByRole('dialog', { name: `Approve the ${month} run?` });
    await dialog.getByText(/Say why you approve it yourself/).waitFor();
    await dialog.getByTestId('approve-confirm').click();
    await dialog.getByText('Give a reason: it is recorded on the run').waitFor();
    await dialog.getByTestId('approve-reason').fill(REASON);
    await expectAccessible(page(), 'approve dialog (self-approval)');
    await screenshot(page(), `approve-self-${viewport.width}x${viewport.height}`);
    await dialog.getByTestId('approve-confirm').click();
    await page().getByTestId('run-status').getByText('Approved').waitFor();
    await page().getByTestId('run-self-approved').getByText(`Approved by ${OWNER.userName}, who prepared it: ${REASON}`).waitFor();
  });

  suite.test('pay month: the bank file pays 40 with the joiner and the leaver prorated; the variance says why', async () => {
    await page().getByTestId('bank-file-menu').click();
    const [download] = await Promise.all([page().waitForEvent('download'), page().getByTestId('bank-file-ng-bank-bulk-csv').click()]);
    const text = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    assert(lines[0]!.startsWith('Beneficiary Name'), `the file starts with its header:\n${text.slice(0, 300)}`);
    const payments = lines.slice(1).map((l) => l.split(','));
    assert(payments.length === 40, `the bank file has 40 payments (${payments.length}):\n${text}`);
    const amountFor = (email: string) => {
      const row = payments.find((cells) => cells.includes(state.accounts.get(email)!));
      assert(row, `${email}'s account ${state.accounts.get(email)} is in the bank file`);
      return Number(row[3]!.replace(/[^\d.]/g, ''));
    };
    const full = amountFor(STAFF[0]!.email);
    assert(full > 0 && amountFor(STAFF[1]!.email) === full, `staff on the same gross are paid the same full month (${full})`);
    const joinerShare = amountFor(JOINER.email) / full;
    const leaverShare = amountFor(LEAVER.email) / full;
    const joinerDays = (daysInMonth - 15) / daysInMonth;
    const leaverDays = LEAVER_LAST_DAY / daysInMonth;
    assert(Math.abs(joinerShare - joinerDays) < 0.04, `the joiner is paid ${daysInMonth - 15} of ${daysInMonth} days (${joinerShare.toFixed(3)} of a month, expected ≈ ${joinerDays.toFixed(3)})`);
    assert(Math.abs(leaverShare - leaverDays) < 0.04, `the leaver is paid ${LEAVER_LAST_DAY} of ${daysInMonth} days (${leaverShare.toFixed(3)} of a month, expected ≈ ${leaverDays.toFixed(3)})`);

    const variance = page().getByTestId('run-variance');
    await variance.getByTestId('run-variance-against').getByText(new RegExp(previousMonth(month))).waitFor();
    const joinerRow = variance.getByRole('row').filter({ hasText: fullName(JOINER) });
    await joinerRow.getByText('New joiner', { exact: true }).waitFor();
    const leaverRow = variance.getByRole('row').filter({ hasText: fullName(LEAVER) });
    await leaverRow.getByText('Proration', { exact: true }).waitFor();
    await variance.scrollIntoViewIfNeeded();
    await expectAccessible(page(), 'salary (approved, variance)');
    await screenshot(page(), `salary-variance-${viewport.width}x${viewport.height}`);
  });

  suite.test('pay month: the joiner\'s payslip fits a phone and its lines add up to the net', async () => {
    try {
      const grid = page().getByRole('grid').first();
      const link = grid.getByRole('row').filter({ hasText: fullName(JOINER) }).getByRole('link', { name: 'Open' });
      // The lines load after the run's heading: look for the joiner only once the first page holds rows (under CI load
      // an empty grid still loading sent the search to a disabled "next page").
      await grid.getByRole('link', { name: 'Open' }).first().waitFor();
      for (let i = 0; i < 3 && (await link.count()) === 0; i++) {
        await page().getByRole('button', { name: 'Go to next page' }).first().click();
        await page().waitForTimeout(300);
      }
      const [slipPage] = await Promise.all([state.context!.waitForEvent('page'), link.click()]);
      await slipPage.setViewportSize(PHONE);
      const slip = slipPage.getByTestId('payslip-lines');
      await slip.waitFor();
      const earnings = await slip.locator('tr[data-testid^="payslip-line-"]').evaluateAll((rows) => rows.map((r) => ({ code: r.getAttribute('data-testid')!, amount: r.querySelectorAll('td')[1]?.textContent ?? '' })));
      const net = amountOf(await slipPage.getByTestId('payslip-net').innerText());
      const sum = earnings.reduce((acc, l) => acc + (l.amount.includes('−') ? -1 : 1) * amountOf(l.amount), 0);
      assert(earnings.length > 5 && Math.abs(sum - net) < 0.005, `the payslip lines (${JSON.stringify(earnings)}) sum to the net ${net} (sum ${sum.toFixed(2)})`);
      // The part month is stated on the payslip: its own line, and the recurring allowance paid for the days employed.
      await slip.getByText(/^Joined 16 /).waitFor();
      await slipPage.getByText('Meal allowance').first().waitFor();
      const overflow = await slipPage.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      assert(overflow.scroll <= overflow.inner, `nothing overflows the phone horizontally (${overflow.scroll} > ${overflow.inner})`);
      await expectAccessible(slipPage, 'payslip on a phone');
      await screenshot(slipPage, 'payslip-joiner-390x844');
      await slipPage.close();
    } finally {
      await state.context?.close();
    }
  });
};
