import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts.ts';
import { places } from './places.ts';

/** Suppliers. Deleting one keeps the row (its orders point at it) and frees the name. */
export const vendors = pgTable('vendors', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  contactName: text('contact_name'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  bankName: text('bank_name'),
  bankAccountNumber: text('bank_account_number'),
  bankAccountName: text('bank_account_name'),
  taxId: text('tax_id'),
  categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
  rating: integer('rating'),
  notes: text('notes'),
  /** Withholding tax (issue 35): the transaction type its payments are taxed as (WHT_CATEGORIES; null = not set, nothing withheld). */
  whtCategory: text('wht_category'),
  /** 'company' (NG: FIRS) or 'individual' (NG: State IRS). */
  whtPayeeType: text('wht_payee_type').notNull().default('company'),
  /** Nigeria: a small company (turnover under ₦25 m) — with a TIN, ₦2 m or less a month is not deducted. */
  isSmallSupplier: boolean('is_small_supplier').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('vendors_business_name_uq').on(t.businessId, sql`lower(${t.name})`).where(sql`deleted_at IS NULL`),
  // The top-bar search (issue 30; pg_trgm from migration 0002); the expression is the one vendors.repo searches.
  // fastupdate off on every search index: rows reach the index at once, not a pending list that only autovacuum
  // flushes (a freshly imported list would otherwise be searched slowly and costed as a table scan until then).
  index('vendors_search_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: false }).where(sql`deleted_at IS NULL`),
]);

/** Customers and contractors (`/manage-client`). */
export const clients = pgTable('clients', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  contactName: text('contact_name'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  taxId: text('tax_id'),
  notes: text('notes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('clients_business_name_uq').on(t.businessId, sql`lower(${t.name})`)]);

/** A bill of quantities for one contract. */
export const boqs = pgTable('boqs', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  contractId: text('contract_id').notNull(),
  businessName: text('business_name').notNull(),
  projectTitle: text('project_title').notNull(),
  /** The project record the BOQ prices (issue 34). */
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
  status: text('status').notNull().default('draft'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('boqs_business_contract_uq').on(t.businessId, sql`lower(${t.contractId})`)]);

export const boqLines = pgTable('boq_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  boqId: uuid('boq_id').notNull().references(() => boqs.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  item: text('item').notNull(),
  description: text('description'),
  /** Thousandths of the unit (2.5 m³ = 2500). */
  quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
  unit: text('unit').notNull(),
}, (t) => [index('boq_lines_boq_idx').on(t.boqId, t.position)]);

/** A link e-mailed to a contractor: only the token's hash is kept; single use, expiring. */
export const quoteInvitations = pgTable('quote_invitations', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  boqId: uuid('boq_id').notNull().references(() => boqs.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('quote_invitations_token_uq').on(t.tokenHash)]);

export const quotes = pgTable('quotes', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  boqId: uuid('boq_id').notNull().references(() => boqs.id, { onDelete: 'cascade' }),
  invitationId: uuid('invitation_id').references(() => quoteInvitations.id, { onDelete: 'set null' }),
  vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
  contractorName: text('contractor_name').notNull(),
  contractorEmail: text('contractor_email'),
  phone: text('phone'),
  source: text('source').notNull(),
  status: text('status').notNull().default('submitted'),
  currency: text('currency').notNull(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  notes: text('notes'),
  orderId: uuid('order_id'),
  /** Issue 35: the supplier's delivery lead time, how long its prices hold, and its TIN (matches an existing vendor on award). */
  leadTimeDays: integer('lead_time_days'),
  validUntil: date('valid_until', { mode: 'string' }),
  taxId: text('tax_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('quotes_boq_idx').on(t.boqId),
  // One quote per invitation: the link is single-use even if two submissions race.
  uniqueIndex('quotes_invitation_uq').on(t.invitationId),
]);

export const quoteLines = pgTable('quote_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  quoteId: uuid('quote_id').notNull().references(() => quotes.id, { onDelete: 'cascade' }),
  boqLineId: uuid('boq_line_id').notNull().references(() => boqLines.id, { onDelete: 'cascade' }),
  /** Null: the supplier did not quote this line (issue 35); 0 only when it is explicitly free of charge. */
  unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }),
  lineTotalMinor: bigint('line_total_minor', { mode: 'number' }),
  /** The purchase order this line was awarded into (per-line award). */
  orderId: uuid('order_id'),
}, (t) => [uniqueIndex('quote_lines_uq').on(t.quoteId, t.boqLineId)]);
