/**
 * Every device in the flows gets its own client address, as people signing in from their own phones and laptops do.
 *
 * Sign-in, sign-up, portal codes and public quote links are limited per client address (10 a minute for sign-in).
 * The whole suite runs from 127.0.0.1, so without this a burst of hand-overs in one flow (owner, Finance, MD, project
 * manager, each registering and signing in) met "Too many attempts from this address", and the rest of the flow failed
 * on a login that answered 429 (CI of stop 41). The test server trusts the loopback as a proxy (TRUST_PROXY, see
 * server.ts), and each browser context and each API set-up call names its own address in X-Forwarded-For. The limits
 * themselves are proven by the server's tests (rate-limit, auth, two-instances), not here.
 */
import type { Browser } from 'playwright-core';

let issued = 0;

/** A new address in 10.0.0.0/8, a different one on every call. */
export const nextClientAddress = () => {
  issued += 1;
  return `10.${(issued >> 16) & 255}.${(issued >> 8) & 255}.${issued & 255}`;
};

/** Each new browser context (one person's device) sends its own address on every request it makes. */
export const oneAddressPerBrowserContext = (browser: Browser) => {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress(), ...options.extraHTTPHeaders } });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options = {}) =>
    newPage({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress(), ...options.extraHTTPHeaders } });
};

/** Each API call the flows make from Node to `base` (set-ups, API sign-ins) comes from an address of its own. */
export const oneAddressPerApiCall = (base: string) => {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(base)) return realFetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has('x-forwarded-for')) headers.set('X-Forwarded-For', nextClientAddress());
    return realFetch(input, { ...init, headers });
  };
};
