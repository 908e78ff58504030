/**
 * Issue 35 in the browser: approval rules by amount band and level. The owner builds a purchase-order rule with two
 * bands in the settings screen (up to ₦5,000,000: 1 of Finance; above: Finance, then the MD), a ₦6 M order is raised,
 * Finance approves level 1 and the MD level 2, each with a comment that shows in the request's history. axe clean, also
 * on a 390 px phone. The rule is retired at the end (with confirmation), so later flows meet the default approvers.
 */
import type { Browser, Page } from 'playwright-core';
import { signInAs, type TSignInWho } from '../lib/sign-in.ts';
import { assert, screenshot, seriousA11yViolations } from '../lib/harness.ts';
import { apiAs } from '../lib/api.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyApprovalsContext = { suite: TSuite; page: Page; browser: Browser; base: string };

const STAMP = Date.now();
const FIN = { userName: 'Fola Finance', email: `fola+${STAMP}@adebayofoods.ng`, password: 'Finance-Level-One-2026', roles: ['Approvals-access'] };
const MD = { userName: 'Musa Director', email: `musa+${STAMP}@adebayofoods.ng`, password: 'Director-Level-Two-2026', roles: ['Approvals-access'] };
const WIDE = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

export const registerMoneyApprovalsFlows = ({ suite, page, browser, base }: TMoneyApprovalsContext) => {
  const state = { orderId: '', orderNumber: '' };
  const api = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: T };
    assert(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const signIn = (who: TSignInWho) => signInAs(browser, base, who, { viewport: WIDE, defaultTimeout: 15_000 });
  const rulesTab = async () => {
    await page.goto('/approval');
    await page.getByRole('tab', { name: 'Approval rules' }).click();
    await page.getByRole('heading', { name: 'Approval rules by amount' }).waitFor();
  };

  suite.test('money-approvals: the owner builds a purchase-order rule with two amount bands in the browser', async () => {
    await Promise.all([FIN, MD].map((u) => api('POST', '/auth/user-register', u)));
    await rulesTab();
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approval rule by amount' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add band' }).click();
    const lower = dialog.getByRole('group', { name: 'Band 1' });
    const upper = dialog.getByRole('group', { name: 'Band 2' });
    await lower.getByRole('textbox', { name: /Up to \(amount\)/ }).fill('5,000,000');
    await lower.getByRole('group', { name: 'Approvers of level 1' }).getByRole('checkbox', { name: FIN.userName }).check();
    await upper.getByText('Everything above the band before (open-ended)').waitFor();
    await upper.getByRole('group', { name: 'Approvers of level 1' }).getByRole('checkbox', { name: FIN.userName }).check();
    await upper.getByRole('button', { name: 'Add level' }).click();
    await upper.getByRole('group', { name: 'Approvers of level 2' }).getByRole('checkbox', { name: MD.userName }).check();
    await expectAccessible(page, 'band and level editor');
    await screenshot(page, 'money-approvals-editor-1366x800');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: 'Purchase order', exact: true });
    await card.getByText(/Above ₦5,000,000/).waitFor();
    await card.getByText(`Level 2: 1 of ${MD.userName}`).waitFor();
    await expectAccessible(page, 'approval rules');
    // The history drawer lists the version just saved.
    await card.getByRole('button', { name: 'History of the rule for Purchase order' }).click();
    const drawer = page.getByRole('dialog', { name: 'History: Purchase order' });
    await drawer.getByText(/Version \d+ · (Created|Edited) by/).first().waitFor();
    await expectAccessible(page, 'rule history');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // On a phone the rules and their actions stay on screen.
    await page.setViewportSize(PHONE);
    await card.getByRole('button', { name: 'Edit the rule for Purchase order' }).waitFor();
    // The rules by amount (cards, bands, actions) fit the phone's width; the widest element is named if not.
    const cut = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const section = document.getElementById('banded-rules-title')?.closest('section');
      return Array.from(section?.querySelectorAll('*') ?? []).filter((el) => el.getBoundingClientRect().right > width + 1)
        .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.slice(0, 40)}" (${Math.round(el.getBoundingClientRect().right)} px)`).slice(0, 5);
    });
    assert(cut.length === 0, `the rules by amount fit a 390 px phone: ${cut.join('; ')}`);
    await expectAccessible(page, 'approval rules on a phone');
    await screenshot(page, 'money-approvals-rules-390x844');
    await page.setViewportSize(WIDE);
  });

  suite.test('money-approvals: a ₦6 M order goes to Finance (level 1), then the MD (level 2), each approving with a comment', async () => {
    const [vendor] = await api<Array<{ _id: string }>>('POST', '/vendors/add-vendors', { name: `Bands Steel ${STAMP}` });
    const [order] = await api<Array<{ _id: string; invoiceNumber: string; totalMinor: number }>>('POST', '/orders/add-orders', {
      vendorId: vendor._id, lines: [{ item: 'Reinforcement bars 16 mm', unit: 'tonne', quantity: 10, unitPrice: '600000' }],
    });
    assert(order.totalMinor > 500_000_000, `the order is above ₦5 M (${order.totalMinor})`);
    state.orderId = order._id;
    state.orderNumber = order.invoiceNumber;

    // The MD is not asked before Finance approves: the order is not in the MD's inbox yet.
    const md = await signIn(MD);
    try {
      const box = await apiAs(md.page, base)('GET', '/approvals/inbox?kind=purchase-order');
      assert(!(box.data.rows as Array<{ subjectId: string }>).some((r) => r.subjectId === state.orderId), 'the MD does not see the order before level 1 approves');
    } finally {
      await md.context.close();
    }

    const fin = await signIn(FIN);
    try {
      await fin.page.goto('/approval');
      const card = fin.page.getByRole('article', { name: new RegExp(state.orderNumber) });
      // A shared 2-core machine: the inbox may still be re-rendering its cards.
      await card.getByRole('button', { name: new RegExp(`^Open ${state.orderNumber}`) }).click({ timeout: 40_000 });
      const dialog = fin.page.getByRole('dialog');
      await dialog.getByText('Level 1 of 2 — Above ₦5,000,000').waitFor();
      await expectAccessible(fin.page, 'level 1 approval detail');
      await dialog.getByRole('textbox', { name: 'Comment' }).fill('Within the steel budget');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await fin.context.close();
    }

    const md2 = await signIn(MD);
    try {
      await md2.page.goto('/approval');
      const card = md2.page.getByRole('article', { name: new RegExp(state.orderNumber) });
      await card.getByRole('button', { name: new RegExp(`^Open ${state.orderNumber}`) }).click({ timeout: 40_000 });
      const dialog = md2.page.getByRole('dialog');
      await dialog.getByText('Level 2 of 2 — Above ₦5,000,000').waitFor();
      await dialog.getByText(/Within the steel budget/).waitFor();
      await expectAccessible(md2.page, 'level 2 approval detail');
      await screenshot(md2.page, 'money-approvals-level-2-1366x800');
      await dialog.getByRole('textbox', { name: 'Comment' }).fill('Go ahead');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await md2.context.close();
    }
    const detail = await api<{ approvalStatus: string }>('GET', `/orders/detail/${state.orderId}`);
    assert(detail.approvalStatus === 'approved', `${state.orderNumber} is approved after both levels (${detail.approvalStatus})`);
    const all = await api<Array<{ subjectId: string; decisions: Array<{ userName: string; reason: string | null }> }>>('GET', '/orders/approvals?view=all&service=purchase-order&limit=100');
    const history = all.find((r) => r.subjectId === state.orderId)?.decisions.map((d) => `${d.userName}: ${d.reason}`);
    assert(JSON.stringify(history) === JSON.stringify([`${FIN.userName}: Within the steel budget`, `${MD.userName}: Go ahead`]), `the comments are kept: ${JSON.stringify(history)}`);
  });

  suite.test('money-approvals: the owner retires the rule after confirming; new orders go to the default approvers', async () => {
    await rulesTab();
    const card = page.getByRole('article', { name: 'Purchase order', exact: true });
    await card.getByRole('button', { name: 'Retire the rule for Purchase order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retire this rule?' });
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card.getByText('Retired').waitFor();
  });
};
