import zlib from 'node:zlib';

/** A part's content, or `repeat` × `times` between `head` and `tail` (deflated without ever being held whole). */
export type TPart = string | { head: string; repeat: string; times: number; tail: string };

const crc32 = (data: Buffer, prev = 0) => (zlib as unknown as { crc32: (d: Buffer, v?: number) => number }).crc32(data, prev);

/** Deflates a part; a repeated chunk is compressed once (full flush: no back-references across it) and repeated. */
const deflatePart = (part: TPart) => {
  if (typeof part === 'string') {
    const raw = Buffer.from(part);
    return { data: zlib.deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
  }
  const [head, chunk, tail] = [Buffer.from(part.head), Buffer.from(part.repeat), Buffer.from(part.tail)];
  const flushed = (b: Buffer) => zlib.deflateRawSync(b, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const piece = flushed(chunk);
  let crc = crc32(head);
  for (let i = 0; i < part.times; i++) crc = crc32(chunk, crc);
  crc = crc32(tail, crc);
  const data = Buffer.concat([flushed(head), ...Array.from({ length: part.times }, () => piece), zlib.deflateRawSync(tail)]);
  return { data, size: head.length + chunk.length * part.times + tail.length, crc };
};

/**
 * A zip written by hand, so a test can build what no spreadsheet program would: parts that inflate
 * to hundreds of megabytes, or that declare a smaller size than they inflate to (`declare`).
 */
export const buildZip = (parts: Record<string, TPart>, declare: Record<string, number> = {}) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, part] of Object.entries(parts)) {
    const { data, size, crc } = deflatePart(part);
    const declared = declare[name] ?? size;
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0, 6); local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10); local.writeUInt16LE(0x21, 12); local.writeUInt32LE(crc >>> 0, 14); local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22); local.writeUInt16LE(fileName.length, 26); local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10); central.writeUInt16LE(0, 12); central.writeUInt16LE(0x21, 14); central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20); central.writeUInt32LE(declared, 24); central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(Object.keys(parts).length, 8); end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook has, around a given sheet and shared-strings part. */
export const buildXlsx = (opts: { sheet: TPart; sharedStrings?: TPart; styles?: string; workbookPr?: string }, declare: Record<string, number> = {}) => buildZip({
  '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}">${opts.workbookPr ?? ''}<sheets><sheet name="Staff" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  ...(opts.styles ? { 'xl/styles.xml': opts.styles } : {}),
  ...(opts.sharedStrings ? { 'xl/sharedStrings.xml': opts.sharedStrings } : {}),
  'xl/worksheets/sheet1.xml': opts.sheet,
}, declare);

/** A sheet part holding these rows (inline strings, so no shared-strings part is needed). */
export const sheetXml = (rows: string[][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rows.map((cells, r) => `<row r="${r + 1}">${cells.map((c) => `<c t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`).join('')}</sheetData></worksheet>`;

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SST_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">`;
export const SST_TAIL = '</sst>';
