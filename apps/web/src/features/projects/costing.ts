import { certificateAmounts, percentToBp, type TProjectCostEntry } from '@bizdesk/contract';
import { majorTextToMinor } from '../../shared/format/money.ts';

const q = encodeURIComponent;
const MAJOR = /^\d{1,13}(\.\d{1,2})?$/;

/** A typed major-unit amount ('' counts as nothing) → minor units, or null when it is not an amount yet. */
export const typedMinor = (text: string | undefined): number | null => {
  const v = (text ?? '').trim();
  if (v === '') return 0;
  return MAJOR.test(v) ? majorTextToMinor(v) : null;
};

/**
 * What a certificate will hold before it is saved: retention and WHT from the project's rates on the gross (unless
 * typed), other deductions as typed, and the net the client owes. Null while the gross is not an amount.
 */
export const previewCertificate = (input: { gross: string; retention?: string; wht?: string; otherDeductions?: string }, rates: { retentionPercent: string; whtPercent: string }) => {
  const grossMinor = typedMinor(input.gross);
  if (grossMinor === null || grossMinor <= 0) return null;
  const typed = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : typedMinor(v) ?? undefined);
  return certificateAmounts({
    grossMinor, retentionBp: percentToBp(rates.retentionPercent), whtBp: percentToBp(rates.whtPercent),
    retentionMinor: typed(input.retention), whtMinor: typed(input.wht), otherDeductionsMinor: typedMinor(input.otherDeductions) ?? 0,
  });
};

/** The screen that opens a ledger entry's source (its `link`); null when the web has no screen for it. */
export const entryPath = (link: TProjectCostEntry['link'], projectName: string): string | null => {
  if (!link) return null;
  const id = link.id ? q(link.id) : '';
  switch (link.screen) {
    case 'orders': return id ? `/manage-po?id=${id}` : '/manage-po';
    case 'costs': return `/projects/default?project=${q(projectName)}`;
    case 'inventory': return '/inventory-records';
    case 'transfers': return '/inventory-transfers';
    case 'fleet': return id ? `/fleet?id=${id}` : '/fleet';
    case 'energy': return '/tracker';
    case 'payroll': return '/salary';
    default: return null;
  }
};

/** Margin basis points as a percentage in the reader's language ("12.5 %"); '' when nothing is billed. */
export const marginPercent = (bp: number | null, language: string) =>
  bp === null ? '' : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(bp / 100)} %`;
