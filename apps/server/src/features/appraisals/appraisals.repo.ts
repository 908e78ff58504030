import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appraisalConfigs, appraisalCycles, appraisalForms, appraisalLinks, appraisalReports, appraisalSettings, businesses,
  departments, designations, employees, units, type TCriterionRow, type TScoreRow,
} from '../../db/schema/index.ts';

/*
 * The only SQL of appraisals. People, departments and units are read here (read-only) with the columns
 * appraisals need, joined to its own rows; every write to them stays with the employees feature.
 */

export type TCycleRow = typeof appraisalCycles.$inferSelect;
export type TFormRow = typeof appraisalForms.$inferSelect;
export type TFormValues = typeof appraisalForms.$inferInsert;

const fullName = sql<string>`${employees.firstName} || ' ' || ${employees.lastName}`;

// Settings and criteria.
export const findScale = async (db: DbOrTx, businessId: string) => {
  const row = (await db.select().from(appraisalSettings).where(eq(appraisalSettings.businessId, businessId)).limit(1))[0];
  return row ? { min: row.scaleMin, max: row.scaleMax } : null;
};

export const saveScale = async (db: DbOrTx, businessId: string, scale: { min: number; max: number }) =>
  db.insert(appraisalSettings).values({ businessId, scaleMin: scale.min, scaleMax: scale.max })
    .onConflictDoUpdate({ target: appraisalSettings.businessId, set: { scaleMin: scale.min, scaleMax: scale.max, updatedAt: new Date() } });

export const findUpwardQuestions = async (db: DbOrTx, businessId: string) =>
  (await db.select({ q: appraisalSettings.upwardQuestions }).from(appraisalSettings).where(eq(appraisalSettings.businessId, businessId)).limit(1))[0]?.q ?? null;

export const saveUpwardQuestions = async (db: DbOrTx, businessId: string, questions: TCriterionRow[]) =>
  db.insert(appraisalSettings).values({ businessId, upwardQuestions: questions })
    .onConflictDoUpdate({ target: appraisalSettings.businessId, set: { upwardQuestions: questions, updatedAt: new Date() } });

export const findConfig = async (db: DbOrTx, businessId: string, departmentId: string) =>
  (await db.select().from(appraisalConfigs).where(and(eq(appraisalConfigs.businessId, businessId), eq(appraisalConfigs.departmentId, departmentId))).limit(1))[0];

export const saveConfig = async (db: DbOrTx, businessId: string, departmentId: string, criteria: TCriterionRow[]) =>
  db.insert(appraisalConfigs).values({ businessId, departmentId, criteria })
    .onConflictDoUpdate({ target: [appraisalConfigs.businessId, appraisalConfigs.departmentId], set: { criteria, updatedAt: new Date() } });

// Departments, units and people (read-only).
export const findDepartment = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({ id: departments.id, name: departments.name, unitId: units.id, unit: units.name })
    .from(departments).innerJoin(units, eq(units.id, departments.unitId))
    .where(and(eq(departments.businessId, businessId), eq(departments.id, id))).limit(1))[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const findUnitByRef = async (db: DbOrTx, businessId: string, ref: string) =>
  (await db.select({ id: units.id, name: units.name }).from(units)
    .where(and(eq(units.businessId, businessId), UUID.test(ref) ? eq(units.id, ref.toLowerCase()) : sql`lower(${units.name}) = ${ref.trim().toLowerCase()}`))
    .limit(1))[0];

const personColumns = {
  id: employees.id, name: fullName, email: employees.email, designation: designations.name, departmentId: employees.departmentId,
  appraiserId: employees.appraiserId, superiorId: employees.superiorId, uplineId: employees.uplineId,
};
export type TPerson = { id: string; name: string; email: string; designation: string | null; departmentId: string | null; appraiserId: string | null; superiorId: string | null; uplineId: string | null };

const selectPeople = (db: DbOrTx) => db.select(personColumns).from(employees).leftJoin(designations, eq(designations.id, employees.designationId));
const live = (businessId: string) => and(eq(employees.businessId, businessId), isNull(employees.deletedAt));

export const findPeopleOfDepartment = async (db: DbOrTx, businessId: string, departmentId: string): Promise<TPerson[]> =>
  selectPeople(db).where(and(live(businessId), eq(employees.departmentId, departmentId))).orderBy(sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`);

export const findPeople = async (db: DbOrTx, businessId: string, ids: string[]): Promise<TPerson[]> =>
  ids.length ? selectPeople(db).where(and(live(businessId), inArray(employees.id, ids))) : [];

export const findPerson = async (db: DbOrTx, businessId: string, id: string): Promise<TPerson | undefined> => (await findPeople(db, businessId, [id]))[0];

export const findDownlines = async (db: DbOrTx, businessId: string, uplineId: string): Promise<TPerson[]> =>
  selectPeople(db).where(and(live(businessId), eq(employees.uplineId, uplineId))).orderBy(sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`);

// Cycles.
/** The end of `date` in the time zone (the first instant of the next day there). */
export const endOfDayIn = async (db: DbOrTx, date: string, timeZone: string) => {
  const res = await db.execute(sql`SELECT extract(epoch FROM ((${date})::date + 1)::timestamp AT TIME ZONE ${timeZone})::float8 AS at`);
  return new Date(Number((res as unknown as { rows: { at: number | string }[] }).rows[0].at) * 1000);
};

export const createCycle = async (db: DbOrTx, values: typeof appraisalCycles.$inferInsert) =>
  (await db.insert(appraisalCycles).values(values).onConflictDoNothing().returning())[0];

export const findCycles = async (db: DbOrTx, businessId: string, departmentId: string, limit = 10) =>
  db.select().from(appraisalCycles).where(and(eq(appraisalCycles.businessId, businessId), eq(appraisalCycles.departmentId, departmentId)))
    .orderBy(desc(appraisalCycles.createdAt)).limit(limit);

/** The newest cycle of the department whose links are still open. */
export const findOpenCycle = async (db: DbOrTx, businessId: string, departmentId: string) =>
  (await db.select().from(appraisalCycles)
    .where(and(eq(appraisalCycles.businessId, businessId), eq(appraisalCycles.departmentId, departmentId), gt(appraisalCycles.expiresAt, new Date())))
    .orderBy(desc(appraisalCycles.createdAt)).limit(1))[0];

// Forms.
export const createForms = async (db: DbOrTx, values: TFormValues[]) =>
  values.length ? db.insert(appraisalForms).values(values).onConflictDoNothing().returning() : [];

export const findFormsOfCycles = async (db: DbOrTx, businessId: string, cycleIds: string[]) =>
  cycleIds.length ? db.select().from(appraisalForms).where(and(eq(appraisalForms.businessId, businessId), inArray(appraisalForms.cycleId, cycleIds)))
    // Upward forms by their random id: an order by reviewer name would tell who filled which.
    .orderBy(appraisalForms.kind, sql`lower(${appraisalForms.employeeName})`, sql`CASE WHEN ${appraisalForms.kind} = 'upward' THEN ${appraisalForms.id}::text ELSE lower(${appraisalForms.reviewerName}) END`) : [];

/** Scored appraisals of one appraiser in a department, waiting for a superior; locked against a second send. */
export const findFormsForSuperior = async (db: DbOrTx, businessId: string, departmentId: string, appraiserId: string) =>
  db.select({ form: appraisalForms, cycle: appraisalCycles }).from(appraisalForms).innerJoin(appraisalCycles, eq(appraisalCycles.id, appraisalForms.cycleId))
    .where(and(
      eq(appraisalForms.businessId, businessId), eq(appraisalCycles.departmentId, departmentId), eq(appraisalForms.reviewerId, appraiserId),
      eq(appraisalForms.kind, 'appraisal'), eq(appraisalForms.status, 'submitted'),
    ))
    .for('update', { of: appraisalForms });

/** One form with its cycle, locked for a change of its links. */
export const findFormForUpdate = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({ form: appraisalForms, cycle: appraisalCycles }).from(appraisalForms).innerJoin(appraisalCycles, eq(appraisalCycles.id, appraisalForms.cycleId))
    .where(and(eq(appraisalForms.businessId, businessId), eq(appraisalForms.id, id))).for('update', { of: appraisalForms }).limit(1))[0];

export const updateForm = async (db: DbOrTx, businessId: string, id: string, patch: Partial<TFormValues>) =>
  (await db.update(appraisalForms).set(patch).where(and(eq(appraisalForms.businessId, businessId), eq(appraisalForms.id, id))).returning())[0];

export const findFormsOfEmployee = async (db: DbOrTx, businessId: string, employeeId: string) =>
  db.select({ form: appraisalForms, cycle: appraisalCycles, department: departments.name }).from(appraisalForms)
    .innerJoin(appraisalCycles, eq(appraisalCycles.id, appraisalForms.cycleId))
    .innerJoin(departments, eq(departments.id, appraisalCycles.departmentId))
    .where(and(eq(appraisalForms.businessId, businessId), eq(appraisalForms.employeeId, employeeId)))
    .orderBy(desc(appraisalCycles.createdAt), appraisalForms.kind, appraisalForms.id);

/** Scored forms of the unit's departments, with their cycle and department, newest cycle first. */
export const findScoredFormsOfUnit = async (db: DbOrTx, businessId: string, unitId: string) =>
  db.select({ form: appraisalForms, cycle: appraisalCycles, department: departments.name }).from(appraisalForms)
    .innerJoin(appraisalCycles, eq(appraisalCycles.id, appraisalForms.cycleId))
    .innerJoin(departments, eq(departments.id, appraisalCycles.departmentId))
    .where(and(eq(appraisalForms.businessId, businessId), eq(departments.unitId, unitId), inArray(appraisalForms.status, ['submitted', 'review', 'countersigned'])))
    .orderBy(desc(appraisalCycles.createdAt));

// Links.
export const createLinks = async (db: DbOrTx, values: (typeof appraisalLinks.$inferInsert)[]) => {
  if (values.length) await db.insert(appraisalLinks).values(values);
};

/** Removes a form's unused links of one purpose (a new link replaces them; the old one then reads as unknown). */
export const retireLinks = async (db: DbOrTx, businessId: string, formId: string, purpose: string) =>
  db.delete(appraisalLinks)
    .where(and(eq(appraisalLinks.businessId, businessId), eq(appraisalLinks.formId, formId), eq(appraisalLinks.purpose, purpose), isNull(appraisalLinks.usedAt)));

/** What a link opens: the link, its form and cycle, the department and the business's name. No business scope: the token is the key. */
export const findLinkByHash = async (db: DbOrTx, tokenHash: string) =>
  (await db.select({ link: appraisalLinks, form: appraisalForms, cycle: appraisalCycles, department: departments.name, businessName: businesses.name, ownerEmail: businesses.ownerEmail })
    .from(appraisalLinks)
    .innerJoin(appraisalForms, eq(appraisalForms.id, appraisalLinks.formId))
    .innerJoin(appraisalCycles, eq(appraisalCycles.id, appraisalForms.cycleId))
    .innerJoin(departments, eq(departments.id, appraisalCycles.departmentId))
    .innerJoin(businesses, eq(businesses.id, appraisalLinks.businessId))
    .where(eq(appraisalLinks.tokenHash, tokenHash)).limit(1))[0];

/** Marks a link used; null when another request used it first or it expired meanwhile (single use under races). */
export const consumeLink = async (db: DbOrTx, id: string) =>
  (await db.update(appraisalLinks).set({ usedAt: new Date() })
    .where(and(eq(appraisalLinks.id, id), isNull(appraisalLinks.usedAt), gt(appraisalLinks.expiresAt, new Date()))).returning({ id: appraisalLinks.id }))[0] ?? null;

// Reports.
export const createReport = async (db: DbOrTx, values: typeof appraisalReports.$inferInsert) =>
  (await db.insert(appraisalReports).values(values).returning())[0];

export const findReports = async (db: DbOrTx, businessId: string, limit: number, offset: number) =>
  db.select().from(appraisalReports).where(eq(appraisalReports.businessId, businessId)).orderBy(desc(appraisalReports.createdAt)).limit(limit).offset(offset);

export const countReports = async (db: DbOrTx, businessId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(appraisalReports).where(eq(appraisalReports.businessId, businessId)))[0].n;

export const findReport = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(appraisalReports).where(and(eq(appraisalReports.businessId, businessId), eq(appraisalReports.id, id))).limit(1))[0];

export type { TCriterionRow, TScoreRow };
