import { parse } from 'csv-parse';
import { SheetLimitError, type TSheetLimits, type TTable } from './sheet-limits.ts';

const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

/** The delimiter used most on the header line: Excel in many locales writes ';', some exports use tabs. */
export const guessDelimiter = (text: string) => {
  const end = text.search(/\r?\n/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
};

/**
 * Whether some line has more delimiters than `max`, counted on the raw bytes (quotes ignored, so
 * this errs towards counting more). The parser would build a whole record before anyone could look
 * at it; a line of a million empty columns is refused here first, in one pass over the bytes.
 */
const hasLineWiderThan = (buffer: Buffer, delimiter: number, max: number) => {
  let count = 0;
  for (let i = 0; i < buffer.length; i++) {
    const b = buffer[i];
    if (b === delimiter) {
      if (++count > max) return true;
    } else if (b === NEWLINE) {
      count = 0;
    }
  }
  return false;
};

/**
 * CSV as a stream of records, within the limits: the line width is checked on the bytes before
 * parsing, `max_record_size` bounds what one record may buffer, and rows are counted as they come.
 * (csv-parse's per-field `cast` hook would do the column check too, but costs ten times the parse.)
 */
export const readCsv = async (buffer: Buffer, limits: TSheetLimits): Promise<TTable> => {
  if (buffer.length > limits.maxBytes) throw new SheetLimitError('maxBytes', limits);
  const delimiter = guessDelimiter(buffer.subarray(0, CHUNK).toString('utf8').replace(/^\uFEFF/, ''));
  // Quoted cells may hold delimiters: allow a full cell's worth on top of the columns.
  if (hasLineWiderThan(buffer, delimiter.charCodeAt(0), limits.maxColumns + limits.maxCellChars)) throw new SheetLimitError('maxColumns', limits);
  const parser = parse({
    bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true,
    max_record_size: limits.maxColumns * limits.maxCellChars,
  });
  const rows: string[][] = [];
  const onRecord = (record: string[]) => {
    for (let i = 0; i < record.length; i++) {
      if (record[i].length > limits.maxCellChars) throw new SheetLimitError('maxCellChars', limits);
      if (i >= limits.maxColumns && record[i] !== '') throw new SheetLimitError('maxColumns', limits);
    }
    let end = Math.min(record.length, limits.maxColumns);
    while (end > 0 && record[end - 1] === '') end--;
    if (end === 0) return;
    const cells = end === record.length ? record : record.slice(0, end);
    if (rows.length > limits.maxRows) throw new SheetLimitError('maxRows', limits);
    rows.push(cells);
  };
  await new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      parser.destroy();
      const e = err as { code?: string; index?: number };
      // Past max_record_size: a field beyond the last column, or (within the columns) a cell too long.
      if (e.code === 'CSV_MAX_RECORD_SIZE') reject(new SheetLimitError((e.index ?? 0) >= limits.maxColumns ? 'maxColumns' : 'maxCellChars', limits));
      else reject(err);
    };
    parser.on('readable', () => {
      try {
        for (let record = parser.read() as string[] | null; record !== null; record = parser.read() as string[] | null) onRecord(record);
      } catch (err) {
        fail(err);
      }
    });
    parser.on('error', fail);
    parser.on('end', resolve);
    // Fed in chunks, as a stream from disk or the network would be; the parser never sees more at once.
    for (let i = 0; i < buffer.length && !parser.destroyed; i += CHUNK) parser.write(buffer.subarray(i, i + CHUNK));
    parser.end();
  });
  const [header = [], ...body] = rows;
  return { header, rows: body };
};
