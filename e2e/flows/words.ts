/**
 * Issue 30 (words for people) in the browser: the language menu names each language in its own name; a German
 * reader's leave refusal names the field by the form's label, in German, once; one action raises one toast.
 */
import type { Page } from 'playwright-core';
import { assert } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TWordsContext = { suite: TSuite; page: Page; base: string; ownerEmail: string };

const STAMP = Date.now();

export const registerWordsFlows = ({ suite, page, base, ownerEmail }: TWordsContext) => {
  const api = async (method: string, url: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${url}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, json: await res.json() as { data: any; message?: string } };
  };
  const toLanguage = async (code: 'en' | 'de') => {
    await page.getByTestId('language-button').click();
    await page.getByTestId(`language-${code}`).click();
  };

  suite.test('words: languages in their own names, a German leave refusal by its label, one toast per action', async () => {
    const claims = JSON.parse(Buffer.from((await page.evaluate(() => localStorage.getItem('jwtToken')))!.split('.')[1], 'base64url').toString());
    const person = { firstName: 'Ifeoma', lastName: 'Words', employeeNumber: `WD-${STAMP % 100000}`, email: `ifeoma+${STAMP}@adebayofoods.ng`, startDate: '2025-01-06' };
    const created = await api('POST', `/employee/create/${claims.id}`, person);
    assert(created.status === 201, `employee created (${created.status} ${JSON.stringify(created.json)})`);

    await page.goto('/leave/Main');
    await page.getByTestId('language-button').click();
    for (const name of ['English', 'Deutsch', 'Français']) await page.getByRole('menuitem', { name }).waitFor();
    await page.getByTestId('language-de').click();
    try {
      await page.getByRole('button', { name: 'Urlaub für einen Mitarbeiter beantragen' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox').first().click();
      await page.getByRole('option', { name: /Ifeoma Words/ }).click();
      await dialog.getByTestId('leave-type').getByRole('combobox').click();
      await page.getByRole('option', { name: 'Jahresurlaub' }).click();
      // A weekend only (a leave may now span years, issue 33): the server's refusal names the field by its German label.
      const saturday = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1));
      saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7));
      const sunday = new Date(saturday.getTime() + 864e5);
      await dialog.getByTestId('leave-start').fill(saturday.toISOString().slice(0, 10));
      await dialog.getByTestId('leave-end').fill(sunday.toISOString().slice(0, 10));
      await dialog.getByTestId('leave-reason').fill('Wochenende');
      await dialog.getByRole('button', { name: 'Urlaub beantragen' }).click();
      await dialog.getByText(/^Letzter Tag: .+ enthält keine Arbeitstage \(Wochenenden und Feiertage zählen nicht\)$/).waitFor();
      assert((await dialog.getByText(/endDate/).count()) === 0, 'no wire field name in the message');
      // After a refusal the message holds the focus (the busy submit button had it): Escape closes the dialog.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      // The flows after this one read English: back to it whatever happened above.
      await page.goto('/');
      await toLanguage('en');
    }

    // Marking everyone present: the mutation's success message and the register's own summary were two toasts.
    await page.goto(`/attendance/${encodeURIComponent(ownerEmail)}`);
    await page.getByTestId('mark-all-present').click();
    await page.locator('.bd-flash').first().waitFor();
    await page.waitForTimeout(1500);
    const toasts = await page.locator('.bd-flash').count();
    assert(toasts === 1, `one toast for one action (saw ${toasts}: ${await page.locator('.bd-flash').allTextContents()})`);
  });
};
