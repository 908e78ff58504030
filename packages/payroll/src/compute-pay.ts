import { findBandLines, taxOnBands } from './bands.ts';
import { PayrollInputError } from './errors.ts';
import { applyRate, bpToPercent, divideHalfUp, toMajor } from './money.ts';
import { formatDateKey } from './rules/index.ts';
import { isWithin, type CompiledRuleSet } from './rules/rule-set.ts';
import type { PayBreakdown, PayInput, PayLine, PayOptions, PayOutputs, PayResult, PensionBase } from './types.ts';
import { validatePayInput, type ValidPayInput } from './validate.ts';

// Everything below is in integer minor units of the rule set's basis period (a year
// for Nigeria, a month for Ghana) until the outputs are assembled. Each amount that
// a payslip shows (a split component, the pension, the NHF, a relief) is rounded
// half-up to the minor unit once, where it is derived, so the printed lines add up;
// the tax is exact across the bands and rounded once at the end.

type Deductions = { pension: number; nhf: number; nhis: number; life: number; mortgage: number; rentRelief: number };

type TaxFacts = {
  cra: number;
  taxable: number;
  bandTax: number;
  minimumTax: number | null;
  isMinimumTaxApplied: boolean;
  isMinimumWageExempt: boolean;
  tax: number;
};

const findMinimumWage = (rules: CompiledRuleSet, periodKey: number): number | null => {
  if (!rules.minimumWage) return null;
  for (const threshold of rules.minimumWage.thresholds) if (isWithin(periodKey, threshold)) return threshold.annual;
  return null;
};

const computeTax = (rules: CompiledRuleSet, gross: number, deductions: Deductions, minimumWage: number | null): TaxFacts => {
  const exemptDeductions = deductions.pension + deductions.nhf + deductions.nhis + deductions.life;
  let cra = 0;
  if (rules.cra) {
    const grossPart = applyRate(gross, rules.cra.grossBp);
    const craBase = gross > exemptDeductions ? gross - exemptDeductions : 0;
    cra = (grossPart > rules.cra.fixed ? grossPart : rules.cra.fixed) + applyRate(craBase, rules.cra.bp);
  }
  const allowed = cra + exemptDeductions + deductions.mortgage + deductions.rentRelief;
  const taxable = gross > allowed ? gross - allowed : 0;
  if (!rules.bands) return { cra, taxable, bandTax: 0, minimumTax: null, isMinimumTaxApplied: false, isMinimumWageExempt: false, tax: 0 };
  const bandTax = taxOnBands(rules.bands, taxable);
  const isMinimumWageExempt = minimumWage !== null && gross * rules.periodsPerYear <= minimumWage;
  const minimumTax = rules.minimumTax ? applyRate(gross, rules.minimumTax.grossBp) : null;
  const isMinimumTaxApplied = !isMinimumWageExempt && minimumTax !== null && bandTax < minimumTax;
  const tax = isMinimumWageExempt ? 0 : isMinimumTaxApplied ? (minimumTax as number) : bandTax;
  return { cra, taxable, bandTax, minimumTax, isMinimumTaxApplied, isMinimumWageExempt, tax };
};

const toBasis = (annual: number, periodsPerYear: number) => (periodsPerYear === 1 ? annual : divideHalfUp(annual, periodsPerYear));

type Computation = {
  valid: ValidPayInput;
  gross: number;
  splitAmounts: number[];
  basic: number;
  housing: number;
  transport: number;
  entertainment: number;
  utility: number;
  deductions: Deductions;
  minimumWage: number | null;
  facts: TaxFacts;
  net: number;
  monthlySalary: number;
  monthlyNetPay: number;
  extra: number;
  oneOffTax: number;
  totalMonthlySalary: number;
};

const compute = (input: PayInput): Computation => {
  const valid = validatePayInput(input);
  const { rules } = valid;
  const periodsPerYear = rules.periodsPerYear;
  const gross = toBasis(valid.grossAnnual, periodsPerYear);

  const splitAmounts: number[] = new Array(rules.split.length);
  let allocated = 0;
  let residualIndex = -1;
  for (let index = 0; index < rules.split.length; index++) {
    if (rules.split[index].isResidual) {
      residualIndex = index;
      continue;
    }
    splitAmounts[index] = applyRate(gross, valid.splitBp[index]);
    allocated += splitAmounts[index];
  }
  // Rounding each share half-up could over-allocate a minor unit; the residual absorbs it.
  if (residualIndex >= 0) splitAmounts[residualIndex] = gross > allocated ? gross - allocated : 0;
  let basic = 0;
  let housing = 0;
  let transport = 0;
  let entertainment = 0;
  let utility = 0;
  for (let index = 0; index < rules.split.length; index++) {
    const amount = splitAmounts[index];
    switch (rules.split[index].code) {
      case 'basic': basic = amount; break;
      case 'housing': housing = amount; break;
      case 'transport': transport = amount; break;
      case 'entertainment': entertainment = amount; break;
      case 'utility': utility = amount; break;
    }
  }

  const pensionBase = valid.pensionBase === 'gross' ? gross : valid.pensionBase === 'basic' ? basic : basic + housing + transport;
  const deductions: Deductions = {
    pension: applyRate(pensionBase, valid.pensionBp),
    nhf: valid.hasNhf && rules.nhf ? applyRate(basic, rules.nhf.bp) : 0,
    nhis: periodsPerYear === 1 ? valid.nhisMonthly * 12 : valid.nhisMonthly,
    life: toBasis(valid.lifeAssuranceAnnual, periodsPerYear),
    mortgage: toBasis(valid.mortgageInterestAnnual, periodsPerYear),
    rentRelief: 0,
  };
  if (rules.rentRelief) {
    const relief = applyRate(toBasis(valid.rentAnnual, periodsPerYear), rules.rentRelief.bp);
    deductions.rentRelief = relief < rules.rentRelief.cap ? relief : rules.rentRelief.cap;
  }
  const minimumWage = findMinimumWage(rules, valid.periodKey);
  const facts = computeTax(rules, gross, deductions, minimumWage);

  const net = gross - facts.tax - deductions.pension - deductions.nhf - deductions.nhis;
  if (net < 0) throw new PayrollInputError('grossAnnual', 'is less than the pension, NHF and health insurance deducted from it');

  // One-off earnings are taxed at the marginal rate: tax(gross + extra) − tax(gross),
  // with the regular deductions unchanged (pension and NHF are not charged on them).
  const extra = valid.allowance + valid.overtime;
  const oneOffTax = extra > 0 && rules.bands ? computeTax(rules, gross + extra, deductions, minimumWage).tax - facts.tax : 0;

  const monthlySalary = divideHalfUp(valid.grossAnnual, 12);
  const monthlyNetPay = periodsPerYear === 1 ? divideHalfUp(net, 12) : net;
  const totalMonthlySalary = monthlyNetPay + extra - oneOffTax - valid.loanRepayment - valid.iou;
  if (totalMonthlySalary < 0) {
    const available = toMajor(totalMonthlySalary + valid.loanRepayment + valid.iou);
    if (valid.loanRepayment > 0) throw new PayrollInputError('loanRepayment', `together with the IOU is more than this period's pay after tax (${available})`);
    throw new PayrollInputError('iou', `is more than this period's pay after tax (${available})`);
  }
  return {
    valid,
    gross,
    splitAmounts,
    basic,
    housing,
    transport,
    entertainment,
    utility,
    deductions,
    minimumWage,
    facts,
    net,
    monthlySalary,
    monthlyNetPay,
    extra,
    oneOffTax,
    totalMonthlySalary,
  };
};

// The same computation is reported in minor units (to store) or major units (to show);
// `unit` converts each amount once, as the result is assembled.
type Unit = (minor: number) => number;
const asMinor: Unit = (minor) => minor;

const createOutputs = (c: Computation, unit: Unit): PayOutputs => {
  const times = c.valid.rules.periodsPerYear;
  const isAnnual = times === 1;
  return {
    consolidatedSalary: unit(c.valid.grossAnnual),
    annualSalary: unit(c.valid.grossAnnual),
    monthlySalary: unit(c.monthlySalary),
    basic: unit(c.basic * times),
    housing: unit(c.housing * times),
    transport: unit(c.transport * times),
    entertainment: unit(c.entertainment * times),
    utility: unit(c.utility * times),
    cra: unit(c.facts.cra * times),
    pensionFund: unit(c.deductions.pension * times),
    taxableIncome: unit(c.facts.taxable * times),
    annualTaxPayable: unit(c.facts.tax * times),
    monthlyTaxPayable: unit(isAnnual ? divideHalfUp(c.facts.tax, 12) : c.facts.tax),
    annualNetPay: unit(c.net * times),
    monthlyNetPay: unit(c.monthlyNetPay),
    monthlySalaryAdjusted: unit(c.monthlySalary + c.extra),
    totalMonthlySalary: unit(c.totalMonthlySalary),
  };
};

const createBreakdown = (c: Computation, unit: Unit): PayBreakdown => {
  const { valid, deductions, facts } = c;
  const { rules } = valid;
  const line = (code: string, legalName: string, amount: number): PayLine => ({ code, legalName, amount: unit(amount) });
  const deductionLines = [line(rules.pension.code, rules.pension.legalName, deductions.pension)];
  if (rules.nhf && valid.hasNhf) deductionLines.push(line(rules.nhf.code, rules.nhf.legalName, deductions.nhf));
  if (rules.nhis && deductions.nhis > 0) deductionLines.push(line(rules.nhis.code, rules.nhis.legalName, deductions.nhis));
  const reliefLines: PayLine[] = [];
  if (rules.cra) reliefLines.push(line(rules.cra.code, rules.cra.legalName, facts.cra));
  if (rules.lifeAssurance && deductions.life > 0) reliefLines.push(line(rules.lifeAssurance.code, rules.lifeAssurance.legalName, deductions.life));
  if (rules.mortgageInterest && deductions.mortgage > 0)
    reliefLines.push(line(rules.mortgageInterest.code, rules.mortgageInterest.legalName, deductions.mortgage));
  if (rules.rentRelief && valid.rentAnnual > 0) reliefLines.push(line(rules.rentRelief.code, rules.rentRelief.legalName, deductions.rentRelief));
  const periodDeductions: PayLine[] = [];
  if (valid.loanRepayment > 0) periodDeductions.push(line('loan-repayment', 'Loan repayment', valid.loanRepayment));
  if (valid.iou > 0) periodDeductions.push(line('iou', 'IOU (salary advance) recovery', valid.iou));
  const baseOf = (base: PensionBase) => (base === 'gross' ? c.gross : base === 'basic' ? c.basic : c.basic + c.housing + c.transport);
  return {
    regime: { id: rules.id, name: rules.name, country: rules.country, currency: rules.currency },
    periodStart: formatDateKey(valid.periodKey),
    basis: rules.basis,
    grossIncome: unit(c.gross),
    split: rules.split.map((entry, index) => ({ code: entry.code, name: entry.name, rate: bpToPercent(valid.splitBp[index]), amount: unit(c.splitAmounts[index]) })),
    deductions: deductionLines,
    reliefs: reliefLines,
    taxableIncome: unit(facts.taxable),
    bands: rules.bands
      ? findBandLines(rules.bands, facts.taxable).map((band) => ({
          from: unit(band.from),
          to: band.to === null ? null : unit(band.to),
          rate: band.rate,
          taxableSlice: unit(band.taxableSlice),
          tax: unit(band.tax),
        }))
      : [],
    bandTax: unit(facts.bandTax),
    minimumTax: facts.minimumTax === null ? null : unit(facts.minimumTax),
    isMinimumTaxApplied: facts.isMinimumTaxApplied,
    minimumWage: c.minimumWage === null ? null : unit(c.minimumWage),
    isMinimumWageExempt: facts.isMinimumWageExempt,
    tax: unit(facts.tax),
    netPay: unit(c.net),
    employerContributions: rules.employerContributions.map((contribution) =>
      line(contribution.code, contribution.legalName, applyRate(baseOf(contribution.base), contribution.bp)),
    ),
    oneOff: { allowance: unit(valid.allowance), overtime: unit(valid.overtime), tax: unit(c.oneOffTax) },
    periodDeductions,
  };
};

type Compute = {
  (input: PayInput, options?: { breakdown?: true }): PayResult;
  (input: PayInput, options: { breakdown: false }): PayOutputs;
  (input: PayInput, options?: PayOptions): PayOutputs & { breakdown?: PayBreakdown };
};

const createCompute = (unit: Unit): Compute =>
  ((input: PayInput, options?: PayOptions) => {
    const computation = compute(input);
    const outputs: PayOutputs & { breakdown?: PayBreakdown } = createOutputs(computation, unit);
    if (options?.breakdown !== false) outputs.breakdown = createBreakdown(computation, unit);
    return outputs;
  }) as Compute;

/**
 * One employee's pay for one period: the spec's outputs in major units (2 decimals)
 * and, unless `{ breakdown: false }`, the breakdown a payslip prints.
 * Throws PayrollInputError naming the field when the input is refused.
 */
export const computePay = createCompute(toMajor);

/** computePay in integer minor units (kobo, pesewa), for storing in bigint columns. Same shape. */
export const computePayMinor = createCompute(asMinor);
