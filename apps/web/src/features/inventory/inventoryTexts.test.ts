import { describe, expect, it } from 'vitest';
import { messages as en } from '../../shared/i18n/locales/en/inventory.ts';
import { messages as de } from '../../shared/i18n/locales/de/inventory.ts';
import { messages as fr } from '../../shared/i18n/locales/fr/inventory.ts';
import { movePath } from './api.ts';
import { missingImportDialogKeys } from '../../test/textTrees.ts';

type TTree = { [key: string]: unknown };
const leaves = (tree: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree as TTree)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
};
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
// Words that are the same in these languages.
const SAME = /^(Actions|Status|Date|Diesel|Hybrid|Modèle|Destination|Litres|Note|Article|Articles|Projet|Stock|Gas|Generator|Maintenance|\{\{plate\}\} · \{\{model\}\}|\{\{title\}\}: \{\{items\}\}|\{\{name\}\} · \{\{format\}\})$/;

describe('inventory texts', () => {
  const source = leaves(en);
  it.each([['de', de], ['fr', fr]])('%s has every English key, translated, with the same placeholders', (_lang, other) => {
    const target = leaves(other);
    for (const [key, text] of source) {
      expect(target.has(key), `missing ${key}`).toBe(true);
      expect(placeholders(target.get(key)!), `placeholders of ${key}`).toEqual(placeholders(text));
    }
    expect([...target.keys()].filter((key) => !source.has(key))).toEqual([]);
    const same = [...source].filter(([key, text]) => target.get(key) === text && /[a-z]{4,}/.test(text) && !SAME.test(text));
    expect(same).toEqual([]);
  });
});

describe('stock movement paths', () => {
  it('builds the spec\'s segments in order, each encoded', () => {
    const base = { email: 'owner@lekki.ng', itemId: 'i-1', nums: 'EMP/7', quantity: '2.5', tag: 'site a' };
    expect(movePath({ ...base, kind: 'instock' })).toBe('/inventory/instock/owner%40lekki.ng/i-1/EMP%2F7/2.5/site%20a');
    expect(movePath({ ...base, kind: 'outstock', reference: 'PO 1' })).toBe('/inventory/outstock/owner%40lekki.ng/i-1/EMP%2F7/2.5/PO%201/site%20a');
    expect(movePath({ ...base, kind: 'usedstock', reference: 'U-1', used: 'Slab' })).toBe('/inventory/usedstock/owner%40lekki.ng/i-1/EMP%2F7/2.5/Slab/U-1/site%20a');
  });
});

describe('import dialog texts', () => {
  it('has every key the shared import dialog reads from the inventory namespace', () => {
    expect(missingImportDialogKeys(leaves(en), { allowValidRows: false })).toEqual([]);
  });
});
