import { group, type TPayslipLogo } from '../payroll/payslip-pdf.ts';

/**
 * One model for every document a supplier receives (issue 35): purchase order, goods-received note, payment advice and
 * the WHT credit note. The renderer only draws the model, with pdf-lib and standard Helvetica as the payslip does.
 * Anything not approved carries a large diagonal "NOT APPROVED" mark across every page.
 */
export type TDocModel = {
  title: string;
  number: string;
  /** null when approved (or not subject to approval); otherwise the reason for the mark, e.g. "pending approval". */
  notApproved: string | null;
  business: { name: string; lines: string[] };
  party: { heading: string; lines: string[] };
  meta: Array<[string, string]>;
  table?: { columns: Array<{ label: string; width: number; isRight?: boolean }>; rows: string[][] };
  totals: Array<[string, string]>;
  terms: string[];
  approvers: string[];
  footer?: string;
};

/** Standard PDF fonts encode WinAnsi only (see payslip-pdf). */
const safe = (text: string) => text.replace(/₦/g, 'NGN ').replace(/₵/g, 'GHS ').replace(/[^\x20-\x7E\xA0-\xFF\u2013\u2014]/g, '?');
export const moneyText = (currency: string, minor: number) => `${currency} ${minor < 0 ? '-' : ''}${group(Math.abs(minor))}`;
export const rateText = (bp: number) => `${Math.trunc(bp / 100)}${bp % 100 ? `.${String(bp % 100).padStart(2, '0').replace(/0$/, '')}` : ''}%`;

export const buildDocPdf = async (m: TDocModel, logo: TPayslipLogo | null): Promise<Buffer> => {
  const { PDFDocument, StandardFonts, rgb, degrees } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`${m.title} ${m.number}`);
  doc.setProducer('Bizdesk');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages: Array<ReturnType<typeof doc.addPage>> = [];
  const newPage = () => {
    const p = doc.addPage([595.28, 841.89]);
    pages.push(p);
    return p;
  };
  let page = newPage();
  let y = 800;
  const ensure = (h: number) => {
    if (y - h < 60) {
      page = newPage();
      y = 800;
    }
  };
  const text = (t: string, x: number, opts: { size?: number; isBold?: boolean; maxWidth?: number; isRight?: boolean } = {}) => {
    const f = opts.isBold ? bold : font;
    const size = opts.size ?? 10;
    let s = safe(t);
    if (opts.maxWidth) while (s.length > 1 && f.widthOfTextAtSize(s, size) > opts.maxWidth) s = `${s.slice(0, -2)}…`.replace('…', '.');
    const at = opts.isRight ? x - f.widthOfTextAtSize(s, size) : x;
    page.drawText(s, { x: at, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };

  if (logo) {
    try {
      const image = logo.type === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
      const scale = Math.min(120 / image.width, 48 / image.height, 1);
      page.drawImage(image, { x: 545 - image.width * scale, y: 780, width: image.width * scale, height: image.height * scale });
    } catch {
      // A logo pdf-lib cannot read is left out rather than failing the document.
    }
  }
  text(m.business.name, 50, { size: 14, isBold: true });
  y -= 16;
  for (const l of m.business.lines) {
    text(l, 50, { size: 9 });
    y -= 12;
  }
  y -= 10;
  text(`${m.title} ${m.number}`, 50, { size: 16, isBold: true });
  y -= 24;
  const top = y;
  text(m.party.heading, 50, { size: 10, isBold: true });
  y -= 14;
  for (const l of m.party.lines) {
    text(l, 50, { size: 9, maxWidth: 240 });
    y -= 12;
  }
  const leftEnd = y;
  y = top;
  for (const [k, v] of m.meta) {
    text(`${k}:`, 310, { size: 9, isBold: true });
    text(v, 400, { size: 9, maxWidth: 145 });
    y -= 12;
  }
  y = Math.min(y, leftEnd) - 14;

  if (m.table) {
    const cols = m.table.columns;
    const xs = cols.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? 50 : acc[i - 1] + cols[i - 1].width], []);
    const head = () => {
      ensure(20);
      cols.forEach((c, i) => text(c.label, c.isRight ? xs[i] + c.width - 4 : xs[i], { size: 9, isBold: true, isRight: c.isRight }));
      y -= 4;
      page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) });
      y -= 12;
    };
    head();
    for (const row of m.table.rows) {
      if (y < 80) {
        page = newPage();
        y = 800;
        head();
      }
      row.forEach((cell, i) => text(cell, cols[i].isRight ? xs[i] + cols[i].width - 4 : xs[i], { size: 9, isRight: cols[i].isRight, maxWidth: cols[i].width - 6 }));
      y -= 13;
    }
    y -= 4;
  }
  for (const [k, v] of m.totals) {
    ensure(14);
    text(k, 400, { size: 10, isBold: true, isRight: true });
    text(v, 545, { size: 10, isBold: true, isRight: true });
    y -= 14;
  }
  if (m.terms.length) {
    y -= 10;
    ensure(30);
    text('Terms', 50, { size: 10, isBold: true });
    y -= 13;
    for (const t of m.terms) {
      ensure(12);
      text(t, 50, { size: 9, maxWidth: 495 });
      y -= 12;
    }
  }
  y -= 10;
  ensure(40);
  text('Approved by', 50, { size: 10, isBold: true });
  y -= 13;
  for (const a of m.approvers.length ? m.approvers : ['Not approved']) {
    ensure(12);
    text(a, 50, { size: 9 });
    y -= 12;
  }
  if (m.footer) {
    y -= 8;
    ensure(12);
    text(m.footer, 50, { size: 8 });
  }
  if (m.notApproved) {
    // Across every page, so no page of an unapproved document can pass as approved on its own.
    for (const p of pages) {
      p.drawText('NOT APPROVED', { x: 130, y: 250, size: 72, font: bold, color: rgb(0.85, 0.1, 0.1), opacity: 0.25, rotate: degrees(45) });
      p.drawText(safe(`NOT APPROVED: ${m.notApproved}`), { x: 50, y: 30, size: 9, font: bold, color: rgb(0.85, 0.1, 0.1) });
    }
  }
  return Buffer.from(await doc.save());
};
