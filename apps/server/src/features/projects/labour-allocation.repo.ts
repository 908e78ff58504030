import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employeeProjectAllocations, places } from '../../db/schema/index.ts';

/** Every month's split of one employee, newest first, with the projects' names. */
export const findAllocations = async (db: DbOrTx, businessId: string, employeeId: string) =>
  db.select({ effectiveMonth: employeeProjectAllocations.effectiveMonth, projectId: employeeProjectAllocations.projectId, projectName: places.name, percentBp: employeeProjectAllocations.percentBp })
    .from(employeeProjectAllocations).innerJoin(places, eq(places.id, employeeProjectAllocations.projectId))
    .where(and(eq(employeeProjectAllocations.businessId, businessId), eq(employeeProjectAllocations.employeeId, employeeId)))
    .orderBy(desc(employeeProjectAllocations.effectiveMonth), desc(employeeProjectAllocations.percentBp));

/** Replaces one month's split of an employee (an empty split removes that month's). */
export const replaceMonth = async (db: DbOrTx, businessId: string, employeeId: string, month: string, rows: Array<{ projectId: string; percentBp: number }>) => {
  await db.delete(employeeProjectAllocations).where(and(
    eq(employeeProjectAllocations.businessId, businessId), eq(employeeProjectAllocations.employeeId, employeeId), eq(employeeProjectAllocations.effectiveMonth, month),
  ));
  if (rows.length) await db.insert(employeeProjectAllocations).values(rows.map((r) => ({ businessId, employeeId, effectiveMonth: month, ...r })));
};

/** The splits in force in `month` for the business's employees: each employee's latest month on or before it. */
export const findSplitsFor = async (db: DbOrTx, businessId: string, month: string) => {
  const rows = await db.select({ employeeId: employeeProjectAllocations.employeeId, effectiveMonth: employeeProjectAllocations.effectiveMonth, projectId: employeeProjectAllocations.projectId, percentBp: employeeProjectAllocations.percentBp })
    .from(employeeProjectAllocations)
    .where(and(eq(employeeProjectAllocations.businessId, businessId), lte(employeeProjectAllocations.effectiveMonth, month)));
  const latest = new Map<string, string>();
  for (const r of rows) if ((latest.get(r.employeeId) ?? '') < r.effectiveMonth) latest.set(r.employeeId, r.effectiveMonth);
  return rows.filter((r) => latest.get(r.employeeId) === r.effectiveMonth);
};
