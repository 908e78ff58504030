import { useSyncExternalStore } from 'react';
import { API_PREFIX, type TUser } from '@bizdesk/contract';
import { API_BASE, apiData } from './api/client.ts';
import { clearStoredToken, getStoredToken, getTokenUserId } from './api/token.ts';

/**
 * The signed-in user (spec 01 §4). Kept in a tiny external store rather than the query cache so the
 * login route does not have to load TanStack Query.
 */
type TSessionState = { user: TUser | null };

let state: TSessionState = { user: null };
const listeners = new Set<() => void>();
let pending: Promise<TUser | null> | null = null;
const clearHooks = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** What the start frame's greeting needs of the user (app/StartFrame.tsx). */
export type TStartNames = Pick<TUser, 'userName' | 'businessName'>;
const START_NAMES_KEY = 'bizdesk.startNames';

/**
 * The signed-in user's names, kept beside the token so a signed-in start greets them in its first render instead
 * of after the user's read (a round trip). Written whenever the user is read, forgotten with the token.
 */
const rememberStartNames = (user: TUser | null) => {
  try {
    if (user) localStorage.setItem(START_NAMES_KEY, JSON.stringify({ id: user._id, userName: user.userName, businessName: user.businessName }));
    else localStorage.removeItem(START_NAMES_KEY);
  } catch {
    // storage unavailable or full: the greeting waits for the user's read
  }
};

/** The names remembered for the stored token's user, or null (none kept, another user's, or no usable token). */
export const getStartNames = (): TStartNames | null => {
  try {
    const kept = JSON.parse(localStorage.getItem(START_NAMES_KEY) ?? 'null') as (TStartNames & { id?: unknown }) | null;
    const id = getTokenUserId(getStoredToken());
    if (!kept || !id || kept.id !== id || typeof kept.userName !== 'string' || typeof kept.businessName !== 'string') return null;
    return { userName: kept.userName, businessName: kept.businessName };
  } catch {
    return null;
  }
};

export const getSessionUser = () => state.user;

export const setSessionUser = (user: TUser | null) => {
  state = { user };
  rememberStartNames(user);
  emit();
};

export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Things to forget when the session ends (query cache, live streams); registered by lazy modules. */
export const onSessionCleared = (hook: () => void) => {
  clearHooks.add(hook);
  return () => {
    clearHooks.delete(hook);
  };
};

export const isAuthenticatedUser = (user: TUser | null | undefined): user is TUser => !!user && Object.keys(user).length > 0;

/** Logout (spec 01 §4): remove the token, drop the credential, empty the user. */
export const endSession = () => {
  clearStoredToken();
  pending = null;
  setSessionUser(null);
  for (const hook of clearHooks) hook();
};

type TStartRead = { token: string; path: string; response: Promise<Response> };
let startReadChecked = false;
/**
 * The user's read that public/start-read.js began while the app's code downloaded: taken by the first read of the
 * session only, and only for the same token, path and API address (a read that came later, or for another token,
 * is never used).
 */
const takeStartRead = (token: string, path: string): Promise<Response> | undefined => {
  if (startReadChecked) return undefined;
  startReadChecked = true;
  const w = window as { __bizdeskStartRead?: TStartRead };
  const early = w.__bizdeskStartRead;
  delete w.__bizdeskStartRead;
  return early && early.token === token && early.path === path && API_BASE === API_PREFIX ? early.response : undefined;
};

/**
 * Start-up (spec 01 §4): read the token, decode its id, fetch the user. Resolves null when there is no
 * usable session. Concurrent callers share one request.
 */
export const loadSession = (): Promise<TUser | null> => {
  if (state.user) return Promise.resolve(state.user);
  const token = getStoredToken();
  if (!token) return Promise.resolve(null);
  const id = getTokenUserId(token);
  if (!id) {
    endSession();
    return Promise.resolve(null);
  }
  const path = `/auth/users/${encodeURIComponent(id)}`;
  pending ??= apiData<TUser>(path, { started: takeStartRead(token, path) })
    .then((user) => {
      setSessionUser(user);
      return user;
    })
    .catch((error: unknown) => {
      const status = (error as { status?: number }).status;
      if (status === 401 || status === 403 || status === 404) {
        endSession();
        return null;
      }
      throw error;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
};

/** Re-reads the user, e.g. after a new logo. */
export const refreshSessionUser = async () => {
  const id = getTokenUserId(getStoredToken());
  if (!id) return null;
  const user = await apiData<TUser>(`/auth/users/${encodeURIComponent(id)}`);
  setSessionUser(user);
  return user;
};

export const useSession = () => {
  const user = useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser);
  return { user, isAuthenticated: isAuthenticatedUser(user) };
};

/** For screens inside the main layout, whose loader guarantees a user. */
export const useCurrentUser = (): TUser => {
  const { user } = useSession();
  if (!user) throw new Error('No signed-in user');
  return user;
};
