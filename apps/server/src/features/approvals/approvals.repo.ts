import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { TApprovalRequest, TApprovalRule, TApprovalService, TApprovalStatus } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { approvalDecisions, approvalDelegations, approvalRequests, approvalRuleApprovers, approvalRules, users } from '../../db/schema/index.ts';
import { businessTodaySql } from './approval-bands.repo.ts';

export type TRequestRow = typeof approvalRequests.$inferSelect;
export type TDecisionRow = typeof approvalDecisions.$inferSelect;

export const getRule = async (db: DbOrTx, businessId: string, service: TApprovalService) =>
  (await db.select().from(approvalRules).where(and(eq(approvalRules.businessId, businessId), eq(approvalRules.service, service))).limit(1))[0];

export const findRuleApprovers = async (db: DbOrTx, businessId: string, ruleIds: string[]) =>
  ruleIds.length === 0 ? [] : db.select({ ruleId: approvalRuleApprovers.ruleId, _id: users.id, userName: users.userName, email: users.email })
    .from(approvalRuleApprovers).innerJoin(users, eq(users.id, approvalRuleApprovers.userId))
    .where(and(eq(approvalRuleApprovers.businessId, businessId), inArray(approvalRuleApprovers.ruleId, ruleIds)))
    .orderBy(asc(users.userName));

export const findRules = async (db: DbOrTx, businessId: string) =>
  db.select().from(approvalRules).where(eq(approvalRules.businessId, businessId)).orderBy(asc(approvalRules.service));

/** Creates or replaces the rule of one service with its approvers. */
export const upsertRule = async (db: DbOrTx, businessId: string, service: TApprovalService, totalApprovalsRequired: number, approverIds: string[]) => {
  const [rule] = await db.insert(approvalRules).values({ businessId, service, totalApprovalsRequired })
    .onConflictDoUpdate({
      target: [approvalRules.businessId, approvalRules.service],
      // A flat rule (issue 35): no bands; every save is a new version and brings a retired rule back.
      set: { totalApprovalsRequired, bands: null, version: sql`${approvalRules.version} + 1`, retiredAt: null, updatedAt: sql`now()` },
    })
    .returning();
  await db.delete(approvalRuleApprovers).where(and(eq(approvalRuleApprovers.businessId, businessId), eq(approvalRuleApprovers.ruleId, rule.id)));
  await db.insert(approvalRuleApprovers).values(approverIds.map((userId) => ({ businessId, ruleId: rule.id, userId })));
  return rule;
};

export const toRule = (r: typeof approvalRules.$inferSelect, approvers: Array<{ _id: string; userName: string; email: string }>, members: Array<{ id: string; userName: string; email: string }> = []): TApprovalRule => ({
  _id: r.id, serviceName: r.service as TApprovalRule['serviceName'], totalApprovalsRequired: r.totalApprovalsRequired, approvers, updatedAt: r.updatedAt.toISOString(),
  bands: r.bands ? r.bands.map((b) => ({
    upToMinor: b.upToMinor,
    levels: b.levels.map((l) => ({ required: l.required, approvers: l.userIds.map((id) => members.find((m) => m.id === id)).filter((m) => m !== undefined).map((m) => ({ _id: m.id, userName: m.userName, email: m.email })) })),
  })) : null,
  version: r.version,
  retiredAt: r.retiredAt?.toISOString() ?? null,
});

export const createRequest = async (db: DbOrTx, values: typeof approvalRequests.$inferInsert) =>
  (await db.insert(approvalRequests).values(values).returning())[0];

/** The newest request of a subject; `forUpdate` locks it so concurrent decisions queue behind each other. */
/** Who decided the requests of these subjects, and how, in order: for documents that print their approvers. */
export const findDecisionsOfSubjects = async (db: DbOrTx, businessId: string, service: TApprovalService, subjectIds: string[]) =>
  subjectIds.length === 0 ? [] : db.select({ subjectId: approvalRequests.subjectId, status: approvalRequests.status, userName: approvalDecisions.userName, decision: approvalDecisions.decision, at: approvalDecisions.createdAt })
    .from(approvalRequests).leftJoin(approvalDecisions, eq(approvalDecisions.requestId, approvalRequests.id))
    .where(and(eq(approvalRequests.businessId, businessId), eq(approvalRequests.service, service), inArray(approvalRequests.subjectId, subjectIds)))
    .orderBy(asc(approvalRequests.createdAt), asc(approvalDecisions.createdAt));

export const getRequestOfSubject = async (db: DbOrTx, businessId: string, service: TApprovalService, subjectId: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(approvalRequests)
    .where(and(eq(approvalRequests.businessId, businessId), eq(approvalRequests.service, service), eq(approvalRequests.subjectId, subjectId)))
    .orderBy(desc(approvalRequests.createdAt)).limit(1);
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

export const getDecision = async (db: DbOrTx, requestId: string, userId: string) =>
  (await db.select().from(approvalDecisions).where(and(eq(approvalDecisions.requestId, requestId), eq(approvalDecisions.userId, userId))).limit(1))[0];

export const createDecision = async (db: DbOrTx, values: typeof approvalDecisions.$inferInsert) =>
  db.insert(approvalDecisions).values(values);

/** Distinct approvers who approved: the decisions table has one row per approver, so this cannot over-count. */
export const countApprovals = async (db: DbOrTx, requestId: string) =>
  Number((await db.select({ n: count() }).from(approvalDecisions)
    .where(and(eq(approvalDecisions.requestId, requestId), eq(approvalDecisions.decision, 'approved'))))[0].n);

export const updateRequest = async (db: DbOrTx, id: string, set: Partial<typeof approvalRequests.$inferInsert>) =>
  (await db.update(approvalRequests).set(set).where(eq(approvalRequests.id, id)).returning())[0];

export const findDecisions = async (db: DbOrTx, businessId: string, requestIds: string[]) =>
  requestIds.length === 0 ? [] : db.select().from(approvalDecisions)
    .where(and(eq(approvalDecisions.businessId, businessId), inArray(approvalDecisions.requestId, requestIds)))
    .orderBy(asc(approvalDecisions.createdAt));

/**
 * Whether a user may decide requests of a service: listed on its rule, or, for a service without a
 * rule, holding that service's approver roles (`defaultServices`: the services whose roles the caller holds).
 */
const mayDecide = (businessId: string, userId: string, defaultServices: readonly string[]) => sql`(
  EXISTS (SELECT 1 FROM ${approvalRules} r JOIN ${approvalRuleApprovers} a ON a.rule_id = r.id
          WHERE r.business_id = ${businessId} AND r.service = approval_requests.service AND a.user_id = ${userId} AND r.retired_at IS NULL)
  OR (${defaultServices.length ? sql`approval_requests.service IN (${sql.join(defaultServices.map((x) => sql`${x}`), sql`, `)})` : sql`false`}
      AND NOT EXISTS (SELECT 1 FROM ${approvalRules} r WHERE r.business_id = ${businessId} AND r.service = approval_requests.service AND r.retired_at IS NULL)))`;

/**
 * Whether a user may decide a request now: a chained request (issue 33) by an approver of its waiting step who is not
 * the requester; any other by whoever may decide its service, not the requester.
 */
const mayDecideNow = (businessId: string, userId: string, defaultServices: readonly string[]) => sql`(CASE WHEN approval_requests.chain IS NULL
  THEN (${approvalRequests.requestedBy} IS DISTINCT FROM ${userId} AND ${mayDecide(businessId, userId, defaultServices)})
  ELSE (((approval_requests.chain -> 'steps' -> approval_requests.current_step -> 'approverIds') @> jsonb_build_array(${userId}::text)
      OR ${standsInNow(businessId, userId)})
    AND NOT ((approval_requests.chain -> 'requesterUserIds') @> jsonb_build_array(${userId}::text))) END)`;

/**
 * Issue 35: whether the user is today the delegate of an approver of the waiting step who is not the requester and has
 * not decided (in person or through a delegate).
 */
const standsInNow = (businessId: string, userId: string) => sql`EXISTS (SELECT 1 FROM ${approvalDelegations} g
  WHERE g.business_id = ${businessId} AND g.delegate_id = ${userId} AND ${businessTodaySql(businessId)} BETWEEN g.starts_on AND g.ends_on
    AND (approval_requests.chain -> 'steps' -> approval_requests.current_step -> 'approverIds') @> jsonb_build_array(g.user_id::text)
    AND NOT ((approval_requests.chain -> 'requesterUserIds') @> jsonb_build_array(g.user_id::text))
    AND NOT EXISTS (SELECT 1 FROM ${approvalDecisions} d2 WHERE d2.request_id = approval_requests.id AND (d2.user_id = g.user_id OR d2.on_behalf_of = g.user_id)))`;

/** Whether the user is named as an approver on any chained request of the business (a line manager reaches the inbox). */
export const isNamedApprover = async (db: DbOrTx, businessId: string, userId: string) =>
  (await db.select({ one: sql`1` }).from(approvalRequests).where(and(eq(approvalRequests.businessId, businessId), sql`approval_requests.chain IS NOT NULL`,
    sql`EXISTS (SELECT 1 FROM jsonb_array_elements(approval_requests.chain -> 'steps') s WHERE (s -> 'approverIds') @> jsonb_build_array(${userId}::text))`)).limit(1)).length > 0
  // A delegate in force (issue 35) reaches the inbox too.
  || (await db.select({ one: sql`1` }).from(approvalDelegations).where(and(eq(approvalDelegations.businessId, businessId), eq(approvalDelegations.delegateId, userId),
    sql`${businessTodaySql(businessId)} BETWEEN ${approvalDelegations.startsOn} AND ${approvalDelegations.endsOn}`)).limit(1)).length > 0;

type TListFilter = { view: 'mine' | 'all'; service?: TApprovalService; status?: TApprovalStatus; userId: string; defaultServices: readonly string[]; isHr?: boolean };

/** People requests (leave, claims, corrections) are seen by HR and by the approvers named on them, nobody else. */
const seesChain = (userId: string, isHr: boolean) => sql`(approval_requests.chain IS NULL OR (approval_requests.chain -> 'band') IS NOT NULL OR ${isHr ? sql`true` : sql`false`}
  OR EXISTS (SELECT 1 FROM jsonb_array_elements(approval_requests.chain -> 'steps') s WHERE (s -> 'approverIds') @> jsonb_build_array(${userId}::text)))`;

const listWhere = (businessId: string, f: TListFilter): SQL => and(
  eq(approvalRequests.businessId, businessId),
  f.service ? eq(approvalRequests.service, f.service) : undefined,
  f.view === 'mine'
    ? and(
      eq(approvalRequests.status, 'pending'),
      sql`NOT EXISTS (SELECT 1 FROM ${approvalDecisions} d WHERE d.request_id = approval_requests.id AND (d.user_id = ${f.userId} OR d.on_behalf_of = ${f.userId}))`,
      mayDecideNow(businessId, f.userId, f.defaultServices),
    )
    : and(f.status ? eq(approvalRequests.status, f.status) : undefined, seesChain(f.userId, Boolean(f.isHr))),
)!;

export const findRequests = async (db: DbOrTx, businessId: string, f: TListFilter, page: { offset: number; limit: number }) => {
  const where = listWhere(businessId, f);
  const [rows, [{ n }]] = await Promise.all([
    db.select({ row: approvalRequests, canDecide: sql<boolean>`(${approvalRequests.status} = 'pending'
        AND NOT EXISTS (SELECT 1 FROM ${approvalDecisions} d WHERE d.request_id = approval_requests.id AND d.user_id = ${f.userId})
        AND ${mayDecideNow(businessId, f.userId, f.defaultServices)})` })
      .from(approvalRequests).where(where).orderBy(desc(approvalRequests.createdAt)).offset(page.offset).limit(page.limit),
    db.select({ n: count() }).from(approvalRequests).where(where),
  ]);
  return { rows, total: Number(n) };
};

/** The inbox's counts: pending requests the caller may decide, per service. */
export const countMine = async (db: DbOrTx, businessId: string, f: Omit<TListFilter, 'view' | 'status' | 'service'>) =>
  db.select({ service: approvalRequests.service, n: count() }).from(approvalRequests)
    .where(listWhere(businessId, { ...f, view: 'mine' })).groupBy(approvalRequests.service);

/** Whether the user decided (approved or rejected) a request. */
export const hasDecided = async (db: DbOrTx, requestId: string, userId: string) => Boolean(await getDecision(db, requestId, userId));

/** Average hours from request to final decision, per service, over decided requests (for the procurement summary). */
export const averageDecisionHours = async (db: DbOrTx, businessId: string) =>
  db.select({
    service: approvalRequests.service,
    hours: sql<number>`round(avg(extract(epoch from (${approvalRequests.decidedAt} - ${approvalRequests.createdAt})) / 3600)::numeric, 1)::float8`,
    decided: count(),
  }).from(approvalRequests)
    .where(and(eq(approvalRequests.businessId, businessId), ne(approvalRequests.status, 'pending'), ne(approvalRequests.status, 'cancelled')))
    .groupBy(approvalRequests.service);

export const toRequest = (r: TRequestRow, decisions: TDecisionRow[], canDecide: boolean): TApprovalRequest => ({
  _id: r.id,
  service: r.service as TApprovalService,
  subjectId: r.subjectId,
  title: r.title,
  amount: r.amount,
  currency: r.currency,
  status: r.status as TApprovalStatus,
  totalApprovalsRequired: r.totalApprovalsRequired,
  approvals: r.approvals,
  requestedBy: { _id: r.requestedBy, userName: r.requestedByName },
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  decisions: decisions.map((d) => ({
    userId: d.userId, userName: d.userName, decision: d.decision as 'approved' | 'rejected', reason: d.reason, decidedAt: d.createdAt.toISOString(),
    onBehalfOf: d.onBehalfOfName ? { _id: d.onBehalfOf, userName: d.onBehalfOfName } : null,
  })),
  canDecide,
});
