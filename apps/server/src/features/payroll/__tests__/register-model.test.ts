import { describe, expect, it } from 'vitest';
import { buildRegister, buildVariance, type TRegisterLine } from '../register-model.ts';
import { scheduleCsv } from '../statutory/render.ts';

// The register and variance models read period earnings and deductions generically (issue 32: recurring items and
// proration lines come from other parts of the issue): one column per distinct code, and a reason for each.
const line = (over: Partial<TRegisterLine> & Pick<TRegisterLine, 'employee_id' | 'name'>): TRegisterLine => ({
  employee_number: over.employee_id.toUpperCase(), department: null, gross: '20000000', tax: '1000000', pension: '1600000', other_deductions: '0',
  allowance: '0', overtime: '0', loan_repayment: '0', iou: '0', employer_cost: '0', net: '17400000',
  statutory: { nhf: 0, pensionEmployer: 2000000, nsitf: 200000, itf: 0, tier3Employer: 0, employerTotal: 2200000 }, bonus: null,
  period_earnings: null, period_deductions: null, ...over,
});
const RUN = { month: '2026-04', status: 'draft', currency: 'NGN', businessName: 'Model Ltd', country: 'NG' };
const meal = { code: 'recurring:meal', legalName: 'Meal allowance', amount: 2_000_000 };
const dues = { code: 'recurring:dues', legalName: 'Union dues', amount: 500_000 };
const proration = { code: 'proration', legalName: 'Left 15 Apr: 15 of 30 days unpaid', amount: 10_000_000 };

describe('payroll register model', () => {
  it('has one column per distinct period code, named once, and every row adds up to its net with a totals row', () => {
    const ada = line({ employee_id: 'a', name: 'Ada', gross: '20000000', net: '19400000', period_earnings: [meal], period_deductions: [{ code: 'loan-repayment', legalName: 'Loan repayment', amount: 0 }] });
    const bola = line({ employee_id: 'b', name: 'Bola', net: '6900000', period_deductions: [dues, proration] });
    const r = buildRegister(RUN, [ada, bola]);
    const labels = r.columns.map((c) => c.label);
    expect(labels.slice(0, 8)).toEqual(['S/N', 'Employee number', 'Name', 'Department', 'Monthly salary', 'Allowance', 'Overtime', 'Meal allowance']);
    expect(labels).toContain('Union dues');
    // The proration's legalName is per-employee detail: the column has the code's own name.
    expect(labels).toContain('Proration');
    expect(labels.indexOf('Union dues')).toBeGreaterThan(labels.indexOf('IOU recovery'));
    expect(labels.indexOf('Proration')).toBeLessThan(labels.indexOf('Total deductions'));
    expect(labels).toEqual(expect.arrayContaining(['NHF', 'NSITF (employer)', 'ITF (employer)']));
    expect(labels).not.toContain('Bonus');
    const [a, b] = r.rows.map((row) => row.cells);
    expect(a).toMatchObject({ 'earning:recurring:meal': 2_000_000, grossPay: 22_000_000, totalDeductions: 2_600_000, net: 19_400_000, employerCost: 24_200_000 });
    expect(b).toMatchObject({ 'deduction:recurring:dues': 500_000, 'deduction:proration': 10_000_000, grossPay: 20_000_000, totalDeductions: 13_100_000 });
    expect(labels).not.toContain('Rounding');
    expect(r.totals).toMatchObject({ name: 'TOTAL', net: 26_300_000, grossPay: 42_000_000, 'earning:recurring:meal': 2_000_000 });
    expect(r.header).toContainEqual(['Run', 'Draft (not approved: figures may still change)']);
  });

  it('shows a rounding column where the net is not the listed deductions to the kobo, and writes negative figures as plain decimals in the CSV', () => {
    const r = buildRegister(RUN, [line({ employee_id: 'a', name: 'Ada', net: '7400001', period_earnings: [{ code: 'proration', legalName: 'Joined 16 Apr', amount: -10_000_000 }] })]);
    expect(r.rows[0]!.cells).toMatchObject({ 'earning:proration': -10_000_000, grossPay: 10_000_000, rounding: -1, totalDeductions: 2_599_999 });
    expect(r.columns.map((c) => c.label)).toContain('Rounding');
    const csv = scheduleCsv(r).toString('utf8');
    expect(csv).toContain(',-100000.00,');
    expect(csv).toContain(',-0.01,');
    expect(csv).not.toContain("'-");
  });
});

describe('variance model', () => {
  it('gives each change its reason: recurring item, proration, revision, one-off, and statutory when only derived figures moved', () => {
    const before = [
      line({ employee_id: 'a', name: 'Ada' }),
      line({ employee_id: 'b', name: 'Bola' }),
      line({ employee_id: 'c', name: 'Chidi' }),
      line({ employee_id: 'd', name: 'Dayo' }),
      line({ employee_id: 'e', name: 'Emeka' }),
    ];
    const now = [
      line({ employee_id: 'a', name: 'Ada', net: '19400000', period_earnings: [meal] }),
      line({ employee_id: 'b', name: 'Bola', gross: '10000000', net: '9000000', period_earnings: [{ ...proration, amount: 0 }] }),
      line({ employee_id: 'c', name: 'Chidi', gross: '25000000', tax: '2000000', net: '21400000' }),
      line({ employee_id: 'd', name: 'Dayo', allowance: '1000000', net: '18400000' }),
      line({ employee_id: 'e', name: 'Emeka', tax: '1100000', net: '17300000' }),
    ];
    // Bola's salary fell with a proration line on the run; Chidi's gross was revised.
    now[1]!.period_deductions = [{ code: 'proration', legalName: 'Left 15 Apr', amount: 1 }];
    now[1]!.net = '8999999';
    const v = buildVariance('NG', now, before, { revisedEmployeeIds: new Set(['c']) });
    const by = (id: string) => v.employees.find((e) => e.employeeId === id)!;
    expect(by('a').reasons).toEqual(['recurring']);
    expect(by('a').lines.find((l) => l.key === 'earning:recurring:meal')).toMatchObject({ previousMinor: 0, currentMinor: 2_000_000, reason: 'recurring' });
    expect(by('b').reasons).toEqual(['proration']);
    expect(by('b').lines.find((l) => l.key === 'salary')?.reason).toBe('proration');
    expect(by('c').reasons).toEqual(['revision']);
    expect(by('d').reasons).toEqual(['one-off']);
    expect(by('e').reasons).toEqual(['statutory']);
    expect(v.counts).toEqual({ previous: 5, current: 5, joiners: 0, leavers: 0, changed: 5, unchanged: 0 });
    const total = v.totals.find((l) => l.key === 'earning:recurring:meal')!;
    expect(total).toMatchObject({ label: 'Meal allowance', previousMinor: 0, currentMinor: 2_000_000, changeMinor: 2_000_000 });
  });
});

describe('variance model: a joiner\'s first and second month', () => {
  it('names a new joiner, then "proration" for every line that grew from the part month to the whole one, recurring items included', () => {
    const partMeal = { ...meal, legalName: 'Meal allowance (15 of 30 days)', amount: 1_000_000 };
    const partDues = { ...dues, legalName: 'Union dues (15 of 30 days)', amount: 250_000 };
    const joined = { code: 'proration', legalName: 'Joined 16 Nov 2026: paid 15 of 30 days', amount: 10_000_000 };
    const november = [line({ employee_id: 'j', name: 'Jo', period_earnings: [partMeal], period_deductions: [joined, partDues] })];
    const october: TRegisterLine[] = [];
    expect(buildVariance('NG', november, october, { revisedEmployeeIds: new Set() }).employees[0]).toMatchObject({ presence: 'new', reasons: ['new-joiner'] });
    const december = [line({ employee_id: 'j', name: 'Jo', period_earnings: [meal], period_deductions: [dues] })];
    const jo = buildVariance('NG', december, november, { revisedEmployeeIds: new Set() }).employees[0]!;
    expect(jo.reasons).toEqual(['proration']);
    expect(jo.lines.find((l) => l.key === 'earning:recurring:meal')).toMatchObject({ previousMinor: 1_000_000, currentMinor: 2_000_000, reason: 'proration' });
    expect(jo.lines.find((l) => l.key === 'deduction:recurring:dues')?.reason).toBe('proration');
  });
});
