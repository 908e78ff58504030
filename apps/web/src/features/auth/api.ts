import { MSG, type TInvitationPreview, type TLogin, type TRegister, type TUser } from '@bizdesk/contract';
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

/** POST /auth/login: stores the token under jwtToken and sets the user (spec 01 §4–§5). */
export const login = async (input: TLogin): Promise<TUser> => {
  const res = (await apiRequest<TUser>('/auth/login', { method: 'POST', body: input, auth: false })) as TLoginResponse;
  if (!res.token) throw new Error(MSG.tokenMissingInResponse);
  return startSession(res.token, res.data);
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
