import type { PayBreakdown } from '@bizdesk/payroll';
import type { TSlipRow } from './payroll.repo.ts';
import { minorText } from './pay-input.ts';
import { toPayslipEmployer } from './payslip-model.ts';

/** Standard PDF fonts encode WinAnsi only: anything else (₦, ₵, accents outside Latin-1) is spelled out or replaced. */
const safe = (text: string) => text.replace(/₦/g, 'NGN ').replace(/₵/g, 'GHS ').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

const group = (minor: number) => {
  const [whole, cents] = minorText(minor).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/**
 * The payslip as a PDF (pdf-lib, standard Helvetica): who, which month, the month's figures, and the
 * engine's breakdown (split, deductions and reliefs with their legal names, bands), and what the employer pays on top.
 * Every figure is the stored snapshot's; nothing is recomputed.
 */
export const buildPayslipPdf = async (slip: TSlipRow): Promise<Buffer> => {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Payslip ${slip.month} ${slip.name}`);
  doc.setProducer('Bizdesk');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595.28, 841.89]);
  let y = 800;
  const money = (minor: number) => `${slip.currency} ${group(minor)}`;
  const line = (label: string, value = '', opts: { isBold?: boolean; size?: number; indent?: number } = {}) => {
    if (y < 60) {
      page = doc.addPage([595.28, 841.89]);
      y = 800;
    }
    const f = opts.isBold ? bold : font;
    const size = opts.size ?? 10;
    page.drawText(safe(label), { x: 50 + (opts.indent ?? 0), y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
    if (value) {
      const text = safe(value);
      page.drawText(text, { x: 545 - f.widthOfTextAtSize(text, size), y, size, font: f });
    }
    y -= size + 6;
  };
  const gap = () => {
    y -= 6;
  };
  const b = slip.result.breakdown as PayBreakdown;
  // The breakdown's amounts are in minor units of its basis period (see PayBreakdown).
  const basisLabel = b.basis === 'annual' ? 'per year' : 'per month';

  line(slip.business_name, '', { isBold: true, size: 14 });
  line(`Payslip for ${slip.month}`, slip.status === 'draft' ? 'DRAFT' : '', { size: 12 });
  gap();
  line(`Employee: ${slip.name} (${slip.employee_number})`);
  if (slip.department) line(`Department: ${slip.department}`);
  if (slip.bank_name || slip.account_number) line(`Paid to: ${[slip.bank_name, slip.account_number].filter(Boolean).join(' ')}`);
  gap();
  line('This month', '', { isBold: true, size: 11 });
  line('Gross pay', money(Number(slip.gross)), { indent: 10 });
  if (Number(slip.allowance)) line('Allowance', money(Number(slip.allowance)), { indent: 10 });
  if (Number(slip.overtime)) line('Overtime', money(Number(slip.overtime)), { indent: 10 });
  line('Income tax (PAYE)', `- ${money(Number(slip.tax))}`, { indent: 10 });
  line('Pension (employee)', `- ${money(Number(slip.pension))}`, { indent: 10 });
  if (Number(slip.other_deductions)) line('Other statutory deductions', `- ${money(Number(slip.other_deductions))}`, { indent: 10 });
  if (Number(slip.loan_repayment)) line('Loan repayment', `- ${money(Number(slip.loan_repayment))}`, { indent: 10 });
  if (Number(slip.iou)) line('IOU (salary advance) recovery', `- ${money(Number(slip.iou))}`, { indent: 10 });
  line('Net pay', money(Number(slip.net)), { isBold: true, size: 12 });
  gap();
  const employer = toPayslipEmployer(slip.result.breakdown as PayBreakdown, Number(slip.employer_cost));
  if (employer.items.length) {
    // Outside the net-pay sum above: what the employer pays on top of the pay, this month.
    line('Paid by your employer', '', { isBold: true, size: 11 });
    line('On top of your pay: not deducted from it and not part of your net pay.', '', { size: 9 });
    for (const c of employer.items) line(c.name, money(c.amountMinor), { indent: 10 });
    line('Total paid by your employer', money(employer.totalMinor), { indent: 10, isBold: true });
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
