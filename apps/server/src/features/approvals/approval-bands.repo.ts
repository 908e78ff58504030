import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { approvalDelegations, approvalRuleApprovers, approvalRuleVersions, approvalRules, businesses, users, type TRuleBand } from '../../db/schema/index.ts';

export type TRuleRow = typeof approvalRules.$inferSelect;

export const getRuleById = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(approvalRules).where(and(eq(approvalRules.businessId, businessId), eq(approvalRules.id, id))).limit(1))[0];

/** Creates or replaces the banded rule of a service: a new version, live again if it was retired. */
export const upsertBandedRule = async (db: DbOrTx, values: { businessId: string; service: string; bands: TRuleBand[]; totalApprovalsRequired: number; approverIds: string[] }) => {
  const { businessId, service, bands, totalApprovalsRequired, approverIds } = values;
  const [rule] = await db.insert(approvalRules).values({ businessId, service, totalApprovalsRequired, bands })
    .onConflictDoUpdate({
      target: [approvalRules.businessId, approvalRules.service],
      set: { totalApprovalsRequired, bands, version: sql`${approvalRules.version} + 1`, retiredAt: null, updatedAt: sql`now()` },
    }).returning();
  await db.delete(approvalRuleApprovers).where(and(eq(approvalRuleApprovers.businessId, businessId), eq(approvalRuleApprovers.ruleId, rule.id)));
  await db.insert(approvalRuleApprovers).values(approverIds.map((userId) => ({ businessId, ruleId: rule.id, userId })));
  return rule;
};

export const retireRule = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.update(approvalRules).set({ retiredAt: sql`now()`, version: sql`${approvalRules.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(approvalRules.businessId, businessId), eq(approvalRules.id, id))).returning())[0];

export const createVersion = async (db: DbOrTx, values: typeof approvalRuleVersions.$inferInsert) =>
  db.insert(approvalRuleVersions).values(values);

export const findVersions = async (db: DbOrTx, businessId: string, ruleId: string) =>
  db.select().from(approvalRuleVersions).where(and(eq(approvalRuleVersions.businessId, businessId), eq(approvalRuleVersions.ruleId, ruleId)))
    .orderBy(desc(approvalRuleVersions.version));

/**
 * Today in the business's own time zone: a delegation "until 30 November" lasts to midnight in Lagos or Accra, not to
 * midnight UTC (which is 01:00 in Lagos), and starts at the business's midnight too.
 */
export const businessTodaySql = (businessId: unknown) =>
  sql`((now() AT TIME ZONE coalesce((SELECT bt.time_zone FROM ${businesses} bt WHERE bt.id = ${businessId}), 'UTC'))::date)`;

/** Whether a delegation is in force today (the business's date; both ends inclusive). */
export const isActiveSql = sql`(${businessTodaySql(approvalDelegations.businessId)} BETWEEN ${approvalDelegations.startsOn} AND ${approvalDelegations.endsOn})`;

const delegationColumns = {
  row: approvalDelegations,
  userName: sql<string>`(SELECT u.user_name FROM ${users} u WHERE u.id = ${approvalDelegations.userId})`,
  delegateName: sql<string>`(SELECT u.user_name FROM ${users} u WHERE u.id = ${approvalDelegations.delegateId})`,
  isActive: sql<boolean>`${isActiveSql}`,
};

export const findDelegations = async (db: DbOrTx, businessId: string, userId: string) =>
  db.select(delegationColumns).from(approvalDelegations)
    .where(and(eq(approvalDelegations.businessId, businessId), sql`(${approvalDelegations.userId} = ${userId} OR ${approvalDelegations.delegateId} = ${userId})`, sql`${approvalDelegations.endsOn} >= ${businessTodaySql(approvalDelegations.businessId)} - 30`))
    .orderBy(asc(approvalDelegations.startsOn));

/** The approvers the user stands in for today. */
export const findPrincipals = async (db: DbOrTx, businessId: string, delegateId: string) =>
  (await db.select({ userId: approvalDelegations.userId, userName: sql<string>`(SELECT u.user_name FROM ${users} u WHERE u.id = ${approvalDelegations.userId})` })
    .from(approvalDelegations).where(and(eq(approvalDelegations.businessId, businessId), eq(approvalDelegations.delegateId, delegateId), isActiveSql)));

export const createDelegation = async (db: DbOrTx, values: typeof approvalDelegations.$inferInsert) =>
  (await db.insert(approvalDelegations).values(values).returning())[0];

export const deleteDelegation = async (db: DbOrTx, businessId: string, userId: string, id: string) =>
  (await db.delete(approvalDelegations)
    .where(and(eq(approvalDelegations.businessId, businessId), eq(approvalDelegations.userId, userId), eq(approvalDelegations.id, id))).returning())[0];
