import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { MSG } from '@bizdesk/contract';
import { AppError, badRequest } from '../errors.ts';

/** Errors of a broken multipart body (no boundary, cut short) are the sender's fault: 400, not 500. */
export const asUploadError = (err: unknown): never => {
  if (err instanceof AppError) throw err;
  const e = err as { statusCode?: number; message?: string };
  if (e.statusCode && e.statusCode < 500) throw err;
  throw badRequest(`The upload could not be read: ${e.message ?? 'malformed multipart body'}`);
};

export type TUpload = { buffer: Buffer; mime: string; ext: string; originalName: string; fields: Record<string, string> };

const fieldValues = (file: MultipartFile | undefined) =>
  Object.fromEntries(
    Object.entries(file?.fields ?? {})
      .filter(([, v]) => v && !Array.isArray(v) && (v as { type?: string }).type === 'field')
      .map(([k, v]) => [k, String((v as { value: unknown }).value)]),
  );

type TFileRules = { maxBytes: number; accept: (mime: string) => boolean; wrongTypeMessage: string };

/** The checks every upload passes: not too large (413), not empty, of an accepted type judged from its bytes (415). */
const checkedFile = async (file: MultipartFile, opts: TFileRules) => {
  const buffer = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', `${MSG.fileTooLarge} (at most ${Math.round(opts.maxBytes / 1024 / 1024)} MB)`, 413);
    return asUploadError(err);
  });
  if (buffer.length === 0) throw badRequest(MSG.fileRequired);
  // Loaded on the first upload, not at every start (file-type and its readers: ~0.1–0.25 s of a start).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !opts.accept(detected.mime)) throw new AppError('UNSUPPORTED_TYPE', opts.wrongTypeMessage, 415);
  return { buffer, mime: detected.mime, ext: detected.ext, originalName: file.filename };
};

/**
 * Reads the one file of a multipart request, refusing it when too large (413) or when its
 * bytes are not of an accepted type (415) — the name and the declared type are not trusted.
 */
export const readUpload = async (req: FastifyRequest, opts: TFileRules & { field?: string }): Promise<TUpload> => {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } }).catch(asUploadError);
  if (!file) throw badRequest(MSG.fileRequired);
  if (opts.field && file.fieldname !== opts.field) throw badRequest(`${opts.field}: ${MSG.fileRequired}`);
  return { ...(await checkedFile(file, opts)), fields: fieldValues(file) };
};

/**
 * A multipart form of text fields with at most one file, which is optional (a payment with or without its receipt):
 * the file passes the same checks as readUpload's. A file under another field name than `opts.field` is refused.
 */
export const readForm = async (
  req: FastifyRequest,
  opts: TFileRules & { field: string; maxFields?: number },
): Promise<{ fields: Record<string, string>; file: Omit<TUpload, 'fields'> | null }> => {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: Omit<TUpload, 'fields'> | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: opts.maxFields ?? 20, fieldSize: 8 * 1024 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' || typeof part.value === 'number' || typeof part.value === 'boolean') fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== opts.field) throw badRequest(`${part.fieldname}: only the field "${opts.field}" takes a file`);
      file = await checkedFile(part, opts);
    }
  } catch (err) {
    asUploadError(err);
  }
  return { fields, file };
};

/** Keeps the name readable but harmless: no folders, no control characters, at most 200 characters. */
export const cleanFileName = (name: string, fallback: string) => {
  const visible = [...path.basename(name.replace(/\\/g, '/'))].filter((c) => c.charCodeAt(0) > 31 && c !== '\u007f' && c !== '"').join('');
  const base = visible.trim();
  return (base || fallback).slice(0, 200);
};

/** Extensions that name the same type as the one file-type gives. */
const SAME_TYPE: Record<string, string[]> = { jpg: ['jpeg', 'jpe'], tif: ['tiff'], mp4: ['m4v'] };

/**
 * A sent name under the extension detected from the bytes: "invoice.html" holding a PDF is kept as "invoice.pdf",
 * "scan" as "scan.png", so a download never reaches the user's disk under a type its bytes are not.
 */
export const nameForType = (sentName: string, ext: string, fallbackBase: string) => {
  const name = cleanFileName(sentName, `${fallbackBase}.${ext}`);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (current === ext || SAME_TYPE[ext]?.includes(current)) return name;
  return `${base.slice(0, 200 - ext.length - 1)}.${ext}`;
};

const OFFICE_TYPES = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  // Word 97–2003, Excel 97–2003 and PowerPoint 97–2003 share one container format.
  'application/x-cfb',
]);
const LEGACY_OFFICE: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };

/** PDF, images and office files, judged from the bytes (the name and declared type are not trusted): documents, receipts. */
export const isDocumentType = (mime: string) => mime.startsWith('image/') || OFFICE_TYPES.has(mime);

/** The stored type and extension of a document; an old-style Office container takes its kind from the file name. */
export const documentStoredType = (file: Pick<TUpload, 'mime' | 'ext' | 'originalName'>) => {
  if (file.mime !== 'application/x-cfb') return { mime: file.mime, ext: file.ext };
  const ext = path.extname(file.originalName).slice(1).toLowerCase();
  if (!LEGACY_OFFICE[ext]) throw new AppError('UNSUPPORTED_TYPE', MSG.documentTypeNotAllowed, 415);
  return { mime: LEGACY_OFFICE[ext], ext };
};
