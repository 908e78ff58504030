import type { BandLine } from './bands.ts';
import type { Basis, PensionBase, SplitCode } from './rules/rule-set.ts';

export type { BandLine } from './bands.ts';
export type { Basis, PensionBase, SplitCode } from './rules/rule-set.ts';

/** Major units, as a number (38686.67) or as decimal text ("38686.67"), at most 2 decimals. */
export type Amount = number | string;

/** A percentage, at most 2 decimals: 8, 7.5, "17.5". */
export type Percent = number | string;

export type PayInput = {
  /** ISO 3166-1 alpha-2. NG and GH have tax tables; any other country gets the spec's default split and no tax. */
  country: string;
  /** The pay period. The month (default 1, the start of the tax year) picks the rules in force on its first day. */
  period: { year: number; month?: number };
  /** Annual gross pay (the spec's grossIncome). Must be greater than 0. */
  grossAnnual: Amount;
  /** Overrides the country's split of gross, component by component; NG utility always takes the rest. */
  split?: Partial<Record<SplitCode, Percent>>;
  /** What the employee pension is a percentage of. NG: `gross` (default) or `basic-housing-transport`. */
  pensionBase?: PensionBase;
  /** Employee pension rate. NG default 8; other countries default 0; fixed in Ghana (SSNIT 5.5% of basic). */
  pensionRate?: Percent;
  /** National Housing Fund, 2.5% of basic (NG only). */
  nhf?: boolean;
  /** Health insurance deducted each month (NG only). */
  nhisMonthly?: Amount;
  /** Declared life assurance premium for the year (NG only). */
  lifeAssuranceAnnual?: Amount;
  /** Interest paid in the year on a loan for an owner-occupied house (NG from 2026). */
  mortgageInterestAnnual?: Amount;
  /** Declared annual rent (NG from 2026: rent relief). */
  rentAnnual?: Amount;
  /**
   * NG: the employer's pension rate of basic + housing + transport; default and minimum the law's (10% from July 2014,
   * Pension Reform Act 2014 s.4(1)). Refused elsewhere (Ghana's SSNIT employer rate is fixed by law).
   */
  employerPensionRate?: Percent;
  /** NG: the business says it must pay the Industrial Training Fund (5+ staff or turnover ≥ ₦50m). Never guessed: default false. */
  isItfLiable?: boolean;
  /** GH: voluntary tier 3 pension, percentages of basic (default 0). */
  tier3EmployeeRate?: Percent;
  tier3EmployerRate?: Percent;
  /** One-off amounts of this pay period. */
  allowance?: Amount;
  /** A bonus paid this period. GH: taxed at 5% final up to 15% of the annual basic (with `bonusEarlierInYear`); elsewhere like an allowance. */
  bonus?: Amount;
  /** GH: bonuses already paid to the employee earlier in the same year (they use up the 15% first). */
  bonusEarlierInYear?: Amount;
  /** Overtime of this period. GH: a qualifying junior employee's overtime is taxed at 5% / 10% final; elsewhere like an allowance. */
  overtime?: Amount;
  iou?: Amount;
  loanRepayment?: Amount;
  /** Recurring named earnings and deductions (from the employee or their pay structure); each applies in the months from `from` to `to`. */
  recurring?: RecurringItem[];
  /**
   * The paid share of the month (issue 32): a joiner, a leaver, unpaid leave, suspension without pay, unpaid absences.
   * The month's salary, its recurring items and the regular tax, pension, NHF, health insurance and tier 3 on them are each
   * × paidDays / periodDays; the salary's reduction is listed per line (Σ line days = periodDays − paidDays). Absent: the whole month is paid.
   */
  proration?: { paidDays: number; periodDays: number; basis?: 'calendar' | 'working'; lines?: { code: ProrationCode; legalName: string; days: number }[] };
  /** Unused leave paid out at exit (half days allowed), at annual gross ÷ 260 a day; taxed as one-off pay. */
  leavePayoutDays?: number;
  /** Back pay of a back-dated salary revision (issue 32): one-off pay (marginal rate, not pensionable), listed under `legalName`. */
  arrears?: { amount: Amount; legalName: string };
  /**
   * Money paid back to the employee this period (issue 33: approved expense claims): one-off, never prorated, not
   * taxable, not pensionable, not part of gross pay (no NSITF/ITF on it). Each is listed in `periodEarnings` as
   * `reimbursement:<id>` and added to what is paid (`totalMonthlySalary`) in full; loans, IOUs and recurring deductions
   * are never taken out of it.
   */
  reimbursements?: ReimbursementInput[];
};

/** One reimbursement of this period: `id` names its payslip line (`reimbursement:<id>`), `legalName` is printed. */
export type ReimbursementInput = { id: string; legalName: string; amount: Amount };

/** What a percentage recurring item is a share of: this month's basic, gross (monthly salary), or basic + housing + transport. */
export type RecurringBase = 'basic' | 'gross' | 'basic-housing-transport';

/**
 * A recurring earning (meal allowance) or deduction (union dues, cooperative savings): a monthly amount, or a percentage
 * of a named base of the month's salary. Taxable earnings are regular income: they are annualised into the tax base
 * (like salary), not taxed as one-off pay. Deductions are taken after tax unless `isPreTax`.
 */
export type RecurringItem = {
  id: string;
  name: string;
  kind: 'earning' | 'deduction';
  /** A monthly amount (major units) … */
  amount?: Amount;
  /** … or a percentage of `base` (exactly one of amount and percent). */
  percent?: Percent;
  base?: RecurringBase;
  /** First month it applies (`YYYY-MM`), and optionally the last (inclusive). */
  from: string;
  to?: string | null;
  /** Earnings: part of taxable income (default true). */
  isTaxable?: boolean;
  /** Earnings: part of the pension base (default false). */
  isPensionable?: boolean;
  /** Deductions: taken out of taxable income (default false: after tax). */
  isPreTax?: boolean;
};

export type ProrationCode = 'proration' | 'unpaid-leave' | 'suspension' | 'absence';

/** This period's figures when only part of the month is paid (PayInput.proration), in the result's unit. */
export type PayProration = {
  basis: 'calendar' | 'working';
  paidDays: number;
  periodDays: number;
  /** The full month's salary and the part of it earned (the reduction is in periodDeductions, one line per event). */
  monthlySalary: number;
  salary: number;
  /** This period's regular tax (without the tax on one-off pay) and statutory deductions, prorated (codes as in `deductions`). */
  tax: number;
  deductions: PayLine[];
};

/** The spec's per-employee results (spec 02 §3 "Employee (finance view)"). Annual figures are for the year, monthly ones for one month. */
export type PayOutputs = {
  consolidatedSalary: number;
  annualSalary: number;
  monthlySalary: number;
  basic: number;
  housing: number;
  transport: number;
  entertainment: number;
  utility: number;
  cra: number;
  pensionFund: number;
  taxableIncome: number;
  annualTaxPayable: number;
  monthlyTaxPayable: number;
  annualNetPay: number;
  monthlyNetPay: number;
  monthlySalaryAdjusted: number;
  totalMonthlySalary: number;
};

export type PayLine = { code: string; legalName: string; amount: number };

/**
 * How the tax was reached, for a payslip. Amounts are in the rule set's `basis`
 * period (annual for Nigeria, monthly for Ghana), except `oneOff` and
 * `periodDeductions`, which are this pay period's.
 */
export type PayBreakdown = {
  regime: { id: string; name: string; country: string | null; currency: string | null };
  periodStart: string;
  basis: Basis;
  grossIncome: number;
  split: { code: SplitCode; name: string; rate: number; amount: number }[];
  /** Deducted from pay and from taxable income (pension, NHF, NHIS, GH tier 3 within its limit); `tier3-employee-excess` is deducted from pay only. */
  deductions: PayLine[];
  /** Reduce taxable income only (CRA, life assurance, mortgage interest, rent relief). */
  reliefs: PayLine[];
  taxableIncome: number;
  bands: BandLine[];
  bandTax: number;
  /** The minimum tax the law would charge (null where the law has none). */
  minimumTax: number | null;
  isMinimumTaxApplied: boolean;
  /** The annual minimum wage in force for the period (null where the law has no exemption). */
  minimumWage: number | null;
  isMinimumWageExempt: boolean;
  tax: number;
  netPay: number;
  /** Paid by the employer on top of gross; never deducted from pay. */
  employerContributions: PayLine[];
  /** This period's one-off pay and all the tax on it (marginal and final); `bonus` only when one is paid. */
  oneOff: { allowance: number; overtime: number; bonus?: number; tax: number };
  periodDeductions: PayLine[];
  /**
   * This period's earnings beyond the monthly salary (recurring items `recurring:<id>`, `leave-payout` at exit, `arrears`,
   * reimbursements `reimbursement:<id>`, last), in this period's amounts.
   */
  periodEarnings?: PayLine[];
  /** Present when only part of the month is paid: what was prorated and by how many days. */
  proration?: PayProration;
  /**
   * This pay period's statutory figures (a month), what schedules and remittances read. Absent on lines
   * computed before the statutory pack (issue 31); readers then fall back to the line's own columns.
   */
  statutory?: PayStatutory;
};

/**
 * One pay period's statutory figures, in the result's unit (minor units from computePayMinor), each rounded once.
 * Where the basis is annual (Nigeria) a monthly figure is the engine's half-up twelfth of the annual one, so it
 * equals what the run line stores for the same amount.
 */
export type PayStatutory = {
  /** Monthly salary + this period's allowance and overtime (the PAYE schedule's gross). */
  grossPay: number;
  /** This period's taxable (chargeable) pay: the monthly share of the basis taxable income plus the one-off pay. */
  taxablePay: number;
  /** This period's PAYE, including the tax on one-off pay (= the run line's tax). */
  tax: number;
  /** NG: basic + housing + transport of the month (Pension Reform Act 2014); GH: basic up to the maximum insurable earnings. */
  pensionableBase: number;
  /** The employee's pension (GH: SSNIT 5.5%) = the run line's pension. */
  pensionEmployee: number;
  /** NG: employer pension (≥ 10%); GH: SSNIT employer 13%. */
  pensionEmployer: number;
  nhf: number;
  /** NG employer: 1% of grossPay (Employees' Compensation Act 2010). */
  nsitf: number;
  /** NG employer: 1% of grossPay when the business is ITF-liable, else 0. */
  itf: number;
  /** GH: 13.5% of pensionableBase to SSNIT; 0 elsewhere. */
  ssnitTier1: number;
  /** GH: 5% of pensionableBase to the occupational trustee (employee 5.5% + employer 13% − tier 1); 0 elsewhere. */
  ssnitTier2: number;
  /** GH voluntary tier 3, employee part (deducted from pay) and employer part. */
  tier3Employee: number;
  tier3Employer: number;
  /** Everything the employer pays on top of gross this period: pensionEmployer + nsitf + itf + tier3Employer. */
  employerTotal: number;
  /** This period's one-off pay (in grossPay): allowance, overtime, bonus. */
  allowance: number;
  overtime: number;
  bonus: number;
  /** GH: final tax on the bonus up to 15% of annual basic (5%) and the bonus above it (taxed as income, in taxablePay). */
  bonusTax: number;
  bonusExcess: number;
  /** GH: final tax on a qualifying junior employee's overtime (5% / 10%); 0 when the overtime is taxed as income. */
  overtimeTax: number;
  /** GH: the part of the employee's tier 3 that reduces chargeable income (within the 16.5% limit), and the employer's excess taxed as income. */
  tier3Relief: number;
  tier3EmployerExcess: number;
  /** GH: the year's maximum insurable earnings (monthly) the SSNIT base is capped at; null elsewhere. */
  maximumInsurable: number | null;
  /** NG: the employer pension rate applied (percent); GH: the SSNIT employer rate. */
  employerPensionRate: number;
};

export type PayResult = PayOutputs & { breakdown: PayBreakdown };
export type PayOptions = { breakdown?: boolean };
