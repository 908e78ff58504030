/**
 * Issue 16 in the browser: a project, a 200-row cost spreadsheet imported twice (the second time every row is
 * skipped as a duplicate), a receipt image read by the server's offline OCR and confirmed into a cost, a
 * written project report, and the management view's figures equal to the sum of the records.
 */
import type { Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations } from '../lib/harness.ts';
import { spokenMoney } from '../lib/money.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };

const PROJECT = `Ikeja Depot ${Date.now().toString(36)}`;
const ROWS = 200;
const RECEIPT_MINOR = 6_181_250;

/** 200 past costs: amounts 1,000.25 to 1,199.25 with a thousands separator, dates in January–February 2026. */
const costsCsv = () => {
  const lines = ['Date,Details,Category,Amount (NGN)'];
  let minor = 0;
  for (let i = 0; i < ROWS; i++) {
    const date = `2026-0${1 + (i % 2)}-${String((i % 28) + 1).padStart(2, '0')}`;
    lines.push(`${date},Diesel delivery ${i + 1},${i % 3 ? 'Fuel' : 'Transport'},"${(1000 + i).toLocaleString('en-US')}.25"`);
    minor += (1000 + i) * 100 + 25;
  }
  return { buffer: Buffer.from(`${lines.join('\r\n')}\r\n`), minor };
};

/** The receipt drawn by the browser itself: black text on white, as a clean phone photo would be. */
const renderReceipt = async (page: Page) => {
  const dataUrl = await page.evaluate(() => {
    const lines = ['MAMA CASS SUPERMARKET', '12 Allen Avenue, Ikeja', 'Date: 14/03/2026', 'Rice 50kg        45,000.00', 'Palm oil 5L      12,500.00', 'Subtotal         57,500.00', 'VAT 7.5%          4,312.50', 'TOTAL            61,812.50'];
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 120 + lines.length * 70;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#000';
    ctx.font = '40px monospace';
    lines.forEach((l, i) => ctx.fillText(l, 50, 90 + i * 70));
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
};

const digits = (text: string) => text.replace(/\D/g, '');

const expectAccessible = async (page: Page, where: string) => {
  const violations = await seriousA11yViolations(page);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

export const registerCostFlows = ({ suite, page }: { suite: TSuite; page: Page }) => {
  const csv = costsCsv();

  suite.test('costs: create a project on /projects/default', async () => {
    await page.goto('/projects/default');
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await expectAccessible(page, '/projects/default');
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Project').fill(PROJECT);
    await dialog.getByLabel('Budget').fill('5,000,000');
    await dialog.getByRole('button', { name: 'Save project' }).click();
    await page.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
    await page.getByText('No costs recorded yet').waitFor();
  });

  const importOnce = async (expected: RegExp) => {
    await page.getByRole('button', { name: 'Import spreadsheet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('backlog-file').setInputFiles({ name: 'past-costs.csv', mimeType: 'text/csv', buffer: csv.buffer });
    await dialog.getByTestId('backlog-ready').filter({ hasText: `${ROWS} of ${ROWS} rows are ready` }).waitFor();
    await dialog.getByRole('button', { name: `Import ${ROWS} rows` }).click();
    const result = dialog.getByTestId('backlog-result');
    await result.waitFor({ timeout: 60_000 });
    const text = await result.innerText();
    assert(expected.test(text), `import result: ${text}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  suite.test('costs: import a 200-row spreadsheet, then the same file again: every row skipped as a duplicate', async () => {
    await importOnce(/200 rows imported, 0 skipped/);
    await page.getByRole('grid').waitFor();
    await importOnce(/0 rows imported, 200 skipped as duplicates/);
    await screenshot(page, 'costs-project');
  });

  suite.test('costs: a receipt image is read by OCR and confirmed into a cost', async () => {
    await page.getByRole('button', { name: 'Scan receipt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('receipt-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await renderReceipt(page) });
    await dialog.getByText('Check what was read').waitFor({ timeout: 90_000 });
    await dialog.getByRole('button', { name: 'Save as cost' }).click();
    const form = page.getByRole('dialog', { name: 'Save as cost' });
    const amount = await form.getByLabel('Amount').inputValue();
    const date = await form.getByLabel('Date').inputValue();
    assert(amount === '61812.50', `proposed total: ${amount}`);
    assert(date === '2026-03-14', `proposed date: ${date}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('gridcell', { name: 'Receipt' }).first().waitFor();
  });

  suite.test('costs: a project report is written from the recorded figures', async () => {
    await page.getByRole('button', { name: 'Write report' }).click();
    const dialog = page.getByRole('dialog');
    const text = dialog.getByTestId('report-text');
    await text.waitFor({ timeout: 60_000 });
    const report = await text.innerText();
    assert(report.includes(`Cost report: ${PROJECT}`) && report.includes(`in ${ROWS + 1} records`), `report: ${report.slice(0, 300)}`);
    assert(digits(report.split('\n').find((l) => l.includes('Overheads recorded'))!.split(' in ')[0]) === String(csv.minor + RECEIPT_MINOR), 'the report quotes the recorded total');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  suite.test("costs: the management view's figures equal the sum of the records", async () => {
    await page.goto('/management');
    const overheads = page.getByTestId('mgmt-overheads');
    await overheads.waitFor();
    // Other flows may have made projects with their own costs; this business's costs are only this flow's.
    // A tight place shows the compact figure; its exact value is what a screen reader reads (issue 30).
    assert(digits(await spokenMoney(overheads)) === String(csv.minor + RECEIPT_MINOR), `management overheads: ${await spokenMoney(overheads)}`);
    await page.getByRole('grid').getByText(PROJECT).waitFor();
    await expectAccessible(page, '/management');
    await screenshot(page, 'costs-management');
  });
};
