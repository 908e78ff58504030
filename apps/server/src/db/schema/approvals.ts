import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts.ts';

/** Per business and service: how many distinct approvals a request needs (`create-approvals`). */
export const approvalRules = pgTable('approval_rules', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  service: text('service').notNull(),
  totalApprovalsRequired: integer('total_approvals_required').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Issue 35: amount bands, each "up to upToMinor" (null: open-ended, the last) with ordered levels of listed approvers
   * (N of M). Null for a flat `create-approvals` rule (N distinct approvals from the approvers listed).
   */
  bands: jsonb('bands').$type<TRuleBand[]>(),
  /** Bumped on every change; each version is kept in approval_rule_versions. */
  version: integer('version').notNull().default(1),
  /** A retired rule no longer applies to new requests (requests under way keep their copied chain). */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
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
  /**
   * People requests (issue 33): the chain as resolved when the request was made (steps with their approvers' user ids,
   * and the requester's own user ids, who never decide it). Null for the services decided by a rule.
   */
  chain: jsonb('chain').$type<TStoredChain>(),
  /** The step now waiting (0-based) in `chain.steps`. */
  currentStep: integer('current_step').notNull().default(0),
  /** The employee whose request this is (a leave, a claim, a correction), when there is one. */
  requesterEmployeeId: uuid('requester_employee_id'),
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
  /** The chain step (0-based) the decision was given at; null for rule-decided requests. */
  step: integer('step'),
  /** Issue 35: a delegate's decision counts for the approver they stand in for (whose id and name are kept here). */
  onBehalfOf: uuid('on_behalf_of').references(() => users.id, { onDelete: 'set null' }),
  onBehalfOfName: text('on_behalf_of_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.requestId, t.userId] }),
  check('approval_decisions_decision_ck', sql`${t.decision} in ('approved', 'rejected')`),
]);

export type TStoredChainStep = {
  approvers: 'line-manager' | 'hr' | 'users';
  resolvedFrom: 'upline' | 'superior' | 'hr' | 'listed' | 'role';
  required: number;
  approverIds: string[];
  names: string[];
};
/** Issue 35: the amount band a rule-decided request fell in, copied with its chain. */
export type TStoredBand = { index: number; count: number; fromMinor: number | null; upToMinor: number | null; ruleId: string; ruleVersion: number };
/** requesterEmail: where the requester hears of each decision (the employee's e-mail, else the filing user's). */
export type TStoredChain = { steps: TStoredChainStep[]; requesterUserIds: string[]; requesterEmail?: string | null; band?: TStoredBand };

/**
 * A business's approval policy for a people service (issue 33): the ordered steps of its chain, per service or per
 * leave type (`scope`: '' for the service, else the leave type's id). Without a row the built-in default applies.
 */
export const approvalPolicies = pgTable('approval_policies', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  service: text('service').notNull(),
  scope: text('scope').notNull().default(''),
  steps: jsonb('steps').notNull().$type<Array<{ approvers: 'line-manager' | 'hr' | 'users'; userIds: string[]; required: number }>>(),
  autoApproveBelowDays: integer('auto_approve_below_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('approval_policies_business_service_scope_uq').on(t.businessId, t.service, t.scope)]);

/** Issue 35: one level of a band: the listed approvers, `required` of whom must approve. */
export type TRuleLevel = { userIds: string[]; required: number };
export type TRuleBand = { upToMinor: number | null; levels: TRuleLevel[] };

/** Every version of an approval rule (created, edited, retired), as it was saved, with who saved it. */
export const approvalRuleVersions = pgTable('approval_rule_versions', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  ruleId: uuid('rule_id').notNull().references(() => approvalRules.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  action: text('action').notNull(),
  snapshot: jsonb('snapshot').notNull().$type<{ service: string; totalApprovalsRequired: number; approverIds: string[]; bands: TRuleBand[] | null }>(),
  changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
  changedByName: text('changed_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('approval_rule_versions_rule_version_uq').on(t.ruleId, t.version),
  index('approval_rule_versions_business_idx').on(t.businessId, t.ruleId),
  check('approval_rule_versions_action_ck', sql`${t.action} in ('created', 'updated', 'retired')`),
]);

/** A user away: from startsOn to endsOn (inclusive) the delegate also decides what waits for them, on their behalf. */
export const approvalDelegations = pgTable('approval_delegations', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  delegateId: uuid('delegate_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('approval_delegations_delegate_idx').on(t.businessId, t.delegateId, t.endsOn),
  index('approval_delegations_user_idx').on(t.businessId, t.userId),
  check('approval_delegations_range_ck', sql`${t.endsOn} >= ${t.startsOn}`),
  check('approval_delegations_self_ck', sql`${t.userId} <> ${t.delegateId}`),
]);
