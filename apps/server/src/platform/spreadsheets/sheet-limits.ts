export type TSheetFormat = 'csv' | 'xlsx';
/** Row 1 is the header; `rows` are the rows below it, empty rows left out, cells trimmed. */
export type TTable = { header: string[]; rows: string[][] };

/** What one import may read. Every limit is checked while reading, so a hostile file stops early. */
export type TSheetLimits = {
  /** Bytes read after decompression (xlsx parts), or of the text (csv). */
  maxBytes: number;
  /** Data rows below the header. */
  maxRows: number;
  /** Columns holding a value. */
  maxColumns: number;
  /** Characters in one cell. */
  maxCellChars: number;
  /** Distinct texts an xlsx workbook may declare (its shared-strings table). */
  maxSharedStrings: number;
  /** Wall time of one read, after which its worker is terminated. */
  timeoutMs: number;
  /** Heap of the worker reading the file. */
  maxMemoryMb: number;
};

export const DEFAULT_SHEET_LIMITS: TSheetLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 20_000,
  maxColumns: 200,
  maxCellChars: 1_000,
  maxSharedStrings: 400_000,
  timeoutMs: 15_000,
  maxMemoryMb: 256,
};

export type TSheetLimit = keyof TSheetLimits | 'parts';

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (n: number) => `${count(Math.round(n / 1024 / 1024))} MB`;

/**
 * A file past one of the limits. Amounts (size, rows, texts, time, memory) are 413; the shape of a
 * row or cell (columns, cell length) is 400. Plain data, so it crosses the worker boundary as it is.
 */
export type TSheetLimitFailure = { limit: TSheetLimit; status: 400 | 413; message: string };

export const limitFailure = (limit: TSheetLimit, limits: TSheetLimits): TSheetLimitFailure => {
  switch (limit) {
    case 'maxBytes': return { limit, status: 413, message: `The file expands to more than ${megabytes(limits.maxBytes)}` };
    case 'maxRows': return { limit, status: 413, message: `The spreadsheet has more than ${count(limits.maxRows)} rows; import at most ${count(limits.maxRows)} at a time` };
    case 'maxColumns': return { limit, status: 400, message: `The spreadsheet has more than ${count(limits.maxColumns)} columns` };
    case 'maxCellChars': return { limit, status: 400, message: `A cell is longer than ${count(limits.maxCellChars)} characters` };
    case 'maxSharedStrings': return { limit, status: 413, message: `The workbook holds more than ${count(limits.maxSharedStrings)} different texts` };
    case 'timeoutMs': return { limit, status: 413, message: `The file takes longer than ${count(limits.timeoutMs / 1000)} seconds to read; split it into smaller files` };
    case 'maxMemoryMb': return { limit, status: 413, message: `The file needs more than ${count(limits.maxMemoryMb)} MB of memory to read; split it into smaller files` };
    case 'parts': return { limit, status: 400, message: 'The workbook has too many parts to be a spreadsheet' };
  }
};

/** Thrown by the readers; `failure` says which limit and how to answer. */
export class SheetLimitError extends Error {
  readonly failure: TSheetLimitFailure;
  constructor(limit: TSheetLimit, limits: TSheetLimits) {
    const failure = limitFailure(limit, limits);
    super(failure.message);
    this.failure = failure;
  }
}
