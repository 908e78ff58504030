import { describe, expect, it } from 'vitest';
import { computePay, computePayMinor } from './compute-pay.ts';
import { PayrollInputError } from './errors.ts';
import type { PayInput, PayResult } from './types.ts';

// Issue 33: an approved expense claim is paid back through payroll in full — one-off, never prorated, not taxed, not pensionable.
// November 2026 has 30 calendar days; a joiner on the 16th is paid 15 of them.
const ng: PayInput = { country: 'NG', period: { year: 2026, month: 11 }, grossAnnual: 6_000_000, rentAnnual: 1_000_000, nhf: true, nhisMonthly: 1_500 };
const joiner: PayInput['proration'] = { paidDays: 15, periodDays: 30, lines: [{ code: 'proration', legalName: 'Joined 16 Nov 2026: paid 15 of 30 days', days: 15 }] };
const claim = { id: 'EC-0001', legalName: 'Expense reimbursement EC-0001 (not taxed)', amount: '50000.00' };

const sum = (lines: { amount: number }[] | undefined) => (lines ?? []).reduce((s, l) => s + l.amount, 0);
const addsUp = (r: PayResult) => {
  const b = r.breakdown;
  const statutory = b.proration ? sum(b.proration.deductions) : NaN;
  return r.monthlySalary + b.oneOff.allowance + b.oneOff.overtime + sum(b.periodEarnings) - b.statutory!.tax - statutory - sum(b.periodDeductions);
};

describe('reimbursements: paid in full, untaxed, not pensionable, whatever the proration', () => {
  it('pays a joiner on the 16th of a 30-day month the whole 50,000.00 claim, with tax and pension as without it', () => {
    const without = computePayMinor({ ...ng, proration: joiner });
    const withClaim = computePayMinor({ ...ng, proration: joiner, reimbursements: [claim] });
    expect(withClaim.breakdown.periodEarnings).toEqual([{ code: 'reimbursement:EC-0001', legalName: 'Expense reimbursement EC-0001 (not taxed)', amount: 5_000_000 }]);
    expect(withClaim.totalMonthlySalary - without.totalMonthlySalary).toBe(5_000_000);
    expect(withClaim.breakdown.statutory!.tax).toBe(without.breakdown.statutory!.tax);
    expect(withClaim.breakdown.proration).toEqual(without.breakdown.proration);
    expect(withClaim.breakdown.oneOff).toEqual(without.breakdown.oneOff);
    // Not gross pay: the pension base, NSITF and the taxable pay of the month are unchanged.
    expect(withClaim.breakdown.statutory).toEqual(without.breakdown.statutory);
    expect(withClaim.monthlySalaryAdjusted).toBe(without.monthlySalaryAdjusted);
    expect(addsUp(withClaim)).toBe(withClaim.totalMonthlySalary);
  });

  it('changes nothing but net in a whole month, and each claim is its own line', () => {
    const without = computePay(ng);
    const r = computePay({ ...ng, reimbursements: [claim, { id: 'EC-0002', legalName: 'Fuel', amount: 1_234.56 }] });
    expect(r.totalMonthlySalary).toBe(without.totalMonthlySalary + 51_234.56);
    expect({ ...r, totalMonthlySalary: 0, breakdown: { ...r.breakdown, periodEarnings: undefined } }).toEqual({ ...without, totalMonthlySalary: 0, breakdown: { ...without.breakdown, periodEarnings: undefined } });
    expect(r.breakdown.periodEarnings!.map((l) => l.code)).toEqual(['reimbursement:EC-0001', 'reimbursement:EC-0002']);
  });

  it('is never prorated to nothing: suspended the whole month, the claim is still paid', () => {
    const r = computePayMinor({ ...ng, nhf: false, nhisMonthly: 0, proration: { paidDays: 0, periodDays: 30, lines: [{ code: 'suspension', legalName: 'Suspended without pay', days: 30 }] }, reimbursements: [claim] });
    expect(r.totalMonthlySalary).toBe(5_000_000);
    expect(r.breakdown.statutory!.tax).toBe(0);
  });

  it('is not used to cover deductions larger than the pay', () => {
    expect(() => computePay({ ...ng, iou: 1_000_000, reimbursements: [claim] })).toThrow(PayrollInputError);
  });

  it('refuses a bad reimbursement, naming it', () => {
    const bad = (reimbursements: unknown) => () => computePay({ ...ng, reimbursements: reimbursements as PayInput['reimbursements'] });
    expect(bad({})).toThrow(/reimbursements must be a list/);
    expect(bad([{ ...claim, amount: 0 }])).toThrow(/reimbursements\.0\.amount must be greater than 0/);
    expect(bad([{ ...claim, amount: -5 }])).toThrow(/reimbursements\.0\.amount/);
    expect(bad([{ ...claim, legalName: ' ' }])).toThrow(/reimbursements\.0\.legalName/);
    expect(bad([claim, claim])).toThrow(/reimbursements\.1\.id is given twice/);
  });
});
