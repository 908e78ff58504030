import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts.ts';

/** Per business and service: how many distinct approvals a request needs (`create-approvals`). */
export const approvalRules = pgTable('approval_rules', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  service: text('service').notNull(),
  totalApprovalsRequired: integer('total_approvals_required').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('approval_rules_business_service_uq').on(t.businessId, t.service),
  check('approval_rules_required_ck', sql`${t.totalApprovalsRequired} >= 1`),
]);

/** Who may approve under a rule. */
export const approvalRuleApprovers = pgTable('approval_rule_approvers', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  ruleId: uuid('rule_id').notNull().references(() => approvalRules.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.ruleId, t.userId] })]);

/**
 * One request for approval of a subject (an order, a payment, a requisition, a payroll run). The number
 * needed is copied from the rule when the request is made, so a later rule change never flips a request
 * already under way. At most one pending request per subject.
 */
export const approvalRequests = pgTable('approval_requests', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  service: text('service').notNull(),
  subjectId: uuid('subject_id').notNull(),
  title: text('title').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  currency: text('currency'),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedByName: text('requested_by_name').notNull(),
  totalApprovalsRequired: integer('total_approvals_required').notNull(),
  approvals: integer('approvals').notNull().default(0),
  status: text('status').notNull().default('pending'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('approval_requests_pending_subject_uq').on(t.businessId, t.service, t.subjectId).where(sql`status = 'pending'`),
  index('approval_requests_business_status_idx').on(t.businessId, t.status, t.createdAt),
  index('approval_requests_subject_idx').on(t.businessId, t.subjectId),
  check('approval_requests_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
]);

/** One decision per approver per request: a second identical call changes nothing. */
export const approvalDecisions = pgTable('approval_decisions', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  requestId: uuid('request_id').notNull().references(() => approvalRequests.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  userName: text('user_name').notNull(),
  decision: text('decision').notNull(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.requestId, t.userId] }),
  check('approval_decisions_decision_ck', sql`${t.decision} in ('approved', 'rejected')`),
]);
