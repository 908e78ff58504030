import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './index.ts';
import { setupI18n } from '../../test/render.tsx';
import { leaves, placeholders } from '../../test/textTrees.ts';
import { messages as en } from './locales/en/imports.ts';
import { messages as de } from './locales/de/imports.ts';
import { messages as fr } from './locales/fr/imports.ts';

const SHARED = { en, de, fr };
const FEATURES = ['people', 'inventory', 'procurement'] as const;
const features = import.meta.glob<Record<string, unknown>>('./locales/*/{people,inventory,procurement}.ts', { import: 'messages', eager: true });

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces([...FEATURES, 'imports']);
});
afterAll(() => changeLanguage('en'));

describe('the import dialog\'s shared texts (namespace imports)', () => {
  it.each([['de', de], ['fr', fr]])('%s has every English key, translated, with the same placeholders', (_lang, other) => {
    const source = leaves(en);
    const target = leaves(other);
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of source) expect(placeholders(target.get(key)!), key).toEqual(placeholders(text));
    const same = [...source].filter(([key, text]) => target.get(key) === text && key !== 'import.fileSummary');
    expect(same).toEqual([]);
  });

  it.each(['en', 'de', 'fr'] as const)('are not copied into a feature\'s namespace (%s)', (lang) => {
    const shared = leaves(SHARED[lang]);
    for (const ns of FEATURES) {
      const copies = [...leaves(features[`./locales/${lang}/${ns}.ts`])].filter(([key, text]) => shared.get(key) === text);
      expect(copies, `${lang}/${ns}`).toEqual([]);
    }
  });

  it.each([
    ['en', 'Import all', 'Choose a file', 'Saving the employees', 'Waiting to start'],
    ['de', 'Alle importieren', 'Datei wählen', 'Mitarbeiter werden gespeichert', 'Wartet auf den Start'],
    ['fr', 'Tout importer', 'Choisir un fichier', 'Enregistrement des employés', 'En attente de démarrage'],
  ])('are read after the feature\'s own: its key wins, a key it lacks comes from imports (%s)', async (lang, importAll, choose, importing, queued) => {
    await changeLanguage(lang as 'en' | 'de' | 'fr');
    const t = i18n.getFixedT(lang, ['people', 'imports']);
    expect(t('import.importAll')).toBe(importAll);
    expect(t('import.choose')).toBe(choose);
    expect(t('import.phase.importing')).toBe(importing);
    expect(t('import.phase.queued')).toBe(queued);
    expect(t('import.errorsTitle', { count: 2 })).toBe(i18n.getFixedT(lang, 'imports')('import.errorsTitle', { count: 2 }));
    // The other features word "Import all" as the shared text does.
    expect(i18n.getFixedT(lang, ['inventory', 'imports'])('import.importAll')).toBe(leaves(SHARED[lang as 'en']).get('import.importAll'));
  });
});
