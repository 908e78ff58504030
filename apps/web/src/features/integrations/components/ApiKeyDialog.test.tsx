import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { fail, mockFetch, ok, on } from '../../employees/testApi.ts';
import { ApiKeyDialog } from './ApiKeyDialog.tsx';
import { ApiKeysCard } from './ApiKeysCard.tsx';

setupScreenTests('app', 'integrations');

const SECRET = `bzk_${'A'.repeat(43)}`;
const created = (over: Record<string, unknown> = {}) => ({
  _id: '44444444-4444-4444-8444-444444444444', name: 'Accounting sync', roles: ['HR-access', 'Accounts-access'], prefix: 'bzk_AAAAAA',
  createdAt: '2026-11-26T10:00:00.000Z', expiresAt: null, lastUsedAt: null, revokedAt: null, ...over,
});

describe('ApiKeyDialog', () => {
  it('offers the module roles only, sends the chosen ones, and shows the key once with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onClose = vi.fn();
    const api = mockFetch(on('POST', '/api-keys', () => ok({ ...created(), secret: SECRET }, { message: 'API key created. Copy it now: it will not be shown again.' }, 201)));
    renderWithApp(<ApiKeyDialog open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const group = within(dialog).getByRole('group', { name: 'What the key may do' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(8); // the module roles: no owner, no Settings-access
    expect(within(group).queryByText(/Settings/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Choose at least one role')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Accounting sync');
    await userEvent.click(boxes[0]);
    await userEvent.click(boxes[2]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(JSON.parse(String(api.calls[0].body))).toEqual({ name: 'Accounting sync', roles: ['HR-access', 'Accounts-access'], expiresAt: null });
    expect(within(shown).getByTestId('one-time-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server\'s refusal and keeps the form', async () => {
    mockFetch(on('POST', '/api-keys', () => fail(400, 'expiresAt: must be in the future')));
    renderWithApp(<ApiKeyDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sync');
    await userEvent.click(within(dialog).getAllByRole('checkbox')[0]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/must be in the future/);
    expect(screen.queryByTestId('one-time-secret')).not.toBeInTheDocument();
  });
});

describe('ApiKeysCard', () => {
  it('lists keys with when they were last used, and revokes one after confirmation (phone width)', async () => {
    screenWidth(390);
    const api = mockFetch(
      on('GET', '/api-keys', () => ok([created({ lastUsedAt: '2026-11-26T11:00:00.000Z' }), created({ _id: '55555555-5555-4555-8555-555555555555', name: 'Old', revokedAt: '2026-11-20T09:00:00.000Z' })])),
      on('POST', '/api-keys/44444444-4444-4444-8444-444444444444/revoke', () => ok(created({ revokedAt: '2026-11-26T12:00:00.000Z' }), { message: 'API key revoked' })),
    );
    renderWithApp(<ApiKeysCard />);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Last used/);
    expect(rows[1]).toHaveTextContent(/Revoked/);
    expect(within(rows[1]).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke "Accounting sync"?' });
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/revoke'))).toBe(true));
  });
});
