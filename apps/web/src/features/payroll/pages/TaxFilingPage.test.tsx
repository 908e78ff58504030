import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSchedule, TTaxFiling } from '@bizdesk/contract';
import { i18n } from '../../../shared/i18n/index.ts';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { OWNER, mockFetch, ok, on } from '../../employees/testApi.ts';
import { TaxFilingPage } from './TaxFilingPage.tsx';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('pay');
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

const ADA = '00000000-0000-4000-8000-0000000000a1';
const BAYO = '00000000-0000-4000-8000-0000000000b2';
const schedule = (over: Partial<TSchedule>): TSchedule => ({
  kind: 'ng-paye', payee: 'Lagos', title: 'PAYE schedule, Lagos State Internal Revenue Service', period: '2026-01', header: [], amountKey: 'tax',
  columns: [{ key: 'name', label: 'Name', type: 'text' }, { key: 'tax', label: 'Tax deducted', type: 'money' }],
  rows: [{ employeeId: ADA, cells: { name: 'Ada Obi', tax: 7_500_000 }, missing: [] }], totals: { name: 'TOTAL', tax: 7_500_000 },
  amountMinor: 7_500_000, employees: 1, missing: 0, ...over,
});
const filing = (over: Partial<TTaxFiling>): TTaxFiling => ({
  month: '2026-01', runStatus: 'approved', latestApprovedMonth: '2026-01', paye: [], pension: [], schedules: [], isItfLiable: false, ...over,
});

describe('TaxFilingPage', () => {
  it('opens on the latest approved month with a card per schedule, listing rows missing an identifier with a link to the employee', async () => {
    setSessionUser(OWNER);
    const api = mockFetch(
      on('GET', /^\/payroll\/tax-filing\/\d{4}-\d{2}$/, (c) => ok(c.url.pathname.endsWith('2026-01')
        ? filing({ schedules: [schedule({}), schedule({
          kind: 'ng-pension', payee: 'ARM Pension Managers', amountMinor: 2_240_000, missing: 1,
          rows: [{ employeeId: BAYO, cells: { name: 'Bayo Ade' }, missing: ['RSA PIN'] }],
        })] })
        : filing({ month: c.url.pathname.slice(-7), runStatus: null }))),
      on('GET', /^\/payroll\/annual-returns\/\d{4}$/, () => ok({ year: 2026, months: [], returns: [] })),
    );
    renderWithApp(<TaxFilingPage />);
    const paye = await screen.findByTestId('schedule-ng-paye-Lagos');
    expect(within(paye).getByRole('heading', { name: 'PAYE, Lagos' })).toBeInTheDocument();
    expect(paye).toHaveTextContent('75,000.00');
    const pension = screen.getByTestId('schedule-ng-pension-ARM Pension Managers');
    expect(pension).toHaveTextContent('1 employee lacks an identifier the authority needs');
    expect(within(pension).getByRole('link', { name: 'Bayo Ade' })).toHaveAttribute('href', `/employee-detail?id=${BAYO}`);
    expect(pension).toHaveTextContent('Bayo Ade: RSA PIN');
    expect(within(pension).getByRole('button', { name: 'Excel' })).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('2026-01');
    expect(await screen.findByText('No approved run in 2026')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.pathname.endsWith('/annual-returns/2026'))).toBe(true);
    await userEvent.click(within(paye).getByRole('button', { name: 'Show the rows' }));
    expect(await within(paye).findByText('Ada Obi')).toBeInTheDocument();
  });

  it('says to approve a draft run first and shows no figures', async () => {
    setSessionUser(OWNER);
    mockFetch(
      on('GET', /^\/payroll\/tax-filing\//, () => ok(filing({ runStatus: 'draft', latestApprovedMonth: null }))),
      on('GET', /^\/payroll\/annual-returns\//, () => ok({ year: 2026, months: [], returns: [] })),
    );
    renderWithApp(<TaxFilingPage />);
    expect(await screen.findByText(/is still a draft\. Approve it first/)).toBeInTheDocument();
    expect(screen.queryByTestId(/^schedule-/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Go to Salary' })[0]).toHaveAttribute('href', '/salary');
  });

  it('asks the owner to answer the ITF question on the business profile', async () => {
    setSessionUser(OWNER);
    mockFetch(
      on('GET', /^\/payroll\/tax-filing\//, () => ok(filing({ isItfLiable: null, schedules: [schedule({})] }))),
      on('GET', /^\/payroll\/annual-returns\//, () => ok({ year: 2026, months: [], returns: [] })),
    );
    renderWithApp(<TaxFilingPage />);
    expect(await screen.findByText(/Does the business pay ITF/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the business profile' })).toHaveAttribute('href', '/profile');
  });
});
