import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { closeSheetReaders, readSpreadsheet } from '../src/platform/spreadsheets/read-spreadsheet.ts';
import { detectSheetFormat } from '../src/platform/spreadsheets/sheet-format.ts';
import { buildXlsx, sheetXml, SHEET_HEAD, SHEET_TAIL, SST_HEAD, SST_TAIL } from './helpers/xlsx-files.ts';

/** What readSpreadsheet refused with, or what it read. */
const outcome = async (buffer: Buffer, format: 'csv' | 'xlsx', limits = {}) => {
  const started = performance.now();
  const result = await readSpreadsheet(buffer, format, limits).then(
    (table) => ({ status: 200, message: '', table }),
    (err: { status?: number; message: string }) => ({ status: err.status ?? 500, message: err.message, table: null }),
  );
  return { ...result, ms: performance.now() - started };
};

describe('spreadsheet reader (worker thread, limits checked while reading)', () => {
  afterAll(closeSheetReaders);

  it('reads an exceljs workbook: shared and inline strings, dates, numbers, formula results, empty rows dropped', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Name', 'Born', 'Pay', 'Note']);
    sheet.addRow([{ richText: [{ text: 'Ada ' }, { text: 'Obi', font: { bold: true } }] }, new Date(Date.UTC(1990, 4, 17)), { formula: '2*3', result: 6 }, '  padded  ']);
    sheet.addRow([]);
    sheet.getCell('A4').value = 'Far';
    sheet.getCell('F4').value = 12.5;
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await detectSheetFormat(buffer)).toBe('xlsx');
    const { table } = await outcome(buffer, 'xlsx');
    expect(table).toEqual({ header: ['Name', 'Born', 'Pay', 'Note'], rows: [['Ada Obi', '1990-05-17', '6', 'padded'], ['Far', '', '', '', '', '12.5']] });
  });

  it('reads dates in custom formats and in the 1904 date system', async () => {
    const styles = '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/></numFmts><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="4"/></cellXfs></styleSheet>';
    const sheet = `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Start</t></is></c><c r="B1" t="inlineStr"><is><t>Pay</t></is></c></row><row r="2"><c r="A2" s="1"><v>45366</v></c><c r="B2" s="2"><v>1200000.5</v></c></row>${SHEET_TAIL}`;
    expect((await outcome(buildXlsx({ sheet, styles }), 'xlsx')).table?.rows).toEqual([['2024-03-15', '1200000.5']]);
    expect((await outcome(buildXlsx({ sheet, styles, workbookPr: '<workbookPr date1904="1"/>' }), 'xlsx')).table?.rows).toEqual([['2028-03-16', '1200000.5']]);
  });

  it('refuses at once a workbook whose shared strings inflate to 500 MB from under 1 MB (413)', async () => {
    const bomb = buildXlsx({ sheet: sheetXml([['Email'], ['a@b.ng']]), sharedStrings: { head: `${SST_HEAD}<si><t>`, repeat: 'A'.repeat(1024 * 1024), times: 500, tail: `</t></si>${SST_TAIL}` } });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await outcome(bomb, 'xlsx');
    expect(res).toMatchObject({ status: 413, message: 'The file expands to more than 50 MB' });
    expect(res.ms).toBeLessThan(3000);
  });

  it('stops inflating a part that declares less than it holds', async () => {
    const liar = buildXlsx({ sheet: sheetXml([['Email']]), sharedStrings: { head: `${SST_HEAD}<si><t>`, repeat: 'A'.repeat(1024 * 1024), times: 200, tail: `</t></si>${SST_TAIL}` } }, { 'xl/sharedStrings.xml': 1000 });
    const res = await outcome(liar, 'xlsx');
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/^The file could not be read as XLSX: a part of the workbook is larger than it declares/);
    expect(res.ms).toBeLessThan(3000);
  });

  it('counts inflated bytes across parts: each under the budget, together over it (413)', async () => {
    const filler = { head: `${SST_HEAD}<si><t>`, repeat: 'B'.repeat(1024 * 1024), times: 30, tail: `</t></si>${SST_TAIL}` };
    const sheet = { head: `${SHEET_HEAD}<row r="1"><c t="inlineStr"><is><t>`, repeat: 'C'.repeat(1024 * 1024), times: 30, tail: `</t></is></c></row>${SHEET_TAIL}` };
    const res = await outcome(buildXlsx({ sheet, sharedStrings: filler }), 'xlsx');
    expect(res.status).toBe(413);
    expect(res.message).toBe('The file expands to more than 50 MB');
  });

  it('refuses too many shared strings (413), a used text longer than a cell may be and a value past the last column (400)', async () => {
    const many = buildXlsx({ sheet: sheetXml([['Email']]), sharedStrings: { head: SST_HEAD, repeat: '<si><t>x</t></si>', times: 400_001, tail: SST_TAIL } });
    expect(await outcome(many, 'xlsx')).toMatchObject({ status: 413, message: 'The workbook holds more than 400,000 different texts' });

    const long = 'L'.repeat(1001);
    const unused = buildXlsx({ sheet: sheetXml([['Email'], ['a@b.ng']]), sharedStrings: `${SST_HEAD}<si><t>${long}</t></si>${SST_TAIL}` });
    expect((await outcome(unused, 'xlsx')).table?.rows).toEqual([['a@b.ng']]);
    const used = buildXlsx({ sheet: `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`, sharedStrings: `${SST_HEAD}<si><t>${long}</t></si>${SST_TAIL}` });
    expect(await outcome(used, 'xlsx')).toMatchObject({ status: 400, message: 'A cell is longer than 1,000 characters' });

    const wide = buildXlsx({ sheet: `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Email</t></is></c><c r="GS1" t="inlineStr"><is><t>x</t></is></c></row>${SHEET_TAIL}` });
    expect(await outcome(wide, 'xlsx')).toMatchObject({ status: 400, message: 'The spreadsheet has more than 200 columns' });
    const formattedOnly = buildXlsx({ sheet: `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Email</t></is></c><c r="XFD1" s="0"/></row>${SHEET_TAIL}` });
    expect((await outcome(formattedOnly, 'xlsx')).table?.header).toEqual(['Email']);
  });

  it('refuses more rows than the import allows (413), in either format', async () => {
    const csv = Buffer.from(`Email\n${'a@b.ng\n'.repeat(101)}`);
    expect(await outcome(csv, 'csv', { maxRows: 100 })).toMatchObject({ status: 413, message: 'The spreadsheet has more than 100 rows; import at most 100 at a time' });
    expect((await outcome(csv, 'csv', { maxRows: 101 })).table?.rows).toHaveLength(101);
    const xlsx = buildXlsx({ sheet: { head: `${SHEET_HEAD}<row><c t="inlineStr"><is><t>Email</t></is></c></row>`, repeat: '<row><c t="inlineStr"><is><t>a@b.ng</t></is></c></row>', times: 101, tail: SHEET_TAIL } });
    expect(await outcome(xlsx, 'xlsx', { maxRows: 100 })).toMatchObject({ status: 413, message: 'The spreadsheet has more than 100 rows; import at most 100 at a time' });
  });

  it('refuses quickly a 10 MB CSV line of millions of columns, and a cell or line too long (400)', async () => {
    const wide = Buffer.from(`Email,Name\n${','.repeat(10 * 1024 * 1024)}\n`);
    const res = await outcome(wide, 'csv');
    expect(res).toMatchObject({ status: 400, message: 'The spreadsheet has more than 200 columns' });
    expect(res.ms).toBeLessThan(2000);
    expect(await outcome(Buffer.from(`Email\n"${'x,'.repeat(5_000_000)}"\n`), 'csv')).toMatchObject({ status: 400, message: 'The spreadsheet has more than 200 columns' });
    expect(await outcome(Buffer.from(`Email\n${'x'.repeat(3_000_000)}\n`), 'csv')).toMatchObject({ status: 400, message: 'A cell is longer than 1,000 characters' });
    expect(await outcome(Buffer.from(`Email\n"${'x\n'.repeat(1_000_000)}"\n`), 'csv')).toMatchObject({ status: 400, message: 'A cell is longer than 1,000 characters' });
    expect(await outcome(Buffer.from(`Email\n${'v,'.repeat(201)}\n`), 'csv')).toMatchObject({ status: 400, message: 'The spreadsheet has more than 200 columns' });
    // Empty cells past the last column (a row formatted to the right) carry nothing and are dropped.
    expect((await outcome(Buffer.from(`Email,Name\na@b.ng,A${','.repeat(300)}\n`), 'csv')).table?.rows).toEqual([['a@b.ng', 'A']]);
  });

  it('terminates a read past its time limit (413) and the next read still works', async () => {
    const big = Buffer.from(`Email,Name\n${'someone@example.com,Some One\n'.repeat(200_000)}`);
    expect(await outcome(big, 'csv', { timeoutMs: 20, maxRows: 1_000_000 })).toMatchObject({ status: 413, message: 'The file takes longer than 0.02 seconds to read; split it into smaller files' });
    expect((await outcome(Buffer.from('Email\na@b.ng\n'), 'csv')).table).toEqual({ header: ['Email'], rows: [['a@b.ng']] });
  });

  it('ends a read that needs more memory than allowed (413) and replaces the worker', async () => {
    const big = Buffer.from(`Email,Name\n${'someone@example.com,Some One\n'.repeat(300_000)}`);
    expect(await outcome(big, 'csv', { maxMemoryMb: 12, maxRows: 1_000_000 })).toMatchObject({ status: 413, message: 'The file needs more than 12 MB of memory to read; split it into smaller files' });
    expect((await outcome(Buffer.from('Email\na@b.ng\n'), 'csv', { maxMemoryMb: 12 })).table?.rows).toEqual([['a@b.ng']]);
  });

  it('reads several files at once, each getting its own answer', async () => {
    const files = Array.from({ length: 5 }, (_, i) => Buffer.from(`Email\nperson${i}@example.com\n`));
    const tables = await Promise.all(files.map((f) => readSpreadsheet(f, 'csv')));
    expect(tables.map((t) => t.rows[0][0])).toEqual(files.map((_, i) => `person${i}@example.com`));
  });
});
