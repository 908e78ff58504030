import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { projectBudgets, projectCertificates, projectContracts } from '../../db/schema/index.ts';

export type TCertificateRow = typeof projectCertificates.$inferSelect;
export type TContractRow = typeof projectContracts.$inferSelect;

const ofBusiness = (businessId: string, projectIds?: string[]) => <T extends typeof projectBudgets | typeof projectContracts | typeof projectCertificates>(t: T) =>
  and(eq(t.businessId, businessId), projectIds ? inArray(t.projectId, projectIds) : undefined);

export const findBudgets = async (db: DbOrTx, businessId: string, projectIds?: string[]) =>
  db.select().from(projectBudgets).where(ofBusiness(businessId, projectIds)(projectBudgets));

export const findContracts = async (db: DbOrTx, businessId: string, projectIds?: string[]) =>
  db.select().from(projectContracts).where(ofBusiness(businessId, projectIds)(projectContracts));

export const findCertificates = async (db: DbOrTx, businessId: string, projectIds?: string[]) =>
  db.select().from(projectCertificates).where(ofBusiness(businessId, projectIds)(projectCertificates))
    .orderBy(asc(projectCertificates.certificateDate), asc(projectCertificates.createdAt));

export const upsertBudget = async (db: DbOrTx, businessId: string, projectId: string, category: string, amountMinor: number) =>
  (await db.insert(projectBudgets).values({ businessId, projectId, category, amountMinor })
    .onConflictDoUpdate({ target: [projectBudgets.businessId, projectBudgets.projectId, projectBudgets.category], set: { amountMinor, updatedAt: sql`now()` } })
    .returning())[0];

export const deleteBudget = async (db: DbOrTx, businessId: string, projectId: string, category: string) =>
  db.delete(projectBudgets).where(and(eq(projectBudgets.businessId, businessId), eq(projectBudgets.projectId, projectId), eq(projectBudgets.category, category))).returning();

export const upsertContract = async (db: DbOrTx, businessId: string, projectId: string, patch: Partial<Pick<TContractRow, 'contractValueMinor' | 'retentionBp' | 'whtBp'>>) =>
  (await db.insert(projectContracts).values({ businessId, projectId, ...patch })
    .onConflictDoUpdate({ target: [projectContracts.businessId, projectContracts.projectId], set: { ...patch, updatedAt: sql`now()` } })
    .returning())[0];

export const insertCertificate = async (db: DbOrTx, businessId: string, projectId: string, row: Omit<typeof projectCertificates.$inferInsert, 'businessId' | 'projectId' | 'id'>) =>
  (await db.insert(projectCertificates).values({ ...row, businessId, projectId }).onConflictDoNothing().returning())[0];

/** The certificate, locked for the payment being recorded against it. */
export const lockCertificate = async (db: DbOrTx, businessId: string, projectId: string, id: string) =>
  (await db.select().from(projectCertificates)
    .where(and(eq(projectCertificates.businessId, businessId), eq(projectCertificates.projectId, projectId), eq(projectCertificates.id, id))).for('update').limit(1))[0];

/** The certificate a receipt names, locked whichever project it is on (the receipt already proved the business). */
export const lockCertificateById = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(projectCertificates).where(and(eq(projectCertificates.businessId, businessId), eq(projectCertificates.id, id))).for('update').limit(1))[0];

export const updateCertificate = async (db: DbOrTx, businessId: string, id: string, patch: Partial<Omit<TCertificateRow, 'businessId' | 'projectId' | 'id' | 'createdAt'>>) =>
  (await db.update(projectCertificates).set(patch).where(and(eq(projectCertificates.businessId, businessId), eq(projectCertificates.id, id))).returning())[0];

/** Another certificate of the project with this number (numbers are unique per project, ignoring case). */
export const hasOtherCertificateNumbered = async (db: DbOrTx, businessId: string, projectId: string, number: string, exceptId: string) =>
  (await db.select({ id: projectCertificates.id }).from(projectCertificates).where(and(
    eq(projectCertificates.businessId, businessId), eq(projectCertificates.projectId, projectId),
    sql`lower(${projectCertificates.number}) = lower(${number})`, ne(projectCertificates.id, exceptId),
  )).limit(1)).length > 0;

export const deleteCertificate = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.delete(projectCertificates).where(and(eq(projectCertificates.businessId, businessId), eq(projectCertificates.id, id))).returning())[0];
