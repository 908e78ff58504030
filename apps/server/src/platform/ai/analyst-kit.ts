/**
 * What the built-in analysts share: plain statistics and locale-aware phrasing. Each feature's analyst
 * template (beside the feature) turns its facts into sections with these, deterministically: the same
 * facts and language always give the same text.
 */
import type { TAiLanguage } from './ai.ts';

export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export const mean = (values: readonly number[]) => (values.length ? sum(values) / values.length : 0);

export const median = (values: readonly number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Population standard deviation (the whole unit is the population, not a sample of it). */
export const standardDeviation = (values: readonly number[]) => {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
};

export type TRanked<T> = T & { rank: number };

/** Highest first; equal values share a rank (1, 2, 2, 4), and ties keep the given order. */
export const rankBy = <T>(items: readonly T[], value: (item: T) => number): TRanked<T>[] => {
  const sorted = items.map((item, i) => ({ item, i, v: value(item) })).sort((a, b) => b.v - a.v || a.i - b.i);
  return sorted.map((s, idx) => ({
    ...s.item,
    rank: idx > 0 && sorted[idx - 1].v === s.v ? sorted.findIndex((o) => o.v === s.v) + 1 : idx + 1,
  }));
};

export type TBand = { label: string; min: number; max: number };

/** How many values fall in each band (min inclusive, max inclusive for the last band, exclusive otherwise). */
export const distribution = (values: readonly number[], bands: readonly TBand[]) =>
  bands.map((band, i) => ({
    ...band,
    count: values.filter((v) => v >= band.min && (i === bands.length - 1 ? v <= band.max : v < band.max)).length,
  }));

const LOCALES: Record<TAiLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

export const formatNumber = (value: number, language: TAiLanguage, digits = 1) =>
  new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(value);

export const formatPercent = (ratio: number, language: TAiLanguage, digits = 0) =>
  new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: digits }).format(ratio);

/** "A, B and C" / "A, B und C" / "A, B et C". */
export const joinList = (items: readonly string[], language: TAiLanguage) =>
  new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }).format(items);

export const formatDate = (date: Date, language: TAiLanguage) =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** Fills {name} placeholders; a missing value is left visible rather than printed as "undefined". */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export type TSection = { heading: string; lines: readonly string[] };

/** Report text: a title, then each non-empty section as a heading over its lines ("- " bullets when asked). */
export const writeReport = (title: string, sections: readonly TSection[], opts: { bullets?: boolean } = {}) =>
  [
    title,
    ...sections
      .filter((s) => s.lines.length)
      .map((s) => `${s.heading}\n${s.lines.map((l) => (opts.bullets === false ? l : `- ${l}`)).join('\n')}`),
  ].join('\n\n');
