import { useSyncExternalStore } from 'react';
import type { TDataAuthV2, TPortalSession } from '@bizdesk/contract';
import { apiRequest, type TEnvelope, type TRequestOptions } from '../../shared/api/client.ts';

/**
 * Portal and collection-point sessions. They are kept apart from the staff session: their tokens live in
 * sessionStorage under their own keys (this tab only, gone when it closes) and never touch `jwtToken`, so
 * signing in to the portal on a staff member's browser neither signs them out nor borrows their rights.
 */
export const PORTAL_TOKEN_KEY = 'portalToken';
export const PORTAL_SESSION_KEY = 'portalSession';
export const COLLECTOR_TOKEN_KEY = 'collectorToken';
export const COLLECTOR_SESSION_KEY = 'collectorSession';

export type TPortalKind = 'portal' | 'collector';
export type TPortalState = {
  portal: { token: string; session: TPortalSession } | null;
  collector: { token: string; session: TDataAuthV2 } | null;
  /** Set when the server refused a session's token (expired, or the code was regenerated). */
  expired: TPortalKind | null;
};

const KEYS = {
  portal: { token: PORTAL_TOKEN_KEY, session: PORTAL_SESSION_KEY },
  collector: { token: COLLECTOR_TOKEN_KEY, session: COLLECTOR_SESSION_KEY },
} as const;

const read = <T>(kind: TPortalKind): { token: string; session: T } | null => {
  try {
    const token = sessionStorage.getItem(KEYS[kind].token);
    const raw = sessionStorage.getItem(KEYS[kind].session);
    if (!token || !raw) return null;
    return { token, session: JSON.parse(raw) as T };
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
let state: TPortalState = { portal: null, collector: null, expired: null };
let loaded = false;

const load = () => {
  if (loaded) return;
  loaded = true;
  state = { portal: read<TPortalSession>('portal'), collector: read<TDataAuthV2>('collector'), expired: null };
};

const emit = () => {
  for (const listener of listeners) listener();
};

export const getPortalState = (): TPortalState => {
  load();
  return state;
};

export const startPortalSession = (token: string, session: TPortalSession) => {
  sessionStorage.setItem(PORTAL_TOKEN_KEY, token);
  sessionStorage.setItem(PORTAL_SESSION_KEY, JSON.stringify(session));
  state = { ...getPortalState(), portal: { token, session }, expired: null };
  emit();
};

export const startCollectorSession = (token: string, session: TDataAuthV2) => {
  sessionStorage.setItem(COLLECTOR_TOKEN_KEY, token);
  sessionStorage.setItem(COLLECTOR_SESSION_KEY, JSON.stringify(session));
  state = { ...getPortalState(), collector: { token, session }, expired: null };
  emit();
};

/** Ends one portal session; the staff session (jwtToken) is not touched. */
export const endPortalSession = (kind: TPortalKind, { expired = false } = {}) => {
  sessionStorage.removeItem(KEYS[kind].token);
  sessionStorage.removeItem(KEYS[kind].session);
  state = { ...getPortalState(), [kind]: null, expired: expired ? kind : null };
  emit();
};

/** Tests start from what is in sessionStorage now. */
export const resetPortalStateForTests = () => {
  loaded = false;
  state = { portal: null, collector: null, expired: null };
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const usePortalState = () => useSyncExternalStore(subscribe, getPortalState, getPortalState);

type TPortalRequest = Omit<TRequestOptions, 'auth' | 'token' | 'onTokenRejected'> & {
  /** The portal or collector token; none for the sign-in calls. */
  token?: string | null;
  /** Which session a 401 ends (an expired or revoked code). */
  kind?: TPortalKind;
};

/**
 * One API call with a portal or collector token. It never sends `jwtToken`, and a 401 ends only
 * this portal session, never the staff one.
 */
export const portalRequest = <T>(path: string, { token, kind, ...options }: TPortalRequest = {}): Promise<TEnvelope<T>> =>
  apiRequest<T>(path, { ...options, auth: false, token: token ?? null, onTokenRejected: kind ? () => endPortalSession(kind, { expired: true }) : undefined });
