/**
 * Cold-load budgets of the web app (issue 10), checked with Lighthouse 12 and Debian's chromium against the real
 * server (embedded PostgreSQL, the built SPA, compression and caching as in production):
 *  - /login: performance ≥ 0.95, accessibility 1.0, best practices ≥ 0.95
 *  - the signed-in dashboard `/`: performance ≥ 0.90, accessibility 1.0, best practices ≥ 0.95
 *  - every screen: largest contentful paint ≤ 2.5 s under Lighthouse's default (mobile, simulated) throttling.
 * Each page is measured with an empty HTTP cache. Prints one line of figures per page; exits 1 past a budget.
 * Run after `npm run build -w apps/web`:  npm run lighthouse -w bench   (about a minute)
 */
import { join } from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startServer, type TServer } from '../e2e/lib/server.ts';

type TBudget = { performance: number; accessibility: number; 'best-practices': number; lcpMs: number };
type TScreen = { name: string; path: string; signedIn: boolean; budget: TBudget };

const SCREENS: TScreen[] = [
  { name: 'login', path: '/login', signedIn: false, budget: { performance: 0.95, accessibility: 1, 'best-practices': 0.95, lcpMs: 2500 } },
  { name: 'dashboard', path: '/', signedIn: true, budget: { performance: 0.9, accessibility: 1, 'best-practices': 0.95, lcpMs: 2500 } },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const HARD_STOP_MS = 240_000;
const ROOT = join(import.meta.dirname, '..');

setTimeout(() => {
  console.error(`lighthouse budgets stopped: still running after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS).unref();

/** A fresh owner with a business (Nigeria), signed in through the API: the token the SPA keeps in localStorage. */
const signIn = async (base: string) => {
  const owner = { businessName: 'Budget Foods Ltd', userName: 'Ngozi Budget', email: `budget+${Date.now()}@example.ng`, password: 'Harmattan-2026', country: 'NG' };
  const registered = await fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
  if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
};

const measure = async (browser: Browser, base: string, screen: TScreen, token: string) => {
  const page = await browser.newPage();
  try {
    if (screen.signedIn) {
      // Put the token in place from a page that loads no script, then empty the HTTP cache: a cold load, signed in.
      await page.goto(`${base}/api/v1/health`);
      await page.evaluate((value) => localStorage.setItem('jwtToken', value), token);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], disableStorageReset: screen.signedIn, maxWaitForLoad: 30_000 };
    const result = await lighthouse(`${base}${screen.path}`, flags, undefined, page);
    if (!result) throw new Error(`lighthouse returned nothing for ${screen.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${screen.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) => lhr.categories[id]?.score ?? 0;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const figures = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      requests: requests.length,
      scripts: requests.filter((r) => r.resourceType === 'Script').length,
      kib: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    };
    const failures: string[] = [];
    // LIGHTHOUSE_SPEED_ADVISORY=1 (CI while issue 10's speed budgets are open): performance and LCP misses are
    // printed as warnings; accessibility and best practices still fail the run.
    const speedAdvisory = process.env.LIGHTHOUSE_SPEED_ADVISORY === '1';
    const warnings: string[] = [];
    for (const id of CATEGORIES) if (figures[id] < screen.budget[id]) (id === 'performance' && speedAdvisory ? warnings : failures).push(`${id} ${figures[id]} < ${screen.budget[id]}`);
    if (!(figures.lcpMs <= screen.budget.lcpMs)) (speedAdvisory ? warnings : failures).push(`LCP ${Math.round(figures.lcpMs)} ms > ${screen.budget.lcpMs} ms`);
    for (const w of warnings) console.log(`    ${screen.name}: speed budget not met yet (advisory): ${w}`);
    if (failures.length) {
      const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'metricSavings'));
      for (const a of failed.slice(0, 12)) console.log(`    ${screen.name}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`);
    }
    console.log(
      `${screen.name.padEnd(10)} performance ${figures.performance.toFixed(2)}  accessibility ${figures.accessibility.toFixed(2)}  best-practices ${figures['best-practices'].toFixed(2)}  ` +
        `FCP ${(figures.fcpMs / 1000).toFixed(1)} s  LCP ${(figures.lcpMs / 1000).toFixed(1)} s  TBT ${Math.round(figures.tbtMs)} ms  ` +
        `${figures.requests} requests (${figures.scripts} scripts) ${figures.kib.toFixed(0)} KiB${failures.length ? `  OVER BUDGET: ${failures.join('; ')}` : ''}`,
    );
    return failures.length === 0;
  } finally {
    await page.close().catch(() => undefined);
  }
};

const main = async () => {
  let server: TServer | null = null;
  let browser: Browser | null = null;
  let ok = false;
  try {
    server = await startServer(ROOT);
    const token = await signIn(server.baseUrl);
    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    ok = true;
    for (const screen of SCREENS) ok = (await measure(browser, server.baseUrl, screen, token)) && ok;
  } catch (error) {
    console.error(error);
    if (server) console.error(server.output().slice(-2000));
    ok = false;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  }
  console.log(ok ? 'lighthouse budgets: all met' : 'lighthouse budgets: FAILED');
  process.exit(ok ? 0 : 1);
};

void main();
