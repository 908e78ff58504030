import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { places } from './places.ts';

export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerEmail: text('owner_email').notNull(),
  country: text('country').notNull().default('NG'),
  currency: text('currency').notNull().default('NGN'),
  timeZone: text('time_zone').notNull().default('Africa/Lagos'),
  imagePath: text('image_path'),
  // The business's own statutory identifiers and settings (issue 31), edited by the owner on the profile screen.
  rcNumber: text('rc_number'),
  employerTin: text('employer_tin'),
  /** Nigeria: one of the 36 states or FCT; Ghana: one of the 16 regions. */
  stateOrRegion: text('state_or_region'),
  pencomEmployerCode: text('pencom_employer_code'),
  nsitfNumber: text('nsitf_number'),
  itfNumber: text('itf_number'),
  ssnitEmployerNumber: text('ssnit_employer_number'),
  /** Employer pension, basis points (Nigeria: at least 1000 = 10%, Pension Reform Act 2014 s.4(1)). */
  employerPensionRateBp: integer('employer_pension_rate_bp').notNull().default(1000),
  /** ITF Act as amended 2011: 5 or more staff, or turnover of ₦50 m or more. null = the owner has not said. */
  isItfLiable: boolean('is_itf_liable'),
  /**
   * Who approves payroll (issue 32, k1): 'maker-checker' — another user with Accounts-access and Approvals-access (or the
   * owner) than the one who prepared the run; 'owner-when-alone' — as before, but the owner may approve a run they prepared,
   * with a recorded reason, while nobody else holds those roles.
   */
  payrollApproval: text('payroll_approval').notNull().default('maker-checker'),
  // How the month's events reach pay (issue 32, k6), set by the owner on the Wages screen.
  /** A part month is paid by `calendar` days or by `working` days (Monday to Friday less the business's holidays). */
  prorationBasis: text('proration_basis').notNull().default('calendar'),
  /** A leaver's unused leave is paid out on their last run. */
  paysOutLeave: boolean('pays_out_leave').notNull().default(false),
  /** Days marked `absent` on the attendance register are unpaid. */
  unpaidAbsences: boolean('unpaid_absences').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('businesses_owner_email_uq').on(sql`lower(${t.ownerEmail})`)]);

export const users = pgTable('users', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  userName: text('user_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  tokenVersion: integer('token_version').notNull().default(0),
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  index('users_business_idx').on(t.businessId),
]);

/** Single-use links sent by e-mail (password reset, e-mail confirmation); only the hash is kept. */
export const authTokens = pgTable('auth_tokens', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash)]);

export const units = pgTable('units', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('units_business_name_uq').on(t.businessId, sql`lower(${t.name})`)]);

export const departments = pgTable('departments', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  unitId: uuid('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('departments_unit_name_uq').on(t.businessId, t.unitId, sql`lower(${t.name})`)]);

/** Data-collection points (access points): a project site tied to one employee number. */
export const collectionPoints = pgTable('collection_points', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeNumber: text('employee_number').notNull(),
  employeeName: text('employee_name').notNull(),
  tagName: text('tag_name').notNull(),
  /** The site (or project) the point records for (issue 34); tag_name keeps the name it was made with. */
  placeId: uuid('place_id').references((): AnyPgColumn => places.id, { onDelete: 'restrict' }),
  userEmail: text('user_email').notNull(),
  projectDescription: text('project_description').notNull().default(''),
  projectScope: text('project_scope').notNull().default(''),
  dept: text('dept').notNull().default('default'),
  dataCode: text('data_code').notNull(),
  /** Bumped whenever the data code changes; collector tokens carry it as `ver`, so old ones stop working. */
  codeVersion: integer('code_version').notNull().default(0),
  googleLink: text('google_link'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('collection_points_code_uq').on(t.dataCode),
  index('collection_points_business_idx').on(t.businessId, t.employeeNumber),
]);

/**
 * Invitations to join a business as a staff user (issue 10): the invitee chooses their own password from
 * the e-mailed link. Only the link token's hash is kept; a resend replaces it, so the old link stops working.
 * At most one open (neither accepted nor revoked) invitation per address and business.
 */
export const userInvitations = pgTable('user_invitations', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  userName: text('user_name').notNull(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('user_invitations_token_uq').on(t.tokenHash),
  uniqueIndex('user_invitations_open_uq').on(t.businessId, sql`lower(${t.email})`).where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
]);
