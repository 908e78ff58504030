import { describe, expect, it } from 'vitest';
import { computePayMinor } from './compute-pay.ts';
import type { PayInput, PayResult, RecurringItem } from './types.ts';

// Issue 32 items 1 and 2 together: recurring items on a part month. Nigeria, November 2026 (30 days, 21 working days).
// The company's structure: 40/20/10, pension 8% of basic + housing + transport; a taxable 10% meal allowance from
// November to January and a fixed union due of 2,000. A whole month: salary 500,000, meal 20,000, tax 71,060,
// pension 28,000, union 2,000 → net 418,940. Every regular figure of a part month is the whole month's × days paid.
const meal: RecurringItem = { id: 'meal', name: 'Meal allowance', kind: 'earning', percent: 10, base: 'basic', from: '2026-11', to: '2027-01' };
const union: RecurringItem = { id: 'union', name: 'Union dues', kind: 'deduction', amount: 2_000, from: '2026-11' };
const input = (month: number, year = 2026): PayInput => ({
  country: 'NG', period: { year, month }, grossAnnual: 6_000_000,
  split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', recurring: [meal, union],
});
const part = (paidDays: number, periodDays: number, code: 'proration' | 'unpaid-leave' | 'suspension', legalName: string, basis: 'calendar' | 'working' = 'calendar') =>
  ({ paidDays, periodDays, basis, lines: [{ code, legalName, days: periodDays - paidDays }] });

const sum = (lines: { amount: number }[] | undefined) => (lines ?? []).reduce((s, l) => s + l.amount, 0);

/**
 * The run line's identity to the kobo: gross (the monthly salary) + allowance + overtime + Σ periodEarnings − tax −
 * pension − other statutory − Σ periodDeductions = net, with the line's columns as pay-input.ts stores them for a part month.
 */
const expectAddsUp = (r: PayResult) => {
  const b = r.breakdown;
  const [pension, ...other] = b.proration!.deductions;
  expect(r.monthlySalary + b.oneOff.allowance + b.oneOff.overtime + sum(b.periodEarnings) - b.statutory!.tax - pension.amount - sum(other) - sum(b.periodDeductions))
    .toBe(r.totalMonthlySalary);
  // And gross pay earned (what NSITF and the schedules read) is the salary earned plus the earnings.
  expect(b.statutory!.grossPay).toBe(b.proration!.salary + sum(b.periodEarnings) + b.oneOff.allowance + b.oneOff.overtime);
};

describe('recurring items on a part month', () => {
  it('a whole month pays the items in full (418,940)', () => {
    const r = computePayMinor(input(11));
    expect(r.totalMonthlySalary).toBe(41_894_000);
    expect(r.breakdown.proration).toBeUndefined();
  });

  it('a joiner on the 16th of a 30-day month is paid half: salary, meal allowance, union due, tax and pension halved, each line named', () => {
    const r = computePayMinor({ ...input(11), proration: part(15, 30, 'proration', 'Joined 16 Nov 2026: paid 15 of 30 days') });
    expect(r.totalMonthlySalary).toBe(20_947_000);
    expect(r.breakdown.periodEarnings).toEqual([{ code: 'recurring:meal', legalName: 'Meal allowance (15 of 30 days)', amount: 1_000_000 }]);
    expect(r.breakdown.periodDeductions).toEqual([
      { code: 'proration', legalName: 'Joined 16 Nov 2026: paid 15 of 30 days', amount: 25_000_000 },
      { code: 'recurring:union', legalName: 'Union dues (15 of 30 days)', amount: 100_000 },
    ]);
    expect(r.breakdown.statutory).toMatchObject({ tax: 3_553_000, pensionEmployee: 1_400_000, grossPay: 26_000_000 });
    expectAddsUp(r);
  });

  it('a joiner on Monday 16 November on the working-day basis is paid 11 of 21 working days of each figure', () => {
    const r = computePayMinor({ ...input(11), proration: part(11, 21, 'proration', 'Joined 16 Nov 2026: paid 11 of 21 working days', 'working') });
    expect(r.breakdown.proration).toMatchObject({ salary: 26_190_476, tax: 3_722_190 });
    expect(r.breakdown.periodEarnings).toEqual([{ code: 'recurring:meal', legalName: 'Meal allowance (11 of 21 working days)', amount: 1_047_619 }]);
    expect(r.breakdown.periodDeductions[1]).toEqual({ code: 'recurring:union', legalName: 'Union dues (11 of 21 working days)', amount: 104_762 });
    expect(r.totalMonthlySalary).toBe(21_944_476);
    expectAddsUp(r);
  });

  it('a leaver on the 15th is paid to the last day, with the unused leave paid out as one-off pay (not prorated)', () => {
    const r = computePayMinor({ ...input(11), proration: part(15, 30, 'proration', 'Left 15 Nov 2026: paid 15 of 30 days'), leavePayoutDays: 5 });
    // 600,000,000 × 5 / 260 = 11,538,461.5 → 11,538,462, taxed at the marginal 18%.
    expect(r.breakdown.periodEarnings).toEqual([
      { code: 'recurring:meal', legalName: 'Meal allowance (15 of 30 days)', amount: 1_000_000 },
      { code: 'leave-payout', legalName: 'Unused leave paid out: 5 days at annual gross ÷ 260', amount: 11_538_462 },
    ]);
    expect(r.breakdown.oneOff.tax).toBe(2_076_923);
    expect(r.totalMonthlySalary).toBe(20_947_000 + 11_538_462 - 2_076_923);
    expectAddsUp(r);
  });

  it('unpaid leave and suspension without pay take their days off the salary and the items by the same rule', () => {
    const leave = computePayMinor({ ...input(11), proration: part(25, 30, 'unpaid-leave', 'Unpaid leave: 5 of 30 days') });
    expect(leave.breakdown.periodDeductions[0]).toEqual({ code: 'unpaid-leave', legalName: 'Unpaid leave: 5 of 30 days', amount: 8_333_333 });
    expect(leave.totalMonthlySalary).toBe(34_911_667);
    expectAddsUp(leave);
    const suspended = computePayMinor({ ...input(11), proration: part(25, 30, 'suspension', 'Suspension without pay: 5 of 30 days') });
    expect(suspended.totalMonthlySalary).toBe(34_911_667);
    expect(suspended.breakdown.periodDeductions[0].code).toBe('suspension');
    expectAddsUp(suspended);
  });

  it('the items appear only between their first and last month, on a part month too', () => {
    const october = computePayMinor({ ...input(10), proration: part(15, 31, 'proration', 'Joined 17 Oct 2026: paid 15 of 31 days') });
    expect(october.breakdown.periodEarnings).toBeUndefined();
    expect(october.breakdown.periodDeductions.map((l) => l.code)).toEqual(['proration']);
    const february = computePayMinor({ ...input(2, 2027), proration: part(14, 28, 'proration', 'Left 14 Feb 2027: paid 14 of 28 days') });
    expect(february.breakdown.periodEarnings).toBeUndefined(); // the meal allowance ended in January
    expect(february.breakdown.periodDeductions.map((l) => l.code)).toEqual(['proration', 'recurring:union']);
    expectAddsUp(october);
    expectAddsUp(february);
  });
});
