import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { fakeToken, jsonResponse } from '../test/render.tsx';

const user = { _id: 'u1', email: 'ada@acme.ng', userName: 'Ada Obi', roles: ['owner'], businessName: 'Acme Ltd', ownerEmail: 'ada@acme.ng' };
type TWindow = { __bizdeskStartRead?: { token: string; path: string; response: Promise<Response> } };
const w = window as unknown as TWindow;

/** session.ts as a new start loads it (its early read is taken only by the module's first read). */
const freshSession = async () => {
  vi.resetModules();
  return import('./session.ts');
};

afterEach(() => {
  vi.unstubAllGlobals();
  delete w.__bizdeskStartRead;
  localStorage.clear();
});

describe("the start's early read of the user (public/start-read.js)", () => {
  it('is taken by the first read for the same token: the user arrives without a second request', async () => {
    const token = fakeToken({ id: 'u1' });
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    w.__bizdeskStartRead = { token, path: '/auth/users/u1', response: Promise.resolve(jsonResponse({ success: true, data: user })) };
    const { loadSession, getSessionUser } = await freshSession();
    await expect(loadSession()).resolves.toMatchObject({ _id: 'u1', userName: 'Ada Obi' });
    expect(getSessionUser()).toMatchObject({ _id: 'u1' });
    expect(fetch).not.toHaveBeenCalled();
    expect(w.__bizdeskStartRead).toBeUndefined();
  });

  it("is answered as the entry's own read would be: a 401 ends the session", async () => {
    const token = fakeToken({ id: 'u1' });
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    vi.stubGlobal('fetch', vi.fn());
    w.__bizdeskStartRead = { token, path: '/auth/users/u1', response: Promise.resolve(jsonResponse({ success: false, message: 'Session expired' }, 401)) };
    const { loadSession } = await freshSession();
    await expect(loadSession()).resolves.toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("is never taken for another token's user, nor by a later read", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ id: 'u1' }));
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(jsonResponse({ success: true, data: user })));
    vi.stubGlobal('fetch', fetch);
    const other = fakeToken({ id: 'u2' });
    w.__bizdeskStartRead = { token: other, path: '/auth/users/u2', response: Promise.resolve(jsonResponse({ success: true, data: { ...user, _id: 'u2' } })) };
    const { loadSession, setSessionUser } = await freshSession();
    await expect(loadSession()).resolves.toMatchObject({ _id: 'u1' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toContain('/auth/users/u1');
    // One that turns up after the first read (a slow script) is left alone.
    setSessionUser(null);
    w.__bizdeskStartRead = { token: fakeToken({ id: 'u1' }), path: '/auth/users/u1', response: Promise.resolve(jsonResponse({ success: true, data: { ...user, userName: 'Stale' } })) };
    await expect(loadSession()).resolves.toMatchObject({ userName: 'Ada Obi' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
