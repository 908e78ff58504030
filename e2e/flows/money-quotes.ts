/**
 * Issue 35 (fair quotes) in the browser: a BOQ with two lines; a quote link made on the BOQ screen (copyable,
 * shareable on WhatsApp, with an honest e-mail status); a complete quote and a partial quote filled through the
 * public form; the comparison marks the partial quote and never calls it cheapest in total; the award per line
 * makes two purchase orders, the dialog showing each with VAT. axe clean.
 */
import type { Browser, Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TMoneyQuotesContext = { suite: TSuite; page: Page; browser: Browser; base: string; ownerEmail: string };

const STAMP = Date.now();
const CONTRACT = `MQ-${STAMP}`;
const PROJECT = 'Block D slab';

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

export const registerMoneyQuotesFlows = ({ suite, page, browser, base, ownerEmail }: TMoneyQuotesContext) => {
  const links: string[] = [];
  const api = async (method: string, url: string, body?: unknown) => {
    const bearer = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${url}`, { method, headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert(res.ok, `${method} ${url} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any };
  };
  const openBoq = async () => {
    await page.goto('/products');
    await page.getByRole('tab', { name: 'BOQ & quotes' }).click();
    await page.getByRole('row', { name: new RegExp(CONTRACT) }).getByRole('button', { name: 'Open' }).click();
    return page.getByRole('dialog', { name: `BOQ ${CONTRACT}` });
  };
  /** A contractor with no account fills the public form on a phone. */
  const fillQuote = async (link: string, fill: (p: Page) => Promise<void>) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    try {
      const p = await context.newPage();
      p.setDefaultTimeout(waitMs(15_000));
      await p.goto(new URL(link).pathname + new URL(link).search);
      await p.getByRole('heading', { level: 1, name: `Quote for ${PROJECT}` }).waitFor();
      await fill(p);
      await p.getByRole('button', { name: 'Submit quote' }).click();
      await p.getByText(/Thank you\. Your quote of/).waitFor();
    } finally {
      await context.close();
    }
  };

  suite.test('money-quotes: a quote link is copyable and shareable, and the screen says what became of the e-mail', async () => {
    await api('POST', '/vendors/add-boq', { contractId: CONTRACT, businessName: 'Lekki Estates', projectTitle: PROJECT, lines: [{ item: 'Cement', quantity: 100, unit: 'bag' }, { item: 'Sharp sand', quantity: 20, unit: 't' }] });
    const boq = await openBoq();
    await boq.getByRole('button', { name: 'Send to contractor' }).click();
    const send = page.getByRole('dialog', { name: 'Send the BOQ to a contractor' });
    await send.getByLabel("Contractor's e-mail").fill(`complete+${STAMP}@suppliers.example`);
    await send.getByRole('button', { name: 'Send link' }).click();
    await send.getByRole('status').filter({ hasText: /e-mail/i }).waitFor();
    const link = await send.getByLabel('Quote link').inputValue();
    assert(/\/create-quote\/MQ-\d+\?token=[A-Za-z0-9_-]{43}$/.test(link), `the dialog shows the link (${link})`);
    const share = await send.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    assert(!!share?.startsWith('https://wa.me/?text=') && share.includes(encodeURIComponent(link)), `WhatsApp shares the link (${share})`);
    await expectAccessible(page, 'quote link dialog');
    links.push(link);
    await send.getByRole('button', { name: 'Close' }).first().click();
    // The second supplier's link straight from the API: the response carries it and an honest mail status.
    const second = (await api('POST', '/vendors/send-to-contractor', { email: `sand+${STAMP}@suppliers.example`, contractId: CONTRACT, businessName: 'Lekki Estates', projectTitle: PROJECT })).data;
    assert(['sent', 'failed', 'not-configured'].includes(second.mailStatus), `mail status ${second.mailStatus}`);
    links.push(second.link);
  });

  suite.test('money-quotes: a complete and a partial quote through the public form', async () => {
    await fillQuote(links[0], async (p) => {
      await p.getByLabel('Your company name').fill('Complete Supplies Ltd');
      await p.getByLabel('Cement: Unit rate').fill('9000');
      await p.getByLabel('Sharp sand: Unit rate').fill('30000');
      await p.getByLabel('Lead time (days)').fill('5');
      await p.getByLabel('or valid for (days)').fill('30');
      await expectAccessible(p, '/create-quote on a phone');
      await screenshot(p, 'money-quotes-form-phone');
    });
    await fillQuote(links[1], async (p) => {
      await p.getByLabel('Your company name').fill('Sand Only Nig');
      // Cement left empty: not quoted, not 0.
      await p.getByLabel('Sharp sand: Unit rate').fill('25000');
      await p.getByLabel('Tax ID (TIN)').fill(`TIN-${STAMP}`);
    });
  });

  suite.test('money-quotes: compare, award per line into two purchase orders with VAT', async () => {
    const boq = await openBoq();
    await boq.getByText('Partial: 1 of 2 lines').first().waitFor();
    await boq.getByText('Not quoted').first().waitFor();
    assert((await boq.getByText('Cheapest in total').count()) === 1, 'only the complete quote is cheapest in total');
    await boq.getByText('Total with VAT').first().waitFor();
    await expectAccessible(page, 'quote comparison');
    await screenshot(page, 'money-quotes-compare');
    await boq.getByRole('button', { name: 'Award the chosen lines' }).click();
    const award = page.getByRole('dialog', { name: 'Award: one purchase order per supplier' });
    await award.getByRole('region', { name: 'Complete Supplies Ltd' }).getByText('Total with VAT').waitFor();
    // 100 bags × ₦9,000 = ₦900,000 + 7.5% VAT = ₦967,500; 20 t × ₦25,000 = ₦500,000 + VAT = ₦537,500.
    await award.getByText(/967,500\.00/).waitFor();
    await award.getByText(/537,500\.00/).waitFor();
    await expectAccessible(page, 'award dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'money-quotes-award-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await award.getByRole('button', { name: 'Create 2 purchase orders' }).click();
    await boq.getByText('2 purchase orders were created and sent for approval.').waitFor();
    const quotes = (await api('GET', `/vendors/fetch-quotes/${encodeURIComponent(ownerEmail)}`)).data.filter((q: { contractId: string }) => q.contractId === CONTRACT);
    const orderIds = new Set(quotes.map((q: { orderId: string }) => q.orderId));
    assert(quotes.length === 2 && orderIds.size === 2, `two quotes awarded into two orders (${JSON.stringify(quotes.map((q: { orderId: string }) => q.orderId))})`);
    for (const id of orderIds) {
      const order = (await api('GET', `/orders/detail/${id}`)).data;
      assert(order.lines.length === 1 && order.vatMinor > 0, `order ${order.invoiceNumber ?? id} has one line and VAT`);
    }
  });
};
