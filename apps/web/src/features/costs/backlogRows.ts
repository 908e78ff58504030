import { backlogRowKey, type TCostRowInput } from '@bizdesk/contract';
import { parseMoneyInput } from '../../shared/format/money.ts';

export const BACKLOG_FIELDS = ['date', 'description', 'category', 'amount'] as const;
export type TBacklogField = (typeof BACKLOG_FIELDS)[number];
export type TMapping = Record<TBacklogField, number>;

const GUESSES: Record<TBacklogField, RegExp> = {
  date: /date|day|when|datum/i,
  description: /desc|detail|item|narration|particular|what|libell|beschreib/i,
  category: /categ|type|class|head|kategor/i,
  amount: /amount|cost|total|naira|cedi|price|value|sum|betrag|montant|ngn|ghs/i,
};

/** Columns whose header names the field; -1 when none does. */
export const guessMapping = (headers: readonly string[]): TMapping => {
  const used = new Set<number>();
  const out = {} as TMapping;
  for (const field of BACKLOG_FIELDS) {
    const at = headers.findIndex((h, i) => !used.has(i) && GUESSES[field].test(h));
    out[field] = at;
    if (at !== -1) used.add(at);
  }
  return out;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** "2026-01-31", "31/01/2026", "31.01.2026", or a spreadsheet serial day number → YYYY-MM-DD; null otherwise. */
export const normaliseDate = (cell: string): string | null => {
  const v = cell.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v);
  if (match) [y, m, d] = [+match[1], +match[2], +match[3]];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v))) [y, m, d] = [+match[3], +match[2], +match[1]];
  else if (/^\d{5}(\.\d+)?$/.test(v)) {
    const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(v)) * 86_400_000);
    return date.toISOString().slice(0, 10);
  } else return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso && y >= 1900 && y <= 2100 ? iso : null;
};

export type TRowProblem = { row: number; problem: 'date' | 'amount' | 'description' | 'category' };

/** Spreadsheet rows → cost rows; row numbers are the sheet's (header = 1). Amounts are read in the user's language. */
export const toCostRows = (rows: readonly string[][], mapping: TMapping, language: string) => {
  const valid: TCostRowInput[] = [];
  const problems: TRowProblem[] = [];
  rows.forEach((cells, i) => {
    const cell = (f: TBacklogField) => (mapping[f] >= 0 ? (cells[mapping[f]] ?? '').trim() : '');
    const date = normaliseDate(cell('date'));
    const amount = parseMoneyInput(cell('amount'), language) ?? parseMoneyInput(cell('amount'), 'en');
    const description = cell('description');
    const category = cell('category') || 'General';
    const row = i + 2;
    if (!description) problems.push({ row, problem: 'description' });
    else if (!date) problems.push({ row, problem: 'date' });
    else if (!amount || Number(amount) <= 0) problems.push({ row, problem: 'amount' });
    else valid.push({ date, description: description.slice(0, 300), category: category.slice(0, 80), amount });
  });
  return { valid, problems };
};

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
/** The hash of each row (SHA-256 of backlogRowKey, counting identical rows before it), as the server computes it. */
export const hashRows = async (rows: readonly TCostRowInput[]) => {
  const seen = new Map<string, number>();
  const encoder = new TextEncoder();
  return Promise.all(rows.map((r) => {
    const base = backlogRowKey(r, 0);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return crypto.subtle.digest('SHA-256', encoder.encode(backlogRowKey(r, n))).then(hex);
  }));
};
