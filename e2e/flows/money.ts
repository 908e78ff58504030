/**
 * Issue 35, the last "Done when" line, as one chained story in the browser (E2E_ONLY="money:"):
 * the buyer (the signed-in owner) prices a two-line BOQ on a project; two contractors quote through the public link,
 * one partially; the buyer compares and awards per line (two purchase orders). An approval rule with an amount band
 * (set up through the API; its editor is covered by money-approvals) routes the bigger order to a second level: the
 * approvers approve in their own browsers, by amount. The cement is received as "not stocked — charge to the project";
 * the sand goes into the project's site store (API). The vendor's invoice over the price tolerance is visibly held, a
 * credit note releases it, the payment is scheduled, approved in the approver's browser (who sees the invoice) and
 * recorded with WHT.
 * Sand is used at the site and a truck's fuel is charged to it (API set-ups). The project manager, in a browser of
 * their own, opens the project's costs from the projects screen and sees every source, actual = their sum. Axe on each
 * main screen and dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { signInAs, type TSignInWho } from '../lib/sign-in.ts';
import { assert, expectAccessible, screenshot, waitMs } from '../lib/harness.ts';
import { apiAs } from '../lib/api.ts';
import { fillVendorInvoice } from '../lib/invoices.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyContext = { suite: TSuite; page: Page; browser: Browser; base: string; ownerEmail: string };

const STAMP = Date.now();
const TAG = STAMP.toString(36);
const CONTRACT = `MF-${STAMP}`;
const PROJECT = `Yaba Flats ${TAG}`;
const SITE = `Yaba Flats ${TAG} block A`;
const CEMENT_CO = `Okoro Cement Depot ${TAG}`;
const CEMENT_TIN = `${STAMP % 100000000}-0001`;
const SAND_CO = `Yaba Aggregates ${TAG}`;
const INV = `CS-${TAG}`;
const WIDE = { width: 1366, height: 800 };
const FIN = { userName: `Fola Level One ${TAG}`, email: `fola.mf+${STAMP}@adebayofoods.ng`, password: 'Money-Flow-Level-One-2026', roles: ['Approvals-access'] };
const MD = { userName: `Musa Level Two ${TAG}`, email: `musa.mf+${STAMP}@adebayofoods.ng`, password: 'Money-Flow-Level-Two-2026', roles: ['Approvals-access'] };
const PM = { userName: `Ngozi PM ${TAG}`, email: `ngozi.mf+${STAMP}@adebayofoods.ng`, password: 'Money-Flow-Project-2026', roles: ['Projects-access'] };

type TOrder = { _id: string; invoiceNumber: string; totalMinor: number; approvalStatus: string; lines: Array<{ _id: string; item: string; received: string }> };

export const registerMoneyFlows = ({ suite, page, browser, base, ownerEmail }: TMoneyContext) => {
  const api = apiAs(page, base);
  const state = { projectId: '', siteId: '', links: [] as string[], cement: null as TOrder | null, sand: null as TOrder | null, ruleId: '', paymentRuleId: '', users: {} as Record<string, string> };
  const login = async (who: { email: string; password: string }) => {
    const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
    return (await res.json()) as { token: string; data: { _id: string } };
  };
  const signIn = (who: TSignInWho) => signInAs(browser, base, who, { viewport: WIDE, defaultTimeout: 20_000 });
  const openBoq = async () => {
    await page.goto('/products');
    await page.getByRole('tab', { name: 'BOQ & quotes' }).click();
    await page.getByRole('row', { name: new RegExp(CONTRACT) }).getByRole('button', { name: 'Open' }).click();
    return page.getByRole('dialog', { name: `BOQ ${CONTRACT}` });
  };
  const fillQuote = async (link: string, fill: (p: Page) => Promise<void>) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    try {
      const p = await context.newPage();
      p.setDefaultTimeout(waitMs(20_000));
      await p.goto(new URL(link).pathname + new URL(link).search);
      await p.getByRole('heading', { level: 1, name: `Quote for ${PROJECT}` }).waitFor();
      await fill(p);
      await p.getByRole('button', { name: 'Submit quote' }).click();
      await p.getByText(/Thank you\. Your quote of/).waitFor();
    } finally {
      await context.close();
    }
  };
  const order = async (id: string) => (await api('GET', `/orders/detail/${id}`)).data as TOrder;

  suite.test('money: the buyer prices a two-line BOQ on a project; two contractors quote through the public link, one partially', async () => {
    for (const u of [FIN, MD, PM]) {
      await api('POST', '/auth/user-register', u);
      state.users[u.email] = (await login(u)).data._id;
    }
    // The rule by amount (through the API; its editor is covered by money-approvals): up to ₦600,000 one level,
    // above it the level-1 approver, then the level-2 approver. Saved before the award, so the orders follow it.
    state.ruleId = (await api('PUT', '/approvals/rules', {
      service: 'purchase-order', bands: [
        { upToMinor: 60_000_000, levels: [{ userIds: [state.users[FIN.email]], required: 1 }] },
        { upToMinor: null, levels: [{ userIds: [state.users[FIN.email]], required: 1 }, { userIds: [state.users[MD.email]], required: 1 }] },
      ],
    })).data._id;
    // Payments go to the level-1 approver here (an earlier flow of the same run may have named other payment approvers).
    state.paymentRuleId = (await api('PUT', '/approvals/rules', {
      service: 'payment', bands: [{ upToMinor: null, levels: [{ userIds: [state.users[FIN.email]], required: 1 }] }],
    })).data._id;
    // The project as the Projects screen's "New project" makes it (a project record with its costing row), so the
    // projects screen lists it. (A project made only on the Places screen is not listed there: see the report.)
    await api('PUT', '/cost/project', { email: ownerEmail, tagName: PROJECT, projectDescription: 'Two blocks of flats' });
    state.projectId = ((await api('GET', '/places')).data as Array<{ _id: string; name: string; kind: string }>).find((pl) => pl.kind === 'project' && pl.name === PROJECT)?._id ?? '';
    assert(state.projectId, `the project ${PROJECT} is a place`);
    state.siteId = (await api('POST', '/places', { kind: 'site', name: SITE, projectId: state.projectId })).data._id;
    // The cement supplier is a known vendor (goods, company, TIN): the award finds it by TIN and its payment withholds tax.
    await api('POST', '/vendors/add-vendors', { name: CEMENT_CO, taxId: CEMENT_TIN, whtCategory: 'goods', whtPayeeType: 'company' });
    // The BOQ through the API (its form is the older procurement flow's); it names the project, so its orders do too.
    await api('POST', '/vendors/add-boq', { contractId: CONTRACT, businessName: 'Adebayo Foods Ltd', projectTitle: PROJECT, lines: [{ item: 'Cement', quantity: 100, unit: 'bag' }, { item: 'Plaster sand', quantity: 20, unit: 't' }] });
    const boq = await openBoq();
    await boq.getByRole('button', { name: 'Send to contractor' }).click();
    const send = page.getByRole('dialog', { name: 'Send the BOQ to a contractor' });
    await send.getByLabel("Contractor's e-mail").fill(`cement+${STAMP}@suppliers.example`);
    await send.getByRole('button', { name: 'Send link' }).click();
    await send.getByRole('status').filter({ hasText: /e-mail/i }).waitFor();
    state.links.push(await send.getByLabel('Quote link').inputValue());
    await expectAccessible(page, 'quote link dialog');
    await send.getByRole('button', { name: 'Close' }).first().click();
    state.links.push((await api('POST', '/vendors/send-to-contractor', { email: `sand+${STAMP}@suppliers.example`, contractId: CONTRACT, businessName: 'Adebayo Foods Ltd', projectTitle: PROJECT })).data.link);

    await fillQuote(state.links[0], async (p) => {
      await p.getByLabel('Your company name').fill(CEMENT_CO);
      await p.getByLabel('Cement: Unit rate').fill('9000');
      await p.getByLabel('Plaster sand: Unit rate').fill('30000');
      await p.getByLabel('Tax ID (TIN)').fill(CEMENT_TIN);
      await expectAccessible(p, 'public quote form');
    });
    await fillQuote(state.links[1], async (p) => {
      await p.getByLabel('Your company name').fill(SAND_CO);
      await p.getByLabel('Plaster sand: Unit rate').fill('25000'); // cement left unquoted
    });
  });

  suite.test('money: the buyer compares and awards per line: cement and sand go to two purchase orders on the project', async () => {
    const boq = await openBoq();
    await boq.getByText('Partial: 1 of 2 lines').first().waitFor();
    await boq.getByText('Not quoted').first().waitFor();
    assert((await boq.getByText('Cheapest in total').count()) === 1, 'only the complete quote is cheapest in total');
    await expectAccessible(page, 'quote comparison');
    await boq.getByRole('button', { name: 'Award the chosen lines' }).click();
    const award = page.getByRole('dialog', { name: 'Award: one purchase order per supplier' });
    await award.getByText(/967,500\.00/).waitFor(); // 100 bags × ₦9,000 + 7.5% VAT
    await award.getByText(/537,500\.00/).waitFor(); // 20 t × ₦25,000 + 7.5% VAT
    await expectAccessible(page, 'award dialog');
    await award.getByRole('button', { name: 'Create 2 purchase orders' }).click();
    await boq.getByText('2 purchase orders were created and sent for approval.').waitFor();
    await screenshot(page, 'money-awarded');
    const quotes = (await api('GET', `/vendors/fetch-quotes/${encodeURIComponent(ownerEmail)}`)).data.filter((q: { contractId: string }) => q.contractId === CONTRACT);
    const ids = [...new Set(quotes.map((q: { orderId: string }) => q.orderId))] as string[];
    assert(ids.length === 2, `two orders (${JSON.stringify(ids)})`);
    const orders = await Promise.all(ids.map(order));
    state.cement = orders.find((o) => o.lines[0].item === 'Cement') ?? null;
    state.sand = orders.find((o) => o.lines[0].item === 'Plaster sand') ?? null;
    assert(state.cement && state.sand, `one order for cement, one for sand: ${JSON.stringify(orders.map((o) => o.lines.map((l) => l.item)))}`);
    for (const o of orders) assert((o as unknown as { project?: { _id: string } }).project?._id === state.projectId, `${o.invoiceNumber} names the project`);
  });

  suite.test('money: approve by amount — level 1 approves both orders, level 2 only the ₦967,500 one, each in their own browser', async () => {
    const cement = state.cement!;
    const sand = state.sand!;
    const approve = async (p: Page, o: TOrder, level: string, comment: string) => {
      await p.goto('/approval');
      const card = p.getByRole('article', { name: new RegExp(o.invoiceNumber) });
      await card.getByRole('button', { name: new RegExp(`^Open ${o.invoiceNumber}`) }).click({ timeout: 40_000 });
      const dialog = p.getByRole('dialog');
      await dialog.getByText(level).waitFor();
      await expectAccessible(p, `approval detail (${level})`);
      await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    const fin = await signIn(FIN);
    try {
      await approve(fin.page, sand, 'Level 1 of 1 — Up to ₦600,000', 'Sand within budget');
      await approve(fin.page, cement, 'Level 1 of 2 — Above ₦600,000', 'Cement checked');
    } finally {
      await fin.context.close();
    }
    assert((await order(sand._id)).approvalStatus === 'approved', 'the sand order (below the band) is approved after one level');
    assert((await order(cement._id)).approvalStatus !== 'approved', 'the cement order (above the band) waits for level 2');
    const md = await signIn(MD);
    try {
      await approve(md.page, cement, 'Level 2 of 2 — Above ₦600,000', 'Go ahead');
      await screenshot(md.page, 'money-level-2');
    } finally {
      await md.context.close();
    }
    assert((await order(cement._id)).approvalStatus === 'approved', 'the cement order is approved after level 2');
    // Retired so later flows meet the default approvers again.
    await api('POST', `/approvals/rules/${state.ruleId}/retire`);
  });

  suite.test('money: the cement is received as not stocked — charged to the project; the sand into the site store (API)', async () => {
    const cement = state.cement!;
    await page.goto('/manage-po');
    await page.getByRole('heading', { level: 1, name: 'Purchase orders' }).waitFor();
    await page.getByRole('gridcell', { name: cement.invoiceNumber }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${cement.invoiceNumber}` });
    await dialog.getByRole('button', { name: 'Receive goods' }).click();
    const grn = page.getByRole('dialog', { name: `Goods received on ${cement.invoiceNumber}` });
    await grn.getByLabel('Received by').fill('Site engineer');
    await grn.getByLabel(/^Cement: Receive now/).fill('100');
    await grn.getByRole('checkbox', { name: 'Not stocked — charge to the project' }).check();
    await expectAccessible(page, 'goods received dialog');
    await grn.getByRole('button', { name: 'Receive goods' }).click();
    await grn.waitFor({ state: 'detached' });
    assert((await order(cement._id)).lines[0].received === '100', 'the 100 bags are received');
    const sand = state.sand!;
    await api('PUT', '/orders/grn-update', { grnData: { orderId: sand._id, receivedDate: new Date().toISOString().slice(0, 10), receiver: 'Storekeeper', lines: [{ lineId: sand.lines[0]._id, quantity: 20, locationId: state.siteId }] } });
  });

  suite.test('money: the invoice over the price tolerance is held, a credit note releases it, the payment is scheduled', async () => {
    const cement = state.cement!;
    const dialog = await fillVendorInvoice(page, { orderNumber: cement.invoiceNumber, quantity: '100', unitPrice: '9500', invoiceNumber: INV });
    await expectAccessible(page, 'vendor invoice dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const held = page.getByTestId(`held-${INV}`);
    await held.getByText(/is held: it cannot be scheduled or paid/).waitFor();
    await held.getByText(/Cement: invoiced at .*9,500\.00, the order's price is .*9,000\.00 \(tolerance 2%\)/).waitFor();
    const row = page.getByRole('row', { name: new RegExp(INV) }).first();
    await row.getByText('Held', { exact: true }).waitFor();
    assert(await row.getByRole('button', { name: 'Schedule payment' }).count() === 0, 'a held invoice offers no "Schedule payment"');
    await expectAccessible(page, '/invoices with the held invoice');
    await screenshot(page, 'money-held');

    await row.getByRole('button', { name: `Match ${INV}` }).click();
    const match = page.getByRole('dialog', { name: new RegExp(INV) });
    await expectAccessible(page, 'match dialog');
    await match.getByRole('button', { name: 'Add credit note' }).click();
    const credit = page.getByRole('dialog', { name: `Vendor credit note against ${INV}` });
    await credit.getByLabel('Credit note number').fill(`CN-${TAG}`);
    await credit.getByLabel('Reason').fill('Price back to the order');
    await expectAccessible(page, 'credit note dialog');
    await credit.getByRole('button', { name: 'Save' }).click();
    await credit.waitFor({ state: 'detached' });
    await match.getByText('Released by credit note').first().waitFor();
    await match.getByRole('button', { name: 'Close' }).click();
    await match.waitFor({ state: 'detached' });

    await row.getByText('Released by credit note').waitFor();
    await row.getByRole('button', { name: 'Schedule payment' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule a payment' });
    await schedule.getByText(new RegExp(`${INV} · Outstanding: .*967,500\\.00`)).waitFor();
    await expectAccessible(page, 'schedule payment dialog');
    await schedule.getByRole('button', { name: 'Schedule payment' }).click();
    await schedule.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: new RegExp(`${INV}.*Waiting for approval`) }).waitFor();
  });

  suite.test('money: the approver sees the invoice and its match, and approves the payment in their own browser', async () => {
    const cement = state.cement!;
    const fin = await signIn(FIN);
    try {
      const p = fin.page;
      await p.goto('/approval');
      const card = p.getByRole('article', { name: new RegExp(`Payment .* to ${CEMENT_CO} on ${cement.invoiceNumber}`) });
      await card.getByRole('button', { name: /^Open Payment/ }).click({ timeout: 40_000 });
      const dialog = p.getByRole('dialog');
      await dialog.getByText(INV).first().waitFor();
      await expectAccessible(p, 'payment approval detail');
      await screenshot(p, 'money-payment-approval');
      await dialog.getByRole('textbox', { name: 'Comment' }).fill('Credit note received');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await fin.context.close();
    }
    await api('POST', `/approvals/rules/${state.paymentRuleId}/retire`);
  });

  suite.test('money: the payment is recorded with WHT withheld and shows in the WHT schedule', async () => {
    await page.goto('/invoices');
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page.getByRole('row').filter({ hasText: INV }).getByRole('button', { name: 'Record payment' }).first().click();
    const track = page.getByRole('dialog', { name: 'Payment made' });
    const preview = track.getByTestId('wht-preview');
    await preview.getByText('Net to vendor').waitFor();
    await preview.getByText(/Withholding tax \d/).waitFor();
    // Goods from a company: 2% of the amount before VAT (₦900,000.00 of the ₦967,500.00 paid) = ₦18,000.00.
    const words = await preview.innerText();
    assert(/967,500\.00/.test(words) && /900,000\.00/.test(words) && /18,000\.00/.test(words) && /949,500\.00/.test(words),
      `the preview starts from the ₦967,500.00 paid and withholds 2% of the ₦900,000.00 before VAT: ${words}`);
    await expectAccessible(page, 'payment dialog with WHT');
    await screenshot(page, 'money-wht-preview');
    await track.getByLabel('Reference').fill(`TRF-${TAG}`);
    await track.getByRole('button', { name: 'Record payment' }).click();
    await track.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: new RegExp(`${CEMENT_CO}.*${CEMENT_TIN}`) }).waitFor();
    await expectAccessible(page, '/invoices with the WHT schedule');
  });

  suite.test('money: sand used at the site and a truck’s fuel on the project (API set-ups)', async () => {
    const userId = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('jwtToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).id as string);
    const employee = (await api('POST', `/employee/create/${userId}`, { firstName: 'Sani', lastName: `Store${STAMP % 10000}`, email: `sani.mf+${STAMP}@adebayofoods.ng` })).data;
    const items = (await api('POST', '/inventory/stockbalance', { email: ownerEmail, tagName: SITE })).data as Array<{ _id: string; name: string }>;
    const sand = items.find((i) => i.name === 'Plaster sand');
    assert(sand, `the received sand is in the site store: ${JSON.stringify(items.map((i) => i.name))}`);
    await api('GET', `/inventory/usedstock/${encodeURIComponent(ownerEmail)}/${sand._id}/${encodeURIComponent(employee.employeeNumber)}/4/${encodeURIComponent('Blinding')}/${encodeURIComponent(`USE-${TAG}`)}/${encodeURIComponent(SITE)}`);
    const truck = (await api('POST', '/inventory/create-truck', { plateNumber: `MF-${TAG}`.slice(0, 12).toUpperCase(), model: 'MAN TGS', capacity: '30 t', fuelType: 'diesel' })).data;
    await api('POST', '/inventory/add-truck', { truckId: truck._id, placeId: state.siteId });
    await api('POST', '/inventory/truck-entry', { truckId: truck._id, kind: 'fuel', date: new Date().toISOString().slice(0, 10), litres: 100, cost: '40000' });
  });

  suite.test('money: the project manager opens the project’s costs from the projects screen and sees every source, actual = their sum', async () => {
    const pm = await signIn(PM);
    try {
      const p = pm.page;
      await p.goto('/projects/default');
      await p.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(p, 'money-pm-projects');
      await p.getByRole('button', { name: PROJECT }).first().click();
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      await p.getByRole('main').getByRole('link', { name: 'Project costs' }).click();
      await p.waitForURL((url) => url.pathname.startsWith('/project-costs/'));
      await p.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      const sources = p.getByRole('list', { name: 'Cost by source' });
      for (const name of ['Purchase order', 'Stock used', 'Fleet fuel']) await sources.getByRole('listitem').filter({ hasText: name }).waitFor();
      const bySource = await sources.getByRole('listitem').evaluateAll((items) => items.map((li) => ({ text: li.textContent ?? '', minor: Number(li.querySelector('[data-money]')?.getAttribute('data-money') ?? 'NaN') })));
      const actual = Number(await p.getByTestId('card-actual').locator('[data-money]').first().getAttribute('data-money'));
      const sum = bySource.reduce((s, x) => s + x.minor, 0);
      assert(actual === sum, `actual ${actual} = the sum of the sources ${sum}: ${JSON.stringify(bySource)}`);
      // Cement invoiced 100 × ₦9,500 less the credit note back to ₦9,000 (net of VAT) = ₦900,000; 4 t of sand used at
      // the ₦25,000 it was received at = ₦100,000; the truck's fuel ₦40,000. Each counted once: ₦1,040,000.
      assert(actual === 104_000_000, `the project's actual cost is ₦1,040,000.00 (${actual} kobo): ${JSON.stringify(bySource)}`);
      const entries = p.getByRole('grid', { name: `Cost entries of ${PROJECT}` });
      for (const name of ['Purchase order', 'Stock used', 'Fleet fuel']) await entries.getByRole('row').filter({ hasText: name }).first().waitFor();
      await expectAccessible(p, 'project costs');
      await screenshot(p, 'money-project-costs');
    } finally {
      await pm.context.close();
    }
  });
};
