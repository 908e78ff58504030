import { getRuleSet } from '@bizdesk/payroll';

/** The parts of gross a business may override (PAYROLL.md "Splits of gross"); the others stay the country's. */
export const SPLIT_PARTS = ['basic', 'housing', 'transport'] as const;
export type TSplitPart = (typeof SPLIT_PARTS)[number];
export type TSplitForm = Record<TSplitPart, string>;

/** What the country's rules do with gross when nothing is overridden, from the pay engine's own tables. */
export type TCountrySplit = {
  /** The default percentage of each part that can be overridden. */
  defaults: Record<TSplitPart, number>;
  /** Other components: a fixed percentage, or `null` for the one that takes what is left. */
  others: Array<{ code: string; rate: number | null }>;
  /** How much basic, housing and transport may take together (Nigeria: 90, entertainment keeps its 10). */
  maxTotal: number;
};

const monthKey = (now: Date) => now.getUTCFullYear() * 10_000 + (now.getUTCMonth() + 1) * 100 + 1;

export const countrySplit = (country: string, now = new Date()): TCountrySplit => {
  const rules = getRuleSet(country.toUpperCase(), monthKey(now));
  const defaults = { basic: 0, housing: 0, transport: 0 };
  const others: TCountrySplit['others'] = [];
  let keptBp = 0;
  for (const c of rules.split) {
    if ((SPLIT_PARTS as readonly string[]).includes(c.code)) defaults[c.code as TSplitPart] = c.bp / 100;
    else if (c.isResidual) others.push({ code: c.code, rate: null });
    else {
      others.push({ code: c.code, rate: c.bp / 100 });
      keptBp += c.bp;
    }
  }
  return { defaults, others, maxTotal: (10_000 - keptBp) / 100 };
};

/** A percentage typed in any of the app's languages ("7.5", "7,5") → basis points, or null when it is not one. */
export const percentToBp = (typed: string): number | null => {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
};

const bpText = (bp: number) => `${Math.trunc(bp / 100)}${bp % 100 ? `.${String(bp % 100).padStart(2, '0').replace(/0$/, '')}` : ''}`;

export type TSplitError = { key: 'invalid' | 'allOrNone' | 'tooMuch'; total?: string; max?: string };
export type TSplitCheck = {
  /** The API's `split`: percentages as text, or null when all three are empty (the country's split). */
  value: Record<TSplitPart, string> | null;
  errors: Partial<Record<TSplitPart | 'split', TSplitError>>;
};

/** Checks the three fields as the server and the engine will: each a percentage, all or none, within what the country leaves. */
export const checkSplit = (form: TSplitForm, rules: Pick<TCountrySplit, 'maxTotal'>): TSplitCheck => {
  const errors: TSplitCheck['errors'] = {};
  const filled = SPLIT_PARTS.filter((p) => form[p].trim() !== '');
  if (filled.length === 0) return { value: null, errors };
  const bp = {} as Record<TSplitPart, number>;
  for (const part of SPLIT_PARTS) {
    if (!form[part].trim()) {
      errors[part] = { key: 'allOrNone' };
      continue;
    }
    const value = percentToBp(form[part]);
    if (value === null) errors[part] = { key: 'invalid' };
    else bp[part] = value;
  }
  if (Object.keys(errors).length) return { value: null, errors };
  const total = bp.basic + bp.housing + bp.transport;
  if (total > Math.round(rules.maxTotal * 100)) return { value: null, errors: { split: { key: 'tooMuch', total: bpText(total), max: bpText(Math.round(rules.maxTotal * 100)) } } };
  return { value: { basic: bpText(bp.basic), housing: bpText(bp.housing), transport: bpText(bp.transport) }, errors };
};

/** The form's fields from a saved override (null: empty, the country's split applies). */
export const splitForm = (split: Record<TSplitPart, number> | null | undefined): TSplitForm =>
  split ? { basic: String(split.basic), housing: String(split.housing), transport: String(split.transport) } : { basic: '', housing: '', transport: '' };
