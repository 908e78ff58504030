import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './index.ts';
import { leaves } from '../../test/textTrees.ts';
import { setupI18n } from '../../test/render.tsx';

const resources = import.meta.glob<Record<string, unknown>>('./locales/*/*.ts', { import: 'messages', eager: true });
/** "étape(s)", "Mitarbeiter(in)", "Schritt(e)", "employee(s)": a count written around instead of a plural form. */
const FAKE_PLURAL = /\p{L}\((s|e|en|n|es|x|in|innen|nen)\)/u;

beforeAll(setupI18n);
afterAll(() => changeLanguage('en'));

describe('plurals', () => {
  it('no text of any language writes a fake plural such as "étape(s)"', () => {
    const found = Object.entries(resources).flatMap(([file, tree]) => [...leaves(tree)].filter(([, text]) => FAKE_PLURAL.test(text)).map(([key, text]) => `${file} ${key}: ${text}`));
    expect(found).toEqual([]);
  });

  it('counts the getting-started steps with real plural forms in French', async () => {
    await changeLanguage('fr');
    await i18n.loadNamespaces('app');
    expect(i18n.t('app:dashboard.setup.progress', { count: 1, total: 5 })).toBe('1 étape sur 5 terminée');
    expect(i18n.t('app:dashboard.setup.progress', { count: 3, total: 5 })).toBe('3 étapes sur 5 terminées');
    await changeLanguage('en');
    expect(i18n.t('app:dashboard.setup.progress', { count: 3, total: 5 })).toBe('3 of 5 steps done');
  });
});
