/**
 * Issue 30 in the browser: Ctrl-K finds screens by name ("leave" opens the leave screen) and records by number
 * (a purchase order's number opens that order), by keyboard and by pointer; axe clean on the panel and each screen.
 */
import type { Page } from 'playwright-core';
import { a11yViolations, assert } from '../lib/harness.ts';
import { apiAs } from '../lib/api.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };

export type TSearchContext = { suite: TSuite; page: Page; base: string };

export const registerSearchFlows = ({ suite, page, base }: TSearchContext) => {
  const api = apiAs(page, base);
  const expectAccessible = async (where: string) => {
    const violations = await a11yViolations(page);
    assert(violations.length === 0, `${where}: accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
  };
  const openSearch = async () => {
    await page.getByTestId('search-open').waitFor();
    await page.keyboard.press('Control+K');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    return input;
  };

  suite.test('search: Ctrl-K "leave" lists the leave screen by name and Enter opens it', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const input = await openSearch();
    await input.fill('leave');
    const option = page.getByRole('option').filter({ hasText: /^Leave(?! schedule)/ });
    await option.waitFor();
    await page.getByRole('status').filter({ hasText: /results?: ↑ ↓ to move/ }).waitFor();
    await expectAccessible('search panel with results');
    assert((await page.getByRole('option').first().textContent())?.startsWith('LeaveHuman'), 'the leave screen comes first');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/leave/all');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible('leave screen opened from the search');
  });

  suite.test('search: a purchase order number typed in Ctrl-K opens that order; its vendor by name opens the vendor', async () => {
    const [vendor] = (await api('POST', '/vendors/add-vendors', { name: `Search Cement ${Date.now()}` })).data;
    const [order] = (await api('POST', '/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Cement', unit: 'bag', quantity: 10, unitPrice: '4500' }] })).data;
    const number = order.invoiceNumber as string;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const input = await openSearch();
    await input.pressSequentially(number, { delay: 20 });
    const group = page.getByRole('group', { name: 'Purchase orders' });
    const option = group.getByRole('option').filter({ hasText: number });
    await option.waitFor();
    await option.click();
    await page.waitForURL((url) => url.pathname === '/manage-po' && url.searchParams.get('id') === order._id);
    const dialog = page.getByRole('dialog').filter({ hasText: number });
    await dialog.waitFor();
    await dialog.getByText('Cement').first().waitFor();
    await expectAccessible('order opened from the search');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === '/manage-po' && !url.searchParams.has('id'));

    // The order's vendor, found by name from the order screen, opens on the vendors screen.
    const input2 = await openSearch();
    await input2.pressSequentially(vendor.name.slice(0, 14), { delay: 20 });
    const vendorOption = page.getByRole('group', { name: 'Vendors' }).getByRole('option').filter({ hasText: vendor.name });
    await vendorOption.waitFor();
    await vendorOption.click();
    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('id') === vendor._id);
    const vendorDialog = page.getByRole('dialog');
    await vendorDialog.waitFor();
    assert((await vendorDialog.getByRole('textbox').first().inputValue()) === vendor.name, 'the vendor opened is the one chosen');
    await expectAccessible('vendor opened from the search');
  });
};
