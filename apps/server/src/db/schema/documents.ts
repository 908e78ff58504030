import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, departments } from './accounts.ts';
import { employees } from './employees.ts';

/** Files kept about an employee; served only through the authenticated download route. */
export const employeeDocuments = pgTable('employee_documents', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  uploadedByKind: text('uploaded_by_kind').notNull(),
  uploadedById: uuid('uploaded_by_id'),
  /** driving-licence, passport, work-permit, certificate, contract, other (contract DOCUMENT_TYPES); null: not given. */
  docType: text('doc_type'),
  /** The day the document stops being valid (HR reminders, issue 33). */
  expiresOn: date('expires_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('employee_documents_employee_idx').on(t.businessId, t.employeeId, t.createdAt)]);

/** HR's text notes on an employee. */
export const employeeNotes = pgTable('employee_notes', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  textData: text('text_data').notNull(),
  authorId: uuid('author_id'),
  authorName: text('author_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('employee_notes_employee_idx').on(t.businessId, t.employeeId, t.createdAt)]);

/**
 * A department's documents (kind 'file', stored) and training videos (kind 'video', by address),
 * one list ordered by position: an entry's index in that list is the spec's `fileIndex`.
 */
export const departmentFiles = pgTable('department_files', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  departmentId: uuid('department_id').notNull().references(() => departments.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  url: text('url'),
  storageKey: text('storage_key'),
  mime: text('mime'),
  size: integer('size'),
  position: integer('position').notNull(),
  createdById: uuid('created_by_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('department_files_department_idx').on(t.businessId, t.departmentId, t.position)]);
