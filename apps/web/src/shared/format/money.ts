/**
 * Money on screen. The API carries integer minor units (kobo, pesewa) in `…Minor` fields and takes
 * amounts typed in major units as text ("1500000", "38686.67"). Nothing here multiplies a float.
 */

/** The currency of a business by its country (NGN for Nigeria, GHS for Ghana). */
export const currencyOf = (country: string | null | undefined) => (country === 'GH' ? 'GHS' : 'NGN');

const formatters = new Map<string, Intl.NumberFormat>();
const formatter = (language: string, currency: string | null) => {
  const key = `${language}|${currency ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = currency
        ? new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
        : new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      f = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(key, f);
  }
  return f;
};

/** Integer minor units → "₦1,500,000.00" (or "1.500.000,00 NGN" in German). Exact for any safe integer. */
export const formatMinor = (minor: number | null | undefined, currency: string | null, language: string) => {
  if (minor === null || minor === undefined) return '';
  const sign = minor < 0 ? -1 : 1;
  const abs = Math.abs(minor);
  // Intl formats a decimal string exactly (no float division of the amount).
  const text = `${sign < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return formatter(language, currency).format(text as unknown as number);
};

// Typed amounts are read by the same code as the server's spreadsheet imports.
export { parseMoneyInput, separatorsOf } from '@bizdesk/contract';

/** Major-unit text ("1500000.5") → integer minor units, from the text. */
export const majorTextToMinor = (major: string) => {
  const [whole, frac = ''] = major.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
};
