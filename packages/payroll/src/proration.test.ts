import { describe, expect, it } from 'vitest';
import { computePay, computePayMinor } from './compute-pay.ts';
import { PayrollInputError } from './errors.ts';
import type { PayInput, PayResult } from './types.ts';

// November 2026: 30 calendar days, 21 working days (Mon–Fri; the 1st is a Sunday).
const ng: PayInput = { country: 'NG', period: { year: 2026, month: 11 }, grossAnnual: 6_000_000, rentAnnual: 1_000_000, pensionRate: 0 };
const ngPension: PayInput = { country: 'NG', period: { year: 2026, month: 11 }, grossAnnual: 6_000_000, rentAnnual: 1_000_000, nhf: true, nhisMonthly: 1_500 };
const gh: PayInput = { country: 'GH', period: { year: 2024, month: 6 }, grossAnnual: 120_000 };

const joined = (paidDays: number, periodDays: number, basis: 'calendar' | 'working' = 'calendar') => ({
  paidDays, periodDays, basis, lines: [{ code: 'proration' as const, legalName: `Joined 16 Nov 2026: paid ${paidDays} of ${periodDays} ${basis === 'working' ? 'working ' : ''}days`, days: periodDays - paidDays }],
});

const sum = (lines: { amount: number }[] | undefined) => (lines ?? []).reduce((s, l) => s + l.amount, 0);

/** The payslip identity of split-32.md: monthly salary + earnings − tax − statutory − period deductions = net, in kobo. */
const expectAddsUp = (r: PayResult) => {
  const b = r.breakdown;
  const statutory = b.proration ? sum(b.proration.deductions) : NaN;
  expect(r.monthlySalary + b.oneOff.allowance + b.oneOff.overtime + sum(b.periodEarnings) - b.statutory!.tax - statutory - sum(b.periodDeductions)).toBe(r.totalMonthlySalary);
};

describe('proration: a joiner, a leaver, unpaid days (to the kobo)', () => {
  it('pays a joiner on the 16th of a 30-day month half the month by calendar days: salary, tax and net halved', () => {
    const full = computePay(ng);
    expect(full.totalMonthlySalary).toBe(430_500);
    const r = computePay({ ...ng, proration: joined(15, 30) });
    expect(r.totalMonthlySalary).toBe(215_250);
    expect(r.breakdown.periodDeductions).toEqual([{ code: 'proration', legalName: 'Joined 16 Nov 2026: paid 15 of 30 days', amount: 250_000 }]);
    expect(r.breakdown.proration).toMatchObject({ basis: 'calendar', paidDays: 15, periodDays: 30, monthlySalary: 500_000, salary: 250_000, tax: 34_750 });
    expect(r.breakdown.statutory).toMatchObject({ grossPay: 250_000, tax: 34_750 });
    // The annual figures are the employee's rate, unchanged.
    expect(r.annualTaxPayable).toBe(834_000);
    expect(r.monthlySalary).toBe(500_000);
    expectAddsUp(computePayMinor({ ...ng, proration: joined(15, 30) }));
  });

  it('pays the working-day share: 11 of 21 working days from Monday 16 November', () => {
    const r = computePayMinor({ ...ng, proration: joined(11, 21, 'working') });
    expect(r.breakdown.proration).toMatchObject({ basis: 'working', salary: 26_190_476, tax: 3_640_476 });
    expect(r.totalMonthlySalary).toBe(22_550_000);
    expect(r.breakdown.periodDeductions[0].amount).toBe(50_000_000 - 26_190_476);
    expectAddsUp(r);
  });

  it('pays a leaver to the last day: left on the 15th, paid 15 of 30, with pension, NHF and health insurance prorated', () => {
    const proration = { paidDays: 15, periodDays: 30, lines: [{ code: 'proration' as const, legalName: 'Left 15 Nov 2026: paid 15 of 30 days', days: 15 }] };
    const full = computePayMinor(ngPension);
    const r = computePayMinor({ ...ngPension, proration });
    // Pension 8% of gross: 40,000 a month → 20,000; NHF 2.5% of basic 75,000 → 1,875 → 937.50; NHIS 1,500 → 750.
    expect(r.breakdown.proration!.deductions).toEqual([
      { code: 'pension', legalName: expect.any(String), amount: 2_000_000 },
      { code: 'nhf', legalName: 'National Housing Fund', amount: 93_750 },
      { code: 'nhis', legalName: 'National Health Insurance', amount: 75_000 },
    ]);
    expect(r.breakdown.statutory).toMatchObject({ pensionEmployee: 2_000_000, nhf: 93_750, grossPay: 25_000_000, pensionEmployer: full.breakdown.statutory!.pensionEmployer / 2 });
    expect(r.breakdown.proration!.tax).toBe(Math.floor((full.breakdown.statutory!.tax + 1) / 2));
    expectAddsUp(r);
  });

  it('takes unpaid leave and suspension without pay off gross, each its own line, the last absorbing the rounding', () => {
    const r = computePayMinor({
      ...ng,
      proration: { paidDays: 22, periodDays: 30, lines: [
        { code: 'unpaid-leave', legalName: 'Unpaid leave: 3 of 30 days', days: 3 },
        { code: 'suspension', legalName: 'Suspension without pay: 5 of 30 days', days: 5 },
      ] },
    });
    expect(r.breakdown.periodDeductions).toEqual([
      { code: 'unpaid-leave', legalName: 'Unpaid leave: 3 of 30 days', amount: 5_000_000 },
      { code: 'suspension', legalName: 'Suspension without pay: 5 of 30 days', amount: 8_333_333 },
    ]);
    expect(r.breakdown.proration).toMatchObject({ salary: 36_666_667, tax: 5_096_667 });
    expect(r.totalMonthlySalary).toBe(31_570_000);
    expectAddsUp(r);
  });

  it('pays nothing for a month suspended in full, but still pays one-off pay', () => {
    const proration = { paidDays: 0, periodDays: 30, lines: [{ code: 'suspension' as const, legalName: 'Suspension without pay: 30 of 30 days', days: 30 }] };
    expect(computePayMinor({ ...ng, proration }).totalMonthlySalary).toBe(0);
    const withAllowance = computePayMinor({ ...ng, proration, allowance: 10_000 });
    expect(withAllowance.totalMonthlySalary).toBe(1_000_000 - withAllowance.breakdown.oneOff.tax);
    expectAddsUp(withAllowance);
  });

  it('prorates Ghana (monthly basis): half of 10,000 with SSNIT 330 and PAYE 2,016 pays 3,827', () => {
    const r = computePay({ ...gh, proration: joined(15, 30) });
    expect(r.totalMonthlySalary).toBe(3_827);
    expect(r.breakdown.proration).toMatchObject({ salary: 5_000, tax: 1_008, deductions: [{ code: 'ssnit-employee', amount: 165 }] });
    expectAddsUp(computePayMinor({ ...gh, proration: joined(15, 30) }));
  });

  it('pays unused leave at exit at annual gross ÷ 260 a day, taxed as one-off pay, as an earnings line', () => {
    const r = computePayMinor({ ...ng, leavePayoutDays: 7.5 });
    // 600,000,000 kobo × 7.5 / 260 = 17,307,692.3 → 17,307,692
    expect(r.breakdown.periodEarnings).toEqual([{ code: 'leave-payout', legalName: 'Unused leave paid out: 7.5 days at annual gross ÷ 260', amount: 17_307_692 }]);
    expect(r.breakdown.oneOff.tax).toBe(3_115_385); // 18% marginal band
    expect(r.totalMonthlySalary).toBe(43_050_000 + 17_307_692 - 3_115_385);
    expect(r.breakdown.statutory!.grossPay).toBe(50_000_000 + 17_307_692);
  });

  it('leaves a whole month exactly as before', () => {
    expect(computePayMinor({ ...ngPension, proration: { paidDays: 30, periodDays: 30, lines: [] } }).totalMonthlySalary).toBe(computePayMinor(ngPension).totalMonthlySalary);
  });

  it('refuses days that do not add up, naming the field', () => {
    const bad = () => computePay({ ...ng, proration: { paidDays: 20, periodDays: 30, lines: [{ code: 'absence', legalName: 'Absent', days: 5 }] } });
    expect(bad).toThrow(PayrollInputError);
    expect(bad).toThrow(/proration.lines/);
    expect(() => computePay({ ...ng, proration: { paidDays: 31, periodDays: 30 } })).toThrow(/proration.paidDays/);
    expect(() => computePay({ ...ng, leavePayoutDays: 1.25 })).toThrow(/leavePayoutDays/);
  });
});
