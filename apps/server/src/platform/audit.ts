import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { TAuth } from './auth/guard.ts';

const actorOf = (auth: TAuth | { kind: 'system'; businessId: string }) => {
  switch (auth.kind) {
    case 'user': return { actorId: auth.userId, actorKind: 'user' };
    case 'portal': return { actorId: auth.employeeId, actorKind: 'portal' };
    case 'collector': return { actorId: auth.collectionPointId, actorKind: 'collector' };
    default: return { actorId: null, actorKind: 'system' };
  }
};

type TChange = { entity: string; entityId?: string | null; before?: unknown; after?: unknown };

/**
 * Audit rows: who did what to which record, with the record before and after. Several changes of
 * one action (a bulk move, say) are written in one statement.
 */
export const audit = async (
  db: DbOrTx,
  auth: TAuth | { kind: 'system'; businessId: string },
  action: string,
  change: TChange | TChange[],
) => {
  const changes = Array.isArray(change) ? change : [change];
  if (changes.length === 0) return;
  const actor = actorOf(auth);
  await db.insert(auditLog).values(changes.map((c) => ({
    businessId: auth.businessId,
    ...actor,
    action,
    entity: c.entity,
    entityId: c.entityId ?? null,
    before: scrub(c.before),
    after: scrub(c.after),
  })));
};

const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'dataCode', 'portalCode']);
const scrub = (value: unknown): unknown => {
  if (value === undefined || value === null || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(scrub);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '[hidden]' : v]));
};
