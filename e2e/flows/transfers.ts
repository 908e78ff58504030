/**
 * Issue 34 in the browser: the storekeeper moves cement from the central store to a site with a transfer (dispatch,
 * then receipt) and counts the store, posting the variance; on a phone the count sheet stays usable. axe clean.
 */
import type { Page } from 'playwright-core';
import { assert, seriousA11yViolations } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };

const STAMP = Date.now().toString(36).toUpperCase();
const STORE = `Central store ${STAMP}`;
const SITE = `Ikoyi Tower ${STAMP}`;

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

export const registerTransferFlows = ({ suite, page, base }: { suite: TSuite; page: Page; base: string }) => {
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const json = await res.json();
    assert(res.ok, `${init.method ?? 'GET'} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const pick = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  };

  suite.test('transfers: store to site with a transfer, then a stock count posted', async () => {
    await api('/places', { method: 'POST', body: { kind: 'store', name: STORE } });
    await api('/places', { method: 'POST', body: { kind: 'project', name: SITE } });
    await api('/inventory/create', { method: 'POST', body: { tagName: STORE, name: `Cement ${STAMP}`, unit: 'bags', quantity: 100, unitCost: '5000' } });

    await page.goto('/inventory-transfers');
    await page.getByRole('heading', { level: 1, name: 'Transfers' }).waitFor();
    await expectAccessible(page, '/inventory-transfers');
    await page.getByRole('button', { name: 'New transfer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New transfer' });
    await pick('From', STORE);
    await pick('To', SITE);
    await dialog.getByRole('combobox', { name: 'Item 1' }).click();
    await page.getByRole('option', { name: `Cement ${STAMP} (100 bags)` }).click();
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('40');
    await expectAccessible(page, 'new transfer dialog');
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: STORE });
    await row.getByRole('button', { name: 'Dispatch' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Dispatch' }).click();
    await row.getByText('In transit').waitFor();
    await row.getByRole('button', { name: 'Receive all' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Receive all' }).click();
    await row.getByText('Received').waitFor();

    await page.goto('/inventory-counts');
    await page.getByRole('heading', { level: 1, name: 'Stock counts' }).waitFor();
    await pick('Place', STORE);
    await page.getByRole('button', { name: 'Start a count' }).click();
    const counted = page.getByRole('textbox', { name: `Counted Cement ${STAMP}` });
    await counted.fill('58');
    await page.getByText('-2', { exact: true }).waitFor();
    await expectAccessible(page, 'count sheet');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Two bags torn');
    await page.getByRole('button', { name: 'Post the count' }).click();
    await page.getByText('This count is posted; its variances are in the stock log.').waitFor();

    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Stock counts' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 1, `the counts page is wider than a phone by ${overflow}px`);
      await expectAccessible(page, '/inventory-counts on a phone');
    } finally {
      if (desktop) await page.setViewportSize(desktop);
    }
  });
};
