/**
 * Money on screen. The API carries integer minor units (kobo, pesewa) in `…Minor` fields and takes
 * amounts typed in major units as text ("1500000", "38686.67"). Nothing here multiplies a float.
 */

/** The currency of a business by its country (NGN for Nigeria, GHS for Ghana). */
export const currencyOf = (country: string | null | undefined) => (country === 'GH' ? 'GHS' : 'NGN');

/**
 * The sign each business currency is written with in every language: Intl's narrow symbol, except that German
 * writes the cedi as a bare "₵" and English without a region as "NGN" (issue 30: the currency shows in en, de, fr).
 */
const SIGNS: Record<string, string> = { NGN: '₦', GHS: 'GH₵' };

const formatters = new Map<string, Intl.NumberFormat>();
const formatter = (language: string, currency: string | null, compact = false) => {
  const key = `${language}|${currency ?? ''}|${compact ? 'c' : ''}`;
  let f = formatters.get(key);
  if (!f) {
    const digits: Intl.NumberFormatOptions = compact
      ? { notation: 'compact', maximumSignificantDigits: 3 }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    try {
      f = currency
        ? new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', ...digits })
        : new Intl.NumberFormat(language, digits);
    } catch {
      f = new Intl.NumberFormat(language, digits);
    }
    formatters.set(key, f);
  }
  return f;
};

/** Minor units as an exact decimal string ("-1500000.05"): Intl formats it without a float division. */
const decimalText = (minor: number) => {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const format = (minor: number, currency: string | null, language: string, compact: boolean) => {
  const f = formatter(language, currency, compact);
  const text = decimalText(minor) as unknown as number;
  const sign = currency ? SIGNS[currency] : undefined;
  if (!sign) return f.format(text);
  return f.formatToParts(text).map((part) => (part.type === 'currency' ? sign : part.value)).join('');
};

/** Integer minor units → "₦1,500,000.00" (or "1.500.000,00 ₦" in German). Exact for any safe integer. */
export const formatMinor = (minor: number | null | undefined, currency: string | null, language: string) => {
  if (minor === null || minor === undefined) return '';
  return format(minor, currency, language, false);
};

/** From this amount (₦10,000) up, a tight place shows the compact form. */
const COMPACT_FROM_MINOR = 1_000_000;

/**
 * The short form for tight places: "₦45M", "45 Mio. ₦", "45 M ₦" for ₦45,000,000, three digits at most
 * ("₦163M", "₦13.5M") so that it fits a stat card on a phone; amounts under ₦10,000 stay exact. Always shown with the exact value beside it (shared/ui/Money.tsx).
 */
export const formatMinorCompact = (minor: number | null | undefined, currency: string | null, language: string) => {
  if (minor === null || minor === undefined) return '';
  return Math.abs(minor) < COMPACT_FROM_MINOR ? format(minor, currency, language, false) : format(minor, currency, language, true);
};

// Typed amounts are read by the same code as the server's spreadsheet imports.
export { parseMoneyInput, separatorsOf } from '@bizdesk/contract';

/** Major-unit text ("1500000.5") → integer minor units, from the text. */
export const majorTextToMinor = (major: string) => {
  const [whole, frac = ''] = major.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
};

/** Integer minor units → the text a user edits ("1500.5" for 150050), without thousands separators; '' for none. */
export const minorToInput = (minor: number | null | undefined) =>
  (minor === null || minor === undefined ? '' : `${Math.trunc(minor / 100)}${minor % 100 ? `.${String(Math.abs(minor % 100)).padStart(2, '0')}` : ''}`);
