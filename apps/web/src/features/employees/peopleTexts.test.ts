import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../shared/i18n/locales/en/people.ts';
import { messages as de } from '../../shared/i18n/locales/de/people.ts';
import { messages as fr } from '../../shared/i18n/locales/fr/people.ts';
import { leaves, missingImportDialogKeys, placeholders, sourceFiles } from '../../test/textTrees.ts';
import { messages as enCore } from '../../shared/i18n/locales/en/core.ts';

const FEATURES = join(import.meta.dirname, '..');

describe('people texts', () => {
  const source = leaves(en);

  it.each([
    ['de', de],
    ['fr', fr],
  ])('%s has every English key, translated, with the same placeholders', (_lang, other) => {
    const target = leaves(other);
    for (const [key, text] of source) {
      expect(target.has(key), `missing ${key}`).toBe(true);
      expect(placeholders(target.get(key)!), `placeholders of ${key}`).toEqual(placeholders(text));
    }
    expect([...target.keys()].filter((key) => !source.has(key))).toEqual([]);
    const same = [...source].filter(([key, text]) => target.get(key) === text && /[a-z]{4,}/.test(text) && !/^(Actions|Description|Date|Type|Portal|Name|Nom)$/.test(text));
    expect(same.length / source.size, `untranslated: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(0.03);
  });

  it('has, with the shared imports namespace, every key the import dialog reads (employee import)', () => {
    expect(missingImportDialogKeys(source, { allowValidRows: true })).toEqual([]);
  });

  it('has every key the people screens use', () => {
    const core = leaves(enCore);
    const missing: string[] = [];
    for (const file of ['employees', 'portal', 'collection'].flatMap((f) => sourceFiles(join(FEATURES, f)))) {
      const text = readFileSync(file, 'utf8');
      // A screen with a namespace of its own (the site phone's stock panel reads 'collector') is checked by its own test.
      if (/useTranslation\(\s*'/.test(text) && !/useTranslation\(\s*'people'/.test(text) && !/useTranslation\(\s*\)/.test(text)) continue;
      for (const [, raw] of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        const key = raw!;
        if (key.startsWith('app:')) continue;
        const [ns, bare] = key.includes(':') ? (key.split(':') as [string, string]) : ['people', key];
        const tree = ns === 'core' ? core : source;
        const found = tree.has(bare) || tree.has(`${bare}_one`) || (ns === 'people' && core.has(bare));
        if (!found) missing.push(`${file.slice(FEATURES.length)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
