import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TDesignation } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { designations, employees } from '../../db/schema/index.ts';

type TRow = typeof designations.$inferSelect & { employeeCount: number };

export const toDesignation = (r: TRow): TDesignation => ({
  _id: r.id, name: r.name, value: r.id, label: r.name, description: r.description, employeeCount: r.employeeCount, createdAt: r.createdAt.toISOString(),
});

const withCount = {
  id: designations.id, businessId: designations.businessId, name: designations.name, description: designations.description, createdAt: designations.createdAt,
  employeeCount: sql<number>`(SELECT count(*)::int FROM ${employees} WHERE ${employees.designationId} = ${designations.id} AND ${isNull(employees.deletedAt)})`,
};

export const findDesignations = async (db: DbOrTx, businessId: string) =>
  db.select(withCount).from(designations).where(eq(designations.businessId, businessId)).orderBy(asc(sql`lower(${designations.name})`));

export const findDesignation = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select(withCount).from(designations).where(and(eq(designations.businessId, businessId), eq(designations.id, id))).limit(1))[0];

export const isDesignationNamed = async (db: DbOrTx, businessId: string, name: string) =>
  (await db.select({ id: designations.id }).from(designations)
    .where(and(eq(designations.businessId, businessId), sql`lower(${designations.name}) = ${name.toLowerCase()}`)).limit(1)).length > 0;

export const createDesignation = async (db: DbOrTx, input: { businessId: string; name: string; description: string | null }) =>
  (await db.insert(designations).values(input).returning({ id: designations.id }))[0];
