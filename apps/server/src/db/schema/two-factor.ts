import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts.ts';

/**
 * A user's authenticator (TOTP). Secrets are sealed with a key derived from the server's secret, so a copy of
 * the database alone cannot make codes. `pendingSecret` is an enrolment not yet confirmed with a first code;
 * `lastStep` is the last 30-second step used, so one code cannot be used twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes; only their hashes are kept. */
export const userRecoveryCodes = pgTable('user_recovery_codes', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('user_recovery_codes_user_idx').on(t.userId)]);

/** A business's sign-in rules: whether two-factor sign-in is required for the roles that move money. */
export const businessSecurity = pgTable('business_security', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
