import { describe, expect, it } from 'vitest';
import { computeOffCyclePay, computeRegularMonth, monthlyPayOf } from './off-cycle.ts';
import type { PayInput } from './types.ts';

// Issue 32 item 3: off-cycle pay is one-off pay, taxed at the marginal rate (PAYROLL.md): tax(regular + one-off) −
// tax(regular); Ghana's bonus rule first for a bonus or 13th month. Minor units; hand workings in the comments.

// NG 2026 (Nigeria Tax Act 2025): 6,000,000 a year split 40/20/10, pension 8% of gross (the default base).
const ng: PayInput = { country: 'NG', period: { year: 2026, month: 12 }, grossAnnual: 6_000_000, split: { basic: 40, housing: 20, transport: 10 } };
// GH: 120,000 a year split 50/20/30 → monthly gross 10,000, basic 5,000.
const gh: PayInput = { country: 'GH', period: { year: 2026, month: 12 }, grossAnnual: 120_000, split: { basic: 50, housing: 20, transport: 30 } };

describe('off-cycle pay', () => {
  it('takes one month\'s basic or gross from the regular month', () => {
    const b = computeRegularMonth(ng);
    expect(monthlyPayOf(b, 'basic')).toBe(200_000_00);
    expect(monthlyPayOf(b, 'gross')).toBe(500_000_00);
    expect(monthlyPayOf(computeRegularMonth(gh), 'basic')).toBe(5_000_00);
  });

  it('taxes a Nigerian 13th month at the marginal rate, with NSITF on it and no pension', () => {
    // Pension 8% × 6,000,000 = 480,000; chargeable 5,520,000: 0 + 15% × 2,200,000 + 18% × 2,520,000 = 330,000 + 453,600 = 783,600.
    // With 200,000 more: chargeable 5,720,000 → 330,000 + 18% × 2,720,000 = 819,600. One-off tax 36,000 (18% marginal).
    const r = computeOffCyclePay({ regular: ng, amountMinor: 200_000_00, treatment: 'bonus' });
    expect(r.taxMinor).toBe(36_000_00);
    expect(r.netMinor).toBe(164_000_00);
    expect(r.statutory).toMatchObject({ grossPay: 200_000_00, tax: 36_000_00, taxablePay: 200_000_00, pensionEmployee: 0, pensionEmployer: 0, nhf: 0, nsitf: 2_000_00, itf: 0, employerTotal: 2_000_00 });
  });

  it('charges ITF on it when the business is ITF-liable', () => {
    const r = computeOffCyclePay({ regular: { ...ng, isItfLiable: true }, amountMinor: 200_000_00, treatment: 'earning' });
    expect(r.statutory).toMatchObject({ nsitf: 2_000_00, itf: 2_000_00, employerTotal: 4_000_00, allowance: 200_000_00, bonus: 0 });
  });

  it('applies Ghana\'s bonus rule: up to 15% of the annual basic at 5%, the rest at the marginal rate', () => {
    // 15% × 60,000 = 9,000 of room: a 5,000 13th month is all at 5% = 250.
    expect(computeOffCyclePay({ regular: gh, amountMinor: 5_000_00, treatment: 'bonus' }).taxMinor).toBe(250_00);
    // 6,000 of bonuses earlier in the year leave 3,000 at 5% (150); 2,000 at the marginal 25%: chargeable 10,000 − SSNIT 275
    // = 9,725, in the 25% band up to 19,896.67 → 500. Total 650.
    const r = computeOffCyclePay({ regular: gh, amountMinor: 5_000_00, treatment: 'bonus', bonusEarlierInYearMinor: 6_000_00 });
    expect(r.taxMinor).toBe(650_00);
    expect(r.statutory).toMatchObject({ bonus: 5_000_00, bonusTax: 150_00, bonusExcess: 2_000_00, pensionEmployer: 0, ssnitTier1: 0 });
  });

  it('taxes a Ghanaian correction as income at the marginal rate', () => {
    expect(computeOffCyclePay({ regular: gh, amountMinor: 1_000_00, treatment: 'earning' }).taxMinor).toBe(250_00);
  });
});
