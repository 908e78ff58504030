import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

type TCase = { name: string; run: () => Promise<void>; isSetup: boolean };

/** A tiny sequential runner: each case passes or fails on its own; the summary line is what CI reads. */
/**
 * A wait for the page, scaled on CI: the CI host runs the whole suite beside the server and its database on two busy
 * cores, where a screen that answers in 2 s here took over 15 s (stop 41's run timed out in flows that pass here).
 * Locally the figure is as written, so a slow screen still shows up while developing.
 */
export const waitMs = (ms: number) => (process.env.CI ? ms * 2 : ms);

export const createSuite = () => {
  const cases: TCase[] = [];
  return {
    /** `isSetup`: a case the others build on (sign-up, sign-in), run even when E2E_ONLY picks a few flows. */
    test: (name: string, run: () => Promise<void>, opts: { isSetup?: boolean } = {}) => {
      cases.push({ name, run, isSetup: opts.isSetup ?? false });
    },
    run: async (onFailure: (name: string) => Promise<void>) => {
      let passed = 0;
      let failed = 0;
      // E2E_ONLY=payroll runs the cases whose name matches (case-insensitive) after the set-up ones, for work on one flow.
      const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY, 'i') : null;
      for (const { name, run, isSetup } of cases) {
        if (only && !isSetup && !only.test(name)) continue;
        const started = Date.now();
        try {
          await run();
          passed++;
          console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
        } catch (error) {
          failed++;
          const message = error instanceof Error ? error.message : String(error);
          const where = error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at ')).slice(0, 2) : [];
          console.log(`  ✗ ${name}\n      ${[...message.split('\n'), ...where].join('\n      ')}`);
          await onFailure(name).catch(() => undefined);
        }
      }
      return { passed, failed };
    },
  };
};

export const assert: (condition: unknown, message: string) => asserts condition = (condition, message) => {
  if (!condition) throw new Error(message);
};

export const screenshot = async (page: Page, name: string) => {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
};

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

type TAxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * Colours are read while nothing is moving: a button mid-way through its background transition (MUI animates
 * enabled/disabled over 250 ms) would otherwise be judged on a colour it only passes through.
 */
const settle = async (page: Page) => {
  const style = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return () => style.evaluate((node) => (node as Element).remove()).catch(() => undefined);
};

/** Runs axe-core in the page; returns the serious and critical violations. */
export const seriousA11yViolations = async (page: Page) => {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const unsettle = await settle(page);
  // Evaluated through the DevTools protocol: an inline <script> would be refused by the server's CSP.
  const alreadyLoaded = await page.evaluate(() => 'axe' in window);
  if (!alreadyLoaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: TAxeViolation[] }> } }).axe;
    // MUI X DataGrid's select-all checkbox is a native checkbox that also carries aria-checked="mixed" while
    // some rows are selected; axe flags that attribute (aria-conditional-attr) on that one library element.
    const result = await axe.run({ exclude: [['input[data-indeterminate="true"]']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }));
  });
  await unsettle();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
};

/**
 * Issue 10: every violation axe reports (WCAG A/AA and best practice), whatever its impact. The screens of the
 * shell, settings and people flows must show none.
 */
export const a11yViolations = async (page: Page) => {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const unsettle = await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: TAxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }));
  });
  await unsettle();
  return violations;
};

/**
 * The screen is axe clean once no select menu or listbox is open: a menu caught mid-close (its paper outside any
 * landmark) is not the screen. Throws naming `where` and every violation.
 */
export const expectAccessible = async (target: Page, where: string) => {
  await target.waitForFunction(() => !document.querySelector('.MuiMenu-root, [role="listbox"]'), undefined, { timeout: 5000 });
  const violations = await a11yViolations(target);
  assert(violations.length === 0, `${where}: accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

/** Nothing on the page is wider than the window (a phone never scrolls sideways). */
export const expectNoOverflow = async (target: Page, where: string) => {
  const o = await target.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert(o.scroll <= o.inner, `${where}: nothing overflows the phone horizontally (${o.scroll} > ${o.inner})`);
};
