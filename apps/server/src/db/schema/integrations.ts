import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';

/**
 * API keys (issue 36 item 6): a business's integrations sign in with a key instead of a person. Only the SHA-256 of
 * the key is kept (the key is 32 random bytes, so a fast hash cannot be brute-forced; a slow one would cost every
 * request). `prefix` is the key's first characters, shown so the owner can tell keys apart.
 */
export const apiKeys = pgTable('api_keys', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull(),
  prefix: text('prefix').notNull(),
  secretHash: text('secret_hash').notNull(),
  /** The owner who made it; the key acts on their behalf (records it creates name them), audited as the key. */
  createdById: uuid('created_by_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** Written at most once a minute per key, so a busy integration does not write on every request. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
  index('api_keys_business_idx').on(t.businessId, t.createdAt),
]);

/** A business's webhook: where its chosen events are POSTed. The signing secret is sealed (secretBox), not hashed: it signs. */
export const webhooks = pgTable('webhooks', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('webhooks_business_idx').on(t.businessId)]);

/**
 * One event for one webhook (the outbox): written in the transaction that raised the event, with the job that sends
 * it, so an event is never lost and never sent for a change that rolled back. `payload` is the body as sent.
 */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  webhookId: uuid('webhook_id').notNull().references(() => webhooks.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  /** pending (queued or retrying), delivered, failed (every attempt failed). */
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('webhook_deliveries_webhook_idx').on(t.businessId, t.webhookId, t.createdAt)]);

/** Each try of a delivery: the answer's status code (null when none came), how long it took, and the error. */
export const webhookAttempts = pgTable('webhook_attempts', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  deliveryId: uuid('delivery_id').notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
  statusCode: integer('status_code'),
  durationMs: integer('duration_ms').notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)]);
