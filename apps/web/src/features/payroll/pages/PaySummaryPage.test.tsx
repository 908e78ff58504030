import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPaySummary } from '@bizdesk/contract';
import { i18n } from '../../../shared/i18n/index.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { OWNER, mockFetch, ok, on } from '../../employees/testApi.ts';
import { PaySummaryPage } from './PaySummaryPage.tsx';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('pay');
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

const year = new Date().getFullYear();
const month = (m: number, over: Partial<TPaySummary['months'][number]> = {}) => ({
  month: `${year}-0${m}`, status: 'approved', employees: 1, grossMinor: 50_000_000, taxMinor: 6_656_000, pensionMinor: 2_800_000, netMinor: 40_044_000,
  grossPayMinor: 50_000_000, employerMinor: 4_000_000, employerCostMinor: 54_000_000, ...over,
});
const summary = (costMonth: string): TPaySummary => ({
  year, costMonth,
  months: [month(4, { employerMinor: 3_500_000, employerCostMinor: 53_500_000 }), month(5)],
  departments: [{ department: 'No department', employees: 1, costMinor: costMonth.endsWith('04') ? 53_500_000 : 54_000_000 }],
});
const naira = (minor: number) => formatMinor(minor, 'NGN', 'en');

describe('PaySummaryPage', () => {
  it('shows the months with employer contributions and cost, the departments\' cost to the employer, and each employee\'s cost for a chosen month', async () => {
    screenWidth(1366);
    setSessionUser(OWNER);
    const api = mockFetch(
      on('GET', '/payroll/summary', (call) => ok(summary(call.url.searchParams.get('month') ?? `${year}-05`))),
      on('GET', '/payroll/summary/employees', (call) => ok([{
        _id: '00000000-0000-4000-8000-000000000001', employeeId: '00000000-0000-4000-8000-000000000002', employeeNumber: 'E-1', name: 'Ada Eze', department: null,
        grossPayMinor: 50_000_000, employerMinor: call.url.searchParams.get('month')!.endsWith('04') ? 3_500_000 : 4_000_000,
        employerCostMinor: call.url.searchParams.get('month')!.endsWith('04') ? 53_500_000 : 54_000_000,
      }], { page: 1, limit: 25, total: 1, totalRecords: 1 })),
    );
    renderWithApp(<PaySummaryPage />);
    const months = await screen.findByRole('grid', { name: `Month by month ${year}` });
    expect(within(months).getByRole('columnheader', { name: 'Employer contributions' })).toBeInTheDocument();
    expect(within(months).getByRole('columnheader', { name: 'Cost to the employer' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: `Cost to the employer by department (${year}-05)` })).toBeInTheDocument();
    expect(screen.getByText(/plus employer contributions/)).toBeInTheDocument();
    const perEmployee = await screen.findByRole('grid', { name: `Cost to the employer per employee ${year}-05` });
    expect(await within(perEmployee).findByText('Ada Eze')).toBeInTheDocument();
    expect(screen.getByTestId('employee-cost-total-cost')).toHaveTextContent(naira(54_000_000));
    await userEvent.click(screen.getByRole('combobox', { name: 'Month shown' }));
    await userEvent.click(await screen.findByRole('option', { name: `${year}-04` }));
    await waitFor(() => expect(screen.getByTestId('employee-cost-total-cost')).toHaveTextContent(naira(53_500_000)));
    expect(api.calls.some((c) => c.url.pathname.endsWith('/payroll/summary') && c.url.searchParams.get('month') === `${year}-04`)).toBe(true);
    expect(api.calls.some((c) => c.url.pathname.endsWith('/payroll/summary/employees') && c.url.searchParams.get('month') === `${year}-04`)).toBe(true);
    expect(await screen.findByRole('heading', { name: `Cost to the employer by department (${year}-04)` })).toBeInTheDocument();
  }, 30_000);
});
