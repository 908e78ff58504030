import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBusinessProfile } from '@bizdesk/contract';
import { getSessionUser, setSessionUser } from '../../../shared/session.ts';
import { clearStoredToken, storeToken } from '../../../shared/api/token.ts';
import { fakeToken, renderWithApp, setupI18n } from '../../../test/render.tsx';
import { mockFetch, ok, on, OWNER } from '../../employees/testApi.ts';
import { BusinessProfileCard } from './BusinessProfileCard.tsx';

beforeAll(async () => {
  await setupI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
  clearStoredToken();
});

const profile = (over: Partial<TBusinessProfile> = {}): TBusinessProfile => ({
  _id: OWNER.businessId, name: 'Adebayo Foods Ltd', country: 'NG', currency: 'NGN', rcNumber: null, employerTin: '12345678-0001', stateOrRegion: 'Lagos',
  pencomEmployerCode: null, nsitfNumber: null, itfNumber: null, ssnitEmployerNumber: null, employerPensionRate: 10, itfLiable: 'unanswered', canEdit: true, ...over,
});

describe('BusinessProfileCard', () => {
  it('shows the details read-only to a user who is not the owner', async () => {
    setSessionUser({ ...OWNER, roles: ['HR-access'] });
    mockFetch(on('GET', '/business/profile', () => ok(profile({ canEdit: false }))));
    renderWithApp(<BusinessProfileCard />);
    expect(await screen.findByText('12345678-0001')).toBeInTheDocument();
    expect(screen.getByText('Lagos')).toBeInTheDocument();
    expect(screen.getByText('Not answered yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit business details' })).not.toBeInTheDocument();
  });

  it('lets the owner rename the business and set its numbers, refusing a bad RC number and a pension below 10% first', async () => {
    setSessionUser(OWNER);
    storeToken(fakeToken({ id: OWNER._id, exp: Math.floor(Date.now() / 1000) + 3600 }));
    const api = mockFetch(
      on('GET', '/business/profile', () => ok(profile())),
      on('PUT', '/business/profile', () => ok(profile({ name: 'Adebayo Foods Nigeria Ltd' }), { message: 'Business details saved' })),
      on('GET', `/auth/users/${OWNER._id}`, () => ok({ ...OWNER, businessName: 'Adebayo Foods Nigeria Ltd' })),
    );
    renderWithApp(<BusinessProfileCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit business details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Business details' });
    expect(within(dialog).getByText(/5 or more employees, or annual turnover of ₦50 million or more/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Business name'), { target: { value: 'Adebayo Foods Nigeria Ltd' } });
    fireEvent.change(within(dialog).getByLabelText('RC/BN number'), { target: { value: '123456' } });
    fireEvent.change(within(dialog).getByLabelText('Employer pension rate (%)'), { target: { value: '8' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write RC or BN followed by digits, such as RC123456')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be at least 10% in Nigeria (Pension Reform Act 2014)')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('RC/BN number'), { target: { value: 'RC 123456' } });
    fireEvent.change(within(dialog).getByLabelText('Employer pension rate (%)'), { target: { value: '12.5' } });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({
      name: 'Adebayo Foods Nigeria Ltd', rcNumber: 'RC 123456', employerTin: '12345678-0001', stateOrRegion: 'Lagos', employerPensionRate: '12.5',
      pencomEmployerCode: null, nsitfNumber: null, itfNumber: null, itfLiable: 'yes',
    });
    // The rename reaches the session (the top bar's business name) at once.
    await waitFor(() => expect(getSessionUser()?.businessName).toBe('Adebayo Foods Nigeria Ltd'));
  });
});
