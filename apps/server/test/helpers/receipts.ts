import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const RECEIPT_LINES = ['MAMA CASS SUPERMARKET', '12 Allen Avenue, Ikeja', 'Date: 14/03/2026', 'Rice 50kg        45,000.00', 'Palm oil 5L      12,500.00', 'Subtotal         57,500.00', 'VAT 7.5%          4,312.50', 'TOTAL            61,812.50', 'Thank you'];

/** A receipt drawn as a PNG, black text on white, as a phone photo of a clean receipt would be. */
export const receiptPng = (lines = RECEIPT_LINES) => {
  const canvas = createCanvas(900, 120 + lines.length * 70);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = '40px "DejaVu Sans Mono", monospace';
  lines.forEach((l, i) => ctx.fillText(l, 50, 90 + i * 70));
  return canvas.toBuffer('image/png');
};

/** A receipt photographed at full resolution: `width` × `height` pixels, the text scaled to fill it. */
export const bigReceiptPng = (width: number, height: number, lines = RECEIPT_LINES) => {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  const step = Math.floor(height / (lines.length + 2));
  ctx.font = `${Math.floor(step * 0.55)}px "DejaVu Sans Mono", monospace`;
  lines.forEach((l, i) => ctx.fillText(l, Math.floor(width / 20), step * (i + 1.5)));
  return canvas.toBuffer('image/png');
};

/** A PDF with a text layer (an e-mailed invoice). */
export const receiptPdf = async (lines = RECEIPT_LINES) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((l, i) => page.drawText(l, { x: 50, y: 780 - i * 24, size: 14, font }));
  return Buffer.from(await doc.save());
};

/** A PDF whose only page is an image (a scan): no text layer. */
export const scannedPdf = async (png: Buffer) => {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage([image.width / 2, image.height / 2]);
  page.drawImage(image, { x: 0, y: 0, width: image.width / 2, height: image.height / 2 });
  return Buffer.from(await doc.save());
};

/** A PNG header claiming 20,000 × 20,000 pixels (the rest of the file is not needed to refuse it). */
export const hugePngHeader = () => {
  const b = Buffer.from(receiptPng(['x']));
  b.writeUInt32BE(20_000, 16);
  b.writeUInt32BE(20_000, 20);
  return b;
};
