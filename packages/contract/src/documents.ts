import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZWebUrl } from './common.ts';
import { ZDepartmentFile } from './employees.ts';

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Document types HR tracks (issue 33): a typed document with an expiry date feeds the HR reminders. */
export const DOCUMENT_TYPES = ['driving-licence', 'passport', 'work-permit', 'certificate', 'contract', 'other'] as const;
export type TDocumentType = (typeof DOCUMENT_TYPES)[number];
export const ZDocumentType = z.enum(DOCUMENT_TYPES, { message: `must be one of: ${DOCUMENT_TYPES.join(', ')}` });
/** PUT /employee/documents/file/{id}: a document's type and expiry date (either may be cleared with null). */
export const ZDocumentMeta = z.object({ docType: ZDocumentType.nullable().optional(), expiresOn: ZDate.nullable().optional() });
export type TDocumentMeta = z.infer<typeof ZDocumentMeta>;

export const ZDocument = z.object({
  _id: ZId,
  employeeId: ZId,
  name: z.string().describe('the name the file was uploaded with'),
  mime: z.string().describe('the type found in its bytes'),
  size: z.number().int(),
  url: z.string().describe('GET with the bearer token to download'),
  uploadedBy: z.enum(['user', 'portal']),
  docType: ZDocumentType.nullable(),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZNoteInput = z.object({
  employeeId: ZId,
  textData: z.string().trim().min(1, 'is required').max(10_000, 'must be at most 10000 characters'),
});
export type TNoteInput = z.infer<typeof ZNoteInput>;
export const ZNote = z.object({
  _id: ZId,
  employeeId: ZId,
  textData: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type TNote = z.infer<typeof ZNote>;

/** GET /employee/documents/{id}. Notes are HR's: a portal token gets an empty list. */
export const ZEmployeeDocuments = z.object({ documents: z.array(ZDocument), notes: z.array(ZNote) });
export type TEmployeeDocuments = z.infer<typeof ZEmployeeDocuments>;

/** `department` is the department's _id, or its name when that is unique in the business. */
export const ZDepartmentRef = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');

/** POST /employee/upload-video and /videos/upload: a training video by its address. */
export const ZVideoUpload = z.object({
  email: ZEmail,
  department: ZDepartmentRef,
  videoUrl: ZWebUrl(2000),
  originalName: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
});
export type TVideoUpload = z.infer<typeof ZVideoUpload>;

/** DELETE /employee/deleteFileFromDepartment. `fileId`, when sent, must be the entry at `fileIndex` (guards against a list changed meanwhile). */
export const ZDeleteDepartmentFile = z.object({
  department: ZDepartmentRef,
  fileIndex: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'is too large'),
  userEmail: ZEmail,
  fileId: ZId.optional(),
});
export type TDeleteDepartmentFile = z.infer<typeof ZDeleteDepartmentFile>;

export const ZDepartmentFiles = z.object({ departmentId: ZId, files: z.array(ZDepartmentFile) });
