/**
 * One date format per locale, in the business's time zone (issue 30). Plain Intl, no date library, so the
 * entry chunk (i18n's server messages) can use it; `dates.ts` re-exports it with the relative-time helpers.
 *
 * Two variants only: `formatDate` (short: "25 Nov 2026", "25.11.2026", "25 nov. 2026") and `formatLongDate`
 * (long: "Wednesday, 25 November 2026"). A calendar date ("2026-11-25") is that day everywhere; an instant
 * ("2026-11-25T23:30:00Z") is shown on the day and at the time of the business's zone, not the browser's.
 */

/** The signed-in business's country (NG, GH) and time zone. */
let region: string | null = null;
let zone: string | null = null;

/** The zone of a country's businesses when the business names none. */
const ZONE_OF_COUNTRY: Record<string, string> = { NG: 'Africa/Lagos', GH: 'Africa/Accra' };
const DEFAULT_ZONE = 'Africa/Lagos';

const isZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Set from the session (MainLayout): English dates then read the way that country writes them, in its zone. */
export const setDateRegion = (country: string | null | undefined, timeZone?: string | null) => {
  region = country && /^[A-Z]{2}$/.test(country) ? country : null;
  zone = timeZone && isZone(timeZone) ? timeZone : region ? (ZONE_OF_COUNTRY[region] ?? null) : null;
};

/** The business's time zone: what "today" and every instant shown are read in. */
export const businessTimeZone = () => zone ?? DEFAULT_ZONE;

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

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
type TDateValue = string | number | Date | null | undefined;

/** The instant to show and the zone to read it in: a calendar date is read in UTC, so it stays its own day. */
const read = (value: TDateValue): { date: Date; timeZone: string } | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? null : { date, timeZone: 'UTC' };
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone: businessTimeZone() };
};

const format = (value: TDateValue, language: string, options: Intl.DateTimeFormatOptions) => {
  const parsed = read(value);
  return parsed ? dateFormat(displayLocale(language), { ...options, timeZone: parsed.timeZone }).format(parsed.date) : '—';
};

/** The short date of the locale: "25 Nov 2026" (en-NG), "25.11.2026" (de), "25 nov. 2026" (fr). */
export const formatDate = (value: TDateValue, language: string) => format(value, language, { dateStyle: 'medium' });

/** The long date of the locale: "Wednesday, 25 November 2026", "Mittwoch, 25. November 2026". */
export const formatLongDate = (value: TDateValue, language: string) => format(value, language, { dateStyle: 'full' });

/** The short date and the time, in the business's zone. */
export const formatDateTime = (value: TDateValue, language: string) => {
  const parsed = read(value);
  return parsed ? dateFormat(displayLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: businessTimeZone() }).format(parsed.date) : '—';
};

/** Today's date (YYYY-MM-DD) in the business's zone: the default of date fields and the dashboard's chip. */
export const businessToday = (now: Date = new Date()) => {
  const parts = dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: businessTimeZone() }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

const numberFormats = new Map<string, Intl.NumberFormat>();
export const formatNumber = (value: number, language: string) => {
  const locale = displayLocale(language);
  let numberFormat = numberFormats.get(locale);
  if (!numberFormat) numberFormats.set(locale, (numberFormat = new Intl.NumberFormat(locale)));
  return numberFormat.format(value);
};
