import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';

dayjs.extend(relativeTime);

export const setDateLocale = (language: string) => {
  dayjs.locale(['en', 'de', 'fr'].includes(language) ? language : 'en');
};

const parse = (value: string | number | Date | null | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
};

/** "5 minutes ago" in the current language; null for a missing or unreadable date (shown as "Invalid date"). */
export const fromNow = (value: string | null | undefined, now?: number) => {
  const date = parse(value);
  if (!date) return null;
  return now === undefined ? date.fromNow() : date.from(dayjs(now));
};

/** The signed-in business's country (NG, GH): English dates then read the way that country writes them. */
let region: string | null = null;
export const setDateRegion = (country: string | null | undefined) => {
  region = country && /^[A-Z]{2}$/.test(country) ? country : null;
};

/**
 * The one locale every date and number of the app is written in (issue 10): en-NG / en-GH for English in a
 * Nigerian or Ghanaian business ("23 Nov 2026", not "Nov 23, 2026"), otherwise the language itself (de, fr).
 */
export const displayLocale = (language: string) => {
  const base = language.slice(0, 2).toLowerCase();
  if (base === 'en') return region ? `en-${region}` : 'en-GB';
  return base;
};

/**
 * Intl formatters are costly to build (the first of a kind loads the locale's data): one per locale and style,
 * kept, instead of one per call (a list of a hundred dates built a hundred).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
};
const numberFormats = new Map<string, Intl.NumberFormat>();

export const formatDate = (value: string | null | undefined, language: string) => {
  const date = parse(value);
  return date ? dateFormat(displayLocale(language), { dateStyle: 'medium' }).format(date.toDate()) : '—';
};

export const formatDateTime = (value: string | null | undefined, language: string) => {
  const date = parse(value);
  return date ? dateFormat(displayLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date.toDate()) : '—';
};

export const formatNumber = (value: number, language: string) => {
  const locale = displayLocale(language);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
};
