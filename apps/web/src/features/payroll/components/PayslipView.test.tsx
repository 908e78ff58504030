import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TPayslip, TPayslipLine, TPayslipModel } from '@bizdesk/contract';
import { formatMinor } from '../../../shared/format/money.ts';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { PayslipView } from './PayslipView.tsx';

setupScreenTests('pay');

// The example (NG, 2026): 500,000 + 95,000 − 81,560 − 70,000 = 443,440; the web used to show 415,440 because it
// left lines out. The salary 40/20/10 (entertainment 10%, utility the rest); January had the same pay without the allowance.
const line = (code: string, kind: TPayslipLine['kind'], name: string, amountMinor: number, ytdMinor: number): TPayslipLine => ({ code, kind, name, amountMinor, ytdMinor });
const model = (): TPayslipModel => ({
  month: '2026-02', currency: 'NGN', ytdMonths: ['2026-01', '2026-02'], logoPath: '/api/v1/files/b/logo.png',
  earnings: {
    items: [
      line('salary:basic', 'salary', 'Basic salary', 20_000_000, 40_000_000), line('salary:housing', 'salary', 'Housing allowance', 10_000_000, 20_000_000),
      line('salary:transport', 'salary', 'Transport allowance', 5_000_000, 10_000_000), line('salary:entertainment', 'salary', 'Entertainment allowance', 5_000_000, 10_000_000),
      line('salary:utility', 'salary', 'Utility allowance', 10_000_000, 20_000_000), line('allowance', 'one-off', 'Allowance', 9_500_000, 9_500_000),
    ],
    totalMinor: 59_500_000, ytdMinor: 109_500_000,
  },
  deductions: {
    items: [
      line('tax', 'tax', 'Income tax (PAYE)', 6_656_000, 13_312_000), line('tax-one-off', 'tax', 'Tax on this month\'s one-off pay', 1_500_000, 1_500_000),
      line('pension', 'statutory', 'Pension', 2_800_000, 5_600_000), line('nhf', 'statutory', 'National Housing Fund', 500_000, 1_000_000),
      line('nhis', 'statutory', 'National Health Insurance', 3_700_000, 7_400_000),
    ],
    totalMinor: 15_156_000, ytdMinor: 28_812_000,
  },
  net: { amountMinor: 44_344_000, ytdMinor: 80_688_000 },
  employer: { items: [line('pension', 'employer', 'Pension (employer contribution)', 3_500_000, 7_000_000), line('nsitf', 'employer', 'NSITF', 595_000, 1_095_000)], totalMinor: 4_095_000, ytdMinor: 8_095_000 },
});
const slip = (over: Partial<TPayslip> = {}): TPayslip => ({
  _id: '11111111-1111-4111-8111-111111111111', month: '2026-02', currency: 'NGN', status: 'approved', isPublished: true, publishedAt: null,
  businessName: 'Employer Cost Ltd',
  employee: { _id: '22222222-2222-4222-8222-222222222222', name: 'Ada Eze', employeeNumber: 'E-1', department: null, bankName: null, accountNumber: null },
  outputs: { monthlySalary: 50_000_000, monthlyTaxPayable: 6_656_000 },
  breakdown: {
    regime: { id: 'ng-nta-2025', name: 'Nigeria Tax Act 2025', country: 'NG', currency: 'NGN' }, periodStart: '2026-02-01', basis: 'annual', grossIncome: 600_000_000,
    split: [], deductions: [], reliefs: [], taxableIncome: 0, bands: [], bandTax: 0, minimumTax: null, isMinimumTaxApplied: false, minimumWage: null,
    isMinimumWageExempt: false, tax: 0, netPay: 0, employerContributions: [], oneOff: { allowance: 9_500_000, overtime: 0, tax: 1_500_000 }, periodDeductions: [],
  },
  netMinor: 44_344_000, pensionMinor: 2_800_000, otherDeductionsMinor: 4_200_000,
  employer: { items: [{ kind: 'pension', name: 'Pension (employer contribution)', amountMinor: 3_500_000 }, { kind: 'nsitf', name: 'NSITF', amountMinor: 595_000 }], totalMinor: 4_095_000 },
  model: model(),
  ...over,
});
const naira = (minor: number) => formatMinor(minor, 'NGN', 'en');

const employerModel = (items: TPayslipLine[]) => ({ ...model(), employer: { items, totalMinor: items.reduce((s, i) => s + i.amountMinor, 0), ytdMinor: items.reduce((s, i) => s + i.ytdMinor, 0) } });

describe('PayslipView', () => {
  it('lists every line with this month and the year to date, and they sum to the net (500,000 + 95,000 − 81,560 − 70,000 = 443,440)', () => {
    renderWithApp(<PayslipView slip={slip()} />);
    const table = screen.getByRole('table', { name: 'Earnings and deductions' });
    expect(within(table).getByRole('columnheader', { name: 'This month' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Year to date' })).toBeInTheDocument();
    for (const name of [
      `Basic salary ${naira(20_000_000)} ${naira(40_000_000)}`, `Utility allowance ${naira(10_000_000)} ${naira(20_000_000)}`,
      `Allowance ${naira(9_500_000)} ${naira(9_500_000)}`, `Total earnings ${naira(59_500_000)} ${naira(109_500_000)}`,
      `Income tax (PAYE) − ${naira(6_656_000)} − ${naira(13_312_000)}`, `Tax on this month’s one-off pay − ${naira(1_500_000)} − ${naira(1_500_000)}`,
      `Pension (employee) − ${naira(2_800_000)} − ${naira(5_600_000)}`, `National Housing Fund (NHF) − ${naira(500_000)} − ${naira(1_000_000)}`,
      `Health insurance (NHIS) − ${naira(3_700_000)} − ${naira(7_400_000)}`, `Total deductions − ${naira(15_156_000)} − ${naira(28_812_000)}`,
      `Net pay ${naira(44_344_000)} ${naira(80_688_000)}`,
    ]) expect(within(table).getByRole('row', { name })).toBeInTheDocument();
    // What the page shows adds up: every line's figure, earnings less deductions, is the net, in both columns.
    const figures = (column: number) => within(table).getAllByTestId(/^payslip-line-/).reduce((sum, row) => {
      const cell = row.querySelectorAll('td')[column]!;
      const minor = Number(cell.querySelector('[data-money]')!.getAttribute('data-money'));
      return sum + (cell.textContent!.startsWith('−') ? -minor : minor);
    }, 0);
    expect(figures(1)).toBe(44_344_000);
    expect(figures(2)).toBe(80_688_000);
    expect(screen.getByTestId('payslip-net')).toHaveTextContent(naira(44_344_000));
    expect(screen.getByText('Year to date: 2026-01 to 2026-02 (approved pay runs of the year)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Employer Cost Ltd logo' })).toHaveAttribute('src', '/api/v1/files/b/logo.png');
    expect(within(table).queryByText(/employer/i)).not.toBeInTheDocument();
  });

  it('names a line it does not know by the server\'s name (recurring items, proration)', () => {
    const m = model();
    m.earnings.items.push(line('recurring:meal', 'period', 'Meal allowance', 100_000, 100_000));
    m.deductions.items.push(line('proration', 'period', 'Joined 16 Feb: 15 of 28 days unpaid', 100_000, 100_000));
    renderWithApp(<PayslipView slip={slip({ model: m })} />);
    expect(screen.getByRole('row', { name: `Meal allowance ${naira(100_000)} ${naira(100_000)}` })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: `Joined 16 Feb: 15 of 28 days unpaid − ${naira(100_000)} − ${naira(100_000)}` })).toBeInTheDocument();
  });

  it('states a leaver\'s final settlement: last day and reason, leave paid out, what is still owed', () => {
    const m = { ...model(), settlement: { lastDay: '2026-11-15', reason: 'resignation', leavePayoutDays: 5, outstandingLoansMinor: 9_053_000, outstandingIouMinor: 0 } };
    renderWithApp(<PayslipView slip={slip({ model: m })} />);
    const box = within(screen.getByTestId('payslip-settlement'));
    expect(box.getByRole('heading', { name: 'Final settlement' })).toBeInTheDocument();
    expect(box.getByText('Last day: 15 Nov 2026 (resignation). This is the final pay.')).toBeInTheDocument();
    expect(box.getByText('Unused leave paid out: 5 days (in the earnings above).')).toBeInTheDocument();
    expect(box.getByText(`Loans still owed after this pay: ${naira(9_053_000)}`)).toBeInTheDocument();
    expect(box.queryByText(/IOU still owed/)).toBeNull();
    cleanup();
    renderWithApp(<PayslipView slip={slip()} />);
    expect(screen.queryByTestId('payslip-settlement')).toBeNull();
  });

  it('lists what the employer pays this month, its total and the year to date in its own section, after the net pay', () => {
    renderWithApp(<PayslipView slip={slip()} />);
    const section = screen.getByRole('region', { name: 'Paid by your employer' });
    expect(within(section).getByText('On top of your pay: not deducted from it and not part of your net pay.')).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: `Pension (employer contribution) ${naira(3_500_000)} ${naira(7_000_000)}` })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: `NSITF (Employees’ Compensation Act) ${naira(595_000)} ${naira(1_095_000)}` })).toBeInTheDocument();
    expect(within(section).getByTestId('payslip-employer-total')).toHaveTextContent(naira(4_095_000));
    const table = screen.getByRole('table', { name: 'Earnings and deductions' });
    expect(table.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names Ghana\'s employer pension as SSNIT, and shows no section when the employer paid nothing on top', () => {
    const gh = slip({ currency: 'GHS', model: employerModel([line('pension', 'employer', 'x', 65_000, 65_000)]) });
    (gh.breakdown as { regime: { country: string } }).regime.country = 'GH';
    renderWithApp(<PayslipView slip={gh} />);
    expect(screen.getByRole('region', { name: 'Paid by your employer' })).toHaveTextContent('SSNIT (employer contribution, 13%)');
    cleanup();
    renderWithApp(<PayslipView slip={slip({ model: employerModel([]) })} />);
    expect(screen.queryByRole('region', { name: 'Paid by your employer' })).not.toBeInTheDocument();
  });

  it('keeps each amount whole on a 390 px phone: names wrap, every figure stays on one line in a column as wide as it is', () => {
    screenWidth(390);
    const huge = 99_999_999_999_99;
    const m = employerModel([line('pension', 'employer', 'x', huge, huge)]);
    m.earnings.items[0] = line('salary:basic', 'salary', 'Basic salary', huge, huge);
    m.deductions.items.push(line('recurring:long', 'period', 'Cooperative savings of the staff multipurpose society, monthly contribution', 100, 100));
    renderWithApp(<PayslipView slip={slip({ model: m })} />);
    const cells = [...document.querySelectorAll('td')].filter((td) => td.querySelector('[data-money]'));
    expect(cells.length).toBeGreaterThan(20);
    for (const cell of cells) {
      expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
      expect(getComputedStyle(cell.querySelector('[data-money]')!).whiteSpace).toBe('nowrap');
    }
    expect(screen.getByText(naira(huge), { selector: '[data-testid="payslip-line-salary:basic"] td:nth-child(2) [data-money]' })).toBeInTheDocument();
    expect(getComputedStyle(screen.getByText(/Cooperative savings/)).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(within(screen.getByTestId('payslip-employer')).getByText('Total paid by your employer')).overflowWrap).toBe('anywhere');
  });

  it('heads an off-cycle payslip with its kind and month (issue 32), and a regular one with the month', () => {
    renderWithApp(<PayslipView slip={slip({ month: '2026-12', model: { ...model(), month: '2026-12', run: { kind: 'thirteenth-month', label: null, title: '13th month — December 2026' } } })} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payslip: 13th month — December 2026');
    cleanup();
    renderWithApp(<PayslipView slip={slip({ model: { ...model(), run: { kind: 'regular', label: null, title: 'February 2026' } } })} />);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('13th month');
  });
});
