import type { TPayslipModel, TPayslipSection } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TSlipRow } from './payroll.repo.ts';
import { buildPayslipModel } from './payslip-model.ts';
import { buildPayslipPdf, group, settlementLines, type TPayslipLogo } from './payslip-pdf.ts';
import { findYearToDateLines, getBusinessLogo } from './payslip.repo.ts';

/** Logos are public files served under this prefix (features/auth setLogo). */
const FILES_PREFIX = '/api/v1/files/';

/** PNG and JPEG, told from their bytes (the only formats a PDF's standard image filters take as they are). */
export const logoType = (bytes: Buffer): TPayslipLogo['type'] | null => {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
};

/**
 * The e-mail's text: every line of the model with this month and the year to date, the totals, the net and what the
 * employer pays on top. Plain text, so it reads the same in every mail program; the PDF is attached.
 */
export const payslipMailText = (slip: Pick<TSlipRow, 'name' | 'month' | 'business_name'>, model: TPayslipModel) => {
  const money = (minor: number) => `${model.currency} ${group(minor)}`;
  const rows = (section: TPayslipSection, sign: string) =>
    section.items.map((i) => `  ${i.name}: ${sign}${money(i.amountMinor)} (year to date ${sign}${money(i.ytdMinor)})`);
  const lines = [
    `Hello ${slip.name},`,
    '',
    model.run && model.run.kind !== 'regular' ? `Your payslip for ${model.run.title} is attached. In short:` : `Your payslip for ${slip.month} is attached. In short:`,
    '',
    'Earnings',
    ...rows(model.earnings, ''),
    `  Total earnings: ${money(model.earnings.totalMinor)} (year to date ${money(model.earnings.ytdMinor)})`,
    'Deductions',
    ...rows(model.deductions, '- '),
    `  Total deductions: - ${money(model.deductions.totalMinor)} (year to date - ${money(model.deductions.ytdMinor)})`,
    `Net pay: ${money(model.net.amountMinor)} (year to date ${money(model.net.ytdMinor)})`,
  ];
  if (model.settlement) lines.push('', 'Final settlement', ...settlementLines(model.settlement, money).map((s) => `  ${s}`));
  if (model.employer.items.length) {
    lines.push('', 'Paid by your employer, on top of your pay (not part of your net pay)', ...rows(model.employer, ''),
      `  Total paid by your employer: ${money(model.employer.totalMinor)}`);
  }
  lines.push('', `Year to date: ${model.ytdMonths[0]} to ${model.month}.`, '', slip.business_name);
  return lines.join('\n');
};

/** The payslip's documents, all from the one model: the JSON the web renders, the PDF, the e-mail. */
export const createPayslipDocs = (deps: Pick<TDeps, 'db' | 'storage' | 'log'>) => {
  const model = async (businessId: string, slip: TSlipRow): Promise<TPayslipModel> => {
    const year = await findYearToDateLines(deps.db, businessId, slip.employee_id, slip.month, slip.id);
    return buildPayslipModel(slip, year, await getBusinessLogo(deps.db, businessId));
  };

  const logoOf = async (logoPath: string | null): Promise<TPayslipLogo | null> => {
    if (!logoPath?.startsWith(FILES_PREFIX)) return null;
    const file = await deps.storage.get(logoPath.slice(FILES_PREFIX.length)).catch((err: unknown) => {
      deps.log.warn({ err, logoPath }, 'payslip: could not read the business logo');
      return null;
    });
    const type = file ? logoType(file.body) : null;
    return file && type ? { bytes: new Uint8Array(file.body), type } : null;
  };

  const pdf = async (businessId: string, slip: TSlipRow, m?: TPayslipModel) => {
    const built = m ?? (await model(businessId, slip));
    return buildPayslipPdf(slip, built, await logoOf(built.logoPath));
  };

  return {
    model,
    pdf,
    /** The payslip e-mail: its text lists every line; the PDF goes with it. */
    mail: async (businessId: string, slip: TSlipRow) => {
      const m = await model(businessId, slip);
      return {
        subject: m.run && m.run.kind !== 'regular' ? `Your payslip (${m.run.title}) from ${slip.business_name}` : `Your payslip for ${slip.month} from ${slip.business_name}`,
        text: payslipMailText(slip, m),
        attachments: [{ filename: `payslip-${slip.month}-${slip.employee_number}.pdf`, content: await pdf(businessId, slip, m), contentType: 'application/pdf' }],
      };
    },
  };
};
export type TPayslipDocs = ReturnType<typeof createPayslipDocs>;
