import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { SheetLimitError, type TSheetLimits, type TTable } from './sheet-limits.ts';

/** A workbook has a dozen parts; thousands means the zip is something else (or a bomb of entries). */
const MAX_PARTS = 2_000;
/** Built-in number formats that show a date (ECMA-376 §18.8.30, plus the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const DAY_MS = 86_400_000;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** OOXML writes characters XML cannot hold as _xHHHH_. */
const unescapeOoxml = (text: string) => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A custom format shows a date when it has day, month, year or time codes outside quotes and [colour] tags. */
const isDateFormatCode = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/** "BC12" → 54 (0-based); a reference without letters is null. */
const columnOf = (ref: string): number | null => {
  const letters = /^[A-Z]{1,4}/i.exec(ref)?.[0];
  if (!letters) return null;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

type TBudget = { left: number };

/** Streams one zip entry through a SAX parser, counting inflated bytes against the file's budget. */
const parsePart = async (zip: ZipFile, entry: Entry, budget: TBudget, limits: TSheetLimits, handlers: {
  open?: (tag: SaxesTagPlain) => void; close?: (name: string) => void; text?: (text: string) => void;
}) => {
  // The declared size is checked first; yauzl then refuses an entry whose data outgrows its declaration.
  if (entry.uncompressedSize > budget.left) throw new SheetLimitError('maxBytes', limits);
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(localName(tag.name)));
  if (handlers.text) parser.on('text', handlers.text);
  const decoder = new StringDecoder('utf8');
  const stream = await zip.openReadStreamPromise(entry);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new SheetLimitError('maxBytes', limits);
    parser.write(decoder.write(chunk));
  }
  parser.write(decoder.end());
  parser.close();
};

const zipError = (err: unknown) => {
  if (err instanceof SheetLimitError) return err;
  const message = (err as Error).message ?? String(err);
  // yauzl's words for an entry that inflates past its declared size.
  if (/too many bytes|exceeds|invalid.*size/i.test(message)) return new Error(`a part of the workbook is larger than it declares (${message})`);
  return err;
};

/**
 * The first sheet of an xlsx workbook as text cells. Parts are streamed out of the zip and through
 * a SAX parser: nothing is held but the shared-strings table (bounded by count and by the inflated
 * byte budget) and the rows read so far. Dates (numbers in a date format) come out as YYYY-MM-DD.
 */
export const readXlsx = async (buffer: Buffer, limits: TSheetLimits): Promise<TTable> => {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  try {
    if (zip.entryCount > MAX_PARTS) throw new SheetLimitError('parts', limits);
    const parts = new Map<string, Entry>();
    for await (const entry of (zip as ZipFile & { eachEntry: () => AsyncIterable<Entry> }).eachEntry()) parts.set(entry.fileName.replace(/^\/+/, ''), entry);
    const budget: TBudget = { left: limits.maxBytes };
    const part = (name: string) => parts.get(name);

    // Workbook: the first sheet's relation id, and the 1904 date system flag.
    let date1904 = false;
    let firstSheetRel: string | null = null;
    const workbook = part('xl/workbook.xml');
    if (!workbook) throw new Error('it has no xl/workbook.xml');
    await parsePart(zip, workbook, budget, limits, {
      open: (tag) => {
        const name = localName(tag.name);
        if (name === 'workbookPr') date1904 = ['1', 'true'].includes(tag.attributes.date1904 ?? '');
        if (name === 'sheet' && firstSheetRel === null) {
          firstSheetRel = Object.entries(tag.attributes).find(([k]) => localName(k) === 'id' && k !== 'sheetId')?.[1] ?? '';
        }
      },
    });
    let sheetPath = 'xl/worksheets/sheet1.xml';
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels && firstSheetRel) {
      await parsePart(zip, rels, budget, limits, {
        open: (tag) => {
          if (localName(tag.name) !== 'Relationship' || tag.attributes.Id !== firstSheetRel) return;
          const target = tag.attributes.Target ?? '';
          sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
        },
      });
    }
    const sheet = part(sheetPath);
    if (!sheet) throw new Error('it has no worksheet');

    // Styles: which cell formats show dates.
    const dateStyles: boolean[] = [];
    const styles = part('xl/styles.xml');
    if (styles) {
      const customDate = new Map<number, boolean>();
      let inCellXfs = false;
      await parsePart(zip, styles, budget, limits, {
        open: (tag) => {
          const name = localName(tag.name);
          if (name === 'numFmt') customDate.set(Number(tag.attributes.numFmtId), isDateFormatCode(tag.attributes.formatCode ?? ''));
          else if (name === 'cellXfs') inCellXfs = true;
          else if (name === 'xf' && inCellXfs) {
            const id = Number(tag.attributes.numFmtId ?? 0);
            dateStyles.push(customDate.get(id) ?? DATE_FORMAT_IDS.has(id));
          }
        },
        close: (name) => {
          if (name === 'cellXfs') inCellXfs = false;
        },
      });
    }

    // Shared strings: a text longer than a cell may be is kept as null and refused only if the sheet uses it.
    const shared: Array<string | null> = [];
    const sst = part('xl/sharedStrings.xml');
    if (sst) {
      let current: string | null = null;
      let inText = false;
      let inPhonetic = false;
      await parsePart(zip, sst, budget, limits, {
        open: (tag) => {
          const name = localName(tag.name);
          if (name === 'si') {
            if (shared.length >= limits.maxSharedStrings) throw new SheetLimitError('maxSharedStrings', limits);
            current = '';
          } else if (name === 't') inText = !inPhonetic;
          else if (name === 'rPh') inPhonetic = true;
        },
        text: (text) => {
          if (!inText || current === null) return;
          current += text;
          if (current.length > limits.maxCellChars * 2) current = current.slice(0, limits.maxCellChars * 2);
        },
        close: (name) => {
          if (name === 't') inText = false;
          else if (name === 'rPh') inPhonetic = false;
          else if (name === 'si') {
            const text = unescapeOoxml(current ?? '');
            shared.push(text.length > limits.maxCellChars ? null : text);
            current = null;
          }
        },
      });
    }

    const toDate = (serial: number) => new Date((date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30)) + Math.round(serial * DAY_MS)).toISOString().slice(0, 10);
    const rows: string[][] = [];
    let cells: string[] = [];
    let column = -1;
    let cell: { type: string; style: number; value: string } | null = null;
    let capture: 'v' | 't' | null = null;
    let inInline = false;
    let inPhonetic = false;

    const cellValue = (c: { type: string; style: number; value: string }): string => {
      switch (c.type) {
        case 's': {
          const text = shared[Number(c.value)];
          if (text === null) throw new SheetLimitError('maxCellChars', limits);
          return text ?? '';
        }
        case 'inlineStr': case 'str': return unescapeOoxml(c.value);
        case 'b': return c.value === '1' ? 'true' : 'false';
        case 'e': return '';
        case 'd': return c.value.slice(0, 10);
        default: {
          if (c.value === '') return '';
          const n = Number(c.value);
          if (!Number.isFinite(n)) return c.value;
          return dateStyles[c.style] ? toDate(n) : String(n);
        }
      }
    };

    await parsePart(zip, sheet, budget, limits, {
      open: (tag) => {
        const name = localName(tag.name);
        if (name === 'row') {
          cells = [];
          column = -1;
        } else if (name === 'c') {
          column = columnOf(tag.attributes.r ?? '') ?? column + 1;
          cell = { type: tag.attributes.t ?? 'n', style: Number(tag.attributes.s ?? 0), value: '' };
        } else if (cell && name === 'v') capture = 'v';
        else if (cell && name === 'is') inInline = true;
        else if (inInline && name === 'rPh') inPhonetic = true;
        else if (inInline && name === 't' && !inPhonetic) capture = 't';
      },
      text: (text) => {
        if (!capture || !cell) return;
        cell.value += text;
        if (cell.value.length > limits.maxCellChars * 2) throw new SheetLimitError('maxCellChars', limits);
      },
      close: (name) => {
        if (name === 'v' || name === 't') capture = null;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'is') inInline = false;
        else if (name === 'c' && cell) {
          const value = cellValue(cell).trim();
          cell = null;
          if (value === '') return;
          if (value.length > limits.maxCellChars) throw new SheetLimitError('maxCellChars', limits);
          if (column >= limits.maxColumns) throw new SheetLimitError('maxColumns', limits);
          while (cells.length < column) cells.push('');
          cells[column] = value;
        } else if (name === 'row') {
          if (cells.length === 0) return;
          if (rows.length > limits.maxRows) throw new SheetLimitError('maxRows', limits);
          rows.push(cells);
        }
      },
    });
    const [header = [], ...body] = rows;
    return { header, rows: body };
  } catch (err) {
    throw zipError(err);
  } finally {
    zip.close();
  }
};
