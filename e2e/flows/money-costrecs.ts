/**
 * Issue 35 (lane costrecs) in the browser: a cost file imported, the same rows again with formatted amounts
 * ("162,500.00", "₦162,500") adding nothing, a search that finds records on every page with their total, and the
 * first import undone from the Imports panel. axe clean.
 */
import type { Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };

const PROJECT = `Costrecs Yard ${Date.now().toString(36)}`;
const ROWS = 25;

const rowsCsv = (formatted: boolean) => {
  const lines = ['Date,Description,Category,Amount'];
  for (let i = 0; i < ROWS; i++) {
    const naira = 160000 + i * 2500;
    const amount = !formatted ? String(naira) : i % 2 ? `₦${naira.toLocaleString('en-US')}` : `${naira.toLocaleString('en-US')}.00`;
    lines.push(`2026-03-${String((i % 28) + 1).padStart(2, '0')},${formatted ? `CEMENT  delivery ${i}` : `Cement delivery ${i}`},Materials,"${amount}"`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
};

const expectAccessible = async (page: Page, where: string) => {
  const violations = await seriousA11yViolations(page);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

export const registerCostrecsFlows = ({ suite, page }: { suite: TSuite; page: Page }) => {
  const importFile = async (name: string, buffer: Buffer, expected: RegExp) => {
    await page.getByRole('button', { name: 'Import spreadsheet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('backlog-file').setInputFiles({ name, mimeType: 'text/csv', buffer });
    await dialog.getByTestId('backlog-ready').filter({ hasText: `${ROWS} of ${ROWS} rows are ready` }).waitFor();
    await dialog.getByRole('button', { name: /^Import \d+/ }).click();
    const result = dialog.getByTestId('backlog-result');
    await result.waitFor({ timeout: 60_000 });
    const text = await result.innerText();
    assert(expected.test(text), `import result: ${text}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  suite.test('money-costrecs: import a file, then the same rows with formatted amounts: 0 added', async () => {
    await page.goto('/projects/default');
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Project').fill(PROJECT);
    await dialog.getByRole('button', { name: 'Save project' }).click();
    await page.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
    await page.getByTestId('import-batches').getByText(/No spreadsheet imports yet/).waitFor();
    await importFile('march.csv', rowsCsv(false), new RegExp(`${ROWS} rows imported, 0 skipped`));
    await importFile('march-formatted.csv', rowsCsv(true), new RegExp(`0 rows imported, ${ROWS} skipped as duplicates`));
    const batches = page.getByTestId('import-batch');
    await batches.filter({ hasText: 'march-formatted.csv' }).waitFor();
    assert(await batches.count() === 2, 'two imports are listed');
  });

  suite.test('money-costrecs: a search finds records on every page, with the total of all of them', async () => {
    await page.getByTestId('records-search').fill('delivery 2');
    // "delivery 2", "delivery 20" … "delivery 24": six records, on more than the first page of ten.
    await page.getByTestId('records-matching').filter({ hasText: /^6 matching records, total/ }).waitFor();
    const total = (2 + 20 + 21 + 22 + 23 + 24) * 2500 + 6 * 160000;
    const text = await page.getByTestId('records-matching').innerText();
    assert(text.replace(/\D/g, '').startsWith(`6${total}`), `matching total: ${text}`);
    await expectAccessible(page, 'project with search');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('records-matching').filter({ hasText: new RegExp(`^${ROWS} matching records`) }).waitFor();
  });

  suite.test('money-costrecs: undo the first import (after confirming): its records go', async () => {
    const first = page.getByTestId('import-batch').filter({ hasText: 'march.csv' }).filter({ hasNotText: 'formatted' });
    await first.getByRole('button', { name: /Undo the import march\.csv/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo this import?' });
    await confirm.getByText(/deletes the 25 records/).waitFor();
    await confirm.getByRole('button', { name: 'Undo' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await first.getByText('Undone').waitFor();
    await page.getByText('No costs recorded yet').waitFor();
    await expectAccessible(page, 'project after undo');
    await screenshot(page, 'money-costrecs');
  });
};
