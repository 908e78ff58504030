import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { messages as enImports } from '../shared/i18n/locales/en/imports.ts';

/** Helpers of the per-namespace text tests: every leaf of a text tree, its {{placeholders}}, the screens' sources. */
type TTree = { [key: string]: unknown };
export const leaves = (tree: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree as TTree)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
};
export const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/**
 * Keys the shared spreadsheet import dialog reads that neither a feature's namespace (`tree`) nor the shared `imports`
 * namespace has (the "valid rows only" texts are needed only where `allowValidRows`).
 */
export const missingImportDialogKeys = (tree: Map<string, string>, opts: { allowValidRows: boolean }) => {
  const shared = leaves(enImports);
  const has = (key: string) => tree.has(key) || shared.has(key);
  const source = readFileSync(join(import.meta.dirname, '../shared/ui/SpreadsheetImportDialog.tsx'), 'utf8');
  const keys = [...source.matchAll(/\bt\(\s*['`]([^'`$]+)['`]/g)].map((m) => m[1]!).filter((k) => !k.includes(':'));
  const optional = opts.allowValidRows ? [] : ['import.importValid', 'import.skipped'];
  const phases = ['queued', 'validating', 'importing', 'done'].map((p) => `import.phase.${p}`);
  return [...keys, ...phases].filter((k) => !has(k) && !has(`${k}_one`) && !optional.includes(k));
};
