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

  it('asks for the authenticator code when the server says a second step is due, and signs in with it', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (String(url).endsWith('/auth/login')) return jsonResponse({ success: true, message: 'Enter the code from your authenticator app', data: { twoFactor: 'verify', challenge: 'challenge-123' } });
      if ((calls.at(-1)?.body as { code?: string }).code === '111111') return jsonResponse({ success: false, message: 'The code is not correct or was already used', code: 'VALIDATION' }, 400);
      return jsonResponse({ success: true, message: 'Login successful', token: fakeToken({ id: 'u1' }), data: { _id: 'u1', userName: 'Ada' } });
    }));
    const router = start();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@acme.ng');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // no session yet: the code step
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(/recovery codes instead/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not correct or was already used');
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.at(-1)).toMatchObject({ body: { challenge: 'challenge-123', code: '123456' } });
    expect(calls.at(-1)!.url).toMatch(/\/auth\/login\/two-factor$/);
  });

  it('walks a user whose business requires it through enrolment, then shows the recovery codes once', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const u = String(url);
      if (u.endsWith('/auth/login')) return jsonResponse({ success: true, message: 'set it up', data: { twoFactor: 'enrol', challenge: 'challenge-456' } });
      if (u.endsWith('/two-factor/setup')) return jsonResponse({ success: true, data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Bizdesk:ada?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' } });
      return jsonResponse({ success: true, message: 'on', token: fakeToken({ id: 'u1' }), data: { _id: 'u1', userName: 'Ada' }, recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] });
    }));
    const router = start();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@acme.ng');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('AAAAA-BBBBB');
    expect(router.state.location.pathname).toBe('/login');
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
