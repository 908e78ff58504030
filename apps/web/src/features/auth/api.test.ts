import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { login } from './api.ts';
import { endSession, getSessionUser, getStartNames } from '../../shared/session.ts';
import { fakeToken, jsonResponse } from '../../test/render.tsx';

const user = { _id: 'u1', email: 'ada@acme.ng', userName: 'Ada Obi', roles: ['owner'], businessName: 'Acme Ltd', ownerEmail: 'ada@acme.ng' };

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

describe('login (spec 01 §4–§5)', () => {
  it('stores the token under jwtToken and sets the user', async () => {
    const token = fakeToken({ id: 'u1' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, message: 'Login successful', token, data: user })));
    await login({ email: 'ada@acme.ng', password: 'secret123' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(getSessionUser()).toMatchObject({ _id: 'u1', businessName: 'Acme Ltd' });
  });

  it("fails with 'Token is not available in the response data.' when the answer has no token", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, message: 'Login successful', data: user })));
    await expect(login({ email: 'ada@acme.ng', password: 'secret123' })).rejects.toThrow(MSG.tokenMissingInResponse);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getSessionUser()).toBeNull();
  });

  it('refuses a token it cannot decode and stores nothing', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, token: 'not-a-jwt', data: user })));
    await expect(login({ email: 'ada@acme.ng', password: 'secret123' })).rejects.toThrow(/missing part #2/);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("keeps the user's names for the next start's greeting, for this token's user only, and forgets them at logout", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, token: fakeToken({ id: 'u1' }), data: user })));
    await login({ email: 'ada@acme.ng', password: 'secret123' });
    expect(getStartNames()).toEqual({ userName: 'Ada Obi', businessName: 'Acme Ltd' });
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ id: 'u2' }));
    expect(getStartNames()).toBeNull();
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ id: 'u1' }));
    endSession();
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ id: 'u1' }));
    expect(getStartNames()).toBeNull();
  });

  it('logout removes the token and empties the user', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, token: fakeToken({ id: 'u1' }), data: user })));
    await login({ email: 'ada@acme.ng', password: 'secret123' });
    endSession();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getSessionUser()).toBeNull();
  });
});
