import { createElement } from 'react';
import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPaintHtml } from '../../start-paint.ts';
import { GREETING_TEXTS } from '../features/dashboard/greetingTexts.ts';
import { changeLanguage } from '../shared/i18n/index.ts';
import { cssTokenVars } from '../shared/ui/tokens.ts';
import { fakeToken, setupI18n } from '../test/render.tsx';
import { StartFrame } from './StartFrame.tsx';
import SCRIPT from '../../start-paint.js?raw';

const future = Math.floor(Date.now() / 1000) + 3600;

/** Runs index.html's start script as the build inlines it, in this page, with `<div id="root">` empty. */
const runStartScript = () => {
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.removeAttribute('style');
  new Function(SCRIPT.replace('(__BIZDESK_START__)', `(${JSON.stringify({ texts: GREETING_TEXTS, vars: cssTokenVars() })})`))();
  return document.getElementById('root')!;
};

const signIn = (names: Record<string, unknown> | null, payload: Record<string, unknown> = { id: 'u1', exp: future }) => {
  localStorage.setItem('jwtToken', fakeToken(payload));
  if (names) localStorage.setItem('bizdesk.startNames', JSON.stringify(names));
};
const NGOZI = { id: 'u1', userName: 'Ngozi Okafor', businessName: 'Budget Foods Ltd' };

describe("index.html's start script (start-paint.js)", () => {
  beforeAll(setupI18n);
  afterEach(async () => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
    await changeLanguage('en');
    localStorage.clear();
  });

  it("paints a signed-in start at / exactly as React's start frame renders it with the kept names", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 9, 0));
    signIn(NGOZI);
    const painted = runStartScript().innerHTML;
    expect(painted).toContain('<h1 class="bd-page-title bd-page-title--described">Good morning, Ngozi</h1>');
    expect(painted).toContain('<p class="bd-page-description">Here is what is happening at Budget Foods Ltd.</p>');
    document.body.innerHTML = '';
    const { container } = render(createElement(StartFrame));
    expect(container.innerHTML).toBe(painted);
  });

  it('greets in the language the app would pick (the kept choice, else the browser language)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 19, 0));
    signIn(NGOZI);
    localStorage.setItem('bizdeskLanguage', 'de');
    const root = runStartScript();
    expect(root.querySelector('h1')?.textContent).toBe('Guten Abend, Ngozi');
    expect(root.querySelector('p')?.textContent).toBe('Das passiert gerade bei Budget Foods Ltd.');
    expect(document.documentElement.lang).toBe('de');
    await changeLanguage('de');
    const painted = root.innerHTML;
    document.body.innerHTML = '';
    expect(render(createElement(StartFrame)).container.innerHTML).toBe(painted);
  });

  it.each([
    ['a signed-out visitor', () => undefined],
    ['no kept names', () => signIn(null)],
    ["another user's names", () => signIn({ ...NGOZI, id: 'u2' })],
    ['an expired token', () => signIn(NGOZI, { id: 'u1', exp: Math.floor(Date.now() / 1000) - 60 })],
    ['an unreadable token', () => { localStorage.setItem('jwtToken', 'not-a-token'); localStorage.setItem('bizdesk.startNames', JSON.stringify(NGOZI)); }],
    ['names of the wrong shape', () => signIn({ id: 'u1', userName: 7, businessName: 'Budget Foods Ltd' })],
  ])('paints nothing for %s', (_case, arrange) => {
    arrange();
    expect(runStartScript().innerHTML).toBe('');
  });

  it('paints nothing away from the dashboard', () => {
    signIn(NGOZI);
    window.history.replaceState(null, '', '/login');
    expect(runStartScript().innerHTML).toBe('');
  });

  it("sets the tokens' CSS variables the frame's sizes use, as the entry does", () => {
    signIn(NGOZI);
    runStartScript();
    expect(document.documentElement.style.getPropertyValue('--bd-topbar-mobile')).toBe('64px');
    expect(document.documentElement.style.getPropertyValue('--bd-nav-width')).toBe('280px');
  });
});

describe('the built index.html (startPaintHtml)', () => {
  const built = [
    '<html><head>',
    '    <script type="module" crossorigin src="/assets/index-Ab1_x.js"></script>',
    '    <link rel="stylesheet" crossorigin href="/assets/index-Cd2.css">',
    '</head><body>',
    '    <div id="root"></div>',
    '</body></html>',
  ].join('\n');

  it('inlines the start script with the texts and the tokens after the root, and leaves the rest as Vite wrote it', () => {
    const html = startPaintHtml(built, SCRIPT);
    const script = /<div id="root"><\/div>\n {4}<script>([\s\S]*)<\/script>\n<\/body>/.exec(html)?.[1];
    expect(script).toContain('"Guten Morgen, {{name}}"');
    expect(script).toContain('"--bd-topbar-mobile":"64px"');
    expect(script).not.toContain('__BIZDESK_START__');
    expect(script).not.toMatch(/^\s*\/\//m);
    expect(html.replace(`\n    <script>${script}</script>`, '')).toBe(built);
  });

  it('refuses a page without the root', () => {
    expect(() => startPaintHtml(built.replace('<div id="root"></div>', ''), SCRIPT)).toThrow(/startPaint/);
  });
});
