/**
 * Issue 30 in the browser: one approvals inbox. An Approvals-only user opens a purchase order from the inbox, reads
 * its lines and approves it with a comment; a computed payroll run and a pending leave request wait in the inbox of
 * a user who may decide them. Cards keep their amounts and actions on screen at 1366 px and on a 390 px phone.
 */
import type { Browser, Page } from 'playwright-core';
import { signInAs, type TSignInWho } from '../lib/sign-in.ts';
import { assert, screenshot, seriousA11yViolations } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TApprovalsInboxContext = { suite: TSuite; page: Page; browser: Browser; base: string; ownerEmail: string };

const STAMP = Date.now();
const APPROVER = { userName: 'Ife Approver', email: `ife+${STAMP}@adebayofoods.ng`, password: 'Approve-Orders-2026', roles: ['Approvals-access'] };
const DECIDER = { userName: 'Pat Decider', email: `pat+${STAMP}@adebayofoods.ng`, password: 'Decide-Pay-Leave-2026', roles: ['Accounts-access', 'Approvals-access', 'HR-access'] };
const WIDE = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

/** Every inbox card fits the viewport: nothing overflows it, its amount and its Open button are fully visible. */
const expectCardsFit = async (target: Page, where: string) => {
  const problems = await target.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const card of Array.from(document.querySelectorAll('article'))) {
      const box = card.getBoundingClientRect();
      if (box.right > width + 1 || card.scrollWidth > card.clientWidth + 1) out.push(`card "${card.textContent?.slice(0, 60)}" overflows (${Math.round(box.right)} > ${width})`);
      for (const el of Array.from(card.querySelectorAll('button, p, h3'))) {
        const r = el.getBoundingClientRect();
        if (r.right > box.right + 1 || (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1) out.push(`"${el.textContent?.slice(0, 40)}" is cut in "${card.textContent?.slice(0, 40)}"`);
      }
    }
    return out;
  });
  assert(problems.length === 0, `${where}: ${problems.join('; ')}`);
};

export const registerApprovalsInboxFlows = ({ suite, page, browser, base, ownerEmail }: TApprovalsInboxContext) => {
  const state = { totalMinor: 0, orderId: '', orderNumber: '', employeeName: '', month: '2025-11' };
  const api = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: T };
    assert(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const signIn = (who: TSignInWho, viewport: { width: number; height: number }) => signInAs(browser, base, who, { viewport });

  suite.test('approvals inbox: the owner asks for a purchase order, leave and a payroll run', async () => {
    const [ife] = await Promise.all([APPROVER, DECIDER].map((u) => api<{ _id: string }>('POST', '/auth/user-register', u)));
    // Earlier flows may have named the purchase-order approvers: Ife becomes the one approval needed.
    const rules = await api<Array<{ serviceName: string }>>('GET', '/orders/approval-rules');
    if (rules.some((r) => r.serviceName === 'purchase-order')) {
      await api('POST', '/orders/create-approvals', { ownerEmail, serviceName: 'purchase-order', userId: [ife._id], totalApprovalsRequired: 1 });
    }
    const [vendor] = await api<Array<{ _id: string }>>('POST', '/vendors/add-vendors', { name: `Dangote Cement ${STAMP}` });
    const [order] = await api<Array<{ _id: string; invoiceNumber: string; totalMinor: number }>>('POST', '/orders/add-orders', {
      vendorId: vendor._id, lines: [{ item: 'Cement 50 kg', unit: 'bag', quantity: 4000, unitPrice: '8000' }, { item: 'Sharp sand', unit: 'tonne', quantity: 20, unitPrice: '15000' }],
    });
    state.orderId = order._id;
    state.totalMinor = order.totalMinor;
    state.orderNumber = order.invoiceNumber;

    const userId = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).id as string);
    const employee = await api<{ _id: string }>('POST', `/employee/create/${userId}`, { firstName: 'Tunde', lastName: `Inbox${STAMP % 10000}`, email: `tunde.inbox+${STAMP}@adebayofoods.ng`, grossIncome: '6000000', startDate: '2025-01-06' });
    state.employeeName = `Tunde Inbox${STAMP % 10000}`;
    let day = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 3));
    while (day.getUTCDay() !== 3) day = new Date(day.getTime() + 86_400_000);
    const date = day.toISOString().slice(0, 10);
    await api('POST', `/employee/leave/${employee._id}`, { type: 'sick', startDate: date, endDate: date, reason: 'Malaria' });

    const run = await api<{ _id: string }>('POST', '/employee/employeeBulkUpload', { selectedEmployeeIds: [employee._id], month: state.month });
    await api('POST', `/payroll/runs/${run._id}/compute`);
    for (let i = 0; ; i++) {
      const r = await api<{ job: { status: string; message: string | null } | null; isStale: boolean }>('GET', `/payroll/run/${state.month}`);
      if (r.job?.status === 'succeeded' && !r.isStale) break;
      assert(r.job?.status !== 'failed' && i < 150, `the ${state.month} run did not compute: ${r.job?.message}`);
      await new Promise((res) => setTimeout(res, 200));
    }
  });

  suite.test('approvals inbox: an Approvals-only user opens the purchase order, reads its lines and approves it', async () => {
    const { context, page: ife } = await signIn(APPROVER, WIDE);
    try {
      await ife.getByRole('link', { name: /^Approvals/ }).first().click();
      await ife.waitForURL((url) => url.pathname === '/approval');
      const card = ife.getByRole('article', { name: new RegExp(state.orderNumber) });
      await card.waitFor();
      // The whole amount shows (VAT included), not a cut-off figure.
      const major = (state.totalMinor / 100).toLocaleString('en-GB');
      assert((await card.textContent())?.includes(major), `the card shows ${major}: ${await card.textContent()}`);
      await expectCardsFit(ife, 'inbox at 1366 px');
      await expectAccessible(ife, 'approvals inbox');
      await screenshot(ife, 'approvals-inbox-1366x800');
      await card.getByRole('button', { name: new RegExp(`^Open ${state.orderNumber}`) }).click();
      const dialog = ife.getByRole('dialog');
      const lines = dialog.getByRole('table', { name: 'Lines' });
      await lines.getByText('Cement 50 kg').waitFor();
      await lines.getByText('Sharp sand').waitFor();
      await dialog.getByText('Amaka Adebayo').first().waitFor();
      await expectAccessible(ife, 'approval detail');
      await screenshot(ife, 'approval-detail-1366x800');
      await dialog.getByRole('textbox', { name: 'Comment' }).fill('Within the Q4 budget');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card.waitFor({ state: 'detached' });
      const order = await api<{ approvalStatus: string }>('GET', `/orders/detail/${state.orderId}`);
      assert(order.approvalStatus === 'approved', `${state.orderNumber} is approved (${order.approvalStatus})`);
    } finally {
      await context.close();
    }
  });

  suite.test('approvals inbox: a payroll run and a leave request wait for the person who decides them, also on a phone', async () => {
    for (const viewport of [WIDE, PHONE]) {
      const { context, page: pat } = await signIn(DECIDER, viewport);
      try {
        await pat.goto('/approval');
        await pat.getByRole('article', { name: new RegExp(`${state.month} payroll run`) }).waitFor();
        await pat.getByRole('article', { name: new RegExp(state.employeeName) }).waitFor();
        await expectCardsFit(pat, `inbox at ${viewport.width} px`);
        await expectAccessible(pat, `approvals inbox at ${viewport.width} px`);
        await screenshot(pat, `approvals-inbox-decider-${viewport.width}x${viewport.height}`);
        if (viewport === PHONE) {
          await pat.getByRole('article', { name: new RegExp(`${state.month} payroll run`) }).getByRole('button', { name: /^Open/ }).click();
          await pat.getByRole('dialog').getByText('Net pay').waitFor();
          await expectAccessible(pat, 'payroll approval detail on a phone');
        }
      } finally {
        await context.close();
      }
    }
  });
};
