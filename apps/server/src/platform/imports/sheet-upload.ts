import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, MSG } from '@bizdesk/contract';
import { AppError, badRequest } from '../errors.ts';
import { asUploadError, nameForType } from '../http/uploads.ts';
import { detectSheetFormat } from '../spreadsheets/sheet-format.ts';
import type { TSheetFormat } from '../spreadsheets/sheet-limits.ts';

export type TSheetUpload = { buffer: Buffer; format: TSheetFormat; fileName: string };

/**
 * The one file of a multipart request as a spreadsheet, with the text fields sent before it. CSV has
 * no signature in its bytes, so (unlike readUpload) text that is valid UTF-8 is accepted as CSV; xlsx
 * is recognised from its bytes. `baseName` names a file sent without a usable name.
 */
export const readSheetUpload = async (req: FastifyRequest, baseName: string): Promise<TSheetUpload & { fields: Record<string, string> }> => {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }).catch(asUploadError);
  if (!file) throw badRequest(MSG.fileRequired);
  const buffer = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', `${MSG.fileTooLarge} (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`, 413);
    return asUploadError(err);
  });
  if (buffer.length === 0) throw badRequest(MSG.fileRequired);
  const format = await detectSheetFormat(buffer);
  if (!format) throw new AppError('UNSUPPORTED_TYPE', MSG.importFileType, 415);
  const fields = Object.fromEntries(Object.entries(file.fields)
    .filter(([, v]) => v && !Array.isArray(v) && (v as { type?: string }).type === 'field')
    .map(([k, v]) => [k, String((v as { value: unknown }).value)]));
  return { buffer, format, fileName: nameForType(file.filename, format, baseName), fields };
};
