import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, businesses, webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema/index.ts';

export type TApiKeyRow = typeof apiKeys.$inferSelect;
export type TWebhookRow = typeof webhooks.$inferSelect;
export type TDeliveryRow = typeof webhookDeliveries.$inferSelect;

// ---- API keys

export const insertApiKey = async (db: DbOrTx, values: typeof apiKeys.$inferInsert) => (await db.insert(apiKeys).values(values).returning())[0];

export const findApiKeys = (db: DbOrTx, businessId: string) =>
  db.select().from(apiKeys).where(eq(apiKeys.businessId, businessId)).orderBy(desc(apiKeys.createdAt));

/** Revokes a live key; undefined when it is not this business's or was revoked already. */
export const revokeApiKey = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.update(apiKeys).set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.businessId, businessId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning())[0];

export const getApiKey = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(apiKeys).where(and(eq(apiKeys.businessId, businessId), eq(apiKeys.id, id))).limit(1))[0];

/** The key a secret's hash names, with its business, if it is live (not revoked, not expired). */
export const findLiveKeyByHash = async (db: DbOrTx, secretHash: string) =>
  (await db.select({
    id: apiKeys.id, name: apiKeys.name, roles: apiKeys.roles, createdById: apiKeys.createdById, expiresAt: apiKeys.expiresAt,
    businessId: businesses.id, businessName: businesses.name, ownerEmail: businesses.ownerEmail, country: businesses.country, timeZone: businesses.timeZone,
  }).from(apiKeys).innerJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt), sql`(${apiKeys.expiresAt} IS NULL OR ${apiKeys.expiresAt} > now())`))
    .limit(1))[0];

/** Last use, written only when the stored one is a minute old or more (so instances together write at most about once a minute). */
export const touchApiKey = (db: DbOrTx, id: string) =>
  db.update(apiKeys).set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < now() - interval '1 minute')`));

// ---- webhooks

export const insertWebhook = async (db: DbOrTx, values: typeof webhooks.$inferInsert) => (await db.insert(webhooks).values(values).returning())[0];

export const findWebhooks = (db: DbOrTx, businessId: string) =>
  db.select().from(webhooks).where(eq(webhooks.businessId, businessId)).orderBy(desc(webhooks.createdAt));

export const getWebhook = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(webhooks).where(and(eq(webhooks.businessId, businessId), eq(webhooks.id, id))).limit(1))[0];

export const updateWebhook = async (db: DbOrTx, businessId: string, id: string, patch: Partial<Pick<TWebhookRow, 'url' | 'events' | 'description' | 'active'>>) =>
  (await db.update(webhooks).set({ ...patch, updatedAt: new Date() }).where(and(eq(webhooks.businessId, businessId), eq(webhooks.id, id))).returning())[0];

export const deleteWebhook = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.delete(webhooks).where(and(eq(webhooks.businessId, businessId), eq(webhooks.id, id))).returning())[0];

/** What sending a delivery needs: the delivery and its webhook's address and sealed secret. */
export const getDeliveryToSend = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({
    id: webhookDeliveries.id, event: webhookDeliveries.event, payload: webhookDeliveries.payload, status: webhookDeliveries.status,
    createdAt: webhookDeliveries.createdAt, webhookId: webhooks.id, url: webhooks.url, secret: webhooks.secret,
  }).from(webhookDeliveries).innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.id, id))).limit(1))[0];

export const recordAttempt = async (db: DbOrTx, values: typeof webhookAttempts.$inferInsert, delivery: { status: 'pending' | 'delivered' | 'failed' }) => {
  await db.insert(webhookAttempts).values(values);
  await db.update(webhookDeliveries).set({
    attempts: values.attempt, status: delivery.status, ...(delivery.status === 'pending' ? {} : { finishedAt: new Date() }),
  }).where(eq(webhookDeliveries.id, values.deliveryId));
};

export const findDeliveries = async (db: DbOrTx, businessId: string, webhookId: string, limit: number) => {
  const rows = await db.select().from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt)).limit(limit);
  const attempts = rows.length === 0 ? [] : await db.select().from(webhookAttempts)
    .where(and(eq(webhookAttempts.businessId, businessId), inArray(webhookAttempts.deliveryId, rows.map((r) => r.id))))
    .orderBy(webhookAttempts.attempt);
  return rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.deliveryId === r.id) }));
};
