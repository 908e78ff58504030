import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TDepartment } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { departments, employees, units } from '../../db/schema/index.ts';

const columns = {
  id: departments.id, name: departments.name, description: departments.description, createdAt: departments.createdAt,
  unitId: units.id, unit: units.name,
};
type TRow = { id: string; name: string; description: string | null; createdAt: Date; unitId: string; unit: string };

export const toDepartment = (r: TRow): TDepartment => ({
  _id: r.id, name: r.name, unit: r.unit, unitId: r.unitId, description: r.description, createdAt: r.createdAt.toISOString(),
});

export const findDepartments = async (db: DbOrTx, businessId: string) =>
  db.select(columns).from(departments).innerJoin(units, eq(units.id, departments.unitId))
    .where(eq(departments.businessId, businessId)).orderBy(asc(units.name), asc(departments.name));

export const findDepartment = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select(columns).from(departments).innerJoin(units, eq(units.id, departments.unitId))
    .where(and(eq(departments.businessId, businessId), eq(departments.id, id))).limit(1))[0];

/** The unit of that name, or the business's first unit when none is named; created when new. */
export const getOrCreateUnit = async (db: DbOrTx, businessId: string, name?: string) => {
  if (!name) {
    return (await db.select().from(units).where(eq(units.businessId, businessId)).orderBy(asc(units.createdAt)).limit(1))[0];
  }
  const found = (await db.select().from(units)
    .where(and(eq(units.businessId, businessId), sql`lower(${units.name}) = ${name.toLowerCase()}`)).limit(1))[0];
  return found ?? (await db.insert(units).values({ businessId, name }).returning())[0];
};

export const hasDepartmentNamed = async (db: DbOrTx, businessId: string, unitId: string, name: string, exceptId?: string) =>
  (await db.select({ id: departments.id }).from(departments)
    .where(and(eq(departments.businessId, businessId), eq(departments.unitId, unitId), sql`lower(${departments.name}) = ${name.toLowerCase()}`, exceptId ? ne(departments.id, exceptId) : undefined))
    .limit(1)).length > 0;

export const createDepartment = async (db: DbOrTx, input: { businessId: string; unitId: string; name: string; description?: string | null }) =>
  (await db.insert(departments).values(input).returning({ id: departments.id }))[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrName = (idCol: typeof departments.id | typeof units.id, nameCol: typeof departments.name | typeof units.name, ref: string) =>
  UUID.test(ref) ? eq(idCol, ref.toLowerCase()) : sql`lower(${nameCol}) = ${ref.trim().toLowerCase()}`;

/** Departments a caller named by id or by name (a name may match one in each unit). */
export const findDepartmentsByRef = async (db: DbOrTx, businessId: string, ref: string, unitId?: string) =>
  db.select(columns).from(departments).innerJoin(units, eq(units.id, departments.unitId))
    .where(and(eq(departments.businessId, businessId), idOrName(departments.id, departments.name, ref), unitId ? eq(departments.unitId, unitId) : undefined))
    .orderBy(asc(units.name));

export const findUnitByRef = async (db: DbOrTx, businessId: string, ref: string) =>
  (await db.select().from(units).where(and(eq(units.businessId, businessId), idOrName(units.id, units.name, ref))).limit(1))[0];

export const updateDepartment = async (db: DbOrTx, businessId: string, id: string, input: { name: string; description: string | null }) =>
  db.update(departments).set(input).where(and(eq(departments.businessId, businessId), eq(departments.id, id)));

export const deleteDepartment = async (db: DbOrTx, businessId: string, id: string) =>
  db.delete(departments).where(and(eq(departments.businessId, businessId), eq(departments.id, id)));

/** Employees (not deleted) in the department. */
export const countDepartmentEmployees = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(employees)
    .where(and(eq(employees.businessId, businessId), eq(employees.departmentId, id), isNull(employees.deletedAt))))[0]?.n ?? 0;
