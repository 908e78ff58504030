import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, MSG, type TApiKey, type TApiKeyCreate, type TApiKeyCreated } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { countAttempt } from '../../platform/http/rate-limit.ts';
import * as repo from './integrations.repo.ts';

/**
 * SHA-256, not scrypt: a key is 32 random bytes (256 bits), so no guessing attack on a stolen hash can succeed, and a
 * slow hash would cost every request that carries the key. (A password is short and chosen by a person; it needs scrypt.)
 */
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toApiKey = (r: repo.TApiKeyRow): TApiKey => ({
  _id: r.id, name: r.name, roles: r.roles, prefix: r.prefix, createdAt: r.createdAt.toISOString(),
  expiresAt: iso(r.expiresAt), lastUsedAt: iso(r.lastUsedAt), revokedAt: iso(r.revokedAt),
});

/** Keys' hashes this instance has resolved, to their id and expiry (a hash always names the same key). */
const KNOWN_MAX = 10_000;
const TOUCH_EVERY_MS = 60_000;

export const createApiKeysService = (deps: TDeps) => {
  const { db } = deps;
  const known = new Map<string, { id: string; businessId: string; expiresAt: number | null }>();
  const touched = new Map<string, number>();

  /** Last use, written at most once a minute per key by this instance (and the statement itself skips a fresh one). */
  const touch = (id: string) => {
    const now = Date.now();
    if (now - (touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    if (touched.size >= KNOWN_MAX) touched.delete(touched.keys().next().value!);
    touched.set(id, now);
    repo.touchApiKey(db, id).catch((err: unknown) => deps.log.warn({ err, apiKeyId: id }, 'API key last use not recorded'));
  };

  const limit = async (id: string) => {
    const { current } = await countAttempt(db, `api-key:${id}`, 60_000);
    if (current > deps.config.API_KEY_REQUESTS_PER_MINUTE) throw new AppError('RATE_LIMITED', MSG.tooManyRequests, 429);
  };

  /**
   * The caller a key names. Kept in the principal cache (as a user is), so a request does not read the key again;
   * revoking publishes PRINCIPAL_CHANGED at commit, and every instance forgets the key when it hears it.
   */
  const resolve = async (secret: string): Promise<TUserAuth | null> => {
    const hash = hashApiKey(secret);
    const hit = known.get(hash);
    if (hit) {
      if (hit.expiresAt !== null && hit.expiresAt <= Date.now()) return null;
      const cached = deps.principals.get(hit.businessId, hit.id, 0);
      if (cached) return cached;
    }
    const mark = deps.principals.mark();
    const row = await repo.findLiveKeyByHash(db, hash);
    if (!row) return null;
    const auth: TUserAuth = {
      kind: 'user', apiKeyId: row.id, userId: row.createdById, email: row.ownerEmail, userName: `API key: ${row.name}`,
      roles: row.roles as TUserAuth['roles'],
      businessId: row.businessId, businessName: row.businessName, ownerEmail: row.ownerEmail, country: row.country, timeZone: row.timeZone,
    };
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
    known.set(hash, { id: row.id, businessId: row.businessId, expiresAt: row.expiresAt ? row.expiresAt.getTime() : null });
    deps.principals.set(row.businessId, row.id, 0, auth, mark);
    return auth;
  };

  return {
    /** The guard's loader: the key's caller, counted against its rate limit, its last use noted. */
    load: async (secret: string): Promise<TUserAuth | null> => {
      const auth = await resolve(secret);
      if (!auth) return null;
      await limit(auth.apiKeyId!);
      touch(auth.apiKeyId!);
      return auth;
    },

    find: async (auth: TUserAuth) => (await repo.findApiKeys(db, auth.businessId)).map(toApiKey),

    /** The secret is in this answer only; the database keeps its hash. */
    create: async (auth: TUserAuth, input: TApiKeyCreate): Promise<TApiKeyCreated> => {
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        const row = await repo.insertApiKey(tx, {
          businessId: auth.businessId, name: input.name, roles: input.roles, prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
          secretHash: hashApiKey(secret), createdById: auth.userId, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        });
        const key = toApiKey(row);
        await audit(tx, auth, 'api-key.created', { entity: 'api-key', entityId: row.id, after: key });
        return { ...key, secret };
      });
    },

    /** Stops the key everywhere: this instance at once, the others when the commit's event reaches them (well within a second). */
    revoke: async (auth: TUserAuth, id: string) => {
      const key = await db.transaction(async (tx) => {
        const before = await repo.getApiKey(tx, auth.businessId, id);
        if (!before) throw notFound('API key');
        const row = await repo.revokeApiKey(tx, auth.businessId, id);
        if (!row) return toApiKey(before); // revoked already: nothing changes
        await audit(tx, auth, 'api-key.revoked', { entity: 'api-key', entityId: id, before: toApiKey(before), after: toApiKey(row) });
        await deps.principals.changed(tx, auth.businessId, id);
        return toApiKey(row);
      });
      deps.principals.forget(id);
      return key;
    },
  };
};
export type TApiKeysService = ReturnType<typeof createApiKeysService>;
