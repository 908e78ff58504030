import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser } from '@bizdesk/contract';
import { UsersPanel } from './UsersPanel.tsx';
import { jsonResponse, renderWithApp, setupI18n } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const user = (over: Partial<TUser>): TUser =>
  ({
    _id: 'u1', userName: 'Esi Owner', email: 'esi@textiles.gh', ownerEmail: 'esi@textiles.gh', roles: ['owner'],
    createdAt: '2026-11-01T08:00:00.000Z', ...over,
  }) as TUser;
const owner = user({});
const clerk = user({ _id: 'u2', userName: 'Kojo Clerk', email: 'kojo@textiles.gh', roles: ['HR-access'] });


const renderPanel = () => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: true, message: 'ok', data: [] })));
  return renderWithApp(<UsersPanel users={[owner, clerk]} currentUser={owner} loading={false} />);
};

describe('UsersPanel', () => {
  it('on a phone shows each user as a card of its details with the row actions', async () => {
    screenWidth(390);
    renderPanel();
    const table = screen.getByRole('table', { name: 'Users' });
    const card = within(table).getAllByRole('row').find((row) => within(row).queryByText('Kojo Clerk'))!;
    expect(within(card).getByRole('cell', { name: /E-mail address.*kojo@textiles\.gh/ })).toBeInTheDocument();
    // Only the clerk's card has actions (the owner and oneself cannot be changed).
    await userEvent.click(within(card).getByRole('button', { name: 'Change roles' }));
    expect(await screen.findByRole('dialog', { name: 'Roles of Kojo Clerk' })).toBeInTheDocument();
  });

  it('on a wide screen keeps the e-mail and roles columns', () => {
    screenWidth(1280);
    renderPanel();
    const grid = screen.getByRole('grid', { name: 'Users' });
    expect(within(grid).getByRole('columnheader', { name: 'E-mail address' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Roles' })).toBeInTheDocument();
  });
});
