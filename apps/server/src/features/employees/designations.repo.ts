import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TDesignation } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { designations, employees } from '../../db/schema/index.ts';

type TRow = typeof designations.$inferSelect & { employeeCount: number };

export const toDesignation = (r: TRow): TDesignation => ({
  _id: r.id, name: r.name, value: r.id, label: r.name, description: r.description, employeeCount: r.employeeCount, createdAt: r.createdAt.toISOString(),
});

const withCount = {
  id: designations.id, businessId: designations.businessId, name: designations.name, description: designations.description, createdAt: designations.createdAt,
  // Qualified by hand: inside the sub-select an unqualified "id" would be the employee's.
  employeeCount: sql<number>`(SELECT count(*)::int FROM ${employees} e WHERE e.designation_id = ${sql.raw('"designations"."id"')} AND e.deleted_at IS NULL)`,
};

export const findDesignations = async (db: DbOrTx, businessId: string) =>
  db.select(withCount).from(designations).where(eq(designations.businessId, businessId)).orderBy(asc(sql`lower(${designations.name})`));

export const findDesignation = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select(withCount).from(designations).where(and(eq(designations.businessId, businessId), eq(designations.id, id))).limit(1))[0];

export const isDesignationNamed = async (db: DbOrTx, businessId: string, name: string, exceptId?: string) =>
  (await db.select({ id: designations.id }).from(designations)
    .where(and(eq(designations.businessId, businessId), sql`lower(${designations.name}) = ${name.toLowerCase()}`, exceptId ? ne(designations.id, exceptId) : undefined)).limit(1)).length > 0;

export const createDesignation = async (db: DbOrTx, input: { businessId: string; name: string; description: string | null }) =>
  (await db.insert(designations).values(input).returning({ id: designations.id }))[0];

export const updateDesignation = async (db: DbOrTx, businessId: string, id: string, input: { name: string; description: string | null }) =>
  db.update(designations).set(input).where(and(eq(designations.businessId, businessId), eq(designations.id, id)));

export const deleteDesignation = async (db: DbOrTx, businessId: string, id: string) =>
  db.delete(designations).where(and(eq(designations.businessId, businessId), eq(designations.id, id)));
