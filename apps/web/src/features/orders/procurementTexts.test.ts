import { describe, expect, it } from 'vitest';
import { lineTotalMinor, milliToQuantity, minorText, quantityToMilli, rateOfMinor } from '@bizdesk/contract';
import { messages as en } from '../../shared/i18n/locales/en/procurement.ts';
import { messages as de } from '../../shared/i18n/locales/de/procurement.ts';
import { messages as fr } from '../../shared/i18n/locales/fr/procurement.ts';
import { missingImportDialogKeys } from '../../test/textTrees.ts';

type TTree = { [key: string]: unknown };
const leaves = (tree: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') for (const [k, v] of Object.entries(tree as TTree)) for (const [kk, vv] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  return out;
};
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('procurement texts', () => {
  it.each([['de', de], ['fr', fr]])('%s translates every English text with the same placeholders', (_lang, other) => {
    const source = leaves(en);
    const target = leaves(other);
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of source) expect(placeholders(target.get(key)!), key).toEqual(placeholders(text));
  });

  it('has every key the shared import dialog reads (vendor import)', () => {
    expect(missingImportDialogKeys(leaves(en), { allowValidRows: false })).toEqual([]);
  });
});

describe('procurement arithmetic shared by the screens and the server', () => {
  it('keeps quantities as thousandths and line totals in whole minor units, rounding half up', () => {
    expect(quantityToMilli('2.5')).toBe(2500);
    expect(quantityToMilli(3)).toBe(3000);
    expect(milliToQuantity(120500)).toBe('120.5');
    expect(lineTotalMinor(100010, 2500)).toBe(250025);
    expect(lineTotalMinor(1, 500)).toBe(1);
    expect(lineTotalMinor(1, 499)).toBe(0);
    expect(rateOfMinor(350024, 750)).toBe(26252);
    expect(lineTotalMinor(9_007_199_254_740, 1000)).toBe(9_007_199_254_740);
  });

  it('writes amounts in server messages with the currency code and two decimals', () => {
    expect(minorText(100_000_000, 'NGN')).toBe('NGN 1,000,000.00');
    expect(minorText(5, 'GHS')).toBe('GHS 0.05');
  });
});
