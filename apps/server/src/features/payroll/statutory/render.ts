import type { TSchedule, TScheduleCell, TScheduleColumn } from '@bizdesk/contract';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { escapeFormula } from '../../employees/spreadsheet.ts';
import { minorText } from '../pay-input.ts';

// Renderers of a schedule model (statutory/schedules.ts): they only lay out what the model holds.

export type TFile = { body: Buffer; mime: string; fileName: string };
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cellText = (c: TScheduleColumn, v: TScheduleCell) => (v === null || v === undefined ? '' : c.type === 'money' && typeof v === 'number' ? minorText(v) : String(v));

/**
 * CSV: the table only (what the authorities' upload portals read), money as plain decimals in major units, then the
 * totals row. Text is formula-escaped; a figure is not, so a negative amount (a proration in the register) stays a number.
 */
export const scheduleCsv = (s: TSchedule) => {
  const line = (cells: Record<string, TScheduleCell>) => s.columns.map((c) => {
    const v = cells[c.key] ?? null;
    return typeof v === 'number' ? cellText(c, v) : escapeFormula(cellText(c, v));
  });
  return Buffer.from(`\uFEFF${stringifyCsv([s.columns.map((c) => escapeFormula(c.label)), ...s.rows.map((r) => line(r.cells)), line(s.totals)])}`, 'utf8');
};

const sheetName = (title: string) => title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31).trim() || 'Schedule';

/**
 * XLSX: title rows as on the authority's form (employer, identifiers, period), the table with numbers as numbers
 * (money in major units, format #,##0.00), and a bold totals row. One sheet per schedule.
 */
export const schedulesXlsx = async (schedules: TSchedule[]) => {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const used = new Set<string>();
  for (const s of schedules) {
    const who = s.kind === 'ng-tax-card' ? s.header.find(([k]) => k === 'Employee')?.[1] : s.payee;
    let name = sheetName(who || s.title);
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${name.slice(0, 27)} (${i})`;
    used.add(name.toLowerCase());
    const sheet = workbook.addWorksheet(name);
    sheet.addRow([s.title]).font = { bold: true, size: 13 };
    for (const [k, v] of s.header) sheet.addRow([k, escapeFormula(v)]);
    sheet.addRow([]);
    const head = sheet.addRow(s.columns.map((c) => c.label));
    head.font = { bold: true };
    head.alignment = { wrapText: true, vertical: 'top' };
    const put = (cells: Record<string, TScheduleCell>) => sheet.addRow(s.columns.map((c) => {
      const v = cells[c.key];
      if (v === null || v === undefined) return null;
      // Money is integer minor units in the model; a cell shows major units (exact to 2 decimals in a double).
      if (typeof v === 'number') return c.type === 'money' ? v / 100 : v;
      return escapeFormula(v);
    }));
    for (const r of s.rows) put(r.cells);
    put(s.totals).font = { bold: true };
    s.columns.forEach((c, i) => {
      const col = sheet.getColumn(i + 1);
      col.width = c.type === 'text' ? Math.max(14, Math.min(36, c.label.length + 2)) : Math.max(12, Math.min(22, c.label.length + 2));
      if (c.type === 'money') col.numFmt = '#,##0.00';
      if (c.type === 'number') col.numFmt = '0';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** Standard PDF fonts encode WinAnsi only: anything else is spelled out or replaced. */
const safe = (text: string) => text.replace(/₦/g, 'NGN ').replace(/₵/g, 'GHS ').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
const grouped = (minor: number) => {
  const [whole, cents] = minorText(minor).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/** PDF (pdf-lib, as the payslip): landscape A4, title rows then the table, columns shrunk to fit; one section per schedule. */
export const schedulesPdf = async (schedules: TSchedule[], currency: string) => {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(safe(schedules[0]?.title ?? 'Schedule'));
  doc.setProducer('Bizdesk');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [W, H, M] = [841.89, 595.28, 36];
  for (const s of schedules) {
    let page = doc.addPage([W, H]);
    let y = H - M;
    const cols = s.columns.filter((c) => c.key !== 'missing' || s.missing > 0);
    const weights = cols.map((c) => (c.type === 'text' ? (c.key === 'name' ? 2.2 : 1.4) : c.type === 'number' ? 0.6 : 1.3));
    const unit = (W - 2 * M) / weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => w * unit);
    const size = 7;
    const fit = (t: string, w: number, f = font) => {
      let out = safe(t);
      while (out.length > 1 && f.widthOfTextAtSize(out, size) > w - 4) out = out.slice(0, -1);
      return out;
    };
    const row = (cells: string[], opts: { isBold?: boolean; right?: boolean[] } = {}) => {
      if (y < M + 20) {
        page = doc.addPage([W, H]);
        y = H - M;
      }
      let x = M;
      const f = opts.isBold ? bold : font;
      cells.forEach((t, i) => {
        const text = fit(t, widths[i], f);
        const tw = f.widthOfTextAtSize(text, size);
        page.drawText(text, { x: opts.right?.[i] ? x + widths[i] - 2 - tw : x + 2, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
        x += widths[i];
      });
      y -= size + 5;
    };
    page.drawText(safe(s.title), { x: M, y, size: 13, font: bold });
    y -= 20;
    for (const [k, v] of s.header) {
      page.drawText(safe(`${k}: ${v}`), { x: M, y, size: 9, font });
      y -= 12;
    }
    page.drawText(safe(`Amounts in ${currency}`), { x: M, y, size: 9, font });
    y -= 18;
    const right = cols.map((c) => c.type !== 'text');
    const show = (cells: Record<string, TScheduleCell>) => cols.map((c) => {
      const v = cells[c.key];
      return v === null || v === undefined ? '' : c.type === 'money' && typeof v === 'number' ? grouped(v) : String(v);
    });
    row(cols.map((c) => c.label), { isBold: true });
    for (const r of s.rows) row(show(r.cells), { right });
    row(show(s.totals), { isBold: true, right });
  }
  return Buffer.from(await doc.save());
};

export const csvFile = (s: TSchedule, fileName: string): TFile => ({ body: scheduleCsv(s), mime: 'text/csv; charset=utf-8', fileName: `${fileName}.csv` });
export const xlsxFile = async (schedules: TSchedule[], fileName: string): Promise<TFile> => ({ body: await schedulesXlsx(schedules), mime: XLSX_MIME, fileName: `${fileName}.xlsx` });
export const pdfFile = async (schedules: TSchedule[], currency: string, fileName: string): Promise<TFile> =>
  ({ body: await schedulesPdf(schedules, currency), mime: 'application/pdf', fileName: `${fileName}.pdf` });
