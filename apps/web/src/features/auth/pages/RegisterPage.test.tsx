import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG } from '@bizdesk/contract';
import { RegisterPage } from './RegisterPage.tsx';
import { jsonResponse, setupI18n } from '../../../test/render.tsx';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const fillAndSubmit = async (password: string) => {
  const router = createMemoryRouter([{ path: '/register', Component: RegisterPage }, { path: '/home', element: <p>home</p> }, { path: '/check-inbox', element: <p>inbox</p> }], { initialEntries: ['/register'] });
  render(<RouterProvider router={router} />);
  await userEvent.type(screen.getByLabelText('Business name'), 'Okonkwo Ventures');
  await userEvent.type(screen.getByLabelText('Your name'), 'Chidi Okonkwo');
  await userEvent.type(screen.getByLabelText('E-mail address'), 'chidi@okonkwo.ng');
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  return router;
};

describe('RegisterPage', () => {
  it("shows why the server refused the password, on the password field", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, code: 'VALIDATION', message: MSG.passwordTooCommon, details: [{ field: 'body.password', message: MSG.passwordTooCommon }] }, 400)));
    await fillAndSubmit('password1');
    expect(await screen.findAllByText(MSG.passwordTooCommon)).not.toHaveLength(0);
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes to the check-your-inbox page with the address after registering (issue 10)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: true, message: MSG.registered, data: null }, 201)));
    const router = await fillAndSubmit('mango season 44');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/check-inbox'));
    expect(new URLSearchParams(router.state.location.search).get('email')).toMatch(/@/);
  });
});
