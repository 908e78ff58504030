import type { TPayslipEmployer } from '@bizdesk/contract';
import { divideHalfUp, type PayBreakdown } from '@bizdesk/payroll';

/** The kinds of employer contribution a payslip names, in its order, with the stored statutory figure each comes from. */
const KINDS = [
  { kind: 'pension', key: 'pensionEmployer' },
  { kind: 'nsitf', key: 'nsitf' },
  { kind: 'itf', key: 'itf' },
  { kind: 'tier3', key: 'tier3Employer' },
] as const;

/** English names (the PDF's; the web names each kind in the reader's language). Ghana's employer pension is SSNIT's 13%. */
const NAMES: Record<string, string> = {
  pension: 'Pension (employer contribution)',
  'pension-GH': 'SSNIT (employer contribution, 13%)',
  nsitf: 'NSITF (Employees\' Compensation Act)',
  itf: 'ITF (Industrial Training Fund)',
  tier3: 'Tier 3 pension (employer contribution)',
};

/**
 * "Paid by your employer": what the employer pays on top of this employee's pay this month, from the stored line
 * only. A line with the statutory figures (issue 31) lists each kind above 0 and their total; an older one lists the
 * breakdown's employer contributions (Ghana's SSNIT employer part; Nigeria had none) as a month's share, totalling
 * its employer_cost. Never part of the net-pay sum.
 */
export const toPayslipEmployer = (breakdown: PayBreakdown, employerCostMinor: number): TPayslipEmployer => {
  const st = breakdown.statutory;
  if (st) {
    const country = breakdown.regime.country;
    const items = KINDS.filter(({ key }) => st[key] > 0)
      .map(({ kind, key }) => ({ kind, name: NAMES[`${kind}-${country}`] ?? NAMES[kind]!, amountMinor: st[key] }));
    return { items, totalMinor: st.employerTotal };
  }
  const monthly = (amount: number) => (breakdown.basis === 'annual' ? divideHalfUp(amount, 12) : amount);
  const items = (breakdown.employerContributions ?? []).filter((c) => c.amount > 0).map((c) => ({
    ...(c.code === 'ssnit-employer' ? { kind: 'pension', name: NAMES['pension-GH']! } : { kind: c.code, name: c.legalName }),
    amountMinor: monthly(c.amount),
  }));
  return { items, totalMinor: employerCostMinor };
};
