import { PayrollInputError } from './errors.ts';
import { parseMajor, parsePercent, BP_PER_WHOLE, bpToPercent } from './money.ts';
import { getRuleSet, type CompiledRuleSet } from './rules/index.ts';
import { findInForce, type PensionBase } from './rules/rule-set.ts';
import type { PayInput, RecurringBase } from './types.ts';
import { validateLeavePayoutDays, validateProration, type ValidProration } from './proration.ts';

/** A PayInput checked against its country's rules, in minor units and basis points. */
export type ValidPayInput = {
  country: string;
  periodKey: number;
  rules: CompiledRuleSet;
  grossAnnual: number;
  /** Basis points per component of `rules.split`, same order. */
  splitBp: number[];
  pensionBase: PensionBase;
  pensionBp: number;
  hasNhf: boolean;
  nhisMonthly: number;
  lifeAssuranceAnnual: number;
  mortgageInterestAnnual: number;
  rentAnnual: number;
  /** NG: the employer pension rate (the law's minimum unless the business pays more); 0 where the law has none. */
  employerPensionBp: number;
  isItfLiable: boolean;
  tier3EmployeeBp: number;
  tier3EmployerBp: number;
  allowance: number;
  bonus: number;
  bonusEarlierInYear: number;
  overtime: number;
  iou: number;
  loanRepayment: number;
  /** The recurring items in force this period, in input order. */
  recurring: ValidRecurring[];
  /** The paid share of the month; null: the whole month is paid. */
  proration: ValidProration | null;
  leavePayoutDays: number;
  /** Back pay of a salary revision (minor units) and its payslip name; amount 0: none. */
  arrears: { amount: number; legalName: string };
  /** Reimbursements of this period (minor units, each > 0), in input order. */
  reimbursements: { id: string; legalName: string; amount: number }[];
};

/** A recurring item that applies this period: a monthly amount in minor units, or basis points of a base. */
export type ValidRecurring = {
  id: string;
  name: string;
  kind: 'earning' | 'deduction';
  amount: number | null;
  bp: number;
  base: RecurringBase;
  isTaxable: boolean;
  isPensionable: boolean;
  isPreTax: boolean;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const RECURRING_BASES: readonly RecurringBase[] = ['basic', 'gross', 'basic-housing-transport'];

const getMonthKey = (value: unknown, field: string): number => {
  const match = typeof value === 'string' ? MONTH.exec(value) : null;
  if (!match) throw new PayrollInputError(field, `must be a month like 2026-01 (got ${JSON.stringify(value)})`);
  return Number(match[1]) * 100 + Number(match[2]);
};

const getReimbursements = (input: PayInput): ValidPayInput['reimbursements'] => {
  if (input.reimbursements === undefined) return [];
  if (!Array.isArray(input.reimbursements)) throw new PayrollInputError('reimbursements', 'must be a list');
  const seen = new Set<string>();
  return input.reimbursements.map((item, index) => {
    const field = `reimbursements.${index}`;
    if (typeof item !== 'object' || item === null) throw new PayrollInputError(field, 'must be an object with id, legalName and amount');
    if (typeof item.id !== 'string' || item.id === '') throw new PayrollInputError(`${field}.id`, 'must be a non-empty text');
    if (seen.has(item.id)) throw new PayrollInputError(`${field}.id`, `is given twice (${item.id})`);
    seen.add(item.id);
    if (typeof item.legalName !== 'string' || item.legalName.trim() === '') throw new PayrollInputError(`${field}.legalName`, 'must be a non-empty text');
    return { id: item.id, legalName: item.legalName, amount: parseMajor(item.amount, `${field}.amount`, { isPositive: true }) };
  });
};

// Items outside their months are checked too (a bad item is refused whenever it is given), then dropped.
const getRecurring = (input: PayInput, periodKey: number): ValidRecurring[] => {
  if (input.recurring === undefined) return [];
  if (!Array.isArray(input.recurring)) throw new PayrollInputError('recurring', 'must be a list of items');
  const month = Math.floor(periodKey / 100);
  const items: ValidRecurring[] = [];
  input.recurring.forEach((item, index) => {
    const field = `recurring.${index}`;
    if (typeof item !== 'object' || item === null) throw new PayrollInputError(field, 'must be an object');
    if (typeof item.id !== 'string' || item.id === '') throw new PayrollInputError(`${field}.id`, 'must be a non-empty text');
    if (typeof item.name !== 'string' || item.name.trim() === '') throw new PayrollInputError(`${field}.name`, 'must be a non-empty text');
    if (item.kind !== 'earning' && item.kind !== 'deduction') throw new PayrollInputError(`${field}.kind`, `must be earning or deduction (got ${JSON.stringify(item.kind)})`);
    const from = getMonthKey(item.from, `${field}.from`);
    const to = item.to === undefined || item.to === null ? null : getMonthKey(item.to, `${field}.to`);
    if (to !== null && to < from) throw new PayrollInputError(`${field}.to`, 'must not be before the first month');
    if ((item.amount === undefined) === (item.percent === undefined)) throw new PayrollInputError(`${field}.amount`, 'give either an amount or a percentage');
    const base = item.base ?? 'basic';
    if (!RECURRING_BASES.includes(base)) throw new PayrollInputError(`${field}.base`, `must be ${RECURRING_BASES.join(', ')} (got ${JSON.stringify(base)})`);
    const amount = item.amount === undefined ? null : parseMajor(item.amount, `${field}.amount`);
    const bp = item.percent === undefined ? 0 : parsePercent(item.percent, `${field}.percent`);
    const isEarning = item.kind === 'earning';
    const valid: ValidRecurring = {
      id: item.id,
      name: item.name.trim(),
      kind: item.kind,
      amount,
      bp,
      base,
      isTaxable: isEarning && getFlag(item.isTaxable ?? true, `${field}.isTaxable`),
      isPensionable: isEarning && getFlag(item.isPensionable ?? false, `${field}.isPensionable`),
      isPreTax: !isEarning && getFlag(item.isPreTax ?? false, `${field}.isPreTax`),
    };
    if (month >= from && (to === null || month <= to)) items.push(valid);
  });
  return items;
};

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

const getWholeNumber = (value: unknown, field: string, min: number, max: number): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new PayrollInputError(field, `must be a whole number from ${min} to ${max} (got ${typeof value === 'string' ? JSON.stringify(value) : String(value)})`);
  return value;
};

const getOptionalAmount = (value: unknown, field: string): number => (value === undefined ? 0 : parseMajor(value, field));

// A setting the country's law does not know would be silently ignored if we let it
// through; a zero/false one changes nothing, so it is accepted.
const refuseUnless = (isKnown: boolean, isSet: boolean, field: string, rules: CompiledRuleSet) => {
  if (!isKnown && isSet) throw new PayrollInputError(field, `does not apply under ${rules.name}`);
};

const getSplit = (input: PayInput, rules: CompiledRuleSet): number[] => {
  const override = input.split;
  if (override === undefined) return rules.split.map((component) => component.bp);
  if (typeof override !== 'object' || override === null) throw new PayrollInputError('split', 'must be an object of percentages');
  const known = new Set(rules.split.map((component) => component.code));
  for (const code of Object.keys(override))
    if (!known.has(code as never)) throw new PayrollInputError(`split.${code}`, `is not part of the split under ${rules.name} (it has ${[...known].join(', ')})`);
  const splitBp = rules.split.map((component) => {
    const value = override[component.code];
    if (value === undefined || component.isResidual) {
      if (value !== undefined) throw new PayrollInputError(`split.${component.code}`, 'cannot be set: it is what the other components leave');
      return component.bp;
    }
    return parsePercent(value, `split.${component.code}`);
  });
  const fixedTotal = splitBp.reduce((sum, bp, index) => (rules.split[index].isResidual ? sum : sum + bp), 0);
  if (fixedTotal > BP_PER_WHOLE) {
    const parts = rules.split.flatMap((component, index) => (component.isResidual ? [] : [`${component.code} ${bpToPercent(splitBp[index])}%`]));
    throw new PayrollInputError('split', `adds up to more than 100%: ${parts.join(' + ')} = ${bpToPercent(fixedTotal)}%`);
  }
  // The residual is shown with the rate it ends up with.
  return splitBp.map((bp, index) => (rules.split[index].isResidual ? BP_PER_WHOLE - fixedTotal : bp));
};

const getPension = (input: PayInput, rules: CompiledRuleSet): { pensionBase: PensionBase; pensionBp: number } => {
  const { pension } = rules;
  const pensionBase = input.pensionBase ?? pension.base;
  if (!pension.allowedBases.includes(pensionBase))
    throw new PayrollInputError('pensionBase', `must be ${pension.allowedBases.join(' or ')} under ${rules.name} (got ${JSON.stringify(pensionBase)})`);
  if (input.pensionRate === undefined) return { pensionBase, pensionBp: pension.bp };
  const pensionBp = parsePercent(input.pensionRate, 'pensionRate');
  if (pension.isRateFixed && pensionBp !== pension.bp)
    throw new PayrollInputError('pensionRate', `cannot be set to ${bpToPercent(pensionBp)}%: the ${pension.legalName} is fixed by law at ${bpToPercent(pension.bp)}%`);
  return { pensionBase, pensionBp };
};

const getEmployerPension = (input: PayInput, rules: CompiledRuleSet, periodKey: number): number => {
  const { employerPension } = rules.statutory;
  if (!employerPension) {
    if (input.employerPensionRate !== undefined) throw new PayrollInputError('employerPensionRate', `does not apply under ${rules.name}`);
    return 0;
  }
  const minimum = findInForce(employerPension.minimumRates, periodKey).bp;
  if (input.employerPensionRate === undefined) return minimum;
  const bp = parsePercent(input.employerPensionRate, 'employerPensionRate');
  if (bp < minimum)
    throw new PayrollInputError('employerPensionRate', `must be at least ${bpToPercent(minimum)}%, the ${employerPension.legalName} minimum (got ${bpToPercent(bp)}%)`);
  return bp;
};

const getFlag = (value: unknown, field: string): boolean => {
  if (value !== undefined && typeof value !== 'boolean') throw new PayrollInputError(field, `must be true or false (got ${JSON.stringify(value)})`);
  return value === true;
};

const getOptionalPercent = (value: unknown, field: string): number => (value === undefined ? 0 : parsePercent(value, field));

/** Checks a PayInput and turns it into minor units; throws PayrollInputError naming the first bad field. */
export const validatePayInput = (input: PayInput): ValidPayInput => {
  if (typeof input !== 'object' || input === null) throw new PayrollInputError('input', 'must be an object');
  if (typeof input.country !== 'string' || !/^[A-Za-z]{2}$/.test(input.country.trim()))
    throw new PayrollInputError('country', `must be a two-letter country code like NG or GH (got ${JSON.stringify(input.country)})`);
  const country = input.country.trim().toUpperCase();
  if (typeof input.period !== 'object' || input.period === null) throw new PayrollInputError('period', 'must be an object with a year and an optional month');
  const year = getWholeNumber(input.period.year, 'period.year', MIN_YEAR, MAX_YEAR);
  const month = input.period.month === undefined ? 1 : getWholeNumber(input.period.month, 'period.month', 1, 12);
  const periodKey = year * 10_000 + month * 100 + 1;
  const rules = getRuleSet(country, periodKey);

  const grossAnnual = parseMajor(input.grossAnnual, 'grossAnnual', { isPositive: true });
  const nhisMonthly = getOptionalAmount(input.nhisMonthly, 'nhisMonthly');
  const lifeAssuranceAnnual = getOptionalAmount(input.lifeAssuranceAnnual, 'lifeAssuranceAnnual');
  const mortgageInterestAnnual = getOptionalAmount(input.mortgageInterestAnnual, 'mortgageInterestAnnual');
  const rentAnnual = getOptionalAmount(input.rentAnnual, 'rentAnnual');
  const hasNhf = getFlag(input.nhf, 'nhf');
  const isItfLiable = getFlag(input.isItfLiable, 'isItfLiable');
  const tier3EmployeeBp = getOptionalPercent(input.tier3EmployeeRate, 'tier3EmployeeRate');
  const tier3EmployerBp = getOptionalPercent(input.tier3EmployerRate, 'tier3EmployerRate');
  const bonusEarlierInYear = getOptionalAmount(input.bonusEarlierInYear, 'bonusEarlierInYear');
  refuseUnless(rules.nhf !== null, hasNhf, 'nhf', rules);
  refuseUnless(rules.nhis !== null, nhisMonthly > 0, 'nhisMonthly', rules);
  refuseUnless(rules.lifeAssurance !== null, lifeAssuranceAnnual > 0, 'lifeAssuranceAnnual', rules);
  refuseUnless(rules.mortgageInterest !== null, mortgageInterestAnnual > 0, 'mortgageInterestAnnual', rules);
  refuseUnless(rules.rentRelief !== null, rentAnnual > 0, 'rentAnnual', rules);
  refuseUnless(rules.statutory.itf !== null, isItfLiable, 'isItfLiable', rules);
  refuseUnless(rules.statutory.tier3 !== null, tier3EmployeeBp > 0, 'tier3EmployeeRate', rules);
  refuseUnless(rules.statutory.tier3 !== null, tier3EmployerBp > 0, 'tier3EmployerRate', rules);
  refuseUnless(rules.statutory.bonus !== null, bonusEarlierInYear > 0, 'bonusEarlierInYear', rules);

  return {
    country,
    periodKey,
    rules,
    grossAnnual,
    splitBp: getSplit(input, rules),
    ...getPension(input, rules),
    hasNhf,
    nhisMonthly,
    lifeAssuranceAnnual,
    mortgageInterestAnnual,
    rentAnnual,
    employerPensionBp: getEmployerPension(input, rules, periodKey),
    isItfLiable,
    tier3EmployeeBp,
    tier3EmployerBp,
    allowance: getOptionalAmount(input.allowance, 'allowance'),
    bonus: getOptionalAmount(input.bonus, 'bonus'),
    bonusEarlierInYear,
    overtime: getOptionalAmount(input.overtime, 'overtime'),
    iou: getOptionalAmount(input.iou, 'iou'),
    loanRepayment: getOptionalAmount(input.loanRepayment, 'loanRepayment'),
    recurring: getRecurring(input, periodKey),
    proration: validateProration(input.proration),
    leavePayoutDays: validateLeavePayoutDays(input.leavePayoutDays),
    arrears: { amount: getOptionalAmount(input.arrears?.amount, 'arrears'), legalName: input.arrears?.legalName ?? 'Arrears' },
    reimbursements: getReimbursements(input),
  };
};
