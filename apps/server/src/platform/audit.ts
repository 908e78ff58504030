import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { TAuth } from './auth/guard.ts';
import { SUBJECT_ROLES } from './subjects.ts';

/**
 * Who may read an audit entry: the roles of its subject (the owner reads every entry). An entry holds
 * the record before and after, so it is as private as the record itself: pay only to Accounts-access,
 * people's data only to HR-access. The mapping is platform/subjects.ts's, shared with notifications.
 */
export const AUDIT_SUBJECTS = SUBJECT_ROLES;
export type TAuditSubject = keyof typeof AUDIT_SUBJECTS;

/** The subject of every kind of audited record. A feature adds its entities here; tsc refuses an unlisted one. */
export const AUDIT_ENTITIES = {
  employee: 'people',
  'employee-document': 'people',
  'employee-note': 'people',
  'employee-import': 'people',
  department: 'people',
  designation: 'people',
  'employee-pay': 'pay',
  'pay-structure': 'pay',
  'payroll-run': 'pay',
  remittance: 'pay',
  loan: 'pay',
  user: 'settings',
  'user-invitation': 'settings',
  business: 'settings',
  'business-export': 'settings',
  notification: 'settings',
  'collection-point': 'projects',
  'inventory-item': 'inventory',
  'stock-item': 'inventory',
  'inventory-import': 'inventory',
  'material-requisition': 'inventory',
  truck: 'inventory',
  'fleet-requisition': 'inventory',
  'stock-transfer': 'inventory',
  'stock-count': 'inventory',
  'inventory-settings': 'inventory',
  'purchase-request': 'procurement',
  'truck-trip': 'inventory',
  'energy-entry': 'tracker',
  'approval-rule': 'settings',
  'approval-delegation': 'settings',
  'approval-policy': 'people',
  'approval-request': 'procurement',
  vendor: 'procurement',
  'vendor-import': 'procurement',
  client: 'procurement',
  boq: 'procurement',
  quote: 'procurement',
  'purchase-order': 'procurement',
  'goods-received': 'procurement',
  'goods-return': 'procurement',
  invoice: 'procurement',
  payment: 'procurement',
  'cost-project': 'projects',
  'cost-record': 'projects',
  'cost-import-batch': 'projects',
  'project-payment': 'projects',
  // project costing (issue 35)
  'project-budget': 'projects',
  'project-contract': 'projects',
  'project-certificate': 'projects',
  'document-summary': 'projects',
  'ai-report': 'projects',
  announcement: 'settings',
  attendance: 'people',
  'attendance-site': 'people',
  'attendance-settings': 'people',
  'attendance-correction': 'people',
  'attendance-exemption': 'people',
  suspension: 'people',
  leave: 'people',
  'expense-claim': 'people',
  'leave-type': 'people',
  holiday: 'people',
  complaint: 'people',
  'appraisal-config': 'people',
  'appraisal-cycle': 'people',
  'appraisal-form': 'people',
  'appraisal-report': 'people',
  'api-key': 'settings',
  webhook: 'settings',
  place: 'projects',
} as const satisfies Record<string, TAuditSubject>;
export type TAuditEntity = keyof typeof AUDIT_ENTITIES;

/** The entities whose entries these roles may read; null means all of them (the owner). */
export const readableEntities = (roles: readonly string[]): TAuditEntity[] | null => {
  if (roles.includes('owner')) return null;
  return (Object.keys(AUDIT_ENTITIES) as TAuditEntity[])
    .filter((e) => (AUDIT_SUBJECTS[AUDIT_ENTITIES[e]] as readonly string[]).some((r) => roles.includes(r)));
};

/**
 * Pay fields inside a people record (an employee's gross income) are written as a separate entry of
 * the pay subject, so HR reads the change without the pay and Accounts the pay without the rest.
 */
const PAY_SPLIT: Partial<Record<TAuditEntity, { entity: TAuditEntity; fields: string[] }>> = {
  employee: { entity: 'employee-pay', fields: ['grossIncome', 'grossIncomeMinor'] },
};

const actorOf = (auth: TAuth | { kind: 'system'; businessId: string }) => {
  switch (auth.kind) {
    // An API key is named as itself (the trail shows "api-key"), not as the owner it acts for.
    case 'user': return auth.apiKeyId ? { actorId: auth.apiKeyId, actorKind: 'api-key' } : { actorId: auth.userId, actorKind: 'user' };
    case 'portal': return { actorId: auth.employeeId, actorKind: 'portal' };
    case 'collector': return { actorId: auth.collectionPointId, actorKind: 'collector' };
    default: return { actorId: null, actorKind: 'system' };
  }
};

type TChange = { entity: TAuditEntity; entityId?: string | null; before?: unknown; after?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const payPart = (v: unknown, fields: string[]) => {
  if (!isRecord(v)) return undefined;
  const entries = Object.entries(v).filter(([k]) => fields.includes(k));
  return entries.length ? Object.fromEntries(entries) : undefined;
};
const withoutPay = (v: unknown, fields: string[]) => (isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !fields.includes(k))) : v);

/** One change as the entries it is written as: the record, and its pay part on its own when it has one. */
const splitPay = (c: TChange): TChange[] => {
  const split = PAY_SPLIT[c.entity];
  if (!split) return [c];
  const before = payPart(c.before, split.fields);
  const after = payPart(c.after, split.fields);
  const main = { ...c, before: withoutPay(c.before, split.fields), after: withoutPay(c.after, split.fields) };
  const hasPay = [before, after].some((p) => p !== undefined && Object.values(p).some((x) => x !== null && x !== undefined));
  const unchanged = before !== undefined && after !== undefined && JSON.stringify(before) === JSON.stringify(after);
  return hasPay && !unchanged ? [main, { entity: split.entity, entityId: c.entityId, before, after }] : [main];
};

/** One audit row as written: who did what to which record, with the record before and after. */
export type TAuditEntry = {
  businessId: string; actorId: string | null; actorKind: string; action: string; entity: TAuditEntity; entityId: string | null; before: unknown; after: unknown;
};

/** The rows one action writes (its pay part as an entry of its own, secrets hidden). */
export const auditEntries = (
  auth: TAuth | { kind: 'system'; businessId: string },
  action: string,
  change: TChange | TChange[],
): TAuditEntry[] => {
  const actor = actorOf(auth);
  return (Array.isArray(change) ? change : [change]).flatMap(splitPay).map((c) => ({
    businessId: auth.businessId,
    ...actor,
    action,
    entity: c.entity,
    entityId: c.entityId ?? null,
    before: scrub(c.before),
    after: scrub(c.after),
  }));
};

/**
 * Audit rows: who did what to which record, with the record before and after. Several changes of
 * one action (a bulk move, say) are written in one statement.
 */
export const audit = async (
  db: DbOrTx,
  auth: TAuth | { kind: 'system'; businessId: string },
  action: string,
  change: TChange | TChange[],
) => {
  const entries = auditEntries(auth, action, change);
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries);
};

const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'dataCode', 'portalCode']);
const scrub = (value: unknown): unknown => {
  if (value === undefined || value === null || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(scrub);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k) ? '[hidden]' : v;
  return out;
};
