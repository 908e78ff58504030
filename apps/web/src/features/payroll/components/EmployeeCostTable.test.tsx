import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEmployeeCost, TPaySummary } from '@bizdesk/contract';
import { formatMinor } from '../../../shared/format/money.ts';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { mockFetch, on, ok } from '../../employees/testApi.ts';
import { EmployeeCostTable } from './EmployeeCostTable.tsx';

setupScreenTests('pay');

// 30 employees: Ada (the worked example, 500,000 + 40,000) and 29 others at 200,000 + 16,000.
const row = (i: number): TEmployeeCost => {
  const isAda = i === 0;
  const gross = isAda ? 50_000_000 : 20_000_000;
  const employer = isAda ? 4_000_000 : 1_600_000;
  return {
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, employeeId: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, employeeNumber: `E-${i + 1}`,
    name: isAda ? 'Ada Eze' : `Staff ${String(i + 1).padStart(2, '0')}`, department: isAda ? null : 'Sales', grossPayMinor: gross, employerMinor: employer, employerCostMinor: gross + employer,
  };
};
const ALL = Array.from({ length: 30 }, (_, i) => row(i));
const sum = (k: 'grossPayMinor' | 'employerMinor' | 'employerCostMinor') => ALL.reduce((s, r) => s + r[k], 0);
const totals: TPaySummary['months'][number] = {
  month: '2026-05', status: 'approved', employees: 30, grossMinor: sum('grossPayMinor'), taxMinor: 0, pensionMinor: 0, netMinor: 0,
  grossPayMinor: sum('grossPayMinor'), employerMinor: sum('employerMinor'), employerCostMinor: sum('employerCostMinor'),
};
const serve = () => mockFetch(on('GET', '/payroll/summary/employees', (call) => {
  const page = Number(call.url.searchParams.get('page'));
  const limit = Number(call.url.searchParams.get('limit'));
  return ok(ALL.slice((page - 1) * limit, page * limit), { page, limit, total: Math.ceil(ALL.length / limit), totalRecords: ALL.length });
}));
const naira = (minor: number) => formatMinor(minor, 'NGN', 'en');

describe('EmployeeCostTable', () => {
  it('shows each employee\'s gross pay, employer contributions and cost to the employer as phone cards, paged by the server, with the month\'s totals', async () => {
    screenWidth(390);
    const api = serve();
    renderWithApp(<EmployeeCostTable month="2026-05" currency="NGN" totals={totals} />);
    const table = await screen.findByRole('table', { name: 'Cost to the employer per employee 2026-05' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(25));
    const ada = within(table).getAllByRole('row')[0]!;
    expect(within(ada).getByRole('cell', { name: 'Employee Ada Eze' })).toBeInTheDocument();
    expect(within(ada).getByRole('cell', { name: 'Department No department' })).toBeInTheDocument();
    expect(within(ada).getByRole('cell', { name: `Gross pay ${naira(50_000_000)}` })).toBeInTheDocument();
    expect(within(ada).getByRole('cell', { name: `Employer contributions ${naira(4_000_000)}` })).toBeInTheDocument();
    expect(within(ada).getByRole('cell', { name: `Cost to the employer ${naira(54_000_000)}` })).toBeInTheDocument();
    expect(api.calls[0]!.url.searchParams.get('month')).toBe('2026-05');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: /per employee/ })).getAllByRole('row')).toHaveLength(5));
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    const total = screen.getByRole('group', { name: 'Total, 30 employees' });
    expect(within(total).getByTestId('employee-cost-total-grossPay')).toHaveTextContent(naira(sum('grossPayMinor')));
    expect(within(total).getByTestId('employee-cost-total-employer')).toHaveTextContent(naira(sum('employerMinor')));
    expect(within(total).getByTestId('employee-cost-total-cost')).toHaveTextContent(naira(sum('employerCostMinor')));
    expect(sum('employerCostMinor')).toBe(54_000_000 + 29 * 21_600_000);
  });

  it('is a grid with the cost column on a wide screen', async () => {
    screenWidth(1366);
    serve();
    renderWithApp(<EmployeeCostTable month="2026-05" currency="NGN" totals={totals} />);
    const grid = await screen.findByRole('grid', { name: 'Cost to the employer per employee 2026-05' });
    expect(within(grid).getByRole('columnheader', { name: 'Cost to the employer' })).toBeInTheDocument();
    expect(await within(grid).findByText('Ada Eze')).toBeInTheDocument();
  });
});
