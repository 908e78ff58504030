import { describe, expect, it } from 'vitest';
import { computePayMinor, type PayInput } from '@bizdesk/payroll';
import { buildPayslipModel, PayslipMismatchError, toPayslipMonth, type TPayslipSource } from './payslip-model.ts';

/** A stored line as the run writes it (pay-input toLine), from the engine's result. */
const lineOf = (id: string, month: string, input: Partial<PayInput> = {}, extra: { periodEarnings?: Array<{ code: string; legalName: string; amount: number }> } = {}): TPayslipSource => {
  const [year, m] = month.split('-').map(Number);
  const r = computePayMinor({ country: 'NG', period: { year, month: m }, grossAnnual: '6000000', ...input });
  const b = { ...r.breakdown, ...extra };
  const monthly = (n: number) => Math.floor((2 * n + 12) / 24);
  const pension = monthly(b.deductions[0]?.amount ?? 0);
  const other = monthly(b.deductions.slice(1).reduce((s, d) => s + d.amount, 0));
  const earned = (extra.periodEarnings ?? []).reduce((s, l) => s + l.amount, 0);
  return {
    id, month, gross: String(r.monthlySalary), tax: String(r.monthlyTaxPayable + b.oneOff.tax), pension: String(pension), other_deductions: String(other),
    net: String(r.totalMonthlySalary + earned), employer_cost: String(b.statutory?.employerTotal ?? 0), result: { outputs: {}, breakdown: b },
  };
};

describe('payslip model', () => {
  it('lists salary by component, one-off pay and its tax, statutory and period deductions, summing to the net', () => {
    const line = lineOf('a', '2026-02', { allowance: '95000', nhf: true, nhisMonthly: '2000', loanRepayment: '30000', iou: '1000' });
    const model = buildPayslipModel({ ...line, currency: 'NGN' }, [line], null);
    expect(model.earnings.items.map((i) => i.code)).toEqual(['salary:basic', 'salary:housing', 'salary:transport', 'salary:entertainment', 'salary:utility', 'allowance']);
    expect(model.deductions.items.map((i) => i.code)).toEqual(['tax', 'tax-one-off', 'pension', 'nhf', 'nhis', 'loan-repayment', 'iou']);
    expect(model.earnings.totalMinor - model.deductions.totalMinor).toBe(Number(line.net));
    expect(model.net).toEqual({ amountMinor: Number(line.net), ytdMinor: Number(line.net) });
  });

  it('lists any period earning generically (a recurring item, arrears) and keeps the sum', () => {
    const line = lineOf('a', '2026-03', {}, { periodEarnings: [{ code: 'recurring:x', legalName: 'Meal allowance', amount: 5_000_00 }] });
    const month = toPayslipMonth(line);
    expect(month.earnings.at(-1)).toEqual({ code: 'recurring:x', kind: 'period', name: 'Meal allowance', amountMinor: 5_000_00 });
  });

  it('shows a kobo of rounding between the monthly shares and the net as its own line, and refuses a line that does not add up', () => {
    // 1,000,000.10 a year: each twelfth rounds on its own.
    const odd = lineOf('a', '2026-01', { grossAnnual: '1000000.10', nhf: true });
    const month = toPayslipMonth(odd);
    const earned = month.earnings.reduce((s, i) => s + i.amountMinor, 0);
    const deducted = month.deductions.reduce((s, i) => s + i.amountMinor, 0);
    expect(earned - deducted).toBe(month.net);
    expect(Math.abs(month.earnings.find((i) => i.code === 'rounding')?.amountMinor ?? 0)).toBeLessThanOrEqual(10);
    expect(() => toPayslipMonth({ ...odd, net: String(month.net + 10_000) })).toThrow(PayslipMismatchError);
  });

  it('sums each line over the year\'s months and lists a line met earlier in the year with 0 this month', () => {
    const jan = lineOf('j', '2026-01', { allowance: '10000' });
    const feb = lineOf('f', '2026-02');
    const model = buildPayslipModel({ ...feb, currency: 'NGN' }, [jan, feb], null);
    expect(model.ytdMonths).toEqual(['2026-01', '2026-02']);
    expect(model.earnings.items.find((i) => i.code === 'allowance')).toMatchObject({ amountMinor: 0, ytdMinor: 1_000_000 });
    expect(model.net.ytdMinor).toBe(Number(jan.net) + Number(feb.net));
    expect(model.earnings.ytdMinor - model.deductions.ytdMinor).toBe(model.net.ytdMinor);
  });
});
