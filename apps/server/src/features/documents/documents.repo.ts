import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { TDepartmentFile, TDocument, TNote } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { departmentFiles, employeeDocuments, employeeNotes, employees } from '../../db/schema/index.ts';

type TDocumentRow = typeof employeeDocuments.$inferSelect;
type TNoteRow = typeof employeeNotes.$inferSelect;
type TDepartmentFileRow = typeof departmentFiles.$inferSelect;

export const toDocument = (r: TDocumentRow): TDocument => ({
  _id: r.id, employeeId: r.employeeId, name: r.name, mime: r.mime, size: r.size,
  url: `/api/v1/docs/download/${r.id}`, uploadedBy: r.uploadedByKind === 'portal' ? 'portal' : 'user',
  docType: (r.docType as TDocument['docType']) ?? null, expiresOn: r.expiresOn ?? null, createdAt: r.createdAt.toISOString(),
});

export const updateDocumentMeta = async (db: DbOrTx, businessId: string, id: string, patch: { docType?: string | null; expiresOn?: string | null }) =>
  (await db.update(employeeDocuments).set(patch).where(and(eq(employeeDocuments.businessId, businessId), eq(employeeDocuments.id, id))).returning())[0];

/** Documents of live employees expiring between from and to (inclusive), with the employee's name: the HR reminders' source. */
export const findExpiringDocuments = async (db: DbOrTx, businessId: string, from: string, to: string) =>
  db.select({ id: employeeDocuments.id, employeeId: employeeDocuments.employeeId, name: employeeDocuments.name, docType: employeeDocuments.docType,
    expiresOn: employeeDocuments.expiresOn, firstName: employees.firstName, lastName: employees.lastName })
    .from(employeeDocuments).innerJoin(employees, eq(employees.id, employeeDocuments.employeeId))
    .where(and(eq(employeeDocuments.businessId, businessId), isNull(employees.deletedAt), isNull(employees.exitDate),
      gte(employeeDocuments.expiresOn, from), lte(employeeDocuments.expiresOn, to)));

export const toNote = (r: TNoteRow): TNote => ({
  _id: r.id, employeeId: r.employeeId, textData: r.textData, authorName: r.authorName, createdAt: r.createdAt.toISOString(),
});

/** `index` is the entry's place in the department's list as ordered here: the spec's fileIndex. */
export const toDepartmentFile = (r: TDepartmentFileRow, index: number): TDepartmentFile => ({
  _id: r.id, index, kind: r.kind === 'video' ? 'video' : 'file', name: r.name,
  url: r.kind === 'video' ? (r.url ?? '') : `/api/v1/docs/department-file/${r.id}`,
  mime: r.mime, size: r.size, createdAt: r.createdAt.toISOString(),
});

export const createDocument = async (db: DbOrTx, values: typeof employeeDocuments.$inferInsert) =>
  (await db.insert(employeeDocuments).values(values).returning())[0];

export const findDocuments = async (db: DbOrTx, businessId: string, employeeId: string) =>
  db.select().from(employeeDocuments)
    .where(and(eq(employeeDocuments.businessId, businessId), eq(employeeDocuments.employeeId, employeeId)))
    .orderBy(desc(employeeDocuments.createdAt));

export const findDocument = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(employeeDocuments).where(and(eq(employeeDocuments.businessId, businessId), eq(employeeDocuments.id, id))).limit(1))[0];

export const deleteDocument = async (db: DbOrTx, businessId: string, id: string) =>
  db.delete(employeeDocuments).where(and(eq(employeeDocuments.businessId, businessId), eq(employeeDocuments.id, id)));

export const createNote = async (db: DbOrTx, values: typeof employeeNotes.$inferInsert) =>
  (await db.insert(employeeNotes).values(values).returning())[0];

export const findNotes = async (db: DbOrTx, businessId: string, employeeId: string) =>
  db.select().from(employeeNotes)
    .where(and(eq(employeeNotes.businessId, businessId), eq(employeeNotes.employeeId, employeeId)))
    .orderBy(desc(employeeNotes.createdAt));

/** Held while a department's list is changed, so two deletions by index cannot hit the same entry. */
export const lockDepartmentFiles = async (tx: DbOrTx, departmentId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`department-files:${departmentId}`}))`);

export const findDepartmentFiles = async (db: DbOrTx, businessId: string, departmentId: string) =>
  db.select().from(departmentFiles)
    .where(and(eq(departmentFiles.businessId, businessId), eq(departmentFiles.departmentId, departmentId)))
    .orderBy(asc(departmentFiles.position), asc(departmentFiles.createdAt), asc(departmentFiles.id));

export const findDepartmentFile = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(departmentFiles).where(and(eq(departmentFiles.businessId, businessId), eq(departmentFiles.id, id))).limit(1))[0];

export const createDepartmentFile = async (db: DbOrTx, values: Omit<typeof departmentFiles.$inferInsert, 'position'>) =>
  (await db.insert(departmentFiles).values({
    ...values,
    position: sql`(SELECT coalesce(max(${departmentFiles.position}) + 1, 0) FROM ${departmentFiles} WHERE ${departmentFiles.departmentId} = ${values.departmentId})`,
  }).returning())[0];

export const deleteDepartmentFile = async (db: DbOrTx, businessId: string, id: string) =>
  db.delete(departmentFiles).where(and(eq(departmentFiles.businessId, businessId), eq(departmentFiles.id, id)));
