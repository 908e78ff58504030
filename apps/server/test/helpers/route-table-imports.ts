import { PNG_1PX, multipart } from './test-app.ts';
import { PDF_BYTES } from './seed-people.ts';

type TPart = Parameters<typeof multipart>[0][number];
const sheet = (name: string, text: string | Buffer, contentType = 'text/csv'): TPart => ({ name: 'file', filename: name, contentType, data: Buffer.isBuffer(text) ? text : Buffer.from(text) });
const ZIP_NOT_XLSX = Buffer.from('504b030414000000080000000000000000000000000000000000050000006e6f7465730300', 'hex');

/** A readable one-row sheet for an all-or-nothing import route (platform/imports/sheet-import.ts). */
export const importForm = (csv: () => string) => () => multipart([sheet('probe.csv', csv())]);

/**
 * Files that are not a readable list for an import route, and a language that is not one: `header` is a
 * valid header row, `row` a valid row below it, `withoutRequired` a header lacking a required column.
 */
export const badImportSheets = (o: { header: string; row: string; withoutRequired: string }) => () => [
  [sheet('empty.csv', Buffer.alloc(0))],
  [sheet('header-only.csv', `${o.header}\n`)],
  [sheet('missing-column.csv', `${o.withoutRequired}\n`)],
  [sheet('nul.csv', `${o.header}\n${o.row.replace(/^([^,]*)/, '$1\u0000')}\n`)],
  [sheet('photo.csv', PNG_1PX)],
  [sheet('doc.xlsx', PDF_BYTES, 'application/octet-stream')],
  [sheet('archive.xlsx', ZIP_NOT_XLSX, 'application/octet-stream')],
  [sheet('latin1.csv', Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0xff, 0xfe, 0x0a]))],
  [sheet('program.csv', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'))],
  [sheet('blank.csv', '\n\n\n')],
  [sheet('wide.csv', `${o.header}${',x'.repeat(60)}\n${o.row}\n`)],
  [sheet('long-cell.csv', `${o.header}\n${'c'.repeat(2100)},${o.row}\n`)],
  [{ name: 'language', value: 'not a language' }, sheet('probe.csv', `${o.header}\n${o.row}\n`)],
  [{ name: 'language', value: 'de' }],
].map((parts) => multipart(parts));
