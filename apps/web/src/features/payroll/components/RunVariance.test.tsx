import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TVariance, TVarianceEmployee, TVarianceLine } from '@bizdesk/contract';
import { formatMinor } from '../../../shared/format/money.ts';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { mockFetch, on, ok } from '../../employees/testApi.ts';
import { RunRegisterButton } from './RunRegisterButton.tsx';
import { RunVariance } from './RunVariance.tsx';

setupScreenTests('pay');

const RUN = '30000000-0000-4000-8000-000000000004';
const PREV = '30000000-0000-4000-8000-000000000003';
const id = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const change = (previousMinor: number, currentMinor: number) => ({ previousMinor, currentMinor, changeMinor: currentMinor - previousMinor });
const line = (key: string, label: string, group: TVarianceLine['group'], previous: number, current: number, reason: TVarianceLine['reason'] = null): TVarianceLine =>
  ({ key, label, group, reason, ...change(previous, current) });

// April against March: Bola's salary revised 300,000 → 400,000; Chidi joined; Dayo left; Ada unchanged (counted only).
const bola: TVarianceEmployee = {
  employeeId: id(2), employeeNumber: 'E-2', name: 'Bola Okafor', department: 'Sales', presence: 'both', reasons: ['revision'],
  grossPay: change(30_000_000, 40_000_000), net: change(24_000_000, 31_500_000),
  lines: [line('salary', 'Monthly salary', 'earning', 30_000_000, 40_000_000, 'revision'), line('tax', 'PAYE tax', 'deduction', 3_600_000, 6_100_000), line('net', 'Net pay', 'net', 24_000_000, 31_500_000)],
};
const chidi: TVarianceEmployee = {
  employeeId: id(3), employeeNumber: 'E-3', name: 'Chidi Okafor', department: null, presence: 'new', reasons: ['new-joiner'],
  grossPay: change(0, 15_000_000), net: change(0, 12_900_000), lines: [line('salary', 'Monthly salary', 'earning', 0, 15_000_000, 'new-joiner')],
};
const dayo: TVarianceEmployee = {
  employeeId: id(4), employeeNumber: 'E-4', name: 'Dayo Okafor', department: null, presence: 'left', reasons: ['leaver'],
  grossPay: change(8_000_000, 0), net: change(7_200_000, 0), lines: [line('salary', 'Monthly salary', 'earning', 8_000_000, 0, 'leaver')],
};
const variance = (over: Partial<TVariance> = {}): TVariance => ({
  currency: 'NGN',
  run: { runId: RUN, month: '2026-04', status: 'draft' },
  previous: { runId: PREV, month: '2026-03', status: 'approved' },
  totals: [
    line('salary', 'Monthly salary', 'earning', 58_000_000, 75_000_000),
    line('allowance', 'Allowance', 'earning', 0, 0),
    line('earning:recurring:meal', 'Meal allowance', 'earning', 1_000_000, 1_000_000),
    line('net', 'Net pay', 'net', 46_200_000, 59_400_000),
  ],
  counts: { previous: 3, current: 3, joiners: 1, leavers: 1, changed: 3, unchanged: 1 },
  employees: { rows: [chidi, bola, dayo], page: 1, limit: 25, totalRecords: 3 },
  ...over,
});
const serve = (v: TVariance) => mockFetch(on('GET', `/payroll/runs/${RUN}/variance`, () => ok(v)));
const naira = (minor: number) => formatMinor(minor, 'NGN', 'en');

describe('RunVariance', () => {
  it('shows on a phone, as cards, each changed employee with the reasons, the change in gross and net pay and what moved', async () => {
    screenWidth(390);
    const api = serve(variance());
    renderWithApp(<RunVariance runId={RUN} month="2026-04" />);
    const section = await screen.findByRole('region', { name: 'Change from the previous run' });
    expect(within(section).getByTestId('run-variance-against')).toHaveTextContent('Compared with the 2026-03 run (Approved).');
    const counts = within(section).getByTestId('run-variance-counts');
    for (const text of ['1 joined', '1 left', '3 employees with changes', '1 unchanged']) expect(counts).toHaveTextContent(text);

    const people = await within(section).findByRole('table', { name: 'Employees whose pay changed 2026-04' });
    const rows = within(people).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [c, b, d] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(c).getByRole('cell', { name: 'Employee Chidi Okafor' })).toBeInTheDocument();
    expect(within(c).getByText('New joiner')).toBeInTheDocument();
    expect(within(c).getByRole('cell', { name: `Gross pay change +${naira(15_000_000)}` })).toBeInTheDocument();
    expect(within(c).getByText('Not on the previous run')).toBeInTheDocument();
    expect(within(b).getByText('Salary revision')).toBeInTheDocument();
    expect(within(b).getByRole('cell', { name: `Net pay change +${naira(7_500_000)}` })).toBeInTheDocument();
    // Only the changed input (the salary) is listed; tax and net follow from it.
    const what = within(b).getByRole('cell', { name: /^What changed/ });
    expect(what).toHaveTextContent(`Monthly salary: ${naira(30_000_000)} → ${naira(40_000_000)}`);
    expect(what).not.toHaveTextContent('PAYE tax');
    expect(within(d).getByText('Leaver')).toBeInTheDocument();
    expect(within(d).getByRole('cell', { name: `Gross pay change ${naira(-8_000_000)}` })).toBeInTheDocument();

    // Totals per line: lines with a figure in either run, a recurring item by its own name.
    const totals = within(section).getByRole('table', { name: 'Change per line 2026-04' });
    const lines = within(totals).getAllByRole('row');
    expect(lines.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      expect.stringContaining('Monthly salary'), expect.stringContaining('Meal allowance'), expect.stringContaining('Net pay'),
    ]);
    expect(within(lines[0]!).getByRole('cell', { name: `Change +${naira(17_000_000)}` })).toBeInTheDocument();
    expect(api.calls[0]!.url.searchParams.get('page')).toBe('1');
  });

  it('is a grid on a wide screen and says when there is no earlier run or nothing changed', async () => {
    screenWidth(1366);
    serve(variance());
    const first = renderWithApp(<RunVariance runId={RUN} month="2026-04" />);
    const grid = await screen.findByRole('grid', { name: 'Employees whose pay changed 2026-04' });
    expect(within(grid).getByRole('columnheader', { name: 'Why' })).toBeInTheDocument();
    expect(await within(grid).findByText('Bola Okafor')).toBeInTheDocument();
    first.unmount();

    serve(variance({ previous: null, counts: { previous: 0, current: 3, joiners: 3, leavers: 0, changed: 3, unchanged: 0 } }));
    const second = renderWithApp(<RunVariance runId={RUN} month="2026-04" />);
    expect(await screen.findByText('Nothing to compare 2026-04 with yet')).toBeInTheDocument();
    second.unmount();

    serve(variance({ counts: { previous: 3, current: 3, joiners: 0, leavers: 0, changed: 0, unchanged: 3 }, employees: { rows: [], page: 1, limit: 25, totalRecords: 0 } }));
    renderWithApp(<RunVariance runId={RUN} month="2026-04" />);
    expect(await screen.findByTestId('run-variance-none')).toHaveTextContent('No one’s pay changed from 2026-03.');
  });
});

describe('RunRegisterButton', () => {
  it('downloads the register as Excel from the run', async () => {
    screenWidth(1366);
    const api = mockFetch(on('GET', `/payroll/runs/${RUN}/register`, () => new Response('x', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="payroll-register-2026-04.xlsx"' } })));
    const createObjectURL = vi.fn(() => 'blob:register');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    renderWithApp(<RunRegisterButton runId={RUN} month="2026-04" />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Payroll register (Excel)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls[0]!.url.searchParams.get('format')).toBe('xlsx');
  });
});
