/**
 * Numbers as people type them, in their language: shared by the web's amount fields and by the
 * server's spreadsheet imports, so a German "1.500,50" means the same in a form and in a file.
 * Results are canonical text ("1500.50"); nothing here multiplies a float.
 */

/** The group and decimal marks of a locale ("," and "." in en-NG; "." and "," in de). */
export const separatorsOf = (language: string) => {
  const parts = new Intl.NumberFormat(language).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
};

/**
 * What a user typed ("6,000,000", "6.000.000,50" in German, "₦ 1 500", "38686.67") → the API's
 * major-unit text ("6000000", "6000000.50"), or null when it is not an amount with at most two decimals.
 */
export const parseMoneyInput = (typed: string, language: string): string | null => {
  const { group, decimal } = separatorsOf(language);
  let text = typed.replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d-]+|[^\d]+$/g, '');
  if (!text) return null;
  text = text.split(group).join('');
  if (decimal !== '.') text = text.replace(decimal, '.');
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac] = text.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  return frac === undefined ? digits : `${digits}.${frac.padEnd(2, '0')}`;
};

const escapeMark = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A number from a spreadsheet cell, read in the uploader's language → canonical text ("1500.5"), or
 * null when it is not a number of 0 or more with at most `maxDecimals` decimals.
 *
 * Stricter than a form field, because a file may come from elsewhere: group marks count only in
 * groups of three ("1.500" is 1500 in German), and a single "." that cannot be a group mark is a
 * decimal point in every language ("1500.00" — what spreadsheet programs and our own exports write —
 * is 1500 in German too). `isCanonical` (an xlsx number cell) reads "1.125" as 1.125 whatever the language.
 */
export const parseSheetNumber = (cell: string, language: string, opts: { maxDecimals: number; isCanonical?: boolean }): string | null => {
  const text = cell.replace(/[\s\u00a0\u202f']/g, '').replace(/^[^\d.,-]+|[^\d]+$/g, '');
  if (!text || text.startsWith('-')) return null;
  const finish = (whole: string, frac = '') => {
    if (!/^\d{1,13}$/.test(whole) || !/^\d*$/.test(frac) || frac.length > opts.maxDecimals) return null;
    const digits = whole.replace(/^0+(?=\d)/, '');
    const fraction = frac.replace(/0+$/, '');
    return fraction ? `${digits}.${fraction}` : digits;
  };
  const plain = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const { group, decimal } = separatorsOf(language);
  const groupMark = group.replace(/[\s\u00a0\u202f]/g, '');
  const isGrouped = (whole: string) => groupMark !== '' && new RegExp(`^\\d{1,3}(${escapeMark(groupMark)}\\d{3})+$`).test(whole);
  if (plain && (opts.isCanonical || decimal === '.' || !isGrouped(text))) return finish(plain[1], plain[2]);
  const at = text.lastIndexOf(decimal);
  const whole = at === -1 ? text : text.slice(0, at);
  const frac = at === -1 ? '' : text.slice(at + 1);
  if (at !== -1 && frac === '') return null;
  if (/^\d+$/.test(whole)) return finish(whole, frac);
  return isGrouped(whole) ? finish(whole.split(groupMark).join(''), frac) : null;
};
