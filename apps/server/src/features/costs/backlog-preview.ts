import type { FastifyRequest } from 'fastify';
import { BACKLOG_MAX_BYTES, BACKLOG_PREVIEW_MAX_ROWS, MSG, costAmountMinor, normaliseCostText, type TBacklogPreview } from '@bizdesk/contract';
import { AppError, badRequest } from '../../platform/errors.ts';
import { asUploadError } from '../../platform/http/uploads.ts';
import { detectSheetFormat } from '../../platform/spreadsheets/sheet-format.ts';
import { readSpreadsheet } from '../../platform/spreadsheets/read-spreadsheet.ts';

const pad = (n: string) => n.padStart(2, '0');
/** A cell as compared for duplicates: a date as ISO, an amount in minor units, text normalised. */
const cellKey = (cell: string) => {
  const v = cell.trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (dayFirst) return `d:${dayFirst[3]}-${pad(dayFirst[2])}-${pad(dayFirst[1])}`;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v);
  if (iso) return `d:${iso[1]}-${pad(iso[2])}-${pad(iso[3])}`;
  const minor = /\d/.test(v) ? costAmountMinor(v) : null;
  return minor === null ? `t:${normaliseCostText(v)}` : `a:${minor}`;
};

/**
 * Rows of the file alike once normalised ("162,500.00" and "162500", " Diesel " and "diesel"), as sheet row numbers
 * (header = 1) per group, so the user sees likely duplicates before importing (issue 35).
 */
export const duplicateRowsOf = (rows: readonly string[][]) => {
  const groups = new Map<string, number[]>();
  rows.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    // Trailing empty cells do not make two rows different.
    const keys = cells.map(cellKey);
    while (keys.at(-1) === 't:') keys.pop();
    const key = keys.join('\u001f');
    groups.set(key, [...(groups.get(key) ?? []), i + 2]);
  });
  return [...groups.values()].filter((g) => g.length > 1);
};

/**
 * A cost spreadsheet (CSV or .xlsx) as its header and rows, for the web's preview and column
 * mapping; read off the event loop within the platform's limits. Nothing is written.
 */
export const readBacklogPreview = async (req: FastifyRequest): Promise<TBacklogPreview> => {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const file = await req.file({ limits: { fileSize: BACKLOG_MAX_BYTES, files: 1 } }).catch(asUploadError);
  if (!file) throw badRequest(MSG.fileRequired);
  const buffer = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', `${MSG.fileTooLarge} (at most ${BACKLOG_MAX_BYTES / 1024 / 1024} MB)`, 413);
    return asUploadError(err);
  });
  if (buffer.length === 0) throw badRequest(MSG.fileRequired);
  const format = await detectSheetFormat(buffer);
  if (!format) throw new AppError('UNSUPPORTED_TYPE', 'Only CSV or Excel (.xlsx) files can be imported', 415);
  const table = await readSpreadsheet(buffer, format, { maxRows: BACKLOG_PREVIEW_MAX_ROWS, maxColumns: 50, maxBytes: 20 * 1024 * 1024 });
  if (table.header.length === 0 || table.rows.length === 0) throw badRequest('The file has no rows below its header row').as('fileNoRows');
  return { headers: table.header, rows: table.rows, truncated: false, duplicates: duplicateRowsOf(table.rows) };
};
