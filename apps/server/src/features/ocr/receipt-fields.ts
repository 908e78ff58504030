import type { TOcrProposal } from '@bizdesk/contract';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2100) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : null;
};
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/**
 * The first date the text states. Numeric dates are read day first (DD/MM/YYYY), as receipts in
 * Nigeria and Ghana write them, unless the first number cannot be a day or the form is YYYY-MM-DD.
 */
export const findDate = (text: string): string | null => {
  const patterns: Array<[RegExp, (m: RegExpMatchArray) => string | null]> = [
    [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, (m) => isoOf(+m[1], +m[2], +m[3])],
    [/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/, (m) => isoOf(+m[3], +m[2], +m[1]) ?? isoOf(+m[3], +m[1], +m[2])],
    [/\b(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(\d{4})\b/, (m) => (monthOf(m[2]) ? isoOf(+m[3], monthOf(m[2]), +m[1]) : null)],
    [/\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/, (m) => (monthOf(m[1]) ? isoOf(+m[3], monthOf(m[1]), +m[2]) : null)],
  ];
  let best: { at: number; iso: string } | null = null;
  for (const [re, read] of patterns) {
    for (const m of text.matchAll(new RegExp(re, 'g'))) {
      const iso = read(m);
      if (iso && (!best || m.index! < best.at)) best = { at: m.index!, iso };
    }
  }
  return best?.iso ?? null;
};

/** Amounts on a line as minor units: "12,500.00", "₦ 12 500", "GHS 45.5". Dates and long ids are not amounts. */
const AMOUNT = /(?<![\d/.-])(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?(?![\d/-])/g;
export const amountsOn = (line: string) => {
  const out: number[] = [];
  const cleaned = line.replace(/\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b/g, ' ');
  for (const m of cleaned.matchAll(AMOUNT)) {
    const whole = Number(m[1].replace(/,/g, ''));
    const cents = m[2] ? Number(m[2].padEnd(2, '0')) : 0;
    out.push(whole * 100 + cents);
  }
  return out;
};

const TOTAL_WORDS = /\b(grand\s*total|total\s*(?:due|amount|paid)?|amount\s*(?:due|paid)|balance\s*due|to\s*pay)\b/i;
const NOT_TOTAL = /\b(sub\s*-?\s*total|subtotal|total\s*items?|items?\s*total|vat|tax|discount|change|tendered|cash)\b/i;

/** The receipt's total: the last amount on the strongest "total" line, else the largest amount. */
export const findTotalMinor = (text: string): number | null => {
  const lines = text.split(/\r?\n/);
  let grand: number | null = null;
  let total: number | null = null;
  for (const line of lines) {
    if (!TOTAL_WORDS.test(line) || NOT_TOTAL.test(line.replace(TOTAL_WORDS, ''))) continue;
    if (/sub\s*-?\s*total/i.test(line)) continue;
    const amounts = amountsOn(line);
    if (!amounts.length) continue;
    const value = amounts[amounts.length - 1];
    if (/grand\s*total|amount\s*due|balance\s*due/i.test(line)) grand = value;
    else total = value;
  }
  if (grand !== null) return grand;
  if (total !== null) return total;
  const all = lines.flatMap(amountsOn).filter((v) => v > 0);
  return all.length ? Math.max(...all) : null;
};

const NOT_VENDOR = /^(receipt|invoice|tax invoice|sales receipt|cash receipt|bill|welcome|thank you)\b/i;
/** The first line that reads like a name: letters, not a heading word, a date or an amount line. */
export const findVendor = (text: string): string | null => {
  for (const raw of text.split(/\r?\n/).slice(0, 8)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line.length < 3 || !/[A-Za-z]{3}/.test(line) || NOT_VENDOR.test(line)) continue;
    if (findDate(line) || TOTAL_WORDS.test(line) || /^(tel|phone|address|date|time)\b/i.test(line)) continue;
    const letters = line.replace(/[^A-Za-z]/g, '').length;
    if (letters < line.replace(/\s/g, '').length / 2) continue;
    return line.slice(0, 120);
  }
  return null;
};

const major = (minor: number) => `${Math.floor(minor / 100)}.${pad(minor % 100)}`;

export const proposeReceiptFields = (text: string): TOcrProposal => {
  const totalMinor = findTotalMinor(text);
  return { date: findDate(text), vendor: findVendor(text), total: totalMinor === null ? null : major(totalMinor), totalMinor };
};
