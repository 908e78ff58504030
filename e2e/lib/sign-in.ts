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
  // Sign-in allows 10 attempts a minute from one address (auth.routes). Each browser context has its own address on the
  // test server (lib/client-addresses.ts); against an E2E_BASE_URL deployment that does not trust the runner as a proxy,
  // all contexts share one, and when a burst of hand-overs meets the limit a person waits the minute out and tries again.
  const tooMany = page.getByText('Too many attempts from this address');
  for (let attempt = 1; ; attempt++) {
    await page.goto('/login'); // a fresh form on each try: no message left from the last one
    await page.getByLabel('E-mail address').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Whichever comes first; the other wait's later time-out is caught, so it never surfaces as an unhandled rejection.
    const arrived = page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 45_000, waitUntil: 'commit' }).then(() => 'arrived' as const);
    const limited = tooMany.waitFor({ timeout: 45_000 }).then(() => 'limited' as const, () => new Promise<never>(() => undefined));
    const outcome = await Promise.race([arrived, limited]);
    if (outcome === 'arrived') break;
    arrived.catch(() => undefined);
    if (attempt === 3) throw new Error(`${who.email} could not sign in: "Too many attempts from this address" three times`);
    await page.waitForTimeout(61_000);
  }
  return { context, page };
};
