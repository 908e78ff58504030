import { API_PREFIX } from '@bizdesk/contract';
import { AbortedError, BadRequestError, BadResponseError, NetworkError, TimeoutError, type TErrorResponse } from './errors.ts';
import { getStoredToken } from './token.ts';

/** The base comes from configuration (VITE_API_URL) with the same-origin prefix as the built-in fallback. */
export const API_BASE = ((import.meta.env.VITE_API_URL as string | undefined) || API_PREFIX).replace(/\/$/, '');

export type TEnvelope<T> = { success: true; message?: string; data: T; token?: string };

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /** Send this bearer token instead of the stored one (the portal's own sessions). */
  token?: string | null;
  /** What a 401 on a request that carried `token` does (the stored token's 401 ends the staff session). */
  onTokenRejected?: () => void;
  query?: Record<string, string | number | undefined>;
  /** The answer of this same request, already asked for (the start's early read of the user, public/start-read.js). */
  started?: Promise<Response>;
};

let onUnauthorized: (() => void) | null = null;

/** Registered once by the app: a 401 on a request that carried a token ends the session. */
export const setUnauthorizedHandler = (handler: (() => void) | null) => {
  onUnauthorized = handler;
};

export const apiUrl = (path: string, query?: TRequestOptions['query']) => {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

export const authHeaders = (): Record<string, string> => {
  const token = getStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
};

/** One HTTP call to the API; resolves with the success envelope, rejects with a transport error class. */
export const apiRequest = async <T = unknown>(path: string, options: TRequestOptions = {}): Promise<TEnvelope<T>> => {
  const { method = 'GET', body, form, signal, auth = true, query, token, onTokenRejected, started } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const sentToken = token ? { Authorization: `Bearer ${token}` } : auth && token === undefined ? authHeaders() : {};
  Object.assign(headers, sentToken);
  let payload: BodyInit | undefined;
  if (form) payload = form;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await (started ?? fetch(apiUrl(path, query), { method, headers, body: payload, signal }));
  } catch (e) {
    const name = (e as { name?: string } | null)?.name;
    if (name === 'AbortError') throw new AbortedError();
    if (name === 'TimeoutError') throw new TimeoutError();
    throw new NetworkError();
  }
  const data = await readBody(res);
  if (res.ok) return (data ?? { success: true, data: undefined }) as TEnvelope<T>;
  const response: TErrorResponse = { status: res.status, data: data as TErrorResponse['data'] };
  if (res.status === 401 && sentToken.Authorization) (token ? onTokenRejected : onUnauthorized)?.();
  if (res.status >= 400 && res.status < 500) throw new BadRequestError(response);
  throw new BadResponseError(response);
};

/** The `data` of a successful call. */
export const apiData = async <T>(path: string, options?: TRequestOptions): Promise<T> => (await apiRequest<T>(path, options)).data;
