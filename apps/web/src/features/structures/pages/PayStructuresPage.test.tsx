import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPayStructure, TRecurringItem } from '@bizdesk/contract';
import { i18n } from '../../../shared/i18n/index.ts';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { mockFetch, OWNER, ok, on } from '../../employees/testApi.ts';
import { setSessionUser } from '../../../shared/session.ts';
import { PayStructuresPage } from './PayStructuresPage.tsx';
import { EmployeeStructureSection } from '../components/EmployeeStructureSection.tsx';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces(['structures', 'pay']);
  setSessionUser(OWNER);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const S1 = '11111111-1111-4111-8111-111111111111';
const E1 = '44444444-4444-4444-8444-444444444444';
const meal: TRecurringItem = {
  _id: '22222222-2222-4222-8222-222222222222', structureId: S1, employeeId: null, name: 'Meal allowance', kind: 'earning', amountMinor: null, percent: 10, base: 'basic',
  fromMonth: '2026-03', toMonth: '2026-05', isTaxable: true, isPensionable: false, isPreTax: false,
};
const company: TPayStructure = { _id: S1, name: 'Company', country: 'NG', split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', isDefault: true, employees: 3, items: [meal] };

describe('PayStructuresPage', () => {
  it('lists each structure with its split, pension base, default mark and recurring items', async () => {
    mockFetch(on('GET', '/payroll/structures', () => ok([company])));
    renderWithApp(<PayStructuresPage />);
    const card = await screen.findByTestId('pay-structure');
    expect(card).toHaveTextContent('Basic 40%, housing 20%, transport 10%');
    expect(card).toHaveTextContent('Pension on: Basic + housing + transport');
    expect(within(card).getByText('Default')).toBeInTheDocument();
    expect(card).toHaveTextContent('Meal allowance: 10% of Basic');
    expect(card).toHaveTextContent('2026-03 to 2026-05');
    expect(card).toHaveTextContent('3 employees assigned, and everyone without a structure');
  });

  it('says how to start when there is none, and creates the default with the split', async () => {
    const api = mockFetch(on('GET', '/payroll/structures', () => ok([])), on('POST', '/payroll/structures', () => ok(company, { message: 'Pay structure created' }, 201)));
    renderWithApp(<PayStructuresPage />);
    expect(await screen.findByText('No pay structures yet')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'New structure' })[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Company');
    await userEvent.type(within(dialog).getByLabelText('Basic'), '40');
    await userEvent.type(within(dialog).getByLabelText('Housing'), '20');
    await userEvent.type(within(dialog).getByLabelText('Transport'), '10');
    await userEvent.click(within(dialog).getByLabelText(/Business default/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save structure' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(api.calls.find((c) => c.method === 'POST')!.body))).toEqual({ name: 'Company', split: { basic: '40', housing: '20', transport: '10' }, pensionBase: null, isDefault: true });
  });

  it('asks before deleting a structure', async () => {
    const api = mockFetch(on('GET', '/payroll/structures', () => ok([company])), on('DELETE', `/payroll/structures/${S1}`, () => ok({ _id: S1, employeesMoved: 3 })));
    renderWithApp(<PayStructuresPage />);
    const card = await screen.findByTestId('pay-structure');
    await userEvent.click(within(card).getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(await screen.findByText(/3 employees go back to the default structure/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('EmployeeStructureSection', () => {
  it('shows the default structure, its items and the employee\'s own union due', async () => {
    const union: TRecurringItem = { ...meal, _id: '33333333-3333-4333-8333-333333333333', structureId: null, employeeId: E1, name: 'Union dues', kind: 'deduction', amountMinor: 200_000, percent: null, fromMonth: '2026-02', toMonth: null, isTaxable: false };
    mockFetch(on('GET', `/payroll/employees/${E1}/structure`, () => ok({ employeeId: E1, structure: { _id: S1, name: 'Company', split: company.split, pensionBase: company.pensionBase, isDefault: true }, isAssigned: false, structureItems: [meal], items: [union] })));
    renderWithApp(<EmployeeStructureSection employeeId={E1} />);
    const section = await screen.findByTestId('employee-structure');
    expect(section).toHaveTextContent('Structure: Company (the business default)');
    expect(section).toHaveTextContent('Meal allowance');
    expect(section).toHaveTextContent(/Union dues: − ₦2,000\.00|Union dues: − NGN/);
    expect(section).toHaveTextContent('from 2026-02');
    expect(within(section).getByRole('button', { name: 'End Union dues' })).toBeInTheDocument();
  });
});
