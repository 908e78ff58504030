/**
 * Issue 33 in the browser: HR flows that finish. A business of its own (the owner is HR) with an employee whose upline,
 * the line manager, has a user account without roles. The owner sets the leave policy to "line manager, then HR" on
 * People approvals; the employee asks for 3 working days of annual leave across New Year in the portal (phone); the
 * line manager approves from the inbox (phone), the owner from hers; the balance of each year and the month grid show
 * the leave. HR corrects yesterday's absent mark in the month grid with a reason. The employee files an expense claim
 * with a receipt photo (the OCR fills the line); the chain approves it; the month's payroll pays it back on the
 * payslip as a line that is not taxed. Axe (every impact) on each screen; the portal parts at 390 × 844 without
 * horizontal overflow. (The appraisal part of the issue is in appraisal.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, expectAccessible, expectNoOverflow, waitMs } from '../lib/harness.ts';
import { receiptPng } from '../../apps/server/test/helpers/receipts.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type THrFlowsContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const DOMAIN = 'kanoharvest.ng';
const OWNER = { businessName: 'Kano Harvest Co', userName: 'Amina Sule', email: `amina+${STAMP}@${DOMAIN}`, password: 'Kano-Harvest-HR-2026' };
const MANAGER = { firstName: 'Musa', lastName: 'Okonkwo', email: `musa.okonkwo+${STAMP}@${DOMAIN}`, password: 'Line-Manager-2026' };
const STAFF = { firstName: 'Ada', lastName: 'Eze', email: `ada.eze+${STAMP}@${DOMAIN}` };
const PHONE = { width: 390, height: 844 };
const PIN = '604219';
const CLAIM_TITLE = 'Kitchen supplies for the Kano depot';
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

const shiftDay = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const isWorkingDay = (day: string) => {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dow !== 0 && dow !== 6 && !/-(12-25|12-26|01-01)$/.test(day);
};
/**
 * Three working days across the coming New Year: the last two working days of December and the first of January
 * (2026: Wed 30 Dec, Thu 31 Dec, and Mon 4 Jan 2027 after New Year's Day and the weekend).
 */
const newYearSpan = (today: string) => {
  let year = Number(today.slice(0, 4));
  if (today.slice(5) > '12-15') year += 1;
  const december: string[] = [];
  for (let d = `${year}-12-31`; december.length < 2; d = shiftDay(d, -1)) if (isWorkingDay(d)) december.push(d);
  let end = `${year + 1}-01-01`;
  while (!isWorkingDay(end)) end = shiftDay(end, 1);
  return { year, start: december[1]!, end, december: december.reverse(), january: end };
};
const monthsBetween = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
const monthTitle = (month: string) => new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
/** "₦1,234.56", "NGN 1,234.56", "− ₦10.00" → 1234.56 (the sign is the caller's). */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));


export const registerHrFlows = ({ suite, browser, base, viewport }: THrFlowsContext) => {
  const state = {
    owner: null as { context: BrowserContext; page: Page } | null,
    portal: null as { context: BrowserContext; page: Page } | null,
    manager: null as { context: BrowserContext; page: Page } | null,
    staffId: '', managerId: '', portalCode: '', today: '', span: null as ReturnType<typeof newYearSpan> | null,
  };
  const owner = () => state.owner!.page;
  const portal = () => state.portal!.page;
  const manager = () => state.manager!.page;
  const call = async (method: string, path: string, body?: unknown) => {
    const bearer = await owner().evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any };
  };
  const signIn = async (context: BrowserContext, who: { email: string; password: string }) => {
    const page = await context.newPage();
    page.setDefaultTimeout(waitMs(20_000));
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    return page;
  };
  /** The approvals inbox of a signed-in person: open the request whose title starts so, approve it, and see it leave the inbox. */
  const approveFromInbox = async (page: Page, titleStart: RegExp, where: string, expect: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await page.goto('/approval');
    await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    const open = page.getByRole('button', { name: titleStart });
    await open.waitFor();
    await expectAccessible(page, `${where}: inbox`);
    await open.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await expect(dialog);
    await expectAccessible(page, `${where}: request`);
    await screenshot(page, `hr-${where.replace(/\W+/g, '-')}-${page.viewportSize()?.width}`);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await open.waitFor({ state: 'detached' });
  };

  suite.test('hr flows: the owner sets leave to "line manager, then HR" on People approvals', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' }),
    });
    assert(registered.ok, `the business is registered (${registered.status} ${await registered.text()})`);
    const context = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    state.owner = { context, page: await signIn(context, OWNER) };

    // Set-up through the API: the manager (an employee whose e-mail is a user without roles) and the employee reporting to them.
    const userId: string = await owner().evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).id);
    const musa = (await call('POST', `/employee/create/${userId}`, { firstName: MANAGER.firstName, lastName: MANAGER.lastName, email: MANAGER.email, grossIncome: '4800000', startDate: '2025-01-06' })).data;
    const ada = (await call('POST', `/employee/create/${userId}`, { firstName: STAFF.firstName, lastName: STAFF.lastName, email: STAFF.email, grossIncome: '4800000', startDate: '2025-01-06' })).data;
    state.staffId = ada._id;
    state.managerId = musa._id;
    state.portalCode = ada.portalCode;
    await call('PUT', '/employee/update-hierarchy', { employeeId: ada._id, upline: musa._id });
    // Payable accounts (a run is approved only when everyone on it has one).
    await call('PUT', `/employee/payment-settings/${musa._id}`, { bankName: 'gtbank', accountNumber: '0123456785', accountName: fullName(MANAGER) });
    await call('PUT', `/employee/payment-settings/${ada._id}`, { bankName: 'gtbank', accountNumber: '0123456792', accountName: fullName(STAFF) });
    await call('POST', '/auth/user-register', { userName: fullName(MANAGER), email: MANAGER.email, password: MANAGER.password, roles: [] });
    state.today = (await call('GET', '/attendance/settings')).data.today;
    state.span = newYearSpan(state.today);
    // Yesterday Ada was marked absent on the register (case 2 corrects it).
    await call('GET', `/employee/mark/${shiftDay(state.today, -1)}/${ada._id}/absent`);

    await owner().goto('/approval');
    await owner().getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    await owner().getByRole('tab', { name: 'People approvals' }).click();
    const form = owner().getByRole('form', { name: 'People approvals' });
    await form.getByText('Built-in default').waitFor();
    const step1 = form.getByRole('group', { name: 'Step 1' });
    await step1.getByRole('combobox', { name: 'Approvers' }).click();
    await owner().getByRole('option', { name: 'Line manager (upline, else superior, else HR)' }).click();
    await form.getByRole('button', { name: 'Add step' }).click();
    const step2 = form.getByRole('group', { name: 'Step 2' });
    await step2.getByRole('combobox', { name: 'Approvers' }).getByText('HR (users with HR-access)').waitFor();
    await expectAccessible(owner(), 'people approvals');
    await screenshot(owner(), `hr-people-approvals-${viewport.width}`);
    await form.getByRole('button', { name: 'Save policy' }).click();
    await form.getByText('Set by the business').waitFor();
    const policies = (await call('GET', '/approvals/policies')).data as Array<{ service: string; leaveTypeId: string | null; steps: Array<{ approvers: string }> }>;
    const leave = policies.find((p) => p.service === 'leave' && p.leaveTypeId === null);
    assert(leave?.steps.map((s) => s.approvers).join(',') === 'line-manager,hr', `the leave policy is line manager, then HR (${JSON.stringify(leave)})`);
  });

  suite.test('hr flows: the employee asks for 3 days of annual leave across New Year in the portal on a phone', async () => {
    const span = state.span!;
    const context = await browser.newContext({ baseURL: base, viewport: PHONE, locale: 'en-GB', timezoneId: 'Africa/Lagos', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(waitMs(20_000));
    state.portal = { context, page };
    await page.goto('/portal');
    await page.getByRole('textbox', { name: 'Portal code' }).fill(state.portalCode);
    await page.getByRole('button', { name: 'Open my portal' }).click();
    await page.getByLabel('New PIN').fill(PIN);
    await page.getByLabel('The same PIN again').fill(PIN);
    await page.getByRole('button', { name: 'Save my PIN' }).click();
    await page.getByRole('heading', { level: 1, name: `Hello, ${STAFF.firstName}` }).waitFor();

    await page.getByTestId('portal-request-leave').click();
    const dialog = page.getByRole('dialog', { name: 'Request leave' });
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Annual leave' }).click();
    await dialog.getByTestId('leave-start').fill(span.start);
    await dialog.getByTestId('leave-end').fill(span.end);
    await dialog.getByTestId('leave-reason').fill('Family visit in Enugu over New Year');
    await expectAccessible(page, 'portal: request leave (phone)');
    await expectNoOverflow(page, 'portal: request leave');
    await dialog.getByRole('button', { name: 'Request leave' }).click();
    await dialog.waitFor({ state: 'detached' });
    const item = page.getByTestId('portal-leave').getByRole('listitem').filter({ hasText: /Annual leave/ });
    await item.getByText(/\(3\)$/).waitFor();
    await item.getByTestId('portal-leave-status').filter({ hasText: 'Pending' }).waitFor();
    await expectAccessible(page, 'portal with the leave pending (phone)');
    await expectNoOverflow(page, 'portal with the leave pending');
    await screenshot(page, 'hr-portal-leave-390x844');
  });

  suite.test('hr flows: the line manager (no roles) approves from the inbox on a phone, then HR; the portal shows it approved', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: PHONE, locale: 'en-GB', timezoneId: 'Africa/Lagos', isMobile: true, hasTouch: true });
    state.manager = { context, page: await signIn(context, MANAGER) };
    const title = new RegExp(`^Open ${fullName(STAFF)}: annual leave ${state.span!.start} to ${state.span!.end} \\(3 working days\\)`);
    // Waiting for the line manager: HR sees nothing to decide yet.
    await owner().goto('/approval');
    await owner().getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    await owner().getByRole('heading', { name: 'Nothing waits for your approval' }).waitFor();

    await approveFromInbox(manager(), title, 'line manager leave (phone)', async (dialog) => {
      await dialog.getByText('Annual leave', { exact: true }).waitFor();
      await dialog.getByText(`Step 1: ${fullName(MANAGER)} (upline) — 0 of 1`).waitFor();
      await dialog.getByText(`Step 2: ${OWNER.userName} (HR) — 0 of 1`).waitFor();
      await expectNoOverflow(manager(), 'line manager: leave request');
    });
    await approveFromInbox(owner(), title, 'HR leave', async (dialog) => {
      await dialog.getByText(`Step 1: ${fullName(MANAGER)} (upline) — 1 of 1`).waitFor();
      await dialog.getByText(`${fullName(MANAGER)}: Approved`, { exact: false }).waitFor();
    });
    await portal().reload();
    const item = portal().getByTestId('portal-leave').getByRole('listitem').filter({ hasText: /Annual leave/ });
    await item.getByTestId('portal-leave-status').filter({ hasText: 'Approved' }).waitFor();
  });

  suite.test('hr flows: the balance of each year and the month grid show the leave across New Year', async () => {
    const span = state.span!;
    const page = owner();
    await page.goto('/leave/all');
    await page.getByRole('heading', { level: 1, name: 'Leave' }).waitFor();
    await page.getByRole('tab', { name: 'Balances' }).click();
    await page.getByRole('button', { name: `Leave details of ${fullName(STAFF)}` }).click();
    const taken = async (year: number, days: number) => {
      const dialog = page.getByRole('dialog', { name: `${fullName(STAFF)}: leave ${year}` });
      if (!(await dialog.isVisible())) await page.getByRole('dialog').getByRole('button', { name: String(year), exact: true }).click();
      const row = dialog.getByRole('table', { name: 'Balances by leave type' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Annual leave' }) });
      await row.waitFor();
      const cells = await row.getByRole('cell').allInnerTexts();
      // Opening, carried, expired, accrued, adjustments, taken, pending, available.
      assert(cells[5] === String(days) && cells[6] === '0', `${year}: ${days} annual days taken, none pending (${JSON.stringify(cells)})`);
      await dialog.getByRole('listitem').filter({ hasText: new RegExp(`^Annual leave: .+, ${days} days? this year \\(Approved\\)$`) }).waitFor();
      await expectAccessible(page, `leave details ${year}`);
    };
    await taken(span.year, 2);
    await screenshot(page, `hr-leave-balance-${span.year}-${viewport.width}`);
    await taken(span.year + 1, 1);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.goto(`/attendance/${encodeURIComponent(OWNER.email)}`);
    await page.getByRole('heading', { level: 1, name: 'Attendance' }).waitFor();
    await page.getByTestId('attendance-tab-month').click();
    const gridMonth = page.getByTestId('grid-month');
    await gridMonth.getByText(monthTitle(state.today.slice(0, 7))).waitFor();
    const row = () => page.getByTestId('month-grid').locator('tbody tr').filter({ hasText: fullName(STAFF) });
    const december = `${span.year}-12`;
    for (let i = 0; i < monthsBetween(state.today.slice(0, 7), december); i++) await page.getByRole('button', { name: 'Next month' }).click();
    await gridMonth.getByText(monthTitle(december)).waitFor();
    for (const day of span.december) {
      await row().getByTestId(`cell-${day}`).filter({ hasText: /^LV$/ }).waitFor();
    }
    await expectAccessible(page, `month grid ${december}`);
    await screenshot(page, `hr-grid-${december}-${viewport.width}`);
    await page.getByRole('button', { name: 'Next month' }).click();
    await gridMonth.getByText(monthTitle(span.end.slice(0, 7))).waitFor();
    await row().getByTestId(`cell-${span.january}`).filter({ hasText: /^LV$/ }).waitFor();
    const firstJanuary = await row().getByTestId(`cell-${span.year + 1}-01-01`).innerText();
    assert(firstJanuary.trim() === '', `New Year's Day is a holiday, not a leave day (${firstJanuary})`);
  });

  suite.test('hr flows: HR corrects yesterday\'s absent mark in the month grid with a reason; the cell shows it corrected', async () => {
    const page = owner();
    const yesterday = shiftDay(state.today, -1);
    await page.goto(`/attendance/${encodeURIComponent(OWNER.email)}`);
    await page.getByTestId('attendance-tab-month').click();
    const gridMonth = page.getByTestId('grid-month');
    await gridMonth.getByText(monthTitle(state.today.slice(0, 7))).waitFor();
    if (yesterday.slice(0, 7) !== state.today.slice(0, 7)) {
      await page.getByRole('button', { name: 'Previous month' }).click();
      await gridMonth.getByText(monthTitle(yesterday.slice(0, 7))).waitFor();
    }
    const cell = page.getByTestId('month-grid').locator('tbody tr').filter({ hasText: fullName(STAFF) }).getByTestId(`cell-${yesterday}`);
    assert((await cell.innerText()).trim() === 'A', `yesterday shows Absent (${await cell.innerText()})`);
    assert((await cell.getAttribute('aria-label'))?.includes('Absent. Change'), `the cell says what it is and that it can be changed (${await cell.getAttribute('aria-label')})`);
    await cell.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Change ${fullName(STAFF)} on `) });
    await dialog.getByText('Before: Absent').waitFor();
    await dialog.getByRole('combobox', { name: 'Mark' }).click();
    await page.getByRole('option', { name: 'Present', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await dialog.getByText('Reason is required').waitFor();
    const reason = 'Was at the Kano client site all day; the supervisor confirmed';
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await expectAccessible(page, 'correct a day');
    await screenshot(page, `hr-correct-${viewport.width}`);
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction((id) => {
      const rows = [...document.querySelectorAll('[data-testid="month-grid"] tbody tr')].filter((r) => r.textContent?.includes('Ada Eze'));
      return rows[0]?.querySelector(`[data-testid="${id}"]`)?.getAttribute('aria-label')?.includes('Corrected: Corrected by') ?? false;
    }, `cell-${yesterday}`);
    const label = (await cell.getAttribute('aria-label'))!;
    assert(label.includes(`Present. Change (Corrected: Corrected by ${OWNER.userName}`) && label.includes(reason), `the corrected cell names who and why (${label})`);
    assert((await cell.innerText()).trim() === 'P', `the cell shows P (${await cell.innerText()})`);
    await cell.getByTestId('corrected-marker').waitFor();
    await expectAccessible(page, 'month grid after the correction');
    // Who corrected it and why, on hover (and on focus or tap).
    await cell.hover();
    await page.getByRole('tooltip').getByText(reason, { exact: false }).waitFor();
    await screenshot(page, `hr-corrected-${viewport.width}`);
  });

  suite.test('hr flows: an expense claim with a receipt photo, filed in the portal on a phone, is approved by the chain', async () => {
    const page = portal();
    await page.getByRole('button', { name: 'New claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'New claim' });
    await dialog.getByRole('textbox', { name: 'What the claim is for' }).fill(CLAIM_TITLE);
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Materials' }).click();
    await dialog.getByTestId('camera-1').setInputFiles({ name: 'receipt-photo.png', mimeType: 'image/png', buffer: receiptPng() });
    await dialog.getByText('Filled in from the receipt: check the amount, date and vendor.').waitFor({ timeout: 120_000 });
    await dialog.getByText('Receipt: receipt-photo.png').waitFor();
    const amount = await dialog.getByRole('textbox', { name: 'Amount' }).inputValue();
    assert(/^61,?812\.50$/.test(amount), `the OCR filled the amount (${amount})`);
    assert((await dialog.getByLabel('Date on the receipt').inputValue()) === '2026-03-14', 'the OCR filled the date');
    assert(/MAMA CASS/.test(await dialog.getByRole('textbox', { name: 'Paid to' }).inputValue()), 'the OCR filled the vendor');
    await expectAccessible(page, 'portal: claim form (phone)');
    await expectNoOverflow(page, 'portal: claim form');
    await screenshot(page, 'hr-claim-form-390x844');
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await dialog.waitFor({ state: 'detached' });
    const claim = page.getByRole('region', { name: `EC-0001 ${CLAIM_TITLE}` });
    await claim.getByText('Waiting for approval').waitFor();
    await expectNoOverflow(page, 'portal with the claim');

    const title = new RegExp(`^Open Expense claim EC-0001 by ${fullName(STAFF)}: ${CLAIM_TITLE}`);
    await approveFromInbox(manager(), title, 'line manager claim (phone)', async (d) => {
      await d.getByText(`Step 1: ${fullName(MANAGER)} (upline) — 0 of 1`).waitFor();
      await d.getByRole('button', { name: 'Receipt: receipt-photo.png' }).waitFor();
      await expectNoOverflow(manager(), 'line manager: claim');
    });
    await approveFromInbox(owner(), title, 'HR claim', async (d) => {
      await d.getByText(`Step 1: ${fullName(MANAGER)} (upline) — 1 of 1`).waitFor();
    });
    await page.reload();
    await claim.getByText('Approved', { exact: true }).waitFor();
    await claim.getByText(`To be paid back with the ${state.today.slice(0, 7)} payroll (not taxed)`).waitFor();
    await expectAccessible(page, 'portal with the claim approved (phone)');
    await expectNoOverflow(page, 'portal with the claim approved');
    await screenshot(page, 'hr-portal-claim-approved-390x844');
  });

  suite.test('hr flows: the month\'s payroll pays the claim back as a line that is not taxed, on the payslip and in the portal once approved', async () => {
    const page = owner();
    try {
      await page.goto('/salary');
      await page.getByRole('heading', { level: 1, name: 'Salary' }).waitFor();
      await page.getByTestId('run-add-all').click();
      await page.getByTestId('run-status').getByText('Draft').waitFor();
      await page.getByTestId('run-compute').click();
      await page.getByRole('gridcell', { name: fullName(STAFF) }).waitFor({ timeout: 60_000 });
      await expectAccessible(page, 'salary (computed)');
      const link = page.getByRole('grid').first().getByRole('row').filter({ hasText: fullName(STAFF) }).getByRole('link', { name: 'Open' });
      const [slipPage] = await Promise.all([state.owner!.context.waitForEvent('page'), link.click()]);
      await slipPage.setViewportSize(PHONE);
      const slip = slipPage.getByTestId('payslip-lines');
      await slip.waitFor();
      const line = slip.locator('tr[data-testid^="payslip-line-reimbursement:"]');
      await line.getByText('Expense reimbursement EC-0001 (not taxed)').waitFor();
      const paid = amountOf((await line.locator('td').nth(1).innerText()));
      assert(paid === 61812.5, `the claim is paid back in full (${paid})`);
      const lines = await slip.locator('tr[data-testid^="payslip-line-"]').evaluateAll((rows) => rows.map((r) => ({ code: r.getAttribute('data-testid')!, amount: r.querySelectorAll('td')[1]?.textContent ?? '' })));
      const net = amountOf(await slipPage.getByTestId('payslip-net').innerText());
      const sum = lines.reduce((acc, l) => acc + (l.amount.includes('−') ? -1 : 1) * amountOf(l.amount), 0);
      assert(Math.abs(sum - net) < 0.005, `the payslip lines (${JSON.stringify(lines)}) sum to the net ${net} (sum ${sum.toFixed(2)})`);
      // Not taxed: Ada and Musa earn the same; their tax and pension are equal and Ada's net is higher by exactly the claim.
      const run = (await call('GET', `/payroll/run/${state.today.slice(0, 7)}`)).data as { _id: string };
      const runLines = (await call('GET', `/payroll/runs/${run._id}/lines?limit=50`)).data as Array<{ employeeId: string; taxMinor: number; pensionMinor: number; netMinor: number }>;
      const ada = runLines.find((l) => l.employeeId === state.staffId);
      const musa = runLines.find((l) => l.employeeId === state.managerId);
      assert(ada && musa, `both are on the run (${JSON.stringify(runLines)})`);
      assert(ada.taxMinor === musa.taxMinor && ada.pensionMinor === musa.pensionMinor && ada.netMinor - musa.netMinor === 6_181_250,
        `the claim is neither taxed nor pensioned and adds 61,812.50 to net (Ada ${JSON.stringify(ada)}, Musa ${JSON.stringify(musa)})`);
      await expectNoOverflow(slipPage, 'payslip on a phone');
      await expectAccessible(slipPage, 'payslip on a phone');
      await screenshot(slipPage, 'hr-payslip-claim-390x844');
      await slipPage.close();

      // The sole owner may approve alone once the business allows it (nobody else holds the roles); the payslips are published.
      const month = state.today.slice(0, 7);
      await page.goto('/profile');
      const setting = page.locator('#payroll-approval');
      await setting.getByRole('radio', { name: /the owner may approve their own run while nobody else can/ }).check();
      await setting.getByTestId('payroll-approval-save').click();
      await page.waitForFunction(() => (document.querySelector('[data-testid="payroll-approval-save"]') as HTMLButtonElement | null)?.disabled === true);
      await page.goto('/salary');
      await page.waitForFunction(() => (document.querySelector('[data-testid="run-approve"]') as HTMLButtonElement | null)?.disabled === false);
      await page.getByTestId('run-approve').click();
      const approve = page.getByRole('dialog', { name: `Approve the ${month} run?` });
      await approve.getByTestId('approve-reason').fill('I am the only person in the business who handles pay.');
      await approve.getByTestId('approve-confirm').click();
      await page.getByTestId('run-status').getByText('Approved').waitFor();
      await page.getByTestId('run-publish-all').click();
      await page.getByText('Payslips published').waitFor();

      // The employee's phone: the claim is reimbursed by the run, and the published payslip carries it.
      await portal().reload();
      const claim = portal().getByRole('region', { name: `EC-0001 ${CLAIM_TITLE}` });
      await claim.getByText('Reimbursed', { exact: true }).waitFor();
      await claim.getByText(`Paid back with the ${month} payroll`).waitFor();
      await portal().getByTestId('payslip-list').getByRole('link', { name: 'Open' }).first().click();
      await portal().getByTestId('payslip').waitFor();
      const portalLine = portal().getByTestId('payslip-lines').locator('tr[data-testid^="payslip-line-reimbursement:"]');
      await portalLine.getByText('Expense reimbursement EC-0001 (not taxed)').waitFor();
      assert(amountOf(await portalLine.locator('td').nth(1).innerText()) === 61812.5, 'the portal payslip pays the claim back in full');
      await expectNoOverflow(portal(), 'portal payslip');
      await expectAccessible(portal(), 'portal payslip (phone)');
      await screenshot(portal(), 'hr-portal-payslip-390x844');
    } finally {
      await state.manager?.context.close();
      await state.portal?.context.close();
      await state.owner?.context.close();
    }
  });
};
