import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export type TTokenPayload = { id?: string; exp?: number; [claim: string]: unknown };

const decodeBase64Url = (part: string): string => {
  let base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const rest = base64.length % 4;
  if (rest === 1) throw new Error('length is not valid');
  if (rest) base64 += '='.repeat(4 - rest);
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
};

/**
 * Decodes the payload of a JWT without verifying it (the server verifies).
 * Rejects, as spec 01 §5 says, a token that is not a string, lacks a payload part or is badly encoded.
 */
export const decodeToken = (token: unknown): TTokenPayload => {
  if (typeof token !== 'string') throw new InvalidTokenError('Invalid token specified: must be a string');
  const part = token.split('.')[1];
  if (!part) throw new InvalidTokenError('Invalid token specified: missing part #2');
  let json: string;
  try {
    json = decodeBase64Url(part);
  } catch (e) {
    throw new InvalidTokenError(`Invalid token specified: invalid base64 for part #2 (${(e as Error).message})`);
  }
  try {
    const payload: unknown = JSON.parse(json);
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
    return payload as TTokenPayload;
  } catch (e) {
    throw new InvalidTokenError(`Invalid token specified: invalid json for part #2 (${(e as Error).message})`);
  }
};

/** The user id carried by a stored token, or null when the token is unusable or expired. */
export const getTokenUserId = (token: unknown, now = Date.now()): string | null => {
  try {
    const payload = decodeToken(token);
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= now) return null;
    return typeof payload.id === 'string' && payload.id ? payload.id : null;
  } catch {
    return null;
  }
};

export const getStoredToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};

export const storeToken = (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token);

export const clearStoredToken = () => localStorage.removeItem(TOKEN_STORAGE_KEY);
