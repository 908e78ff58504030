import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TPayslip } from '@bizdesk/contract';
import { formatMinor } from '../../../shared/format/money.ts';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { PayslipView } from './PayslipView.tsx';

setupScreenTests('pay');

// The PAYROLL.md worked example (NG, 2026): gross 500,000 a month; employer pension 35,000 and NSITF 5,000.
const slip = (over: Partial<TPayslip> = {}): TPayslip => ({
  _id: '11111111-1111-4111-8111-111111111111', month: '2026-05', currency: 'NGN', status: 'approved', isPublished: true, publishedAt: null,
  businessName: 'Employer Cost Ltd',
  employee: { _id: '22222222-2222-4222-8222-222222222222', name: 'Ada Eze', employeeNumber: 'E-1', department: null, bankName: null, accountNumber: null },
  outputs: { monthlySalary: 50_000_000, monthlyTaxPayable: 6_656_000 },
  breakdown: {
    regime: { id: 'ng-nta-2025', name: 'Nigeria Tax Act 2025', country: 'NG', currency: 'NGN' }, periodStart: '2026-05-01', basis: 'annual', grossIncome: 600_000_000,
    split: [], deductions: [], reliefs: [], taxableIncome: 0, bands: [], bandTax: 0, minimumTax: null, isMinimumTaxApplied: false, minimumWage: null,
    isMinimumWageExempt: false, tax: 0, netPay: 0, employerContributions: [], oneOff: { allowance: 0, overtime: 0, tax: 0 }, periodDeductions: [],
  },
  netMinor: 40_044_000, pensionMinor: 2_800_000, otherDeductionsMinor: 500_000,
  employer: { items: [{ kind: 'pension', name: 'Pension (employer contribution)', amountMinor: 3_500_000 }, { kind: 'nsitf', name: 'NSITF', amountMinor: 500_000 }], totalMinor: 4_000_000 },
  ...over,
});
const naira = (minor: number) => formatMinor(minor, 'NGN', 'en');

describe('PayslipView', () => {
  it('lists what the employer pays this month and its total in its own section, after the net pay, which is unchanged', () => {
    renderWithApp(<PayslipView slip={slip()} />);
    const section = screen.getByRole('region', { name: 'Paid by your employer' });
    expect(within(section).getByText('On top of your pay: not deducted from it and not part of your net pay.')).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: `Pension (employer contribution) ${naira(3_500_000)}` })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: `NSITF (Employees’ Compensation Act) ${naira(500_000)}` })).toBeInTheDocument();
    expect(within(section).getByTestId('payslip-employer-total')).toHaveTextContent(naira(4_000_000));
    // The net pay stays the stored one, in the month's table above the section.
    expect(screen.getByTestId('payslip-net')).toHaveTextContent(naira(40_044_000));
    const thisMonth = screen.getByRole('table', { name: 'This month' });
    // The month's table adds up to the net pay: gross − tax − the employee's pension − NHF; nothing of the employer's.
    expect(within(thisMonth).getByRole('row', { name: `Pension (employee) − ${naira(2_800_000)}` })).toBeInTheDocument();
    expect(within(thisMonth).getByRole('row', { name: `Other statutory deductions − ${naira(500_000)}` })).toBeInTheDocument();
    expect(50_000_000 - 6_656_000 - 2_800_000 - 500_000).toBe(40_044_000);
    expect(within(thisMonth).queryByText(/employer/i)).not.toBeInTheDocument();
    expect(thisMonth.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names Ghana\'s employer pension as SSNIT, and shows no section when the employer paid nothing on top', () => {
    const gh = slip({ currency: 'GHS', employer: { items: [{ kind: 'pension', name: 'x', amountMinor: 65_000 }], totalMinor: 65_000 } });
    (gh.breakdown as { regime: { country: string } }).regime.country = 'GH';
    renderWithApp(<PayslipView slip={gh} />);
    expect(screen.getByRole('region', { name: 'Paid by your employer' })).toHaveTextContent('SSNIT (employer contribution, 13%)');
    cleanup();
    renderWithApp(<PayslipView slip={slip({ employer: { items: [], totalMinor: 0 } })} />);
    expect(screen.queryByRole('region', { name: 'Paid by your employer' })).not.toBeInTheDocument();
  });

  it('keeps each amount whole on a phone: names wrap, figures stay on one line in a column as wide as they are', () => {
    screenWidth(360);
    const huge = 99_999_999_999_99;
    renderWithApp(<PayslipView slip={slip({ employer: { items: [{ kind: 'pension', name: 'x', amountMinor: huge }], totalMinor: huge } })} />);
    const section = screen.getByTestId('payslip-employer');
    const cell = within(section).getByTestId('payslip-employer-total');
    const figure = cell.querySelector('[data-money]')!;
    expect(figure).toHaveAttribute('data-money', String(huge));
    expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(figure).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(within(section).getByText('Total paid by your employer')).overflowWrap).toBe('anywhere');
  });
});
