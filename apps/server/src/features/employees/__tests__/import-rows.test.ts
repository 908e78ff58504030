import { describe, expect, it } from 'vitest';
import { mapHeader, normaliseDate, rowValues } from '../import-rows.ts';
import { escapeFormula, unescapeFormula, writeCsv } from '../spreadsheet.ts';
import { detectSheetFormat } from '../../../platform/spreadsheets/sheet-format.ts';
import { readCsv } from '../../../platform/spreadsheets/read-csv.ts';
import { DEFAULT_SHEET_LIMITS } from '../../../platform/spreadsheets/sheet-limits.ts';

describe('spreadsheet cells', () => {
  it('prefixes cells a spreadsheet would run as a formula, and only those', () => {
    for (const v of ['=1+1', '+234 803', '-5', '@SUM(A1)', '\tx', '\rx']) expect(escapeFormula(v)).toBe(`'${v}`);
    for (const v of ['Ada', '1200', 'a=b', '', "'quoted"]) expect(escapeFormula(v)).toBe(v);
  });

  it('reads back what it exported: the prefix comes off again on import', () => {
    for (const v of ['=1+1', '+234 803', 'Ada', "'quoted"]) expect(unescapeFormula(escapeFormula(v))).toBe(v);
  });

  it('writes CSV that reads back row for row, with a byte-order mark for Excel', async () => {
    const csv = writeCsv(['Name', 'Note'], [['Ada, Obi', 'said "hi"'], ['=cmd', 'line\nbreak']]);
    expect(csv.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(await detectSheetFormat(csv)).toBe('csv');
    expect(await readCsv(csv, DEFAULT_SHEET_LIMITS)).toEqual({ header: ['Name', 'Note'], rows: [['Ada, Obi', 'said "hi"'], ["'=cmd", 'line\nbreak']] });
  });
});

describe('import rows', () => {
  it('maps header names people use, ignoring case, spaces and punctuation', () => {
    const m = mapHeader(['E-mail Address', 'Surname', 'First Name', 'Staff ID', 'Date Joined', 'Shoe size']);
    expect(m.columns).toEqual({ email: 0, lastName: 1, firstName: 2, employeeNumber: 3, startDate: 4 });
    expect(m.ignored).toEqual(['Shoe size']);
    expect(m.missing).toEqual([]);
    expect(mapHeader(['Name', 'Phone']).missing).toEqual(['email']);
    expect(mapHeader(['Email', 'First name']).missing).toEqual(['firstName and lastName (or name)']);
  });

  it('reads dates day-first as written in Nigeria and Ghana, ISO as it is', () => {
    expect(normaliseDate('15/03/2024')).toBe('2024-03-15');
    expect(normaliseDate('5-3-2024')).toBe('2024-03-05');
    expect(normaliseDate('2024/3/5')).toBe('2024-03-05');
    expect(normaliseDate('2024-03-05T00:00:00Z')).toBe('2024-03-05');
    expect(normaliseDate('March 5')).toBe('March 5');
  });

  it('splits a full name, reads gender words, employment types and typed amounts', () => {
    const { columns } = mapHeader(['Full name', 'Email', 'Sex', 'Type', 'Salary']);
    const v = rowValues(['Kemi Adeyemi Bankole', ' kemi@x.ng ', 'F', 'Full Time', '₦1,200,000.50'], columns);
    expect(v.input).toMatchObject({ firstName: 'Kemi', lastName: 'Adeyemi Bankole', email: 'kemi@x.ng', gender: 'female', employmentType: 'full-time', grossIncome: '1200000.50' });
    expect(rowValues(['Mononym', 'm@x.ng', '', 'permanent', ''], columns).input).toMatchObject({ firstName: 'Mononym', lastName: undefined, gender: undefined, employmentType: 'full-time', grossIncome: undefined });
  });
});
