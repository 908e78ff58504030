import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';

/** Written reports on projects, the business and running costs, kept with the facts they were written from. */
export const aiReports = pgTable('ai_reports', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['project', 'business', 'running-cost'] }).notNull(),
  tagName: text('tag_name'),
  text: text('text').notNull(),
  facts: jsonb('facts').notNull(),
  provider: text('provider', { enum: ['model', 'builtin'] }).notNull(),
  model: text('model'),
  language: text('language', { enum: ['en', 'de', 'fr'] }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('ai_reports_business_idx').on(t.businessId, t.createdAt)]);

/** Posts on /blog; each one also notifies the business (category Announcements). */
export const announcements = pgTable('announcements', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  authorId: uuid('author_id'),
  authorName: text('author_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('announcements_business_idx').on(t.businessId, t.createdAt)]);
