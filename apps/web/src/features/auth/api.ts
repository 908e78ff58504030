import { MSG, type TInvitationPreview, type TLogin, type TLoginChallenge, type TRegister, type TTwoFactorSetup, type TUser } from '@bizdesk/contract';
import { apiRequest } from '../../shared/api/client.ts';
import { decodeToken, storeToken } from '../../shared/api/token.ts';
import { setSessionUser } from '../../shared/session.ts';

// The account calls are plain functions, not query hooks: these screens run before the query cache
// (and the MUI shell) is loaded, which keeps the login route small.

type TLoginResponse = { success: true; message?: string; token?: unknown; data: TUser };

/** Stores a sign-in answer's token under jwtToken and sets the user (spec 01 §4–§5). */
const startSession = (token: unknown, data: TUser): TUser => {
  const payload = decodeToken(token);
  storeToken(token as string);
  const user = { ...data, _id: data._id ?? payload.id };
  setSessionUser(user);
  return user;
};

export type TLoginResult = { user: TUser; secondStep?: undefined } | { secondStep: TLoginChallenge; message?: string; user?: undefined };

/**
 * POST /auth/login: stores the token under jwtToken and sets the user (spec 01 §4–§5). With two-factor sign-in
 * the answer has no token but a challenge for the second step (`verify`: a code; `enrol`: set it up first).
 */
export const login = async (input: TLogin): Promise<TLoginResult> => {
  const res = (await apiRequest<TUser | TLoginChallenge>('/auth/login', { method: 'POST', body: input, auth: false })) as { token?: unknown; message?: string; data: TUser | TLoginChallenge };
  if (!res.token && 'challenge' in res.data) return { secondStep: res.data, message: res.message };
  if (!res.token) throw new Error(MSG.tokenMissingInResponse);
  return { user: startSession(res.token, res.data as TUser) };
};

/** POST /auth/login/two-factor: the second step, with a code from the authenticator app or a recovery code. */
export const loginWithCode = async (challenge: string, code: string): Promise<TUser> => {
  const res = (await apiRequest<TUser>('/auth/login/two-factor', { method: 'POST', body: { challenge, code }, auth: false })) as TLoginResponse;
  if (!res.token) throw new Error(MSG.tokenMissingInResponse);
  return startSession(res.token, res.data);
};

/** POST /auth/login/two-factor/setup: a new authenticator key when the business requires one before the first session. */
export const loginTwoFactorSetup = async (challenge: string) =>
  (await apiRequest<TTwoFactorSetup>('/auth/login/two-factor/setup', { method: 'POST', body: { challenge }, auth: false })).data;

/** POST /auth/login/two-factor/enable: the first code turns it on and signs in; the recovery codes come once. */
export const loginTwoFactorEnable = async (challenge: string, code: string) => {
  const res = (await apiRequest<TUser>('/auth/login/two-factor/enable', { method: 'POST', body: { challenge, code }, auth: false })) as TLoginResponse & { recoveryCodes?: string[] };
  if (!res.token) throw new Error(MSG.tokenMissingInResponse);
  return { user: startSession(res.token, res.data), recoveryCodes: res.recoveryCodes ?? [] };
};

/** GET /auth/invitation/{token}: the business and address an e-mailed invitation is for (issue 10). */
export const fetchInvitation = async (token: string) =>
  (await apiRequest<TInvitationPreview>(`/auth/invitation/${encodeURIComponent(token)}`, { auth: false })).data;

/**
 * POST /auth/invitation/{token}/accept: creates the account and signs in when the answer carries a token
 * (it does not while the business's sign-in is paused); `signedIn` says which.
 */
export const acceptInvitation = async (token: string, password: string) => {
  const res = (await apiRequest<TUser>(`/auth/invitation/${encodeURIComponent(token)}/accept`, { method: 'POST', body: { password }, auth: false })) as TLoginResponse;
  if (res.token) startSession(res.token, res.data);
  return { signedIn: !!res.token, message: res.message };
};

export const register = async (input: TRegister) => apiRequest<TUser>('/auth/register', { method: 'POST', body: input, auth: false });

/** The check-your-inbox page's "send it again" (same answer whatever the address). */
export const resendConfirmation = async (email: string) => apiRequest<unknown>('/auth/resend-confirmation', { method: 'POST', body: { email }, auth: false });

export const forgotPassword = async (email: string) => apiRequest<unknown>('/auth/forgotpassword', { method: 'POST', body: { email }, auth: false });

export const resetPassword = async (id: string, token: string, password: string) =>
  apiRequest<unknown>(`/auth/resetpassword/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, { method: 'PUT', body: { password }, auth: false });

const confirmations = new Map<string, ReturnType<typeof apiRequest<unknown>>>();

/** PUT /auth/confirm-email/{token}. The link is single-use, so a repeated render must not call twice. */
export const confirmEmail = (code: string) => {
  let call = confirmations.get(code);
  if (!call) {
    call = apiRequest<unknown>(`/auth/confirm-email/${encodeURIComponent(code)}`, { method: 'PUT', auth: false });
    confirmations.set(code, call);
  }
  return call;
};
