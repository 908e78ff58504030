/**
 * Cold-load budgets of the web app (issue 10), checked with Lighthouse 12 and Debian's chromium against the real
 * server (embedded PostgreSQL, the built SPA, compression and caching as in production):
 *  - /login: performance ≥ 0.95, accessibility 1.0, best practices ≥ 0.95
 *  - the signed-in dashboard `/`: performance ≥ 0.90, accessibility 1.0, best practices ≥ 0.95
 *  - every screen: largest contentful paint ≤ 2.5 s under Lighthouse's default (mobile, simulated) throttling.
 * Each page is measured with an empty HTTP cache, up to LIGHTHOUSE_RUNS times (default 3): a shared, loaded machine
 * (CI) slows one run now and then, so a page meets its speed budgets when its best run does; the runs stop at the
 * first that meets every budget. Accessibility and best practices do not depend on load: a miss there fails at
 * once. Prints one line of figures per run, and what took the main thread when a page stays over; exits 1 past a
 * budget. LIGHTHOUSE_REPORT_DIR=dir keeps every run's report. LIGHTHOUSE_SPEED_ADVISORY=1 (or a list of screens,
 * such as `dashboard`) prints their performance and LCP misses as warnings instead of failing.
 * Run after `npm run build -w apps/web`:  npm run lighthouse -w bench   (one to three minutes)
 */
import { writeFileSync } from 'node:fs';
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
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const HARD_STOP_MS = 120_000 + RUNS * 2 * 60_000;
const ROOT = join(import.meta.dirname, '..');

setTimeout(() => {
  console.error(`lighthouse budgets stopped: still running after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS).unref();

/**
 * A fresh owner with a business (Nigeria), signed in through the API: what the SPA keeps in localStorage for a
 * signed-in user, the token and the names it greets with (shared/session.ts, written at every read of the user).
 */
const signIn = async (base: string) => {
  const owner = { businessName: 'Budget Foods Ltd', userName: 'Ngozi Budget', email: `budget+${Date.now()}@example.ng`, password: 'Harmattan-2026', country: 'NG' };
  const registered = await fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
  if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const { id } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { id: string };
  return { token, startNames: JSON.stringify({ id, userName: owner.userName, businessName: owner.businessName }) };
};
type TSignedIn = Awaited<ReturnType<typeof signIn>>;

type TFigures = {
  performance: number;
  accessibility: number;
  'best-practices': number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  bootupMs: number;
  requests: number;
  scripts: number;
  kib: number;
};
type TRun = { figures: TFigures; speedMisses: string[]; otherMisses: string[]; details: string[] };

type TTableItem = Record<string, unknown>;
const items = (audit: { details?: unknown } | undefined) => ((audit?.details as { items?: TTableItem[] } | undefined)?.items ?? []);
const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

/** One cold Lighthouse run of a screen: its figures, the budgets it misses, and where the main thread went. */
const measure = async (browser: Browser, base: string, screen: TScreen, signedIn: TSignedIn): Promise<TRun> => {
  // A browser context of its own per run: no HTTP cache and no service worker left by an earlier run.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    if (screen.signedIn) {
      // Put the session in place from a page that loads no script, then empty the HTTP cache: a cold load, signed
      // in. LIGHTHOUSE_TOKEN_ONLY=1 leaves out the kept names (a session the app has not read in this browser yet).
      await page.goto(`${base}/api/v1/health`);
      const names = process.env.LIGHTHOUSE_TOKEN_ONLY === '1' ? null : signedIn.startNames;
      await page.evaluate((token, kept) => {
        localStorage.setItem('jwtToken', token);
        if (kept) localStorage.setItem('bizdesk.startNames', kept);
      }, signedIn.token, names);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], disableStorageReset: screen.signedIn, maxWaitForLoad: 30_000 };
    const result = await lighthouse(`${base}${screen.path}`, flags, undefined, page);
    if (!result) throw new Error(`lighthouse returned nothing for ${screen.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${screen.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // LIGHTHOUSE_REPORT_DIR=dir keeps each run's full report (screen-time.json) for a closer look.
    if (process.env.LIGHTHOUSE_REPORT_DIR) writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${screen.name}-${Date.now()}.json`), JSON.stringify(lhr));
    const score = (id: (typeof CATEGORIES)[number]) => lhr.categories[id]?.score ?? 0;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = items(lhr.audits['network-requests']) as { resourceType?: string; transferSize?: number }[];
    const figures: TFigures = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      bootupMs: audit('bootup-time'),
      requests: requests.length,
      scripts: requests.filter((r) => r.resourceType === 'Script').length,
      kib: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    };
    const speedMisses: string[] = [];
    const otherMisses: string[] = [];
    for (const id of CATEGORIES) if (figures[id] < screen.budget[id]) (id === 'performance' ? speedMisses : otherMisses).push(`${id} ${figures[id]} < ${screen.budget[id]}`);
    if (!(figures.lcpMs <= screen.budget.lcpMs)) speedMisses.push(`LCP ${Math.round(figures.lcpMs)} ms > ${screen.budget.lcpMs} ms`);
    // Kept for a page that stays over budget: the audits it loses points on and what kept the main thread busy.
    const details: string[] = [];
    const lost = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'metricSavings'));
    for (const a of lost.slice(0, 12)) details.push(`${a.id} (${a.score}) ${a.displayValue ?? ''}`);
    const work = items(lhr.audits['mainthread-work-breakdown']).map((i) => `${String(i.groupLabel ?? i.group)} ${Math.round(Number(i.duration))} ms`);
    if (work.length) details.push(`main thread: ${work.join(', ')}`);
    for (const i of items(lhr.audits['bootup-time']).slice(0, 6)) details.push(`script ${shortUrl(i.url)}: ${Math.round(Number(i.total))} ms (evaluate ${Math.round(Number(i.scripting))} ms, parse ${Math.round(Number(i.scriptParseCompile))} ms)`);
    return { figures, speedMisses, otherMisses, details };
  } finally {
    await context.close().catch(() => undefined);
  }
};

const line = (name: string, f: TFigures) =>
  `${name.padEnd(10)} performance ${f.performance.toFixed(2)}  accessibility ${f.accessibility.toFixed(2)}  best-practices ${f['best-practices'].toFixed(2)}  ` +
  `FCP ${(f.fcpMs / 1000).toFixed(1)} s  LCP ${(f.lcpMs / 1000).toFixed(1)} s  TBT ${Math.round(f.tbtMs)} ms  JS boot-up ${(f.bootupMs / 1000).toFixed(1)} s  ` +
  `${f.requests} requests (${f.scripts} scripts) ${f.kib.toFixed(0)} KiB`;

/**
 * Up to RUNS cold runs of a screen, each printed; the screen meets its budgets when one run meets them all (the
 * best of the runs is the one that counts). Returns whether it did (or, with the advisory, missed only on speed).
 */
const measureScreen = async (browser: Browser, base: string, screen: TScreen, signedIn: TSignedIn) => {
  // LIGHTHOUSE_SPEED_ADVISORY=1 (every screen) or a list of screen names (dashboard,login): their performance and
  // LCP misses print as warnings; accessibility and best practices still fail.
  const advisory = (process.env.LIGHTHOUSE_SPEED_ADVISORY ?? '').split(',').map((name) => name.trim());
  const speedAdvisory = advisory.includes('1') || advisory.includes(screen.name);
  let best: TRun | null = null;
  let lastError: unknown = null;
  for (let run = 1; run <= RUNS; run++) {
    let result: TRun;
    try {
      result = await measure(browser, base, screen, signedIn);
    } catch (error) {
      // Lighthouse gives up on a run now and then on a loaded machine (NO_NAVSTART, NO_FCP): that run counts as missed.
      lastError = error;
      console.log(`${screen.name.padEnd(10)} [run ${run}/${RUNS}] failed: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const misses = [...result.otherMisses, ...result.speedMisses];
    console.log(`${line(screen.name, result.figures)}  [run ${run}/${RUNS}]${misses.length ? `  over: ${misses.join('; ')}` : ''}`);
    if (!best || result.figures.performance > best.figures.performance) best = result;
    if (!misses.length) return true;
    // Accessibility and best practices are the same on every run: no point in trying again.
    if (result.otherMisses.length) {
      best = result;
      break;
    }
  }
  if (!best) {
    console.log(`${screen.name.padEnd(10)} OVER BUDGET: no run completed`);
    if (lastError) console.error(lastError);
    return false;
  }
  const { otherMisses, speedMisses, details } = best;
  for (const d of details) console.log(`    ${screen.name}: ${d}`);
  if (speedAdvisory && !otherMisses.length) {
    for (const w of speedMisses) console.log(`    ${screen.name}: speed budget not met (advisory): ${w}`);
    return true;
  }
  console.log(`${screen.name.padEnd(10)} OVER BUDGET (best run): ${[...otherMisses, ...(speedAdvisory ? [] : speedMisses)].join('; ')}`);
  return false;
};

const main = async () => {
  let server: TServer | null = null;
  let browser: Browser | null = null;
  let ok = false;
  try {
    server = await startServer(ROOT);
    const signedIn = await signIn(server.baseUrl);
    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    ok = true;
    // LIGHTHOUSE_SCREENS=dashboard (a list of names) measures only those.
    const only = process.env.LIGHTHOUSE_SCREENS?.split(',').map((name) => name.trim());
    for (const screen of SCREENS.filter((s) => !only || only.includes(s.name))) ok = (await measureScreen(browser, server.baseUrl, screen, signedIn)) && ok;
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
