import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';

export type TSheetFormat = 'csv' | 'xlsx';
export type TTable = { header: string[]; rows: string[][] };

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** xlsx from its bytes (a zip with a workbook inside); csv when the bytes are plain UTF-8 text; else null. */
export const detectSheetFormat = async (buffer: Buffer): Promise<TSheetFormat | null> => {
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

/** The delimiter used most on the header line: Excel in many locales writes ';', some exports use tabs. */
const guessDelimiter = (text: string) => {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
};

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
};

const dropEmpty = (rows: string[][]) => rows.filter((r) => r.some((c) => c !== ''));

/** The first sheet (xlsx) or the whole file (csv) as text cells; row 1 is the header. */
export const readTable = async (buffer: Buffer, format: TSheetFormat): Promise<TTable> => {
  let rows: string[][];
  if (format === 'csv') {
    const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
    rows = parseCsv(text, { delimiter: guessDelimiter(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
  } else {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    rows = [];
    sheet?.eachRow({ includeEmpty: false }, (row) => {
      const values = row.values as ExcelJS.CellValue[];
      // row.values is 1-based: index 0 is always empty.
      rows.push(values.slice(1).map((v) => cellText(v).trim()));
    });
  }
  rows = dropEmpty(rows.map((r) => r.map((c) => (c ?? '').trim())));
  const [header = [], ...body] = rows;
  return { header, rows: body };
};

/** Spreadsheet programs run a cell starting with = + - @ (or tab / CR) as a formula; a leading ' keeps it text. */
export const escapeFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
/** The inverse on import, so a file we exported reads back as it was. */
export const unescapeFormula = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export const writeCsv = (header: string[], rows: string[][]) =>
  // The byte-order mark makes Excel open the file as UTF-8 (names with accents stay intact).
  Buffer.from(`\uFEFF${stringifyCsv([header, ...rows.map((r) => r.map(escapeFormula))])}`, 'utf8');

export const writeXlsx = async (sheetName: string, header: string[], rows: string[][]) => {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = header.map((h) => ({ header: h, width: Math.max(12, Math.min(40, h.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r.map(escapeFormula));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
