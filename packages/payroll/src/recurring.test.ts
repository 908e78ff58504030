import { describe, expect, it } from 'vitest';
import { computePay, computePayMinor } from './compute-pay.ts';
import type { PayInput, PayResult, RecurringItem } from './types.ts';

// Nigeria 2026 (Nigeria Tax Act), the company's structure: 40/20/10, pension 8% of basic + housing + transport.
// Monthly gross 500,000, basic 200,000, pensionable 350,000 → pension 28,000; chargeable without items 5,664,000 a year
// → tax 330,000 + 18% × 2,664,000 = 809,520 (67,460 a month).
const base = (month: number, recurring: RecurringItem[]): PayInput => ({
  country: 'NG', period: { year: 2026, month }, grossAnnual: 6_000_000,
  split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', recurring,
});
const meal = (over: Partial<RecurringItem> = {}): RecurringItem => ({ id: 'meal', name: 'Meal allowance', kind: 'earning', percent: 10, base: 'basic', from: '2026-03', to: '2026-05', ...over });
const union: RecurringItem = { id: 'union', name: 'Union dues', kind: 'deduction', amount: 2_000, from: '2026-02' };

// net = gross of the period + earnings − tax − statutory − period deductions, exactly.
const expectAddsUp = (r: PayResult) => {
  const s = r.breakdown.statutory!;
  const earnings = (r.breakdown.periodEarnings ?? []).reduce((sum, l) => sum + l.amount, 0);
  const deductions = r.breakdown.periodDeductions.reduce((sum, l) => sum + l.amount, 0);
  expect(s.grossPay).toBe(r.monthlySalary + earnings);
  expect(r.totalMonthlySalary).toBe(s.grossPay - s.tax - s.pensionEmployee - s.nhf - deductions);
};

describe('recurring earnings and deductions', () => {
  it('pays a 10% meal allowance in March to May only and takes a fixed union due every month from February, to the kobo', () => {
    const months = Array.from({ length: 12 }, (_, i) => computePayMinor(base(i + 1, [meal(), union])));
    months.forEach((r, i) => {
      const month = i + 1;
      const hasMeal = month >= 3 && month <= 5;
      expect(r.breakdown.periodEarnings ?? []).toEqual(hasMeal ? [{ code: 'recurring:meal', legalName: 'Meal allowance', amount: 2_000_000 }] : []);
      expect(r.breakdown.periodDeductions).toEqual(month >= 2 ? [{ code: 'recurring:union', legalName: 'Union dues', amount: 200_000 }] : []);
      expectAddsUp(r);
    });
    // Taxable meal allowance annualised: chargeable 5,904,000 → 852,720 a year, 71,060 a month (3,600 = 18% of 20,000).
    expect(months[0].breakdown.statutory!.tax).toBe(6_746_000);
    expect(months[0].totalMonthlySalary).toBe(40_454_000);
    expect(months[1].totalMonthlySalary).toBe(40_254_000);
    expect(months[2].breakdown.statutory!.tax).toBe(7_106_000);
    expect(months[2].totalMonthlySalary).toBe(41_894_000);
    expect(months[5].totalMonthlySalary).toBe(40_254_000);
  });

  it('does not tax a non-taxable earning', () => {
    const r = computePay(base(4, [meal({ isTaxable: false }), union]));
    expect(r.breakdown.statutory!.tax).toBe(67_460);
    expect(r.totalMonthlySalary).toBe(422_540);
    expect(r.monthlySalaryAdjusted).toBe(520_000);
  });

  it('charges pension on a pensionable earning (and the employer pension too)', () => {
    const r = computePay(base(4, [meal({ isPensionable: true }), union]));
    // pension 8% × 370,000 = 29,600; chargeable 6,240,000 − 355,200 = 5,884,800 → 849,264 a year (70,772 a month)
    expect(r.breakdown.statutory!.pensionEmployee).toBe(29_600);
    expect(r.breakdown.statutory!.pensionEmployer).toBe(37_000);
    expect(r.breakdown.statutory!.tax).toBe(70_772);
    expect(r.totalMonthlySalary).toBe(417_628);
    expectAddsUp(r);
  });

  it('takes a pre-tax deduction out of taxable income, an after-tax one only from pay', () => {
    const coop: RecurringItem = { id: 'coop', name: 'Cooperative savings', kind: 'deduction', amount: 10_000, from: '2026-01' };
    const after = computePay(base(6, [coop]));
    const before = computePay(base(6, [{ ...coop, isPreTax: true }]));
    expect(after.breakdown.statutory!.tax).toBe(67_460);
    expect(before.breakdown.statutory!.tax).toBe(67_460 - 1_800);
    expect(before.totalMonthlySalary - after.totalMonthlySalary).toBe(1_800);
    expectAddsUp(after);
    expectAddsUp(before);
  });

  it('takes a percentage of gross or of basic + housing + transport', () => {
    const r = computePay(base(6, [
      { id: 'a', name: 'Leave allowance', kind: 'earning', percent: 5, base: 'gross', from: '2026-01', isTaxable: false },
      { id: 'b', name: 'Thrift', kind: 'deduction', percent: 1, base: 'basic-housing-transport', from: '2026-01' },
    ]));
    expect(r.breakdown.periodEarnings).toEqual([{ code: 'recurring:a', legalName: 'Leave allowance', amount: 25_000 }]);
    expect(r.breakdown.periodDeductions).toEqual([{ code: 'recurring:b', legalName: 'Thrift', amount: 3_500 }]);
  });

  it('Ghana: a taxable 10% meal allowance is monthly chargeable income (PAYE 2,016 + 25% of 600)', () => {
    const r = computePay({ country: 'GH', period: { year: 2026, month: 7 }, grossAnnual: 120_000, recurring: [
      { id: 'meal', name: 'Meal allowance', kind: 'earning', percent: 10, base: 'basic', from: '2026-01' },
      { id: 'union', name: 'Union dues', kind: 'deduction', amount: 20, from: '2026-01', to: '2026-12' },
    ] });
    expect(r.breakdown.periodEarnings?.[0].amount).toBe(600);
    expect(r.breakdown.statutory!.pensionEmployee).toBe(330);
    expect(r.breakdown.statutory!.tax).toBe(2_166);
    expect(r.totalMonthlySalary).toBe(8_084);
    expectAddsUp(r);
    const after = computePay({ country: 'GH', period: { year: 2027, month: 1 }, grossAnnual: 120_000, recurring: [
      { id: 'union', name: 'Union dues', kind: 'deduction', amount: 20, from: '2026-01', to: '2026-12' },
    ] });
    expect(after.breakdown.periodDeductions).toEqual([]);
  });

  it('leaves the figures unchanged without items', () => {
    const { breakdown: a, ...plain } = computePay(base(6, []));
    const { breakdown: b, ...none } = computePay({ ...base(6, []), recurring: undefined });
    expect(plain).toEqual(none);
    expect(a).toEqual(b);
  });

  it('refuses a bad item naming the field', () => {
    expect(() => computePay(base(6, [meal({ percent: undefined })]))).toThrow(/recurring\.0\.amount/);
    expect(() => computePay(base(6, [meal({ amount: 5, percent: 5 })]))).toThrow(/recurring\.0\.amount/);
    expect(() => computePay(base(6, [meal({ to: '2026-01' })]))).toThrow(/recurring\.0\.to/);
    expect(() => computePay(base(6, [meal({ from: '2026-13' })]))).toThrow(/recurring\.0\.from/);
    expect(() => computePay(base(6, [{ ...union, amount: 490_000 }]))).toThrow(/recurring/);
  });
});
