import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TUser } from '@bizdesk/contract';
import { AccountMenu } from './AccountMenu.tsx';
import { renderWithApp, setupI18n } from '../../test/render.tsx';

const user = (imagePath: string | null): TUser =>
  ({
    _id: 'u1',
    email: 'ada@acme.ng',
    userName: 'Ada Obi',
    roles: ['owner'],
    businessId: 'b1',
    businessName: 'Acme Ltd',
    ownerEmail: 'ada@acme.ng',
    imagePath,
    country: 'NG',
    currency: 'NGN',
    timeZone: 'Africa/Lagos',
    emailConfirmed: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  }) as TUser;

beforeAll(setupI18n);

describe('the account button (top bar)', () => {
  it('shows the initials, and names the button by them first', () => {
    renderWithApp(<AccountMenu user={user(null)} />);
    expect(screen.getByTestId('account-avatar')).toHaveTextContent('AO');
    expect(screen.getByRole('button', { name: /^AO, / })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it("shows the person after a logo upload: the logo is the business's, not the avatar (issue 30)", () => {
    renderWithApp(<AccountMenu user={user('/uploads/logo-ada.png')} />);
    expect(screen.getByTestId('account-avatar').querySelector('img')).toBeNull();
    expect(screen.getByTestId('account-avatar')).toHaveTextContent('AO');
    expect(screen.getByRole('button', { name: /^AO, / })).toBeInTheDocument();
  });
});
