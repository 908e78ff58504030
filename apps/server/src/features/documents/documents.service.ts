import { ZDocumentMeta, type TDeleteDepartmentFile, type TDocumentMeta, type TNoteInput, type TVideoUpload } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { documentStoredType as storedTypeOf, nameForType, type TUpload } from '../../platform/http/uploads.ts';
import { assertOwnEmployee } from '../employees/employees.service.ts';
import * as employeesRepo from '../employees/employees.repo.ts';
import * as departmentsRepo from '../employees/departments.repo.ts';
import * as repo from './documents.repo.ts';

export const createDocumentsService = (deps: TDeps) => {
  const { db, storage } = deps;

  /** A department named by id, or by a name only one department of the business has. */
  const resolveDepartment = async (tx: DbOrTx, businessId: string, ref: string) => {
    const found = await departmentsRepo.findDepartmentsByRef(tx, businessId, ref);
    if (found.length === 0) throw notFound('Department');
    if (found.length > 1) throw conflict(`Several departments are named "${ref}" (in ${found.map((d) => d.unit).join(', ')}); send the department's _id instead`).as('departmentAmbiguous', { name: ref, units: found.map((d) => d.unit).join(', ') });
    return found[0];
  };

  /** A new entry as the department's list shows it, with its index. */
  const entryOf = async (tx: DbOrTx, businessId: string, departmentId: string, id: string) =>
    (await repo.findDepartmentFiles(tx, businessId, departmentId)).map(repo.toDepartmentFile).find((f) => f._id === id)!;

  const liveEmployee = async (tx: DbOrTx, auth: TAuth, id: string) => {
    assertOwnEmployee(auth, id);
    const employee = await employeesRepo.findEmployee(tx, auth.businessId, id);
    if (!employee) throw notFound('Employee');
    return employee;
  };

  /** Stores the bytes first and removes them again if the database write fails. */
  const storeThen = async <T>(businessId: string, file: TUpload, write: (key: string, stored: { mime: string; ext: string }) => Promise<T>) => {
    const stored = storedTypeOf(file);
    const key = `${businessId}/${crypto.randomUUID()}.${stored.ext}`;
    await storage.put(key, file.buffer, stored.mime);
    try {
      return await write(key, stored);
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
  };

  /** The optional multipart fields `docType` and `expiresOn` (sent before the file), checked like a JSON body. */
  const metaOf = (fields: Record<string, string | undefined>) => {
    const parsed = ZDocumentMeta.safeParse({ docType: fields.docType || undefined, expiresOn: fields.expiresOn || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`${String(issue.path[0])}: ${issue.message}`);
    }
    return { docType: parsed.data.docType ?? null, expiresOn: parsed.data.expiresOn ?? null };
  };

  const uploadForEmployee = async (auth: TAuth, employeeId: string, file: TUpload) => {
    const meta = metaOf(file.fields);
    await liveEmployee(db, auth, employeeId);
    return storeThen(auth.businessId, file, (key, stored) =>
      db.transaction(async (tx) => {
        await liveEmployee(tx, auth, employeeId);
        const row = await repo.createDocument(tx, {
          businessId: auth.businessId, employeeId, storageKey: key, name: nameForType(file.originalName, stored.ext, 'document'),
          mime: stored.mime, size: file.buffer.length, ...meta, uploadedByKind: auth.kind, uploadedById: auth.kind === 'user' ? auth.userId : auth.kind === 'portal' ? auth.employeeId : null,
        });
        const document = repo.toDocument(row);
        await audit(tx, auth, 'document.uploaded', { entity: 'employee-document', entityId: row.id, after: document });
        return document;
      }));
  };

  const uploadForDepartment = async (auth: TUserAuth, departmentRef: string, file: TUpload) => {
    const department = await resolveDepartment(db, auth.businessId, departmentRef);
    return storeThen(auth.businessId, file, (key, stored) =>
      db.transaction(async (tx) => {
        await repo.lockDepartmentFiles(tx, department.id);
        const row = await repo.createDepartmentFile(tx, {
          businessId: auth.businessId, departmentId: department.id, kind: 'file', name: nameForType(file.originalName, stored.ext, 'document'),
          storageKey: key, mime: stored.mime, size: file.buffer.length, createdById: auth.userId,
        });
        const entry = await entryOf(tx, auth.businessId, department.id, row.id);
        await audit(tx, auth, 'department.file-added', { entity: 'department', entityId: department.id, after: entry });
        return entry;
      }));
  };

  return {
    uploadForEmployee,

    /** A document's type and expiry date (HR): what the HR reminders read. */
    setMeta: async (auth: TUserAuth, id: string, input: TDocumentMeta) =>
      db.transaction(async (tx) => {
        if (input.docType === undefined && input.expiresOn === undefined) throw badRequest('docType: send docType or expiresOn (or both)').as('documentDetailsEmpty');
        const doc = await repo.findDocument(tx, auth.businessId, id);
        if (!doc) throw notFound('Document');
        const before = repo.toDocument(doc);
        const row = await repo.updateDocumentMeta(tx, auth.businessId, id, {
          ...(input.docType !== undefined ? { docType: input.docType } : {}), ...(input.expiresOn !== undefined ? { expiresOn: input.expiresOn } : {}),
        });
        if (!row) throw notFound('Document');
        const after = repo.toDocument(row);
        await audit(tx, auth, 'document.details-changed', { entity: 'employee-document', entityId: id, before, after });
        return after;
      }),

    /** The HR reminders' source: documents expiring between from and to. */
    dueItems: async (db2: DbOrTx, businessId: string, from: string, to: string) =>
      (await repo.findExpiringDocuments(db2, businessId, from, to)).map((d) => ({
        key: d.id, kind: 'document-expiry' as const, date: d.expiresOn!, employeeId: d.employeeId,
        name: `${d.firstName} ${d.lastName}`.trim(), detail: d.docType ?? d.name,
      })),

    /** POST /docs/upload: the text field `employeeId` files it on an employee, `department` (+ `email`) on a department. */
    upload: async (auth: TUserAuth, file: TUpload) => {
      const { employeeId, department, email } = file.fields;
      if (email) assertBusinessEmail(auth, email);
      if (employeeId && department) throw badRequest('employeeId: send either employeeId or department, not both').as('employeeOrDepartment');
      if (employeeId) {
        if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(employeeId)) throw badRequest('employeeId: must be a valid id').as('validId');
        return { target: 'employee' as const, document: await uploadForEmployee(auth, employeeId.toLowerCase(), file) };
      }
      if (department) {
        if (department.length > 120) throw badRequest('department: must be at most 120 characters');
        return { target: 'department' as const, file: await uploadForDepartment(auth, department, file) };
      }
      throw badRequest('employeeId: send the employee (employeeId) or the department (department) the document belongs to, before the file').as('documentOwnerFirst');
    },

    addNote: async (auth: TUserAuth, input: TNoteInput) =>
      db.transaction(async (tx) => {
        await liveEmployee(tx, auth, input.employeeId);
        const row = await repo.createNote(tx, { businessId: auth.businessId, employeeId: input.employeeId, textData: input.textData, authorId: auth.userId, authorName: auth.userName });
        const note = repo.toNote(row);
        await audit(tx, auth, 'employee.note-added', { entity: 'employee-note', entityId: row.id, after: note });
        return note;
      }),

    /** An employee's documents and HR's notes; in the portal an employee sees their documents only. */
    listForEmployee: async (auth: TAuth, employeeId: string) => {
      await liveEmployee(db, auth, employeeId);
      const [documents, notes] = await Promise.all([
        repo.findDocuments(db, auth.businessId, employeeId),
        auth.kind === 'user' ? repo.findNotes(db, auth.businessId, employeeId) : Promise.resolve([]),
      ]);
      return { documents: documents.map(repo.toDocument), notes: notes.map(repo.toNote) };
    },

    download: async (auth: TAuth, id: string) => {
      const doc = await repo.findDocument(db, auth.businessId, id);
      if (!doc) throw notFound('Document');
      // Another employee's document is "not found" to a portal token, like any unknown id.
      if (auth.kind !== 'user' && !(auth.kind === 'portal' && auth.employeeId === doc.employeeId)) throw notFound('Document');
      const file = await storage.get(doc.storageKey);
      if (!file) throw notFound('Document');
      return { body: file.body, mime: doc.mime, name: doc.name };
    },

    deleteDocument: async (auth: TUserAuth, id: string) => {
      const key = await db.transaction(async (tx) => {
        const doc = await repo.findDocument(tx, auth.businessId, id);
        if (!doc) throw notFound('Document');
        await repo.deleteDocument(tx, auth.businessId, id);
        await audit(tx, auth, 'document.deleted', { entity: 'employee-document', entityId: id, before: repo.toDocument(doc) });
        return doc.storageKey;
      });
      await storage.delete(key).catch((err: unknown) => deps.log.warn({ err }, 'deleted document left in storage'));
      return { _id: id };
    },

    addVideo: async (auth: TUserAuth, input: TVideoUpload) => {
      assertBusinessEmail(auth, input.email);
      return db.transaction(async (tx) => {
        const department = await resolveDepartment(tx, auth.businessId, input.department);
        await repo.lockDepartmentFiles(tx, department.id);
        const name = input.originalName ?? (decodeURIComponent(new URL(input.videoUrl).pathname.split('/').filter(Boolean).pop() ?? '') || 'Training video');
        const row = await repo.createDepartmentFile(tx, {
          businessId: auth.businessId, departmentId: department.id, kind: 'video', name: name.slice(0, 200), url: input.videoUrl, createdById: auth.userId,
        });
        const entry = await entryOf(tx, auth.businessId, department.id, row.id);
        await audit(tx, auth, 'department.video-added', { entity: 'department', entityId: department.id, after: entry });
        return entry;
      });
    },

    /** Removes the entry at `fileIndex` of the department's list (as the department view returns it). */
    deleteDepartmentFile: async (auth: TUserAuth, input: TDeleteDepartmentFile) => {
      assertBusinessEmail(auth, input.userEmail);
      const { removed, files, departmentId } = await db.transaction(async (tx) => {
        const department = await resolveDepartment(tx, auth.businessId, input.department);
        await repo.lockDepartmentFiles(tx, department.id);
        const rows = await repo.findDepartmentFiles(tx, auth.businessId, department.id);
        const target = rows[input.fileIndex];
        if (!target) throw notFound(`File ${input.fileIndex} of ${department.name}`);
        if (input.fileId && input.fileId !== target.id) throw conflict('The department\'s file list has changed since it was loaded; reload it and try again').as('fileListChanged');
        await repo.deleteDepartmentFile(tx, auth.businessId, target.id);
        await audit(tx, auth, 'department.file-removed', { entity: 'department', entityId: department.id, before: repo.toDepartmentFile(target, input.fileIndex) });
        return { removed: target, files: rows.filter((r) => r.id !== target.id).map(repo.toDepartmentFile), departmentId: department.id };
      });
      if (removed.storageKey) await storage.delete(removed.storageKey).catch((err: unknown) => deps.log.warn({ err }, 'removed department file left in storage'));
      return { departmentId, files };
    },

    downloadDepartmentFile: async (auth: TUserAuth, id: string) => {
      const row = await repo.findDepartmentFile(db, auth.businessId, id);
      const file = row?.storageKey ? await storage.get(row.storageKey) : null;
      if (!row || !file) throw notFound('File');
      return { body: file.body, mime: row.mime ?? file.contentType, name: row.name };
    },
  };
};
export type TDocumentsService = ReturnType<typeof createDocumentsService>;
