import { computePayMinor } from './compute-pay.ts';
import { divideHalfUp } from './money.ts';
import type { PayBreakdown, PayInput, PayStatutory } from './types.ts';

// Off-cycle pay (a bonus, a 13th month, a correction) paid in its own run (issue 32 item 3). It is one-off pay, so it
// is taxed exactly as the engine taxes one-off pay in a regular month: at the employee's marginal rate, tax(regular pay
// + one-off) − tax(regular pay), with the regular deductions unchanged (no pension or NHF on it); in Ghana a bonus (a
// 13th month is one) goes through the GRA bonus rule first (up to 15% of the annual basic at 5% final, counting the
// year's earlier bonuses; the excess at the marginal rate). The engine computes the month twice (with and without the
// one-off) and the off-cycle figures are the difference, so both runs of a month come from the same rules.

/** How the one-off is treated: `bonus` (a bonus, a 13th month: Ghana's bonus rule) or `earning` (a correction: income). */
export type OffCycleTreatment = 'bonus' | 'earning';

export type OffCycleInput = {
  /** The employee's regular pay input for the month (settings only: no allowance, overtime, loan or IOU). */
  regular: PayInput;
  /** The one-off amount in minor units (> 0). */
  amountMinor: number;
  treatment: OffCycleTreatment;
  /** GH: bonuses of the year's earlier approved runs, minor units (they use up the 15% first). */
  bonusEarlierInYearMinor?: number;
};

export type OffCycleResult = {
  amountMinor: number;
  /** All the tax on the one-off (marginal, plus Ghana's final bonus tax). */
  taxMinor: number;
  /** What the employee is paid: amount − tax. */
  netMinor: number;
  /** The month's statutory figures of the one-off alone (employer NSITF and ITF on it; no pension, NHF or SSNIT). */
  statutory: PayStatutory;
  /** The regular month's breakdown (basic, split), for the defaults a run derives from it. */
  regular: PayBreakdown;
};

const text = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

const ONE_OFF_INPUTS = { allowance: 0, overtime: 0, bonus: 0, iou: 0, loanRepayment: 0 } as const;

/** The month's regular breakdown (no one-off pay): what a 13th month's default is taken from. */
export const computeRegularMonth = (regular: PayInput): PayBreakdown => computePayMinor({ ...regular, ...ONE_OFF_INPUTS }).breakdown;

/** Monthly basic (or monthly gross) of a regular breakdown, in minor units. */
export const monthlyPayOf = (b: PayBreakdown, base: 'basic' | 'gross'): number => {
  const amount = base === 'basic' ? (b.split.find((s) => s.code === 'basic')?.amount ?? 0) : b.grossIncome;
  return b.basis === 'annual' ? divideHalfUp(amount, 12) : amount;
};

/**
 * The off-cycle figures of one employee: the one-off taxed by the engine's own one-off rules, and the employer
 * contributions the law charges on it (NSITF and ITF are shares of the month's total pay; the pension and SSNIT bases
 * do not include a bonus). Throws PayrollInputError like computePay.
 */
export const computeOffCyclePay = (input: OffCycleInput): OffCycleResult => {
  const base = { ...input.regular, ...ONE_OFF_INPUTS };
  const without = computePayMinor(base).breakdown;
  const withOneOff = computePayMinor({
    ...base,
    ...(input.treatment === 'bonus' ? { bonus: text(input.amountMinor) } : { allowance: text(input.amountMinor) }),
    ...(input.bonusEarlierInYearMinor ? { bonusEarlierInYear: text(input.bonusEarlierInYearMinor) } : {}),
  }).breakdown;
  // computePayMinor always fills the statutory figures (optional only on lines stored before them).
  const a = withOneOff.statutory!;
  const b = without.statutory!;
  const tax = withOneOff.oneOff.tax;
  const nsitf = a.nsitf - b.nsitf;
  const itf = a.itf - b.itf;
  const statutory: PayStatutory = {
    grossPay: input.amountMinor,
    taxablePay: a.taxablePay - b.taxablePay,
    tax,
    pensionableBase: 0, pensionEmployee: 0, pensionEmployer: 0, nhf: 0, nsitf, itf, ssnitTier1: 0, ssnitTier2: 0,
    tier3Employee: 0, tier3Employer: 0, employerTotal: nsitf + itf,
    allowance: a.allowance, overtime: 0, bonus: a.bonus, bonusTax: a.bonusTax, bonusExcess: a.bonusExcess, overtimeTax: 0,
    tier3Relief: 0, tier3EmployerExcess: 0, maximumInsurable: a.maximumInsurable, employerPensionRate: a.employerPensionRate,
  };
  return { amountMinor: input.amountMinor, taxMinor: tax, netMinor: input.amountMinor - tax, statutory, regular: without };
};
