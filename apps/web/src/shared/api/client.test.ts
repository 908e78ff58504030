import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { apiRequest, setUnauthorizedHandler } from './client.ts';
import { AbortedError, BadRequestError, BadResponseError, NetworkError, errorMessage } from './errors.ts';
import { jsonResponse } from '../../test/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('API client', () => {
  it('sends the stored jwtToken as a bearer credential and JSON bodies', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc.def.ghi');
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ success: true, data: { ok: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    const res = await apiRequest('/auth/users/1', { method: 'POST', body: { a: 1 } });
    expect(res.data).toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/users/1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no credential when there is no token', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ success: true, data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/health');
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).not.toHaveProperty('Authorization');
  });

  it('sends a given token instead of the stored one, and its 401 goes to its own handler', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'staff.token.value');
    const staffSessionEnded = vi.fn();
    const portalSessionEnded = vi.fn();
    setUnauthorizedHandler(staffSessionEnded);
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'Your session has expired. Please log in again.', code: 'UNAUTHENTICATED' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/employee/detail/1', { auth: false, token: 'portal.token.value', onTokenRejected: portalSessionEnded })).rejects.toBeInstanceOf(BadRequestError);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer portal.token.value' });
    expect(portalSessionEnded).toHaveBeenCalledTimes(1);
    expect(staffSessionEnded).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('staff.token.value');
  });

  it('raises the transport error class of the failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'These dates overlap', code: 'CONFLICT' }, 409)));
    await expect(apiRequest('/x')).rejects.toBeInstanceOf(BadRequestError);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'An unknown error occurred', code: 'INTERNAL' }, 500)));
    await expect(apiRequest('/x')).rejects.toBeInstanceOf(BadResponseError);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/x')).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(apiRequest('/x')).rejects.toBeInstanceOf(AbortedError);
  });

  it('ends the session on a 401 only when a token was sent', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', vi.fn().mockImplementation(async () => jsonResponse({ success: false, message: 'no', code: 'UNAUTHORIZED' }, 401)));
    await expect(apiRequest('/auth/login', { auth: false })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a.b.c');
    await expect(apiRequest('/auth/users/1')).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('error display rule (spec 01 §8)', () => {
  it('prefers the server message, then the error message, then the error text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'The e-mail or password is not correct', code: 'X' }, 401)));
    const fromServer = await apiRequest('/auth/login', { auth: false }).catch((e: unknown) => e);
    expect(errorMessage(fromServer)).toBe('The e-mail or password is not correct');
    expect(errorMessage(new Error('plain message'))).toBe('plain message');
    expect(errorMessage('just text')).toBe('just text');
    expect(errorMessage({ response: { status: 400, data: {} }, message: 'Request failed' })).toBe('Request failed');
    expect(errorMessage(null)).toBe('null');
  });
});
