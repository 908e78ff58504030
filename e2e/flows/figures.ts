/**
 * Issue 30, figures that fit: a project with ₦45,000,000 of costs and a payroll run of three large salaries, then
 * the dashboard, management, the run, a payslip and the project at 1366×800 and 390×844. Every money figure on screen is
 * whole (not wider than its box, no ellipsis, not cut by a card, on screen or in a scroll container) and reads
 * its exact value; the run's Net column and leave's Approve and Decline stay in view at 1366 px and on a phone.
 */
import type { Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations } from '../lib/harness.ts';
import { checkFigures } from '../lib/money.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };

const STAMP = Date.now();
const PROJECT = `Lekki Tower ${STAMP.toString(36)}`;
const COST_MINOR = 4_500_000_000;
const PAYMENT_MINOR = 9_876_543_210;
const SIZES = [{ width: 1366, height: 800 }, { width: 390, height: 844 }] as const;
/** Annual gross in major units: monthly ₦45 M, ₦90 M and ₦27.5 M. */
const PEOPLE = [
  { firstName: 'Ngozi', lastName: `Okafor ${STAMP.toString(36)}`, gross: '540000000' },
  { firstName: 'Tunde', lastName: `Bakare ${STAMP.toString(36)}`, gross: '1080000000' },
  { firstName: 'Aisha', lastName: `Bello ${STAMP.toString(36)}`, gross: '330000000' },
];

/** The exact value as the test expects it, from the minor units' digits (en-NG, naira sign). */
const exact = (minor: string) => {
  const value = BigInt(minor);
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0n ? '-' : ''}₦${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** A Wednesday in the middle of next month: a working day for a leave request. */
const leaveDay = (month: string) => {
  const day = new Date(`${month}-12T00:00:00Z`);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

const nextMonth = () => {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
};

export const registerFiguresFlows = ({ suite, page, base, ownerEmail }: { suite: TSuite; page: Page; base: string; ownerEmail: string }) => {
  const month = nextMonth();
  const api = async (method: string, path: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: Record<string, unknown> };
    assert(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };

  /** Every figure on the screen whole and exact, the screen accessible; `expected` minor units must be among them. */
  const expectFiguresFit = async (where: string, expected: number[]) => {
    await page.waitForTimeout(500);
    const figures = await checkFigures(page);
    const problems = figures.flatMap((f) => [
      ...f.problems.map((p) => `${f.shown}: ${p}`),
      ...(f.spoken === exact(f.minor) ? [] : [`${f.shown} reads "${f.spoken}", not "${exact(f.minor)}"`]),
      ...(f.shown.includes('…') ? [`${f.shown} is cut with an ellipsis`] : []),
    ]);
    assert(problems.length === 0, `${where}: figures cut off or misread:\n  ${problems.join('\n  ')}`);
    assert(figures.length > 0, `${where}: money figures are on screen`);
    for (const minor of expected) assert(figures.some((f) => f.minor === String(minor)), `${where}: ${exact(String(minor))} is on screen (seen: ${figures.map((f) => f.spoken).join(', ')})`);
    const violations = await seriousA11yViolations(page);
    assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
    await screenshot(page, `figures-${where.replace(/\W+/g, '-')}`);
  };

  /** The first compact figure shows its exact value in its tip on keyboard focus (of itself or of the card link it sits in). */
  const expectTipOnFocus = async (where: string) => {
    const figure = page.locator('.bd-money--compact').first();
    await figure.waitFor();
    const minor = (await figure.getAttribute('data-money'))!;
    const link = page.locator('.bd-card__action').filter({ has: page.locator(`.bd-money--compact[data-money="${minor}"]`) }).first();
    await ((await figure.getAttribute('tabindex')) === '0' ? figure : link).focus();
    // Back and forth with the keyboard: the focus is then a keyboard focus (:focus-visible), as a keyboard user's.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const tip = figure.locator('.bd-money__tip');
    await tip.waitFor({ state: 'visible' });
    assert((await tip.textContent()) === exact(minor), `${where}: the focused figure's tip shows ${exact(minor)} (${await tip.textContent()})`);
  };

  suite.test('figures: big amounts fit on the dashboard, management, the payroll run and the project at 1366 px and on a phone', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await api('PUT', '/cost/project', { email: ownerEmail, tagName: PROJECT, dept: 'default', budget: '120000000' });
    await api('POST', '/cost/overhead-cost', { email: ownerEmail, tagName: PROJECT, employeeName: 'Amaka Adebayo', records: [{ description: 'Steel and cement', category: 'Materials', amount: String(COST_MINOR / 100), date: today }] });
    await api('POST', '/cost/add-payment', { email: ownerEmail, tagName: PROJECT, newPaymentEntry: { amount: (PAYMENT_MINOR / 100).toFixed(2), date: today } });

    const userId = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).id as string);
    const ids: string[] = [];
    for (const p of PEOPLE) {
      const created = await api('POST', `/employee/create/${userId}`, { firstName: p.firstName, lastName: p.lastName, email: `${p.firstName.toLowerCase()}.${STAMP}@adebayofoods.ng` });
      ids.push(created._id as string);
      await api('PUT', `/employee/payment-settings/${created._id as string}`, { grossIncome: p.gross });
    }
    const day = leaveDay(month);
    await api('POST', `/employee/leave/${ids[0]!}`, { type: 'sick', startDate: day, endDate: day, reason: 'Hospital appointment' });
    const run = await api('POST', '/employee/employeeBulkUpload', { selectedEmployeeIds: ids, month });
    await api('POST', `/payroll/runs/${run._id as string}/compute`);
    let computed: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) {
      computed = await api('GET', `/payroll/run/${month}`);
      const job = computed.job as { status: string } | null;
      if (computed.computedAt && (!job || !['queued', 'running'].includes(job.status))) break;
      await page.waitForTimeout(200);
    }
    const totals = computed.totals as { grossMinor: number; netMinor: number; employerCostMinor: number };
    // The payslip of the largest salary, with what the employer pays on top (issue 31).
    const lines = (await api('GET', `/payroll/runs/${run._id as string}/lines?limit=10`)) as unknown as Array<{ _id: string; name: string }>;
    const slipId = lines.find((l) => l.name.startsWith(PEOPLE[1].firstName))!._id;
    const slip = await api('GET', `/payroll/payslip/${slipId}`);
    const employerTotal = (slip.employer as { totalMinor: number }).totalMinor;
    assert(employerTotal > 0, `the payslip lists employer contributions (${JSON.stringify(slip.employer)})`);
    assert(totals?.grossMinor >= 16_000_000_000, `the run is computed with its large salaries (${JSON.stringify(computed.totals)})`);

    for (const size of SIZES) {
      await page.setViewportSize(size);
      const at = `${size.width}x${size.height}`;

      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('[data-money]').first().waitFor();
      await expectFiguresFit(`dashboard ${at}`, []);
      await expectTipOnFocus(`dashboard ${at}`);

      await page.goto('/management');
      await page.getByTestId('mgmt-overheads').locator('[data-money]').waitFor();
      await expectFiguresFit(`management ${at}`, [COST_MINOR]);
      await expectTipOnFocus(`management ${at}`);

      await page.goto('/salary');
      await page.getByRole('heading', { level: 1, name: 'Salary' }).waitFor();
      await page.getByTestId('salary-month').fill(month);
      await page.getByTestId('run-net').locator('[data-money]').waitFor();
      await page.getByText(`${PEOPLE[1].firstName} ${PEOPLE[1].lastName}`).first().waitFor();
      await expectFiguresFit(`payroll run ${at}`, [totals.grossMinor, totals.netMinor, totals.employerCostMinor]);
      if (size.width === 1366) {
        // The key columns of the run stay in view beside the navigation: the employee, Net and publishing.
        for (const field of ['name', 'netMinor', 'isPublished']) {
          // The run's own grid (the variance below it has an Employee column too).
          const box = await page.getByRole('grid', { name: /^Salary/ }).locator(`[role="columnheader"][data-field="${field}"]`).boundingBox();
          assert(box && box.x >= 0 && box.x + box.width <= size.width, `payroll run ${at}: the ${field} column is in view (${JSON.stringify(box)})`);
        }
      } else {
        const card = page.getByRole('row').filter({ hasText: `${PEOPLE[1].firstName} ${PEOPLE[1].lastName}` });
        const open = card.getByRole('link', { name: 'Open' }).first();
        const box = await open.boundingBox();
        assert(box && box.x >= 0 && box.x + box.width <= size.width, `payroll run ${at}: the card's payslip link is on screen (${JSON.stringify(box)})`);
      }

      // The payslip's "Paid by your employer" amounts stay inside the card, on a phone too.
      await page.goto(`/payroll/${slipId}`);
      await page.getByRole('region', { name: 'Paid by your employer' }).waitFor();
      await expectFiguresFit(`payslip ${at}`, [employerTotal]);

      // The pay summary: the month's cost to the employer per employee, whole on a phone too.
      await page.goto('/pay-summary');
      await page.getByRole('heading', { level: 1, name: 'Pay summary' }).waitFor();
      if (month.slice(0, 4) !== String(new Date().getFullYear())) {
        await page.getByRole('combobox', { name: 'Year' }).click();
        await page.getByRole('option', { name: month.slice(0, 4) }).click();
      }
      await page.getByTestId('employee-cost-totals').waitFor();
      await page.getByText(`${PEOPLE[1].firstName} ${PEOPLE[1].lastName}`).first().waitFor();
      await expectFiguresFit(`pay summary ${at}`, [totals.employerCostMinor]);

      // Leave's decisions stay in view: beside the navigation at 1366 px, on the request's card on a phone.
      await page.goto('/leave/Main');
      await page.getByRole('heading', { level: 1, name: 'Leave' }).waitFor();
      const request = page.getByRole('row').filter({ hasText: `${PEOPLE[0].firstName} ${PEOPLE[0].lastName}` });
      for (const name of ['Approve', 'Decline']) {
        const button = request.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        assert(box && box.x >= 0 && box.x + box.width <= size.width && box.y >= 0, `leave ${at}: "${name}" is in view (${JSON.stringify(box)})`);
      }
      const leaveViolations = await seriousA11yViolations(page);
      assert(leaveViolations.length === 0, `leave ${at}: serious/critical accessibility violations:\n${JSON.stringify(leaveViolations, null, 2)}`);
      await screenshot(page, `figures-leave-${at}`);

      await page.goto(`/projects/default?project=${encodeURIComponent(PROJECT)}`);
      await page.getByRole('heading', { level: 1, name: PROJECT }).waitFor();
      await page.getByTestId('project-overheads').locator('[data-money]').waitFor();
      await expectFiguresFit(`project ${at}`, [COST_MINOR, PAYMENT_MINOR]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
};
