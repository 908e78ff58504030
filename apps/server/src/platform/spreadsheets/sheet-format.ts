import type { TSheetFormat } from './sheet-limits.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** xlsx from its bytes (a zip with a workbook inside); csv when the bytes are plain UTF-8 text; else null. */
export const detectSheetFormat = async (buffer: Buffer): Promise<TSheetFormat | null> => {
  const { fileTypeFromBuffer } = await import('file-type'); // on first use, not at every start
  const detected = await fileTypeFromBuffer(buffer);
  if (detected) return detected.mime === XLSX_MIME ? 'xlsx' : null;
  if (buffer.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return 'csv';
  } catch {
    return null;
  }
};
