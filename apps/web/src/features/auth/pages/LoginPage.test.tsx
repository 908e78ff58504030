import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LoginPage } from './LoginPage.tsx';
import { fakeToken, jsonResponse, setupI18n } from '../../../test/render.tsx';
import { endSession } from '../../../shared/session.ts';

beforeAll(setupI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

const start = () => {
  const router = createMemoryRouter([{ path: '/login', Component: LoginPage }, { path: '/', element: <p>dashboard</p> }], { initialEntries: ['/login'] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('LoginPage', () => {
  it('names the empty fields before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    start();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the login is refused", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, message: 'The e-mail or password is not correct', code: 'INVALID_CREDENTIALS' }, 401)));
    start();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@acme.ng');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is not correct');
  });

  it('goes to the dashboard after a successful login', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: true, message: 'Login successful', token: fakeToken({ id: 'u1' }), data: { _id: 'u1', userName: 'Ada' } })));
    const router = start();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@acme.ng');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
