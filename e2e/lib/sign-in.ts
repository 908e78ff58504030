/**
 * Signs a second person in, in a browser context of their own (their own storage, so the owner's session is untouched).
 * One place for the flows that hand a request from one user to another. The password check is deliberately slow
 * (a memory-hard hash), so under CI load the arrival after "Sign in" is given up to 45 s; the page's other waits use
 * `defaultTimeout`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitMs } from './harness.ts';

export type TSignInWho = { email: string; password: string };
export type TSignInOptions = { viewport?: { width: number; height: number }; defaultTimeout?: number };

export const signInAs = async (browser: Browser, base: string, who: TSignInWho, options: TSignInOptions = {}): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL: base, viewport: options.viewport ?? { width: 1366, height: 800 }, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
  const page = await context.newPage();
  page.setDefaultTimeout(waitMs(options.defaultTimeout ?? 15_000));
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 45_000, waitUntil: 'commit' });
  return { context, page };
};
