import { normaliseCostText } from '@bizdesk/contract';
import { median } from '../../platform/ai/analyst-kit.ts';

/**
 * The analyst's checks over cost records (issue 35), pure so the built-in analyst and the facts a model is given
 * name the same records: likely duplicates, outliers and dates out of range; and the sections' sums made whole
 * (every month of the period, an "Other" category line) so a report's parts add up to its total.
 */
export type TReviewRecord = { id: string; date: string; description: string; category: string; amountMinor: number; tagName: string };
export type TOutlier = TReviewRecord & { medianMinor: number };
export type TOutOfRange = TReviewRecord & { reason: 'future' | 'tooOld' };
export type TCostFlags = { duplicates: TReviewRecord[][]; outliers: TOutlier[]; outOfRange: TOutOfRange[] };

/** An amount this many times its category's median is an outlier… */
export const OUTLIER_FACTOR = 3;
/** …when the category has at least this many records (a median of two or three says little). */
export const OUTLIER_MIN_RECORDS = 4;
/** A cost dated more than this many years before today is out of range (a mistyped year). */
export const OLDEST_YEARS = 10;
/** Categories named one by one before the rest are summed into "Other". */
export const CATEGORY_LINES = 6;
/** Months listed one by one; earlier months of a longer period are summed into one line. */
export const MONTH_LINES = 36;

const words = (text: string) => new Set(normaliseCostText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean));
/** Alike descriptions: the same once normalised, one within the other, or sharing most of their words. */
export const isSimilarText = (a: string, b: string) => {
  const [x, y] = [normaliseCostText(a), normaliseCostText(b)];
  if (x === y || (x.length >= 4 && y.includes(x)) || (y.length >= 4 && x.includes(y))) return true;
  const [wa, wb] = [words(a), words(b)];
  const shared = [...wa].filter((w) => wb.has(w)).length;
  return shared > 0 && shared / new Set([...wa, ...wb]).size >= 0.6;
};

const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;

/** Flags over the records; `today` is the business's today (its time zone), YYYY-MM-DD. */
export const reviewCosts = (records: readonly TReviewRecord[], today: string): TCostFlags => {
  // Duplicates: same project, date and amount, and alike descriptions (three identical ₦987,500 diesel payments on one day).
  const sameDay = new Map<string, TReviewRecord[]>();
  for (const r of records) {
    const k = `${r.tagName.toLowerCase()}\u0000${r.date}\u0000${r.amountMinor}`;
    sameDay.set(k, [...(sameDay.get(k) ?? []), r]);
  }
  const duplicates: TReviewRecord[][] = [];
  for (const group of sameDay.values()) {
    const left = [...group];
    while (left.length > 1) {
      const [first, ...rest] = left;
      const alike = [first, ...rest.filter((r) => isSimilarText(first.description, r.description))];
      if (alike.length > 1) duplicates.push(alike);
      for (const r of alike) left.splice(left.indexOf(r), 1);
    }
  }
  // Outliers: more than OUTLIER_FACTOR × the median of the record's category (robust to the outliers themselves).
  const byCategory = new Map<string, TReviewRecord[]>();
  for (const r of records) {
    const k = normaliseCostText(r.category);
    byCategory.set(k, [...(byCategory.get(k) ?? []), r]);
  }
  const outliers: TOutlier[] = [];
  for (const group of byCategory.values()) {
    if (group.length < OUTLIER_MIN_RECORDS) continue;
    const medianMinor = Math.round(median(group.map((r) => r.amountMinor)));
    for (const r of group) if (medianMinor > 0 && r.amountMinor > medianMinor * OUTLIER_FACTOR) outliers.push({ ...r, medianMinor });
  }
  const oldest = addYears(today, -OLDEST_YEARS);
  const outOfRange: TOutOfRange[] = records
    .filter((r) => r.date > today || r.date < oldest)
    .map((r) => ({ ...r, reason: r.date > today ? 'future' as const : 'tooOld' as const }));
  const byDate = (a: TReviewRecord, b: TReviewRecord) => a.date.localeCompare(b.date) || b.amountMinor - a.amountMinor;
  return { duplicates: duplicates.sort((a, b) => byDate(a[0], b[0])), outliers: outliers.sort(byDate), outOfRange: outOfRange.sort(byDate) };
};

/** Every month (YYYY-MM) from `from` to `to`, both included. */
export const monthsBetween = (from: string, to: string) => {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const [ty, tm] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  while ((y < ty || (y === ty && m <= tm)) && out.length < 1200) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
};

export type TMonthLine = { month: string; overheadsMinor: number; paymentsMinor: number };
/**
 * The period's months, each present (zero months too), from the first month with money to the later of this month
 * and the last month with money; past MONTH_LINES months, the earliest are summed into `earlier`.
 */
export const wholeMonths = (months: readonly TMonthLine[], thisMonth: string) => {
  if (months.length === 0) return { months: [] as TMonthLine[], earlier: null as (TMonthLine & { until: string }) | null };
  const sorted = [...months].sort((a, b) => a.month.localeCompare(b.month));
  const last = sorted.at(-1)!.month > thisMonth ? sorted.at(-1)!.month : thisMonth;
  const at = new Map(sorted.map((m) => [m.month, m]));
  const all = monthsBetween(sorted[0].month, last).map((month) => at.get(month) ?? { month, overheadsMinor: 0, paymentsMinor: 0 });
  if (all.length <= MONTH_LINES) return { months: all, earlier: null };
  const cut = all.length - MONTH_LINES;
  const before = all.slice(0, cut);
  return {
    months: all.slice(cut),
    earlier: { month: before[0].month, until: before.at(-1)!.month, overheadsMinor: before.reduce((s, m) => s + m.overheadsMinor, 0), paymentsMinor: before.reduce((s, m) => s + m.paymentsMinor, 0) },
  };
};

/** The largest categories one by one, the rest as one "Other" line, so the lines sum to the total. */
export const categoriesWithOther = (categories: ReadonlyArray<{ category: string; totalMinor: number }>) => {
  const sorted = [...categories].sort((a, b) => b.totalMinor - a.totalMinor);
  if (sorted.length <= CATEGORY_LINES) return { lines: sorted, other: null as null | { count: number; totalMinor: number } };
  const rest = sorted.slice(CATEGORY_LINES - 1);
  return { lines: sorted.slice(0, CATEGORY_LINES - 1), other: { count: rest.length, totalMinor: rest.reduce((s, c) => s + c.totalMinor, 0) } };
};
