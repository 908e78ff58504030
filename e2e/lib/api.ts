import type { Page } from 'playwright-core';
import { assert } from './harness.ts';

/**
 * The API as the signed-in browser user: the page's token, JSON in and out; any answer but 2xx fails the flow with
 * the server's text. For setting up what a flow then does by clicking.
 */
export const apiAs = (page: Page, base: string) => async (method: string, url: string, body?: unknown) => {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert(res.ok, `${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as { data: any };
};
