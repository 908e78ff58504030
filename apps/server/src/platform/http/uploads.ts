import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
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

/**
 * Reads the one file of a multipart request, refusing it when too large (413) or when its
 * bytes are not of an accepted type (415) — the name and the declared type are not trusted.
 */
export const readUpload = async (
  req: FastifyRequest,
  opts: { maxBytes: number; accept: (mime: string) => boolean; wrongTypeMessage: string; field?: string },
): Promise<TUpload> => {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } }).catch(asUploadError);
  if (!file) throw badRequest(MSG.fileRequired);
  if (opts.field && file.fieldname !== opts.field) throw badRequest(`${opts.field}: ${MSG.fileRequired}`);
  const buffer = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', `${MSG.fileTooLarge} (at most ${Math.round(opts.maxBytes / 1024 / 1024)} MB)`, 413);
    return asUploadError(err);
  });
  if (buffer.length === 0) throw badRequest(MSG.fileRequired);
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !opts.accept(detected.mime)) throw new AppError('UNSUPPORTED_TYPE', opts.wrongTypeMessage, 415);
  return { buffer, mime: detected.mime, ext: detected.ext, originalName: file.filename, fields: fieldValues(file) };
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
