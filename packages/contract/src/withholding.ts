import { z } from 'zod';
import { ZDate } from './common.ts';
import { ZMonth } from './payroll.ts';

/**
 * Withholding tax on supplier and contractor payments (issue 35, lane wht). Rates are DATED data with their sources:
 * a payment is taxed at the rate in force on the day it is paid, and the payment keeps the rate's key, so a later
 * change of law never rewrites a past payment.
 *
 * Nigeria — Deduction of Tax at Source (Withholding) Regulations 2024 (gazetted 2 October 2024; FIRS applies them from
 * 1 January 2025). First Schedule, resident recipients (corporate / non-corporate):
 *   supply of goods or materials 2% / 2%; construction of roads, bridges, buildings and power plants 2% / 2%; other
 *   construction and related activities 5% / 5%; brokerage, commission, consultancy, technical, management and
 *   professional fees 5% / 5%; rent, hire or lease 10% / 10%; services not specifically listed 2% / 2%.
 *   Sources: https://bomesresourcesconsulting.com/gazette-withholding-tax-regulations-nigeria.html (the gazette's table),
 *   https://adroitadvisorsng.com/withholding-tax-reforms/ , https://taxnews.ey.com/news/2024-1347-nigeria-issues-deduction-of-tax-at-source-withholding-regulations-2024
 *   Small suppliers: no deduction where the supplier has a valid TIN and the transactions with it are ₦2,000,000 or less
 *   in the month (EY alert above). A supplier without a TIN suffers twice the rate (bomesresourcesconsulting summary).
 *   Authority: tax deducted under CITA (companies) goes to the FIRS; under PITA (individuals, enterprises) to the State IRS.
 * Ghana — Income Tax Act 2015 (Act 896) s.116 and the GRA's table, resident persons: supply of goods 3%, supply of works 5%,
 *   supply of services 7.5% (entity or individual), rent on non-residential property 15% (residential 8%), commission to
 *   individual agents 10%. Source: https://gra.gov.gh/portfolio/withholding-tax/ (Practice Note DT/2016/001).
 *   Threshold: no deduction while the payments to the supplier in the year, this one included, do not exceed GH¢2,000
 *   (Act 896 s.116 as the GRA applies it: "cumulative payments to a person exceeding GHS 2,000 per annum"; PwC Ghana /
 *   UKGCC webinar, July 2025: https://www.theindependentghana.com/article/Business/finance-ministry-reveals-possible-adjustment-to-withholding-tax).
 * Both countries: the rate applies to the payment before VAT (and Ghana's levies): VAT is the government's, not the
 *   supplier's income, so it is not an income on which tax is withheld (FIRS Information Circular 9902 treats WHT and
 *   VAT as separate deductions from the contract sum; the GRA's practice note taxes the VAT-exclusive value). A payment's
 *   base is its share of the order's amount before VAT and levies (features/orders/withholding.ts).
 */
export const WHT_CATEGORIES = ['goods', 'construction', 'construction-other', 'professional', 'commission', 'rent', 'services', 'exempt'] as const;
export type TWhtCategory = (typeof WHT_CATEGORIES)[number];
export const WHT_PAYEE_TYPES = ['company', 'individual'] as const;
export type TWhtPayeeType = (typeof WHT_PAYEE_TYPES)[number];

export type TWhtRate = {
  /** Stored on each payment: which row of this table taxed it. */
  key: string;
  country: 'NG' | 'GH';
  category: Exclude<TWhtCategory, 'exempt'>;
  payeeType: TWhtPayeeType;
  rateBp: number;
  /** In force from (inclusive) and to (inclusive, null = still in force), YYYY-MM-DD. */
  from: string;
  to: string | null;
  source: string;
};

const NG_SOURCE = 'Deduction of Tax at Source (Withholding) Regulations 2024, First Schedule (in force 2025-01-01)';
const GH_SOURCE = 'Income Tax Act 2015 (Act 896) s.116; GRA withholding rates (gra.gov.gh)';
const ng = (category: TWhtRate['category'], companyBp: number, individualBp: number): TWhtRate[] => [
  { key: `NG-2025-${category}-company`, country: 'NG', category, payeeType: 'company', rateBp: companyBp, from: '2025-01-01', to: null, source: NG_SOURCE },
  { key: `NG-2025-${category}-individual`, country: 'NG', category, payeeType: 'individual', rateBp: individualBp, from: '2025-01-01', to: null, source: NG_SOURCE },
];
const gh = (category: TWhtRate['category'], bp: number): TWhtRate[] => (['company', 'individual'] as const)
  .map((payeeType) => ({ key: `GH-2016-${category}-${payeeType}`, country: 'GH', category, payeeType, rateBp: bp, from: '2016-01-01', to: null, source: GH_SOURCE }));

export const WHT_RATES: readonly TWhtRate[] = [
  ...ng('goods', 200, 200),
  ...ng('construction', 200, 200),
  ...ng('construction-other', 500, 500),
  ...ng('professional', 500, 500),
  ...ng('commission', 500, 500),
  ...ng('rent', 1000, 1000),
  ...ng('services', 200, 200),
  ...gh('goods', 300),
  ...gh('construction', 500),
  ...gh('construction-other', 500),
  ...gh('professional', 750),
  ...gh('services', 750),
  ...gh('rent', 1500),
  ...gh('commission', 1000),
];

/** Nigeria: transactions of ₦2,000,000 or less in a month with a small supplier holding a TIN are not deducted. */
export const NG_SMALL_SUPPLIER_LIMIT_MINOR = 200_000_000;
/** Ghana: no deduction while a year's payments to the supplier (this one included) are GH¢2,000 or less. */
export const GH_YEAR_THRESHOLD_MINOR = 200_000;

/** The part of a payment the rate applies to: its share of the order before VAT and levies (rounded down). */
export const whtBaseOf = (amountMinor: number, orderSubtotalMinor: number, orderTotalMinor: number) =>
  orderTotalMinor > 0 && orderSubtotalMinor >= 0 && orderSubtotalMinor < orderTotalMinor
    ? Number((BigInt(amountMinor) * BigInt(orderSubtotalMinor)) / BigInt(orderTotalMinor))
    : amountMinor;

/** The rate in force on `date` for the category and payee, or undefined (no WHT: exempt, or a country without data). */
export const whtRateOn = (country: string, category: TWhtCategory, payeeType: TWhtPayeeType, date: string) =>
  category === 'exempt' ? undefined
    : WHT_RATES.find((r) => r.country === country && r.category === category && r.payeeType === payeeType && r.from <= date && (r.to === null || date <= r.to));

/** Who the tax goes to: the FIRS (companies) or the State IRS (individuals) in Nigeria; the GRA in Ghana. */
export const whtAuthorityOf = (country: string, payeeType: TWhtPayeeType) => (country === 'GH' ? 'GRA' : payeeType === 'company' ? 'FIRS' : 'State IRS');
export const WHT_AUTHORITIES = ['FIRS', 'State IRS', 'GRA'] as const;

/** The remittance tracker's kinds for withholding tax (due 21st in Nigeria, 15th in Ghana: features/remittances/due-dates.ts). */
export const WHT_REMITTANCE_KINDS = ['ng-wht', 'gh-wht'] as const;

export const ZWhtPreview = z.object({
  paymentId: z.string(),
  currency: z.string(),
  grossMinor: z.number().int(),
  /** What the rate applies to: the payment before VAT and levies. */
  baseMinor: z.number().int(),
  whtMinor: z.number().int(),
  netMinor: z.number().int(),
  rateBp: z.number().int(),
  rateKey: z.string().nullable(),
  category: z.enum(WHT_CATEGORIES).nullable(),
  payeeType: z.enum(WHT_PAYEE_TYPES),
  authority: z.string().nullable(),
  source: z.string().nullable(),
  /** Why nothing (or a doubled rate) is withheld: 'no-category', 'exempt', 'no-rate', 'small-supplier', 'under-threshold', 'no-tin-doubled'. */
  note: z.string().nullable(),
});
export type TWhtPreview = z.infer<typeof ZWhtPreview>;
export const ZWhtPreviewQuery = z.object({ paidDate: ZDate.optional() });

export const ZWhtScheduleQuery = z.object({
  month: ZMonth,
  authority: z.enum(WHT_AUTHORITIES, { message: `must be one of ${WHT_AUTHORITIES.join(', ')}` }).optional(),
  format: z.enum(['json', 'csv', 'xlsx'], { message: 'must be json, csv or xlsx' }).default('json'),
});
export const ZWhtScheduleRow = z.object({
  paymentId: z.string(), paidDate: z.string(), authority: z.string(), vendorName: z.string(), vendorTin: z.string().nullable(),
  orderNumber: z.string(), invoiceNumber: z.string().nullable(), grossMinor: z.number().int(), baseMinor: z.number().int(), rateBp: z.number().int(),
  whtMinor: z.number().int(), netMinor: z.number().int(), rateKey: z.string(),
});
export const ZWhtSchedule = z.object({
  month: z.string(), currency: z.string(),
  authorities: z.array(z.object({ authority: z.string(), dueDate: z.string(), whtMinor: z.number().int(), grossMinor: z.number().int(), baseMinor: z.number().int(), rows: z.array(ZWhtScheduleRow) })),
  totalWhtMinor: z.number().int(),
});
export type TWhtSchedule = z.infer<typeof ZWhtSchedule>;

export const AGEING_BUCKETS = ['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const;
export type TAgeingBucket = (typeof AGEING_BUCKETS)[number];
const ZBuckets = z.object({ current: z.number().int(), d1to30: z.number().int(), d31to60: z.number().int(), d61to90: z.number().int(), over90: z.number().int(), totalMinor: z.number().int() });
export const ZPayablesAgeingQuery = z.object({ asOf: ZDate.optional() });
export const ZPayablesAgeing = z.object({
  asOf: z.string(), currency: z.string(),
  vendors: z.array(ZBuckets.extend({
    vendorId: z.string(), vendorName: z.string(),
    invoices: z.array(z.object({
      invoiceId: z.string(), invoiceNumber: z.string(), orderId: z.string(), orderNumber: z.string(), invoiceDate: z.string(), dueDate: z.string(),
      daysPastDue: z.number().int(), bucket: z.enum(AGEING_BUCKETS), totalMinor: z.number().int(), paidMinor: z.number().int(), scheduledMinor: z.number().int(), outstandingMinor: z.number().int(),
    })),
  })),
  totals: ZBuckets,
});
export type TPayablesAgeing = z.infer<typeof ZPayablesAgeing>;
