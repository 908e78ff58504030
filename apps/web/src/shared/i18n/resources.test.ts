import { describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { messages as enCore } from './locales/en/core.ts';
import { messages as deCore } from './locales/de/core.ts';
import { messages as frCore } from './locales/fr/core.ts';
import { messages as enApp } from './locales/en/app.ts';
import { messages as deApp } from './locales/de/app.ts';
import { messages as frApp } from './locales/fr/app.ts';

type TTree = { [key: string]: unknown };
const leaves = (tree: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree as TTree)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
};
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('translations', () => {
  it('uses the spec catalogue verbatim for English', () => {
    expect(enCore.msg).toEqual(MSG);
    expect(enCore.errors.crash).toBe('Something went wrong. Please try again later.');
    expect(enCore.errors.pageTitle).toBe('Unexpected Application Error!');
  });

  it.each([
    ['de', deCore, deApp],
    ['fr', frCore, frApp],
  ])('%s has every English key, translated, with the same placeholders', (_lang, core, app) => {
    for (const [en, other] of [
      [enCore, core],
      [enApp, app],
    ] as const) {
      const source = leaves(en);
      const target = leaves(other);
      for (const [key, text] of source) {
        if (key.startsWith('msg.') && !target.has(key)) continue; // may trail the contract by a release; falls back to English
        expect(target.has(key), `missing ${key}`).toBe(true);
        expect(placeholders(target.get(key)!), `placeholders of ${key}`).toEqual(placeholders(text));
      }
      const same = [...source].filter(([key, text]) => target.get(key) === text && /[a-z]{4,}/.test(text) && !/^(Bizdesk|Dashboard|Management|Notifications|Description|Actions|Pro|Starter|Clients|Rapports|Logo|Projet)$/.test(text));
      expect(same.length / source.size, `untranslated: ${same.map(([k]) => k).slice(0, 10).join(', ')}`).toBeLessThan(0.05);
    }
  });

  it('translates every message of spec 01', () => {
    for (const key of ['notificationsLoading', 'notificationsFetchFailed', 'uploadLogoTitle', 'tokenMissingInResponse', 'somethingWentWrong'] as const) {
      expect(deCore.msg[key]).toBeTruthy();
      expect(frCore.msg[key]).toBeTruthy();
    }
  });
});
