import type { TVendorMatch } from '@bizdesk/contract';
import { localDate } from '../../platform/local-time.ts';

/** Company-form words that do not tell two suppliers apart ("Tunde & Sons Ltd" is "Tunde and Sons Limited, Nig."). */
const SUFFIXES = new Set(['ltd', 'limited', 'nig', 'nigeria', 'plc', 'inc', 'co', 'company', 'gh', 'ghana', 'llc']);

/** A name as compared on award: case, spaces, punctuation and company-form suffixes ignored. */
export const normaliseVendorName = (name: string) => {
  const words = name.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  while (words.length > 1 && SUFFIXES.has(words.at(-1)!)) words.pop();
  return words.join(' ');
};

/** A TIN as compared: letters and digits only, upper case ("12345678-0001" = "123456780001"). */
export const normaliseTin = (tin: string | null | undefined) => (tin ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

type TVendorLike = { id: string; name: string; taxId: string | null };

/**
 * Which existing vendor a quote's supplier is. Confident: the quote names its vendor, one vendor has its TIN,
 * or exactly one has its normalised name. Otherwise "ask" with the candidates (several alike, or names that
 * contain one another), or "new" when no vendor is anything like it — never a silent duplicate.
 */
export const matchVendor = (quote: { vendorId: string | null; contractorName: string; taxId: string | null }, vendors: TVendorLike[]): TVendorMatch => {
  const out = (v: TVendorLike) => ({ _id: v.id, name: v.name, taxId: v.taxId });
  const named = quote.vendorId ? vendors.find((v) => v.id === quote.vendorId) : undefined;
  if (named) return { status: 'quote', vendor: out(named), candidates: [] };
  const tin = normaliseTin(quote.taxId);
  if (tin) {
    const byTin = vendors.filter((v) => normaliseTin(v.taxId) === tin);
    if (byTin.length === 1) return { status: 'tin', vendor: out(byTin[0]), candidates: [] };
    if (byTin.length > 1) return { status: 'ask', vendor: null, candidates: byTin.map(out) };
  }
  const name = normaliseVendorName(quote.contractorName);
  const byName = vendors.filter((v) => normaliseVendorName(v.name) === name);
  // A vendor with another TIN is a different company of the same name: ask.
  const tinClash = (v: TVendorLike) => !!tin && !!normaliseTin(v.taxId) && normaliseTin(v.taxId) !== tin;
  if (byName.length === 1 && !tinClash(byName[0])) return { status: 'name', vendor: out(byName[0]), candidates: [] };
  const alike = vendors.filter((v) => {
    const other = normaliseVendorName(v.name);
    return other === name || (Math.min(other.length, name.length) >= 4 && (other.includes(name) || name.includes(other)));
  });
  if (alike.length) return { status: 'ask', vendor: null, candidates: alike.map(out) };
  return { status: 'new', vendor: null, candidates: [] };
};

/** Today as YYYY-MM-DD in the business's time zone (a quote valid until today may still be awarded today). */
export const todayIn = (timeZone: string, now = new Date()) => localDate(now, timeZone);

export const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The comparison's rankings: lowest rate per line among quotes that price it (an unquoted line never ranks);
 * cheapest in total among complete quotes only; the suggested award per line among valid, open quotes.
 */
export const rankQuotes = <Q extends { _id: string; totalMinor: number; isComplete: boolean; isExpired: boolean; status: string; lines: Array<{ lineId: string; unitPriceMinor: number | null }> }>(lineIds: string[], quotes: Q[]) => {
  const lowest = (pool: Q[]) => {
    const byLine: Record<string, string> = {};
    for (const lineId of lineIds) {
      let best: { quoteId: string; price: number } | null = null;
      for (const q of pool) {
        const price = q.lines.find((l) => l.lineId === lineId)?.unitPriceMinor;
        if (price !== null && price !== undefined && (best === null || price < best.price)) best = { quoteId: q._id, price };
      }
      if (best) byLine[lineId] = best.quoteId;
    }
    return byLine;
  };
  const complete = quotes.filter((q) => q.isComplete);
  const cheapest = complete.reduce<Q | null>((b, q) => (b === null || q.totalMinor < b.totalMinor ? q : b), null);
  return {
    cheapestByLine: lowest(quotes),
    cheapestQuoteId: cheapest?._id ?? null,
    suggestedByLine: lowest(quotes.filter((q) => !q.isExpired && q.status === 'submitted')),
  };
};
