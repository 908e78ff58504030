import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
 * Keys the shared spreadsheet import dialog reads from a feature's namespace that `tree` lacks (its
 * "valid rows only" texts only where `allowValidRows`).
 */
export const missingImportDialogKeys = (tree: Map<string, string>, opts: { allowValidRows: boolean }) => {
  const source = readFileSync(join(import.meta.dirname, '../shared/ui/SpreadsheetImportDialog.tsx'), 'utf8');
  const keys = [...source.matchAll(/\bt\(\s*['`]([^'`$]+)['`]/g)].map((m) => m[1]!).filter((k) => !k.includes(':'));
  const optional = opts.allowValidRows ? [] : ['import.importValid', 'import.skipped'];
  const phases = ['queued', 'validating', 'importing', 'done'].map((p) => `import.phase.${p}`);
  return [...keys, ...phases].filter((k) => !tree.has(k) && !tree.has(`${k}_one`) && !optional.includes(k));
};
