import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPaySettings } from '@bizdesk/contract';
import { i18n } from '../../../shared/i18n/index.ts';
import { setSessionUser } from '../../../shared/session.ts';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { mockFetch, ok, on, OWNER } from '../../employees/testApi.ts';
import { PaySettingsDialog } from './PayDialogs.tsx';

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
const settings = (over: Partial<TPaySettings> = {}): TPaySettings => ({
  employeeId: ID, employeeNumber: 'EMP-00001', name: 'Ada Obi', email: 'ada@example.ng', department: null, grossIncomeMinor: 600_000_000, split: null,
  bankName: null, bankCode: null, accountNumber: null, accountName: null, payDay: null, pensionBase: null, pensionRate: null,
  pensionFundAdministrator: null, stateOfResidence: null, nhf: false, tin: null, rsaPin: null, nhfNumber: null, ghanaCardNumber: null, ssnitNumber: null,
  region: null, tier3Employee: 0, tier3Employer: 0, pensionFundAdministratorName: null, unlisted: [],
  nhisMinor: 0, lifeAssuranceMinor: 0, rentMinor: 0, mortgageInterestMinor: 0, ...over,
});
const open = (s: TPaySettings, country = 'NG') => {
  setSessionUser({ ...OWNER, country, currency: country === 'GH' ? 'GHS' : 'NGN' });
  const onClose = vi.fn();
  renderWithApp(<PaySettingsDialog open title="Pay settings" settings={s} employeeIds={[ID]} currency={country === 'GH' ? 'GHS' : 'NGN'} onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'Pay settings' }), onClose };
};

describe('PaySettingsDialog: statutory identifiers', () => {
  it('offers the Nigerian identifiers, refuses a bad RSA PIN before sending, and sends them normalised', async () => {
    const api = mockFetch(on('PUT', `/employee/payment-settings/${ID}`, () => ok(settings())));
    const { dialog, onClose } = open(settings());
    expect(within(dialog).queryByLabelText('Ghana Card number')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('TIN'), { target: { value: '12345678 0001' } });
    fireEvent.change(within(dialog).getByLabelText('RSA PIN'), { target: { value: 'PEN123' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('“PEN123” is not an RSA PIN: write PEN and 12 digits')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('RSA PIN'), { target: { value: 'pen100012345678' } });
    await userEvent.type(within(dialog).getByLabelText('Pension fund administrator (PFA)'), 'stanbic');
    await userEvent.click(await screen.findByRole('option', { name: 'Stanbic IBTC Pension Managers Limited' }));
    await userEvent.click(within(dialog).getByLabelText('State of residence'));
    await userEvent.click(await screen.findByRole('option', { name: 'Ogun' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(api.calls[0]!.body))).toEqual({ tin: '12345678-0001', rsaPin: 'PEN100012345678', pensionFundAdministrator: 'STANBIC', stateOfResidence: 'Ogun' });
  });

  it('shows a PFA or state typed before the lists as not on the list', () => {
    mockFetch();
    const { dialog } = open(settings({ pensionFundAdministrator: 'Old Mutual Pensions', stateOfResidence: 'Lagos Island', unlisted: ['pensionFundAdministrator', 'stateOfResidence'] }));
    expect(within(dialog).getByText('“Old Mutual Pensions” is not on the list: choose from the list')).toBeInTheDocument();
    expect(within(dialog).getByText('“Lagos Island” is not on the list: choose from the list')).toBeInTheDocument();
    expect(within(dialog).getByText('Lagos Island (not on the list)')).toBeInTheDocument();
  });

  it('offers the Ghanaian identifiers and tier 3 rates for a business in Ghana', async () => {
    const api = mockFetch(on('PUT', `/employee/payment-settings/${ID}`, () => ok(settings())));
    const { dialog, onClose } = open(settings(), 'GH');
    expect(within(dialog).queryByLabelText('RSA PIN')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Pension fund administrator (PFA)')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Ghana Card number'), { target: { value: 'gha 123456789 0' } });
    fireEvent.change(within(dialog).getByLabelText('SSNIT number'), { target: { value: 'C017605040026' } });
    await userEvent.click(within(dialog).getByLabelText('Region'));
    await userEvent.click(await screen.findByRole('option', { name: 'Greater Accra' }));
    fireEvent.change(within(dialog).getByLabelText('Tier 3, employee (% of basic)'), { target: { value: '5' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(api.calls[0]!.body))).toEqual({ ghanaCardNumber: 'GHA-123456789-0', ssnitNumber: 'C017605040026', region: 'Greater Accra', tier3Employee: '5' });
  });
});

describe('PaySettingsDialog: salary revision (issue 32)', () => {
  it('offers this month as the effective month of a new gross and sends the month chosen', async () => {
    const api = mockFetch(on('PUT', `/employee/payment-settings/${ID}`, () => ok(settings())));
    const { dialog, onClose } = open(settings());
    const month = within(dialog).getByLabelText('Effective from');
    expect((month as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}$/);
    fireEvent.change(within(dialog).getByLabelText('Annual gross'), { target: { value: '7,200,000' } });
    fireEvent.change(month, { target: { value: '2026-09' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(api.calls[0]!.body))).toEqual({ grossIncome: '7200000', grossEffectiveMonth: '2026-09' });
  });
});
