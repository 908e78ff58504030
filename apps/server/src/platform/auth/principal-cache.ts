import type { DbOrTx } from '../../db/client.ts';
import type { TEvents } from '../events/events.ts';
import type { TUserAuth } from './guard.ts';

/** The event every instance hears when a user's roles, password, session or existence changed. */
export const PRINCIPAL_CHANGED = 'auth.principal-changed';

export type TPrincipalCache = {
  /** The caller a token names, if loaded within the last `ttlMs` at the token's version. */
  get: (businessId: string, userId: string, ver: number) => TUserAuth | undefined;
  /** Taken before reading the user from the database; `set` keeps nothing if a change was heard since. */
  mark: () => number;
  set: (businessId: string, userId: string, ver: number, auth: TUserAuth, mark: number) => void;
  /**
   * Call after writing a change to a user that a token check depends on (roles, token version,
   * deletion), on the connection or transaction that wrote it, and `forget` once it committed (a
   * request in between may have read the old row). Every other instance forgets the user when the
   * event arrives, after the commit.
   */
  changed: (tx: DbOrTx, businessId: string, userId: string) => Promise<void>;
  /** This instance forgets the user; call after the transaction that called `changed` committed. */
  forget: (userId: string) => void;
  size: () => number;
};

/**
 * Who a token's user is, kept in memory for a short while, so a request does not look the user up
 * again on every call. Kept exact by invalidation (PRINCIPAL_CHANGED through the events channel, so
 * every instance hears it), and bounded in age (ttlMs) and number (max) as a safety net.
 */
export const createPrincipalCache = (events: TEvents, opts: { ttlMs?: number; max?: number } = {}): TPrincipalCache => {
  const ttlMs = opts.ttlMs ?? 30_000;
  const max = opts.max ?? 10_000;
  const entries = new Map<string, { ver: number; auth: TUserAuth; until: number }>();
  // Bumped by every change heard: a read that started before a change must not store what it read.
  let epoch = 0;
  const forget = (userId: string) => {
    epoch += 1;
    entries.delete(userId);
  };
  events.subscribeAll((e) => {
    if (e.type === PRINCIPAL_CHANGED) forget(e.id);
  });
  // The events channel was away for a while: any change in between went unheard, so nothing kept is trusted.
  events.onResume(() => {
    epoch += 1;
    entries.clear();
  });
  return {
    get: (businessId, userId, ver) => {
      const hit = entries.get(userId);
      if (!hit) return undefined;
      if (hit.until < Date.now() || hit.ver !== ver || hit.auth.businessId !== businessId) return undefined;
      return hit.auth;
    },
    mark: () => epoch,
    set: (_businessId, userId, ver, auth, mark) => {
      if (mark !== epoch) return;
      entries.delete(userId);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(userId, { ver, auth, until: Date.now() + ttlMs });
    },
    changed: async (tx, businessId, userId) => {
      forget(userId);
      await events.publish(tx, { businessId, type: PRINCIPAL_CHANGED, id: userId });
    },
    forget,
    size: () => entries.size,
  };
};
