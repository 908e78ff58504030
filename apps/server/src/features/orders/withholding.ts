import {
  GH_YEAR_THRESHOLD_MINOR, NG_SMALL_SUPPLIER_LIMIT_MINOR, rateOfMinor, whtBaseOf, whtAuthorityOf, whtRateOn, WHT_CATEGORIES, type TWhtCategory, type TWhtPayeeType, type TWhtPreview,
} from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './withholding.repo.ts';

/**
 * Withholding tax at payment (issue 35): the gross payment splits into the tax withheld (paid to the FIRS, the State IRS
 * or the GRA) and the net paid to the vendor. The rate is the dated rate in force on the day paid (WHT_RATES in the
 * contract), chosen by the vendor's WHT category and company/individual flag, applied to the payment's share of the
 * order before VAT and levies (its base); the payment keeps the base, the rate, its key and the authority, so the
 * schedule and the receipt read what was stored.
 */
export const splitOf = async (db: DbOrTx, businessId: string, country: string, p: repo.TWhtPaymentRow, paidDate: string): Promise<TWhtPreview> => {
  const payeeType = (p.whtPayeeType === 'individual' ? 'individual' : 'company') as TWhtPayeeType;
  const category = (WHT_CATEGORIES as readonly string[]).includes(p.whtCategory ?? '') ? p.whtCategory as TWhtCategory : null;
  const baseMinor = whtBaseOf(p.amountMinor, p.orderSubtotalMinor, p.orderTotalMinor);
  const none = (note: string): TWhtPreview => ({
    paymentId: p.id, currency: p.currency, grossMinor: p.amountMinor, baseMinor, whtMinor: 0, netMinor: p.amountMinor, rateBp: 0, rateKey: null,
    category, payeeType, authority: null, source: null, note,
  });
  if (!category) return none('no-category');
  const rate = whtRateOn(country, category, payeeType, paidDate);
  if (!rate) return none(category === 'exempt' ? 'exempt' : 'no-rate');
  const hasTin = Boolean(p.vendorTin?.trim());
  if (country === 'NG' && p.isSmallSupplier && hasTin) {
    const month = await repo.paidToVendorIn(db, businessId, p.vendorId, paidDate.slice(0, 7), p.id);
    if (month + p.amountMinor <= NG_SMALL_SUPPLIER_LIMIT_MINOR) return none('small-supplier');
  }
  if (country === 'GH') {
    const year = await repo.paidToVendorIn(db, businessId, p.vendorId, paidDate.slice(0, 4), p.id);
    if (year + p.amountMinor <= GH_YEAR_THRESHOLD_MINOR) return none('under-threshold');
  }
  // Nigeria: a supplier without a TIN suffers deduction at twice the rate (Regulations 2024).
  const isDoubled = country === 'NG' && !hasTin;
  const rateBp = isDoubled ? rate.rateBp * 2 : rate.rateBp;
  const whtMinor = rateOfMinor(baseMinor, rateBp);
  return {
    paymentId: p.id, currency: p.currency, grossMinor: p.amountMinor, baseMinor, whtMinor, netMinor: p.amountMinor - whtMinor, rateBp, rateKey: rate.key,
    category, payeeType, authority: whtAuthorityOf(country, payeeType), source: rate.source, note: isDoubled ? 'no-tin-doubled' : null,
  };
};

/** What `payment-track` calls, in its transaction, once the payment is marked paid: stores the split and audits it. */
export const withholdAtPayment = async (tx: Tx, auth: TUserAuth, paymentId: string, paidDate: string) => {
  const p = await repo.getPaymentForWht(tx, auth.businessId, paymentId);
  if (!p) throw notFound('Payment');
  const split = await splitOf(tx, auth.businessId, auth.country, p, paidDate);
  const set = {
    whtMinor: split.whtMinor, whtRateBp: split.rateKey ? split.rateBp : null, whtRateKey: split.rateKey, whtAuthority: split.authority,
    whtBaseMinor: split.rateKey ? split.baseMinor : null,
  };
  await repo.setWht(tx, paymentId, set);
  await audit(tx, auth, 'payment.withheld', {
    entity: 'payment', entityId: paymentId,
    before: { whtMinor: p.whtMinor, whtRateBp: p.whtRateBp, whtRateKey: p.whtRateKey, whtAuthority: p.whtAuthority, whtBaseMinor: p.whtBaseMinor },
    after: { ...set, grossMinor: split.grossMinor, netMinor: split.netMinor, note: split.note },
  });
  return split;
};
