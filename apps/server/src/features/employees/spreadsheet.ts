import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { escapeFormula, unescapeFormula } from '../../platform/spreadsheets/formula.ts';

// Reading uploads is platform/spreadsheets (streamed, limited, in a worker); this file writes exports.

export { escapeFormula, unescapeFormula };

export const writeCsv = (header: string[], rows: string[][]) =>
  // The byte-order mark makes Excel open the file as UTF-8 (names with accents stay intact).
  Buffer.from(`\uFEFF${stringifyCsv([header, ...rows.map((r) => r.map(escapeFormula))])}`, 'utf8');

export const writeXlsx = async (sheetName: string, header: string[], rows: string[][]) => {
  // Loaded on the first export, not at start-up (it is one of the heaviest modules the server uses).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = header.map((h) => ({ header: h, width: Math.max(12, Math.min(40, h.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r.map(escapeFormula));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
