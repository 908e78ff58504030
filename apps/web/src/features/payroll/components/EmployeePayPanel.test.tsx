import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TPaySettings } from '@bizdesk/contract';
import { i18n } from '../../../shared/i18n/index.ts';
import { setSessionUser } from '../../../shared/session.ts';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { mockFetch, ok, on, OWNER } from '../../employees/testApi.ts';
import { EmployeePayPanel } from './EmployeePayPanel.tsx';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('pay');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

const ID = '44444444-4444-4444-8444-444444444444';
const settings: TPaySettings = {
  employeeId: ID, employeeNumber: 'EMP-00001', name: 'Ada Obi', email: 'ada@example.ng', department: null, grossIncomeMinor: 600_000_000, split: null,
  bankName: null, bankCode: null, accountNumber: null, accountName: null, payDay: null, pensionBase: null, pensionRate: null,
  pensionFundAdministrator: 'STANBIC', stateOfResidence: 'Lagos Island', nhf: false, tin: '12345678-0001', rsaPin: null, nhfNumber: null, ghanaCardNumber: null, ssnitNumber: null,
  region: null, tier3Employee: 0, tier3Employer: 0, pensionFundAdministratorName: 'Stanbic IBTC Pension Managers Limited', unlisted: ['stateOfResidence'],
  nhisMinor: 0, lifeAssuranceMinor: 0, rentMinor: 0, mortgageInterestMinor: 0,
};

describe('EmployeePayPanel: identifiers', () => {
  it('shows the Nigerian identifiers, the PFA by its licensed name, a missing one as not set and a legacy state flagged', async () => {
    setSessionUser(OWNER);
    mockFetch(
      on('GET', `/payroll/employee/${ID}`, () => ok({ settings, loans: [], grossHistory: [], items: [] })),
      on('GET', /payslips|slips/, () => ok([])),
    );
    renderWithApp(<EmployeePayPanel employeeId={ID} />);
    expect(await screen.findByTestId('pay-id-tin')).toHaveTextContent('TIN12345678-0001');
    expect(screen.getByTestId('pay-id-pensionFundAdministrator')).toHaveTextContent('Stanbic IBTC Pension Managers Limited');
    expect(screen.getByTestId('pay-id-rsaPin')).toHaveTextContent('RSA PINNot set');
    expect(screen.getByTestId('pay-id-stateOfResidence')).toHaveTextContent('“Lagos Island” is not on the list: choose from the list');
    expect(screen.queryByTestId('pay-id-ghanaCardNumber')).not.toBeInTheDocument();
  });
});

describe('EmployeePayPanel: salary history (issue 32)', () => {
  it('lists each revision with the old and new gross and the month it took effect', async () => {
    setSessionUser(OWNER);
    const grossHistory = [
      { previousMinor: 240_000_000, grossMinor: 312_000_000, effectiveDate: '2026-09-01', changedAt: '2026-11-10T09:00:00.000Z' },
      { previousMinor: null, grossMinor: 240_000_000, effectiveDate: '2026-01-15', changedAt: '2026-01-15T09:00:00.000Z' },
    ];
    mockFetch(
      on('GET', `/payroll/employee/${ID}`, () => ok({ settings, loans: [], grossHistory, items: [] })),
      on('GET', /payslips|slips/, () => ok([])),
    );
    renderWithApp(<EmployeePayPanel employeeId={ID} />);
    const history = await screen.findByTestId('pay-salary-history');
    expect(screen.getByRole('heading', { name: 'Salary history' })).toBeInTheDocument();
    expect(history).toHaveTextContent(/2,400,000\.00 → .*3,120,000\.00 from Sep 2026/);
    expect(history).toHaveTextContent(/2,400,000\.00 from Jan 2026/);
  });
});
