import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOAN_STATUSES } from '@bizdesk/contract';
import { messages as en } from '../../shared/i18n/locales/en/pay.ts';
import { messages as de } from '../../shared/i18n/locales/de/pay.ts';
import { messages as fr } from '../../shared/i18n/locales/fr/pay.ts';
import { messages as enCore } from '../../shared/i18n/locales/en/core.ts';
import { leaves, placeholders, sourceFiles } from '../../test/textTrees.ts';

describe('pay texts', () => {
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
  });

  it('has every key the pay screens use, and a name for each loan status and split part', () => {
    const core = leaves(enCore);
    const missing: string[] = [];
    let used = 0;
    for (const file of sourceFiles(import.meta.dirname)) {
      const text = readFileSync(file, 'utf8');
      for (const [, raw] of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        used++;
        const [ns, bare] = raw!.includes(':') ? (raw!.split(':') as [string, string]) : ['pay', raw!];
        const tree = ns === 'core' ? core : source;
        if (!tree.has(bare) && !tree.has(`${bare}_one`)) missing.push(`${file.slice(join(import.meta.dirname).length)}: ${raw}`);
      }
    }
    expect(used).toBeGreaterThan(100);
    expect(missing).toEqual([]);
    for (const status of LOAN_STATUSES) expect(source.has(`loans.status.${status}`), status).toBe(true);
    for (const part of ['basic', 'housing', 'transport', 'entertainment', 'utility']) expect(source.has(`wages.split.parts.${part}`), part).toBe(true);
  });
});
