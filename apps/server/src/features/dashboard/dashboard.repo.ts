import { and, count, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { TNotificationSubject } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, collectionPoints, departments, designations, employees, notifications, users } from '../../db/schema/index.ts';

const countWhere = async (db: DbOrTx, table: typeof users | typeof departments | typeof collectionPoints | typeof designations, businessId: string) =>
  Number((await db.select({ n: count() }).from(table).where(eq(table.businessId, businessId)))[0].n);

/** The business's counts; the unread notifications only of the subjects the reader opens (`subjects`, null: all). */
export const countAccounts = async (db: DbOrTx, businessId: string, subjects: TNotificationSubject[] | null) => {
  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString().slice(0, 10);
  const [usersCount, departmentsCount, designationsCount, pointsCount, unread, staff, joiners] = await Promise.all([
    countWhere(db, users, businessId),
    countWhere(db, departments, businessId),
    countWhere(db, designations, businessId),
    countWhere(db, collectionPoints, businessId),
    db.select({ n: count() }).from(notifications)
      .where(and(eq(notifications.businessId, businessId), eq(notifications.read, false), subjects ? inArray(notifications.subject, subjects) : undefined)),
    db.select({ n: count() }).from(employees).where(and(eq(employees.businessId, businessId), isNull(employees.deletedAt))),
    db.select({ n: count() }).from(employees).where(and(eq(employees.businessId, businessId), isNull(employees.deletedAt), gte(employees.startDate, monthStart))),
  ]);
  return {
    users: usersCount,
    employees: Number(staff[0].n),
    joinersThisMonth: Number(joiners[0].n),
    departments: departmentsCount,
    designations: designationsCount,
    collectionPoints: pointsCount,
    unreadNotifications: Number(unread[0].n),
  };
};

/** The audit trail, newest first; `entities` (null: all) limits it to the subjects the caller may read, in SQL. */
export const findActivity = async (db: DbOrTx, businessId: string, opts: { limit: number; offset: number; entities: string[] | null }) => {
  if (opts.entities?.length === 0) return { rows: [], total: 0 };
  const where = and(eq(auditLog.businessId, businessId), opts.entities ? inArray(auditLog.entity, opts.entities) : undefined);
  const rows = await db.select({
    id: auditLog.id, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId,
    actorKind: auditLog.actorKind, actorId: auditLog.actorId, actorName: users.userName, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt,
  }).from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.actorId), eq(users.businessId, auditLog.businessId)))
    .where(where)
    .orderBy(desc(auditLog.createdAt))
    .limit(opts.limit).offset(opts.offset);
  const total = Number((await db.select({ n: count() }).from(auditLog).where(where))[0].n);
  return { rows, total };
};
