import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type TInvitation } from '@bizdesk/contract';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { jsonResponse, renderWithApp, setupI18n } from '../../../test/render.tsx';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const invitation = (over: Partial<TInvitation>): TInvitation => ({
  _id: 'i1', userName: 'Abena Mensah', email: 'abena@textiles.gh', roles: ['HR-access'], status: 'pending',
  sentAt: '2026-11-23T08:00:00.000Z', expiresAt: '2026-11-30T08:00:00.000Z', invitedBy: 'Esi Owner', createdAt: '2026-11-23T08:00:00.000Z', ...over,
});

describe('InvitationsPanel', () => {
  it('shows each invitation with its status, and an expired one says to resend it', () => {
    renderWithApp(<InvitationsPanel invitations={[invitation({}), invitation({ _id: 'i2', userName: 'Kojo', email: 'kojo@textiles.gh', status: 'expired' })]} />);
    const items = within(screen.getByRole('list', { name: 'Pending invitations' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Pending')).toBeInTheDocument();
    expect(within(items[0]).getByText(/Sent .* by Esi Owner/)).toBeInTheDocument();
    expect(within(items[1]).getByText('Expired')).toBeInTheDocument();
    expect(within(items[1]).getByText(/resend it to give them 7 more days/)).toBeInTheDocument();
  });

  it('shows nothing when no invitation is open', () => {
    renderWithApp(<InvitationsPanel invitations={[]} />);
    expect(screen.queryByText('Pending invitations')).not.toBeInTheDocument();
  });

  it('resends at once, and revokes only after the confirmation', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ success: true, message: MSG.invitationResent, data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<InvitationsPanel invitations={[invitation({})]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend the invitation to abena@textiles.gh' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/v1\/auth\/invitations\/i1\/resend$/);
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');

    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of abena@textiles.gh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation of Abena Mensah?' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1][0])).toMatch(/\/api\/v1\/auth\/invitations\/i1$/);
    expect(fetchMock.mock.calls[1][1]?.method).toBe('DELETE');
  });
});
