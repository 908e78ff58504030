import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { GREETING_TEXTS } from './src/features/dashboard/greetingTexts.ts';
import { cssTokenVars } from './src/shared/ui/tokens.ts';

/**
 * index.html's start script (start-paint.js) inlined right after `<div id="root">`, with the greeting's texts and
 * the tokens' CSS variables: a signed-in start at `/` paints its frame and greeting from the page itself, as soon
 * as the stylesheet is there (issue 10, sixth pass). The rest of the page is as Vite wrote it.
 */
export const startPaintHtml = (html: string, script: string) => {
  if (!html.includes('<div id="root"></div>')) throw new Error('startPaint: index.html has no <div id="root"></div>');
  const code = script
    .replace(/^\s*(\/\/.*|\/\* global .*\*\/)\n/gm, '')
    .replace('(__BIZDESK_START__)', () => `(${JSON.stringify({ texts: GREETING_TEXTS, vars: cssTokenVars() }).replace(/</g, '\\u003c')})`)
    .trim();
  return html.replace('<div id="root"></div>', () => `<div id="root"></div>\n    <script>${code}</script>`);
};

export const startPaint = (): Plugin => ({
  name: 'bizdesk-start-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => startPaintHtml(html, readFileSync(fileURLToPath(new URL('./start-paint.js', import.meta.url)), 'utf8')),
  },
});
