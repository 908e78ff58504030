// The OCR worker thread: reads PDFs (pdf.js) and recognises text in images (tesseract.js, English
// data shipped in @tesseract.js-data/eng, never downloaded). Started by ocr.service.ts with a heap
// limit and a time limit, so a hostile file cannot take the API's event loop or memory.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { OCR_MAX_PDF_PAGES, OCR_MAX_PIXELS, OCR_MAX_RENDERED_PAGES, OCR_MAX_SIDE, OCR_RECOGNISED_MAX_PIXELS, OCR_RECOGNISED_MAX_SIDE } from '@bizdesk/contract';
import { imageSize, recognitionSize } from './image-size.ts';

export type TOcrRequest = { id: number; bytes: Uint8Array; mime: string };
/** `recognised`: the size an image was recognised at (after downscaling); absent for a PDF. */
export type TOcrReply = { id: number; ok: true; text: string; source: 'text-layer' | 'ocr'; pages: number; recognised?: { width: number; height: number } } | { id: number; ok: false; status: 400 | 413 | 415; message: string };

class Refusal extends Error {
  constructor(readonly status: 400 | 413 | 415, message: string) {
    super(message);
  }
}

const require = createRequire(import.meta.url);
type TTesseract = { recognize: (image: Buffer) => Promise<{ data: { text: string } }> };
let tesseract: Promise<TTesseract> | null = null;
const getTesseract = () => {
  tesseract ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
    return createWorker('eng', OEM.LSTM_ONLY, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none' }) as unknown as Promise<TTesseract>;
  })();
  return tesseract;
};

const recognise = async (png: Buffer) => (await (await getTesseract()).recognize(png)).data.text;

const checkImage = (bytes: Buffer) => {
  const size = imageSize(bytes);
  if (!size || size.width < 1 || size.height < 1) throw new Refusal(400, 'The image could not be read: its header is damaged');
  if (size.width > OCR_MAX_SIDE || size.height > OCR_MAX_SIDE || size.width * size.height > OCR_MAX_PIXELS) {
    throw new Refusal(413, `The image is ${size.width} × ${size.height} pixels; at most ${OCR_MAX_SIDE} pixels a side and ${OCR_MAX_PIXELS / 1_000_000} megapixels can be read`);
  }
  return size;
};

/**
 * Recognition time grows with the pixels: a 25 MP photo held the shared worker for about a minute. An image past the
 * recognition budget is decoded once and scaled down (aspect kept, smoothed) before tesseract sees it.
 */
const readImage = async (bytes: Buffer) => {
  const size = checkImage(bytes);
  const target = recognitionSize(size.width, size.height, OCR_RECOGNISED_MAX_SIDE, OCR_RECOGNISED_MAX_PIXELS);
  if (target.width === size.width && target.height === size.height) return { text: (await recognise(bytes)).trim(), recognised: size };
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  let image;
  try {
    image = await loadImage(bytes);
  } catch {
    throw new Refusal(400, 'The image could not be read: it is damaged');
  }
  const canvas = createCanvas(target.width, target.height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, target.width, target.height);
  return { text: (await recognise(canvas.toBuffer('image/png'))).trim(), recognised: target };
};

/** Text layer first; a page without one (a scan) is rendered at about 2 000 px wide and recognised. */
const readPdf = async (bytes: Buffer) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, maxImageSize: OCR_MAX_PIXELS, verbosity: 0, stopAtErrors: false }).promise;
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new Refusal(400, name === 'PasswordException' ? 'The PDF is protected by a password' : 'The PDF could not be read: it is damaged or not a PDF');
  }
  const pages = Math.min(doc.numPages, OCR_MAX_PDF_PAGES);
  const texts: string[] = [];
  for (let n = 1; n <= pages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    let line = '';
    const lines: string[] = [];
    for (const item of content.items as Array<{ str?: string; hasEOL?: boolean }>) {
      if (typeof item.str !== 'string') continue;
      line += item.str;
      if (item.hasEOL) { lines.push(line); line = ''; } else if (item.str && !line.endsWith(' ')) line += ' ';
    }
    if (line) lines.push(line);
    texts.push(lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n'));
  }
  const text = texts.join('\n\n').trim();
  if (text.replace(/\s/g, '').length >= 20) {
    await doc.destroy();
    return { text, source: 'text-layer' as const, pages: doc.numPages };
  }
  const recognised: string[] = [];
  for (let n = 1; n <= Math.min(pages, OCR_MAX_RENDERED_PAGES); n += 1) {
    const page = await doc.getPage(n);
    const unit = page.getViewport({ scale: 1 });
    // About 2 000 px on the long side, never past the pixel budget, whatever size the page claims.
    const scale = Math.min(2000 / Math.max(unit.width, unit.height, 1), Math.sqrt(OCR_MAX_PIXELS / Math.max(unit.width * unit.height, 1)), 4);
    const viewport = page.getViewport({ scale });
    const factory = (doc as unknown as { canvasFactory: { create: (w: number, h: number) => { canvas: { toBuffer: (t: string) => Buffer }; context: unknown } } }).canvasFactory;
    const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvasContext: target.context, viewport, canvas: target.canvas } as never).promise;
    recognised.push(await recognise(target.canvas.toBuffer('image/png')));
  }
  await doc.destroy();
  return { text: recognised.join('\n\n').trim(), source: 'ocr' as const, pages: doc.numPages };
};

const handle = async (req: TOcrRequest): Promise<TOcrReply> => {
  const bytes = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
  try {
    if (req.mime === 'application/pdf') return { id: req.id, ok: true, ...(await readPdf(bytes)) };
    return { id: req.id, ok: true, ...(await readImage(bytes)), source: 'ocr', pages: 1 };
  } catch (err) {
    if (err instanceof Refusal) return { id: req.id, ok: false, status: err.status, message: err.message };
    return { id: req.id, ok: false, status: 400, message: `The file could not be read: ${(err as Error).message ?? 'unknown reason'}`.slice(0, 300) };
  }
};

parentPort?.on('message', (req: TOcrRequest) => {
  void handle(req).then((reply) => parentPort!.postMessage(reply));
});
