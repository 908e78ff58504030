import type { TImportRowError } from '@bizdesk/contract';
import { unescapeFormula } from '../spreadsheets/formula.ts';

/** Header names compared in lower case without spaces or punctuation ("Reorder level" = "reorder_level"). */
const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Which column holds which field, by the header names people use (`aliases`, squashed); unknown columns
 * are reported and ignored, and required fields without a column are named as `labels` says.
 */
export const mapColumns = <F extends string>(header: string[], aliases: Record<F, string[]>, required: { fields: F[]; labels: Partial<Record<F, string>> }) => {
  const byAlias = new Map((Object.entries(aliases) as Array<[F, string[]]>).flatMap(([field, names]) => names.map((n) => [n, field] as const)));
  const columns: Partial<Record<F, number>> = {};
  const recognised: string[] = [];
  const ignored: string[] = [];
  header.forEach((h, i) => {
    const field = byAlias.get(squash(h));
    if (field && columns[field] === undefined) {
      columns[field] = i;
      recognised.push(h);
    } else if (h) {
      ignored.push(h);
    }
  });
  const missing = required.fields.filter((f) => columns[f] === undefined).map((f) => required.labels[f] ?? f);
  return { columns, recognised, ignored, missing };
};

/** One row's cell of a field, trimmed, a formula guard of our export removed; blank is undefined. */
export const cellOf = <F extends string>(cells: string[], columns: Partial<Record<F, number>>) => (field: F) => {
  const i = columns[field];
  const v = i === undefined ? '' : unescapeFormula(cells[i] ?? '').trim();
  return v === '' ? undefined : v;
};

/** A row's problem as the preview lists it; `row` is the spreadsheet's (the header is row 1). */
export const rowError = (row: number, field: string, message: string): TImportRowError => ({ row, field, message: `row ${row}: ${field} ${message}` });
