import { findBandLines, taxOnBands } from './bands.ts';
import { PayrollInputError } from './errors.ts';
import { applyRate, bpToPercent, divideHalfUp, toMajor } from './money.ts';
import { formatDateKey } from './rules/index.ts';
import { findInForce, isWithin, type CompiledRuleSet } from './rules/rule-set.ts';
import type { PayBreakdown, PayInput, PayLine, PayOptions, PayOutputs, PayResult, PayStatutory } from './types.ts';
import { validatePayInput, type ValidPayInput } from './validate.ts';
import { leavePayoutOf, prorate, reductionLines, type ValidProration } from './proration.ts';

// Everything below is in integer minor units of the rule set's basis period (a year
// for Nigeria, a month for Ghana) until the outputs are assembled. Each amount that
// a payslip shows (a split component, the pension, the NHF, a relief) is rounded
// half-up to the minor unit once, where it is derived, so the printed lines add up;
// the tax is exact across the bands and rounded once at the end.

type Deductions = {
  pension: number;
  nhf: number;
  nhis: number;
  life: number;
  mortgage: number;
  rentRelief: number;
  /** GH: the employee's tier 3 within the tax-free limit (reduces chargeable income). */
  tier3Relief: number;
  /** GH: the employer's tier 3 above the tax-free limit, a taxable benefit added to chargeable income. */
  taxableBenefit: number;
  /** Recurring deductions marked pre-tax (cooperative pension top-ups and the like): out of taxable income only. */
  preTax: number;
};

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
  const allowed = cra + exemptDeductions + deductions.mortgage + deductions.rentRelief + deductions.tier3Relief + deductions.preTax;
  const assessable = gross + deductions.taxableBenefit;
  const taxable = assessable > allowed ? assessable - allowed : 0;
  if (!rules.bands) return { cra, taxable, bandTax: 0, minimumTax: null, isMinimumTaxApplied: false, isMinimumWageExempt: false, tax: 0 };
  const bandTax = taxOnBands(rules.bands, taxable);
  const isMinimumWageExempt = minimumWage !== null && gross * rules.periodsPerYear <= minimumWage;
  const minimumTax = rules.minimumTax ? applyRate(gross, rules.minimumTax.grossBp) : null;
  const isMinimumTaxApplied = !isMinimumWageExempt && minimumTax !== null && bandTax < minimumTax;
  const tax = isMinimumWageExempt ? 0 : isMinimumTaxApplied ? (minimumTax as number) : bandTax;
  return { cra, taxable, bandTax, minimumTax, isMinimumTaxApplied, isMinimumWageExempt, tax };
};

const toBasis = (annual: number, periodsPerYear: number) => (periodsPerYear === 1 ? annual : divideHalfUp(annual, periodsPerYear));

const min = (a: number, b: number) => (a < b ? a : b);

// Σ amount × bp / 10000 rounded half-up once (a tax charged at two rates on two parts of one payment).
const applyRates = (parts: [amount: number, bp: number][]): number => {
  let whole = 0;
  let tenThousandths = 0;
  for (const [amount, bp] of parts) {
    const high = Math.floor(amount / 10_000);
    whole += high * bp;
    tenThousandths += (amount - high * 10_000) * bp;
  }
  return whole + Math.floor((tenThousandths + 5_000) / 10_000);
};

// Figures of the rule set's basis period (a year for Nigeria) that are not tax: the employer's contributions and the
// SSNIT base. Ghana's SSNIT caps basic at the year's maximum insurable earnings (monthly; twelve of them on an annual basis).
type Contributions = {
  pensionableBase: number;
  employerPensionBp: number;
  employerPension: number;
  ssnitCap: number | null;
  ssnitTier1Bp: number;
  nsitfBp: number;
  itfBp: number;
  tier3Employee: number;
  tier3Employer: number;
  tier3Relief: number;
  tier3EmployerExcess: number;
};

// Ghana's final taxes on one-off pay; anything they do not cover is taxed at the marginal rate.
type OneOffs = { bonusTax: number; bonusExcess: number; overtimeTax: number; marginal: number };

/**
 * This month's recurring items (minor units of the month) and their sums in the basis period. A recurring earning is
 * regular pay: its taxable part is annualised into the tax base like salary (× 12 on an annual basis), so each month
 * bears its even share of the year's tax, not the marginal tax of one-off pay.
 */
type Recurring = {
  earnings: PayLine[];
  deductions: PayLine[];
  earningsMonth: number;
  deductionsMonth: number;
  preTaxMonth: number;
  /** In the basis period. */
  earningsBasis: number;
  taxable: number;
  pensionable: number;
  preTax: number;
};

const computeRecurring = (valid: ValidPayInput, bases: Record<'basic' | 'gross' | 'basic-housing-transport', number>): Recurring => {
  const times = valid.rules.periodsPerYear === 1 ? 12 : 1;
  const r: Recurring = { earnings: [], deductions: [], earningsMonth: 0, deductionsMonth: 0, preTaxMonth: 0, earningsBasis: 0, taxable: 0, pensionable: 0, preTax: 0 };
  let taxableMonth = 0;
  let pensionableMonth = 0;
  for (const item of valid.recurring) {
    const amount = item.amount ?? applyRate(bases[item.base], item.bp);
    if (amount === 0) continue;
    const line: PayLine = { code: `recurring:${item.id}`, legalName: item.name, amount };
    if (item.kind === 'earning') {
      r.earnings.push(line);
      r.earningsMonth += amount;
      if (item.isTaxable) taxableMonth += amount;
      if (item.isPensionable) pensionableMonth += amount;
    } else {
      r.deductions.push(line);
      r.deductionsMonth += amount;
      if (item.isPreTax) r.preTaxMonth += amount;
    }
  }
  r.earningsBasis = r.earningsMonth * times;
  r.taxable = taxableMonth * times;
  r.pensionable = pensionableMonth * times;
  r.preTax = r.preTaxMonth * times;
  return r;
};

/**
 * This period's figures when only part of the month is paid (proration.ts), in minor units of the month. Every regular
 * figure is the full month's × paidDays / periodDays, rounded half-up once: the salary, each recurring earning and
 * deduction (Frappe's "payment days" rule: every component follows the days paid), the regular tax and the statutory
 * deductions, so the tax and pension on a recurring earning shrink with it.
 */
type PeriodFigures = {
  proration: ValidProration;
  salary: number;
  /** The recurring items' lines at their prorated amounts, and their sums. */
  earnings: PayLine[];
  deductions: PayLine[];
  earningsMonth: number;
  deductionsMonth: number;
  tax: number;
  /** Monthly (not basis) statutory deductions, prorated: pension, NHF, NHIS, tier 3 relief, tier 3 excess. */
  pension: number;
  nhf: number;
  nhis: number;
  tier3Relief: number;
  tier3Excess: number;
  employerPension: number;
  pensionableBase: number;
  tier3Employer: number;
  taxable: number;
};

type Computation = {
  valid: ValidPayInput;
  gross: number;
  recurring: Recurring;
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
  contributions: Contributions;
  oneOffs: OneOffs;
  /** Taxable income with the one-offs taxed at the marginal rate (= facts.taxable when there are none). */
  taxableWithOneOffs: number;
  monthlySalary: number;
  monthlyNetPay: number;
  extra: number;
  oneOffTax: number;
  totalMonthlySalary: number;
  leavePayout: number;
  /** Σ reimbursements of the period, in totalMonthlySalary in full (never prorated, taxed or pensioned). */
  reimbursed: number;
  period: PeriodFigures | null;
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

  // Percentages of recurring items are of the month's salary figures (a twelfth of the annual ones, half-up).
  const monthlyOf = (amount: number) => (periodsPerYear === 1 ? divideHalfUp(amount, 12) : amount);
  const recurring = computeRecurring(valid, {
    basic: monthlyOf(basic),
    gross: divideHalfUp(valid.grossAnnual, 12),
    'basic-housing-transport': monthlyOf(basic + housing + transport),
  });

  const key = valid.periodKey;
  const { statutory } = rules;
  const ssnitCap = statutory.ssnit ? findInForce(statutory.ssnit.maximumInsurableMonthly, key).amount * (periodsPerYear === 1 ? 12 : 1) : null;
  // Pensionable recurring earnings join whichever base the pension is on (and the employer's).
  const chosenBase = (valid.pensionBase === 'gross' ? gross : valid.pensionBase === 'basic' ? basic : basic + housing + transport) + recurring.pensionable;
  const pensionBase = ssnitCap !== null && chosenBase > ssnitCap ? ssnitCap : chosenBase;
  // Tier 3 (GH): employer and employee together are tax-free up to the limit; the employer's part uses it first.
  // Either order gives the same chargeable income: gross − min(employee + employer, limit) + employer.
  let tier3Employee = 0;
  let tier3Employer = 0;
  let tier3Relief = 0;
  let tier3EmployerExcess = 0;
  if (statutory.tier3) {
    tier3Employee = applyRate(basic, valid.tier3EmployeeBp);
    tier3Employer = applyRate(basic, valid.tier3EmployerBp);
    const limit = applyRate(basic, findInForce(statutory.tier3.reliefLimits, key).bp);
    const employerFree = min(tier3Employer, limit);
    tier3EmployerExcess = tier3Employer - employerFree;
    tier3Relief = min(tier3Employee, limit - employerFree);
  }
  const bht = basic + housing + transport + recurring.pensionable;
  const employerPensionBp = statutory.employerPension ? valid.employerPensionBp : statutory.ssnit ? findInForce(statutory.ssnit.employer.rates, key).bp : 0;
  const contributions: Contributions = {
    // NG: the Pension Reform Act's monthly emoluments whatever the employee's own pension base; GH: capped basic.
    pensionableBase: statutory.employerPension ? bht : pensionBase,
    employerPensionBp,
    employerPension: applyRate(statutory.employerPension ? bht : pensionBase, employerPensionBp),
    ssnitCap,
    ssnitTier1Bp: statutory.ssnit ? findInForce(statutory.ssnit.tier1.rates, key).bp : 0,
    nsitfBp: statutory.nsitf ? findInForce(statutory.nsitf.rates, key).bp : 0,
    itfBp: statutory.itf && valid.isItfLiable ? findInForce(statutory.itf.rates, key).bp : 0,
    tier3Employee,
    tier3Employer,
    tier3Relief,
    tier3EmployerExcess,
  };
  const deductions: Deductions = {
    pension: applyRate(pensionBase, valid.pensionBp),
    nhf: valid.hasNhf && rules.nhf ? applyRate(basic, rules.nhf.bp) : 0,
    nhis: periodsPerYear === 1 ? valid.nhisMonthly * 12 : valid.nhisMonthly,
    life: toBasis(valid.lifeAssuranceAnnual, periodsPerYear),
    mortgage: toBasis(valid.mortgageInterestAnnual, periodsPerYear),
    rentRelief: 0,
    tier3Relief,
    taxableBenefit: tier3EmployerExcess,
    preTax: recurring.preTax,
  };
  if (rules.rentRelief) {
    const relief = applyRate(toBasis(valid.rentAnnual, periodsPerYear), rules.rentRelief.bp);
    deductions.rentRelief = relief < rules.rentRelief.cap ? relief : rules.rentRelief.cap;
  }
  const minimumWage = findMinimumWage(rules, valid.periodKey);
  // Taxable recurring earnings are income of the period like the salary (CRA, minimum tax and the minimum-wage test see them).
  const grossForTax = gross + recurring.taxable;
  const facts = computeTax(rules, grossForTax, deductions, minimumWage);

  const net = gross + recurring.earningsBasis - facts.tax - deductions.pension - deductions.nhf - deductions.nhis - tier3Employee;
  if (net < 0 && net + tier3Employee >= 0) throw new PayrollInputError('tier3EmployeeRate', 'takes more than the pay left after tax and SSNIT');
  if (net < 0) throw new PayrollInputError('grossAnnual', 'is less than the pension, NHF and health insurance deducted from it');
  // Ghana taxes a bonus up to 15% of the annual basic (counting the year's earlier bonuses) and a qualifying junior
  // employee's overtime at final rates; the rest of the one-off pay is taxed at the marginal rate.
  // Unused leave paid out at exit is one-off pay (marginal rate, not pensionable), never prorated.
  const leavePayout = valid.leavePayoutDays > 0 ? leavePayoutOf(valid.grossAnnual, valid.leavePayoutDays) : 0;
  const oneOffs: OneOffs = { bonusTax: 0, bonusExcess: valid.bonus, overtimeTax: 0, marginal: valid.allowance + valid.overtime + valid.bonus + leavePayout + valid.arrears.amount };
  if (statutory.bonus && valid.bonus > 0) {
    const rule = findInForce(statutory.bonus.rules, key);
    const share = applyRate(periodsPerYear === 1 ? basic : basic * 12, rule.annualBasicShareBp);
    const room = share > valid.bonusEarlierInYear ? share - valid.bonusEarlierInYear : 0;
    const bonusFinal = min(valid.bonus, room);
    oneOffs.bonusTax = applyRate(bonusFinal, rule.bp);
    oneOffs.bonusExcess = valid.bonus - bonusFinal;
    oneOffs.marginal -= bonusFinal;
  }
  if (statutory.overtime && valid.overtime > 0) {
    const rule = findInForce(statutory.overtime.rules, key);
    if (valid.grossAnnual <= rule.qualifyingAnnualIncome) {
      const share = applyRate(periodsPerYear === 1 ? divideHalfUp(basic, 12) : basic, rule.monthlyBasicShareBp);
      const upTo = min(valid.overtime, share);
      oneOffs.overtimeTax = applyRates([
        [upTo, rule.bpUpTo],
        [valid.overtime - upTo, rule.bpAbove],
      ]);
      oneOffs.marginal -= valid.overtime;
    }
  }
  // One-off earnings are taxed at the marginal rate: tax(gross + extra) − tax(gross),
  // with the regular deductions unchanged (pension and NHF are not charged on them).
  // Arrears of a back-dated salary revision are one-off pay too (marginal rate, not pensionable).
  const extra = valid.allowance + valid.overtime + valid.bonus + leavePayout + valid.arrears.amount;
  const withOneOffs = oneOffs.marginal > 0 ? computeTax(rules, grossForTax + oneOffs.marginal, deductions, minimumWage) : null;
  const oneOffTax = (withOneOffs ? withOneOffs.tax - facts.tax : 0) + oneOffs.bonusTax + oneOffs.overtimeTax;

  const monthlySalary = divideHalfUp(valid.grossAnnual, 12);
  const monthlyNetPay = periodsPerYear === 1 ? divideHalfUp(net, 12) : net;
  const period = valid.proration ? periodFiguresOf(valid.proration, { monthlySalary, periodsPerYear, facts, deductions, contributions, recurring }) : null;
  // Part of the month paid: what is paid is the sum of the prorated pieces, so the payslip's lines add up to it exactly.
  const periodNet = period
    ? period.salary + period.earningsMonth - period.tax - period.pension - period.nhf - period.nhis - period.tier3Relief - period.tier3Excess
    : monthlyNetPay;
  const recurringDeductions = period ? period.deductionsMonth : recurring.deductionsMonth;
  const payAfterDeductions = periodNet + extra - oneOffTax - recurringDeductions - valid.loanRepayment - valid.iou;
  // Deductions are checked against pay only: a reimbursement is the employee's own money, never set off against them.
  if (payAfterDeductions < 0 && payAfterDeductions + recurringDeductions >= 0)
    throw new PayrollInputError('recurring', `deductions (${toMajor(recurringDeductions)}) are more than this period's pay after tax (${toMajor(payAfterDeductions + recurringDeductions)})`);
  if (payAfterDeductions < 0) {
    const available = toMajor(payAfterDeductions + recurringDeductions + valid.loanRepayment + valid.iou);
    if (valid.loanRepayment > 0) throw new PayrollInputError('loanRepayment', `together with the IOU is more than this period's pay after tax (${available})`);
    throw new PayrollInputError('iou', `is more than this period's pay after tax (${available})`);
  }
  // Reimbursements (issue 33) are paid in full whatever part of the month is paid: outside gross, tax, pension and proration.
  const reimbursed = valid.reimbursements.reduce((s, r) => s + r.amount, 0);
  const totalMonthlySalary = payAfterDeductions + reimbursed;
  return {
    valid,
    gross,
    recurring,
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
    contributions,
    oneOffs,
    taxableWithOneOffs: withOneOffs ? withOneOffs.taxable : facts.taxable,
    monthlySalary,
    monthlyNetPay,
    extra,
    oneOffTax,
    totalMonthlySalary,
    leavePayout,
    reimbursed,
    period,
  };
};

const prorateLines = (p: ValidProration, lines: PayLine[]): PayLine[] => {
  const days = `${p.paidDays} of ${p.periodDays} ${p.basis === 'working' ? 'working days' : 'days'}`;
  return lines.map((l) => ({ code: l.code, legalName: `${l.legalName} (${days})`, amount: prorate(p, l.amount) }));
};

const periodFiguresOf = (
  p: ValidProration,
  c: { monthlySalary: number; periodsPerYear: number; facts: TaxFacts; deductions: Deductions; contributions: Contributions; recurring: Recurring },
): PeriodFigures => {
  const share = (basisAmount: number) => prorate(p, c.periodsPerYear === 1 ? divideHalfUp(basisAmount, 12) : basisAmount);
  const { deductions, contributions } = c;
  // An item that comes to nothing for the days paid is left off, as an item of 0 is in a whole month.
  const earnings = prorateLines(p, c.recurring.earnings).filter((l) => l.amount !== 0);
  const recurringDeductions = prorateLines(p, c.recurring.deductions).filter((l) => l.amount !== 0);
  return {
    proration: p,
    salary: prorate(p, c.monthlySalary),
    earnings,
    deductions: recurringDeductions,
    earningsMonth: earnings.reduce((s, l) => s + l.amount, 0),
    deductionsMonth: recurringDeductions.reduce((s, l) => s + l.amount, 0),
    tax: share(c.facts.tax),
    pension: share(deductions.pension),
    nhf: share(deductions.nhf),
    nhis: share(deductions.nhis),
    tier3Relief: share(contributions.tier3Relief),
    tier3Excess: share(contributions.tier3Employee - contributions.tier3Relief),
    employerPension: share(contributions.employerPension),
    pensionableBase: share(contributions.pensionableBase),
    tier3Employer: share(contributions.tier3Employer),
    taxable: share(c.facts.taxable),
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
    monthlySalaryAdjusted: unit(c.monthlySalary + c.recurring.earningsMonth + c.extra),
    totalMonthlySalary: unit(c.totalMonthlySalary),
  };
};

// One month's statutory figures. A figure that is a share of the basis period (Nigeria's year) is its half-up twelfth,
// as the run line stores it; a figure of the month's own pay (NSITF, ITF, one-off pay) is computed on the month.
const createStatutory = (c: Computation, unit: Unit): PayStatutory => {
  const { valid, deductions, contributions, oneOffs } = c;
  const isAnnual = valid.rules.periodsPerYear === 1;
  const monthly = (amount: number) => (isAnnual ? divideHalfUp(amount, 12) : amount);
  const { period } = c;
  const grossPay = (period ? period.salary + period.earningsMonth : c.monthlySalary + c.recurring.earningsMonth) + c.extra;
  const pensionEmployee = period ? period.pension : monthly(deductions.pension);
  const pensionEmployer = period ? period.employerPension : monthly(contributions.employerPension);
  const pensionableBase = period ? period.pensionableBase : monthly(contributions.pensionableBase);
  const ssnitTier1 = valid.rules.statutory.ssnit ? applyRate(pensionableBase, contributions.ssnitTier1Bp) : 0;
  // Tier 2 is what is left, so the tiers add up to employee + employer exactly.
  const ssnitTier2 = valid.rules.statutory.ssnit ? pensionEmployee + pensionEmployer - ssnitTier1 : 0;
  const nsitf = applyRate(grossPay, contributions.nsitfBp);
  const itf = applyRate(grossPay, contributions.itfBp);
  const tier3Employer = period ? period.tier3Employer : monthly(contributions.tier3Employer);
  const regularTax = period ? period.tax : isAnnual ? divideHalfUp(c.facts.tax, 12) : c.facts.tax;
  return {
    grossPay: unit(grossPay),
    taxablePay: unit((period ? period.taxable : monthly(c.facts.taxable)) + (c.taxableWithOneOffs - c.facts.taxable)),
    tax: unit(regularTax + c.oneOffTax),
    pensionableBase: unit(pensionableBase),
    pensionEmployee: unit(pensionEmployee),
    pensionEmployer: unit(pensionEmployer),
    nhf: unit(period ? period.nhf : monthly(deductions.nhf)),
    nsitf: unit(nsitf),
    itf: unit(itf),
    ssnitTier1: unit(ssnitTier1),
    ssnitTier2: unit(ssnitTier2),
    tier3Employee: unit(period ? period.tier3Relief + period.tier3Excess : monthly(contributions.tier3Employee)),
    tier3Employer: unit(tier3Employer),
    employerTotal: unit(pensionEmployer + nsitf + itf + tier3Employer),
    allowance: unit(valid.allowance),
    overtime: unit(valid.overtime),
    bonus: unit(valid.bonus),
    bonusTax: unit(oneOffs.bonusTax),
    bonusExcess: unit(oneOffs.bonusExcess),
    overtimeTax: unit(oneOffs.overtimeTax),
    tier3Relief: unit(monthly(contributions.tier3Relief)),
    tier3EmployerExcess: unit(monthly(contributions.tier3EmployerExcess)),
    maximumInsurable: contributions.ssnitCap === null ? null : unit(monthly(contributions.ssnitCap)),
    employerPensionRate: bpToPercent(contributions.employerPensionBp),
  };
};

const createBreakdown = (c: Computation, unit: Unit): PayBreakdown => {
  const { valid, deductions, facts } = c;
  const { rules } = valid;
  const line = (code: string, legalName: string, amount: number): PayLine => ({ code, legalName, amount: unit(amount) });
  const deductionLines = [line(rules.pension.code, rules.pension.legalName, deductions.pension)];
  if (rules.nhf && valid.hasNhf) deductionLines.push(line(rules.nhf.code, rules.nhf.legalName, deductions.nhf));
  if (rules.nhis && deductions.nhis > 0) deductionLines.push(line(rules.nhis.code, rules.nhis.legalName, deductions.nhis));
  const { contributions } = c;
  const { statutory } = rules;
  if (statutory.tier3 && contributions.tier3Employee > 0) {
    deductionLines.push(line(statutory.tier3.employee.code, statutory.tier3.employee.legalName, contributions.tier3Relief));
    // Deducted from pay like the rest, but not from chargeable income.
    const excess = contributions.tier3Employee - contributions.tier3Relief;
    if (excess > 0) deductionLines.push(line(statutory.tier3.excess.code, statutory.tier3.excess.legalName, excess));
  }
  const reliefLines: PayLine[] = [];
  if (rules.cra) reliefLines.push(line(rules.cra.code, rules.cra.legalName, facts.cra));
  if (rules.lifeAssurance && deductions.life > 0) reliefLines.push(line(rules.lifeAssurance.code, rules.lifeAssurance.legalName, deductions.life));
  if (rules.mortgageInterest && deductions.mortgage > 0)
    reliefLines.push(line(rules.mortgageInterest.code, rules.mortgageInterest.legalName, deductions.mortgage));
  if (rules.rentRelief && valid.rentAnnual > 0) reliefLines.push(line(rules.rentRelief.code, rules.rentRelief.legalName, deductions.rentRelief));
  if (deductions.preTax > 0) reliefLines.push(line('recurring-pre-tax', 'Pre-tax deductions', deductions.preTax));
  // Order on the payslip: the salary's reductions (joined / left / unpaid days), the recurring deductions, loans, the IOU.
  const { period } = c;
  const periodDeductions: PayLine[] = [];
  if (period) for (const r of reductionLines(period.proration, c.monthlySalary)) periodDeductions.push(line(r.code, r.legalName, r.amount));
  for (const d of period ? period.deductions : c.recurring.deductions) periodDeductions.push(line(d.code, d.legalName, d.amount));
  if (valid.loanRepayment > 0) periodDeductions.push(line('loan-repayment', 'Loan repayment', valid.loanRepayment));
  if (valid.iou > 0) periodDeductions.push(line('iou', 'IOU (salary advance) recovery', valid.iou));
  const periodEarnings = (period ? period.earnings : c.recurring.earnings).map((e) => line(e.code, e.legalName, e.amount));
  if (c.leavePayout > 0) periodEarnings.push(line('leave-payout', `Unused leave paid out: ${valid.leavePayoutDays} days at annual gross ÷ 260`, c.leavePayout));
  if (valid.arrears.amount > 0) periodEarnings.push(line('arrears', valid.arrears.legalName, valid.arrears.amount));
  for (const r of valid.reimbursements) periodEarnings.push(line(`reimbursement:${r.id}`, r.legalName, r.amount));
  const employerLines: PayLine[] = [];
  if (statutory.employerPension) employerLines.push(line(statutory.employerPension.code, statutory.employerPension.legalName, contributions.employerPension));
  if (statutory.ssnit) employerLines.push(line(statutory.ssnit.employer.code, statutory.ssnit.employer.legalName, contributions.employerPension));
  if (statutory.nsitf && contributions.nsitfBp > 0) employerLines.push(line(statutory.nsitf.code, statutory.nsitf.legalName, applyRate(c.gross, contributions.nsitfBp)));
  if (statutory.itf && contributions.itfBp > 0) employerLines.push(line(statutory.itf.code, statutory.itf.legalName, applyRate(c.gross, contributions.itfBp)));
  if (statutory.tier3 && contributions.tier3Employer > 0) employerLines.push(line(statutory.tier3.employer.code, statutory.tier3.employer.legalName, contributions.tier3Employer));
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
    employerContributions: employerLines,
    oneOff: { allowance: unit(valid.allowance), overtime: unit(valid.overtime), ...(valid.bonus > 0 ? { bonus: unit(valid.bonus) } : {}), tax: unit(c.oneOffTax) },
    periodDeductions,
    ...(periodEarnings.length > 0 ? { periodEarnings } : {}),
    ...(period ? { proration: createProration(period, deductionLines, c.monthlySalary, unit) } : {}),
    statutory: createStatutory(c, unit),
  };
};

// The period's statutory deductions, line for line with `deductions` (same codes), from the prorated monthly figures.
const createProration = (p: PeriodFigures, basisLines: PayLine[], monthlySalary: number, unit: Unit): NonNullable<PayBreakdown['proration']> => {
  // The pension (or SSNIT) is always listed first; the rest are named by their rule codes.
  const byCode: Record<string, number> = { nhf: p.nhf, nhis: p.nhis, 'tier3-employee': p.tier3Relief, 'tier3-employee-excess': p.tier3Excess };
  return {
    basis: p.proration.basis,
    paidDays: p.proration.paidDays,
    periodDays: p.proration.periodDays,
    monthlySalary: unit(monthlySalary),
    salary: unit(p.salary),
    tax: unit(p.tax),
    deductions: basisLines.map((l, index) => ({ code: l.code, legalName: l.legalName, amount: unit(index === 0 ? p.pension : byCode[l.code] ?? 0) })),
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
