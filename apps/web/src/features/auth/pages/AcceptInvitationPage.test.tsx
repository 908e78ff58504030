import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG, TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { AcceptInvitationPage } from './AcceptInvitationPage.tsx';
import { fakeToken, jsonResponse, setupI18n } from '../../../test/render.tsx';

beforeAll(setupI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const USER = { _id: 'u1', email: 'abena@textiles.gh', userName: 'Abena', roles: ['HR-access'], businessId: 'b1', businessName: 'Esi Textiles', ownerEmail: 'esi@textiles.gh', imagePath: null, country: 'GH', currency: 'GHS', timeZone: 'Africa/Accra', emailConfirmed: true, createdAt: '2026-11-23T08:00:00.000Z' };
const PREVIEW = { success: true, data: { email: 'abena@textiles.gh', userName: 'Abena', businessName: 'Esi Textiles', expiresAt: '2026-11-30T08:00:00.000Z' } };

const open = () => {
  const router = createMemoryRouter([{ path: '/accept-invitation/:token', Component: AcceptInvitationPage }, { path: '/', element: <p>dashboard</p> }, { path: '/login', element: <p>login</p> }], {
    initialEntries: ['/accept-invitation/tok123'],
  });
  render(<RouterProvider router={router} />);
  return router;
};

describe('AcceptInvitationPage', () => {
  it('shows the business and address, then signs in with the chosen password', async () => {
    const token = fakeToken({ id: 'u1', bid: 'b1', roles: ['HR-access'], exp: Math.floor(Date.now() / 1000) + 3600 });
    const fetchMock = vi.fn(async (url: string) => (String(url).endsWith('/accept') ? jsonResponse({ success: true, message: MSG.invitationAccepted, token, data: USER }, 201) : jsonResponse(PREVIEW)));
    vi.stubGlobal('fetch', fetchMock);
    const router = open();
    await screen.findByRole('heading', { name: 'Join Esi Textiles on Bizdesk' });
    expect(screen.getByText('You were invited as abena@textiles.gh. Choose your password to finish.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Choose a password'), 'kente loom river 7');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'kente loom river 7');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    const [, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ password: 'kente loom river 7' });
  });

  it('refuses two different passwords before asking the server', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(PREVIEW));
    vi.stubGlobal('fetch', fetchMock);
    open();
    await userEvent.type(await screen.findByLabelText('Choose a password'), 'kente loom river 7');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'kente loom river 8');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says why a used or expired link cannot be used, with the way to sign in", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, code: 'INVALID_TOKEN', message: MSG.invitationExpired }, 410)));
    open();
    expect(await screen.findByText(MSG.invitationExpired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This invitation cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });
});
