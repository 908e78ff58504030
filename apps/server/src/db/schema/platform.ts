import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import type { TNotificationLink, TNotificationSubject } from '@bizdesk/contract';

export const notifications = pgTable('notifications', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  category: text('category').notNull(),
  actionType: text('action_type').notNull(),
  message: text('message').notNull(),
  /** The web's text key and its params (issue 10): `message` stays the English text. */
  messageKey: text('message_key'),
  params: jsonb('params').$type<Record<string, string | number>>(),
  /**
   * Who may read it (issue 29): the subject's roles (platform/subjects.ts). A row written without one falls to
   * 'settings' (the owner and Settings-access), never to everyone.
   */
  subject: text('subject').$type<TNotificationSubject>().notNull().default('settings'),
  /** The screen (and record) where an allowed reader sees the detail. */
  link: jsonb('link').$type<TNotificationLink>(),
  /** A person's post: who wrote it (null for the server's notifications). */
  authorId: uuid('author_id'),
  authorName: text('author_name'),
  read: boolean('read').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('notifications_business_created_idx').on(t.businessId, t.createdAt)]);

export const auditLog = pgTable('audit_log', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: uuid('actor_id'),
  actorKind: text('actor_kind').notNull().default('user'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('audit_log_business_created_idx').on(t.businessId, t.createdAt)]);

/** Every e-mail the product sends; with no SMTP_URL this table is the delivery. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id'),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Shared counters for rate limits, so several instances enforce one limit. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
});
