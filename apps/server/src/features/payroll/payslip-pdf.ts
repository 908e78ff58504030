import type { PayBreakdown } from '@bizdesk/payroll';
import type { TSlipRow } from './payroll.repo.ts';
import { minorText } from './pay-input.ts';
import type { TPayslipModel } from '@bizdesk/contract';
import { formatDay } from './month-events.ts';

/** Standard PDF fonts encode WinAnsi only: anything else (₦, ₵, accents outside Latin-1) is spelled out or replaced; WinAnsi has the dashes (an off-cycle title's "—"). */
const safe = (text: string) => text.replace(/₦/g, 'NGN ').replace(/₵/g, 'GHS ').replace(/[^\x20-\x7E\xA0-\xFF\u2013\u2014]/g, '?');

export const group = (minor: number) => {
  const [whole, cents] = minorText(minor).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/** A business logo to draw at the top of the PDF: PNG or JPEG bytes (other formats are left out). */
export type TPayslipLogo = { bytes: Uint8Array; type: 'png' | 'jpg' };

/**
 * The payslip as a PDF (pdf-lib, standard Helvetica): the logo, who, which month, the payslip model's lines (this month
 * and year to date, summing to net), what the employer pays on top, and the engine's breakdown (split, deductions and
 * reliefs with their legal names, bands). Every figure is the stored snapshot's; nothing is recomputed.
 */
const EXIT_REASONS: Record<string, string> = {
  resignation: 'resignation', dismissal: 'dismissal', 'end-of-contract': 'end of contract', retirement: 'retirement', death: 'death', other: 'other',
};

/** The final settlement in words (PDF and e-mail): the last day and reason, leave paid out, what is still owed. */
export const settlementLines = (s: NonNullable<TPayslipModel['settlement']>, money: (minor: number) => string) => [
  `Last day: ${formatDay(s.lastDay)}${s.reason ? ` (${EXIT_REASONS[s.reason] ?? s.reason})` : ''}. This is the final pay.`,
  ...(s.leavePayoutDays > 0 ? [`Unused leave paid out: ${s.leavePayoutDays} days (in the earnings above).`] : []),
  ...(s.outstandingLoansMinor > 0 ? [`Loans still owed after this pay: ${money(s.outstandingLoansMinor)}`] : []),
  ...(s.outstandingIouMinor > 0 ? [`IOU still owed after this pay: ${money(s.outstandingIouMinor)}`] : []),
];

export const buildPayslipPdf = async (slip: TSlipRow, model: TPayslipModel, logo: TPayslipLogo | null = null): Promise<Buffer> => {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Payslip ${slip.month} ${slip.name}`);
  doc.setProducer('Bizdesk');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595.28, 841.89]);
  let y = 800;
  const money = (minor: number) => `${slip.currency} ${group(minor)}`;
  const right = (text: string, edge: number, size: number, f: typeof font) => page.drawText(text, { x: edge - f.widthOfTextAtSize(text, size), y, size, font: f });
  const line = (label: string, value = '', opts: { isBold?: boolean; size?: number; indent?: number; ytd?: string } = {}) => {
    if (y < 60) {
      page = doc.addPage([595.28, 841.89]);
      y = 800;
    }
    const f = opts.isBold ? bold : font;
    const size = opts.size ?? 10;
    page.drawText(safe(label), { x: 50 + (opts.indent ?? 0), y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
    if (opts.ytd !== undefined) {
      if (value) right(safe(value), 430, size, f);
      if (opts.ytd) right(safe(opts.ytd), 545, size, f);
    } else if (value) right(safe(value), 545, size, f);
    y -= size + 6;
  };
  const gap = () => {
    y -= 6;
  };
  const b = slip.result.breakdown as PayBreakdown;
  // The breakdown's amounts are in minor units of its basis period (see PayBreakdown).
  const basisLabel = b.basis === 'annual' ? 'per year' : 'per month';

  if (logo) {
    try {
      const image = logo.type === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
      const scale = Math.min(120 / image.width, 48 / image.height, 1);
      page.drawImage(image, { x: 545 - image.width * scale, y: 790, width: image.width * scale, height: image.height * scale });
    } catch {
      // A logo pdf-lib cannot read is left out rather than failing the payslip.
    }
  }
  line(slip.business_name, '', { isBold: true, size: 14 });
  // An off-cycle payslip (issue 32) says its kind: "Payslip: 13th month — December 2026".
  line(model.run && model.run.kind !== 'regular' ? `Payslip: ${model.run.title}` : `Payslip for ${slip.month}`, slip.status === 'draft' ? 'DRAFT' : '', { size: 12 });
  gap();
  line(`Employee: ${slip.name} (${slip.employee_number})`);
  if (slip.department) line(`Department: ${slip.department}`);
  if (slip.bank_name || slip.account_number) line(`Paid to: ${[slip.bank_name, slip.account_number].filter(Boolean).join(' ')}`);
  gap();
  const ytdNote = `Year to date: ${model.ytdMonths[0]} to ${model.month}`;
  line('Earnings', 'This month', { isBold: true, size: 11, ytd: 'Year to date' });
  for (const i of model.earnings.items) line(i.name, money(i.amountMinor), { indent: 10, ytd: money(i.ytdMinor) });
  line('Total earnings', money(model.earnings.totalMinor), { indent: 10, isBold: true, ytd: money(model.earnings.ytdMinor) });
  gap();
  line('Deductions', '', { isBold: true, size: 11, ytd: '' });
  for (const i of model.deductions.items) line(i.name, `- ${money(i.amountMinor)}`, { indent: 10, ytd: `- ${money(i.ytdMinor)}` });
  line('Total deductions', `- ${money(model.deductions.totalMinor)}`, { indent: 10, isBold: true, ytd: `- ${money(model.deductions.ytdMinor)}` });
  gap();
  line('Net pay', money(model.net.amountMinor), { isBold: true, size: 12, ytd: money(model.net.ytdMinor) });
  line(ytdNote, '', { size: 8 });
  gap();
  if (model.settlement) {
    line('Final settlement', '', { isBold: true, size: 11 });
    for (const text of settlementLines(model.settlement, money)) line(text, '', { indent: 10, size: 9 });
    gap();
  }
  if (model.employer.items.length) {
    // Outside the net-pay sum above: what the employer pays on top of the pay, this month.
    line('Paid by your employer', '', { isBold: true, size: 11 });
    line('On top of your pay: not deducted from it and not part of your net pay.', '', { size: 9 });
    for (const c of model.employer.items) line(c.name, money(c.amountMinor), { indent: 10, ytd: money(c.ytdMinor) });
    line('Total paid by your employer', money(model.employer.totalMinor), { indent: 10, isBold: true, ytd: money(model.employer.ytdMinor) });
    gap();
  }
  line(`How the tax was reached (${b.regime.name}, ${basisLabel})`, '', { isBold: true, size: 11 });
  line('Gross income', money(b.grossIncome), { indent: 10 });
  for (const s of b.split) line(`${s.name} (${s.rate}%)`, money(s.amount), { indent: 20 });
  for (const d of b.deductions) line(d.legalName, `- ${money(d.amount)}`, { indent: 10 });
  for (const r of b.reliefs) line(r.legalName, `- ${money(r.amount)}`, { indent: 10 });
  line('Taxable income', money(b.taxableIncome), { indent: 10 });
  for (const band of b.bands) {
    const range = band.to === null ? `above ${group(band.from)}` : `${group(band.from)} to ${group(band.to)}`;
    line(`${band.rate}% on ${group(band.taxableSlice)} (${range})`, money(band.tax), { indent: 20 });
  }
  if (b.isMinimumTaxApplied) line('Minimum tax applied', money(b.minimumTax ?? 0), { indent: 10 });
  if (b.isMinimumWageExempt) line('Exempt: at or below the national minimum wage', '', { indent: 10 });
  line('Tax', money(b.tax), { indent: 10, isBold: true });
  if (b.oneOff.tax) line('Tax on this month\'s allowance and overtime', money(b.oneOff.tax), { indent: 10 });
  return Buffer.from(await doc.save());
};
