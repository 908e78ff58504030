import { parseMajor, parsePercent } from '../money.ts';

// A rule set is one country's pay and tax law for a span of dates, written as data in
// the units a person reads in the statute (major units, percent, ISO dates). It is
// compiled once, at import, into integers (minor units, basis points, yyyymmdd keys).
// Amounts are in the rule set's `basis` period (annual for Nigeria, monthly for Ghana)
// unless their name says otherwise.

export type Basis = 'annual' | 'monthly';
export type SplitCode = 'basic' | 'housing' | 'transport' | 'entertainment' | 'utility';
export type PensionBase = 'gross' | 'basic-housing-transport' | 'basic';

type Named = { code: string; legalName: string };

/** A value in force over inclusive ISO dates (null = open). A pay period uses the entry in force on its first day. */
export type Dated<T> = T & { from: string | null; to: string | null };

/**
 * Statutory contributions besides the tax, each as dated data so a change of rate is a new entry, not new code.
 * Rates are percentages; amounts are major units of the period their name says (monthly, annual).
 */
export type StatutoryTable = {
  /** NG: the employer's pension, at least this rate of basic + housing + transport (the business may pay more). */
  employerPension?: Named & { minimumRates: Dated<{ rate: string }>[] };
  /** NG: employer's contribution to the Employees' Compensation Fund, a rate of the month's gross pay. */
  nsitf?: Named & { rates: Dated<{ rate: string }>[] };
  /** NG: Industrial Training Fund, a rate of the month's gross pay, only where the business says it is liable. */
  itf?: Named & { rates: Dated<{ rate: string }>[] };
  /**
   * GH: SSNIT. The employee's part is the rule set's `pension`; both parts are on basic capped at the year's maximum
   * insurable earnings (monthly). Tier 1 goes to SSNIT, tier 2 (employee + employer − tier 1) to the occupational trustee.
   */
  ssnit?: {
    employer: Named & { rates: Dated<{ rate: string }>[] };
    tier1: Named & { rates: Dated<{ rate: string }>[] };
    tier2: Named;
    maximumInsurableMonthly: Dated<{ amount: string }>[];
  };
  /** GH: voluntary tier 3, percentages of basic; employee and employer together are tax-free up to `reliefLimits` of basic. */
  tier3?: { employee: Named; employer: Named; excess: Named; reliefLimits: Dated<{ rate: string }>[] };
  /** GH: bonuses of the year up to `annualBasicShare` of the annual basic bear a final tax at `rate`; the excess is income. */
  bonus?: Named & { rules: Dated<{ annualBasicShare: string; rate: string }>[] };
  /**
   * GH: overtime of a qualifying junior employee (annual income at most `qualifyingAnnualIncome`) bears a final tax:
   * `rateUpTo` on the part up to `monthlyBasicShare` of the month's basic, `rateAbove` on the rest. Others: income.
   */
  overtime?: Named & { rules: Dated<{ qualifyingAnnualIncome: string; monthlyBasicShare: string; rateUpTo: string; rateAbove: string }>[] };
};

export type RuleSetTable = {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2; null for the rule set that serves every other country. */
  country: string | null;
  currency: string | null;
  /** Inclusive ISO dates; null = open. A pay period belongs to the set in force on its first day. */
  effective: { from: string | null; to: string | null };
  basis: Basis;
  split: {
    components: { code: SplitCode; name: string; rate: string }[];
    /** Takes what the other components leave, so a business's override still adds up to the gross. */
    residual?: SplitCode;
  };
  /** Progressive bands on taxable income, ascending; the last has `upTo: null`. null = no income tax. */
  bands: { upTo: string | null; rate: string }[] | null;
  /** The employee's pension (or social security) contribution, deducted from pay and from taxable income. */
  pension: Named & { rate: string; base: PensionBase; allowedBases: PensionBase[]; isRateFixed: boolean };
  /** Employer contributions and other statutory figures (see StatutoryTable); none where absent. */
  statutory?: StatutoryTable;
  nhf?: Named & { rate: string };
  nhis?: Named;
  lifeAssurance?: Named;
  mortgageInterest?: Named;
  rentRelief?: Named & { rate: string; cap: string };
  /** max(fixed, grossRate × gross) + rate × (gross − pension − NHF − NHIS − life assurance). */
  cra?: Named & { fixed: string; grossRate: string; rate: string };
  /** When the band tax is below grossRate × gross, the tax is grossRate × gross. */
  minimumTax?: Named & { grossRate: string };
  /** Gross at or below the national minimum wage in force on the period's first day pays no tax. */
  minimumWage?: { legalName: string; thresholds: { from: string | null; to: string | null; annual: string }[] };
};

export type CompiledBand = { from: number; to: number | null; bp: number };

/** A dated entry compiled: yyyymmdd keys and integer values. */
export type CompiledDated<T> = T & { fromKey: number; toKey: number };

export type CompiledStatutory = {
  employerPension: (Named & { minimumRates: CompiledDated<{ bp: number }>[] }) | null;
  nsitf: (Named & { rates: CompiledDated<{ bp: number }>[] }) | null;
  itf: (Named & { rates: CompiledDated<{ bp: number }>[] }) | null;
  ssnit: {
    employer: Named & { rates: CompiledDated<{ bp: number }>[] };
    tier1: Named & { rates: CompiledDated<{ bp: number }>[] };
    tier2: Named;
    maximumInsurableMonthly: CompiledDated<{ amount: number }>[];
  } | null;
  tier3: { employee: Named; employer: Named; excess: Named; reliefLimits: CompiledDated<{ bp: number }>[] } | null;
  bonus: (Named & { rules: CompiledDated<{ annualBasicShareBp: number; bp: number }>[] }) | null;
  overtime: (Named & { rules: CompiledDated<{ qualifyingAnnualIncome: number; monthlyBasicShareBp: number; bpUpTo: number; bpAbove: number }>[] }) | null;
};

export type CompiledRuleSet = {
  id: string;
  name: string;
  country: string | null;
  currency: string | null;
  fromKey: number;
  toKey: number;
  effective: { from: string | null; to: string | null };
  basis: Basis;
  periodsPerYear: 1 | 12;
  split: { code: SplitCode; name: string; bp: number; isResidual: boolean }[];
  bands: CompiledBand[] | null;
  pension: Named & { bp: number; base: PensionBase; allowedBases: PensionBase[]; isRateFixed: boolean };
  statutory: CompiledStatutory;
  nhf: (Named & { bp: number }) | null;
  nhis: Named | null;
  lifeAssurance: Named | null;
  mortgageInterest: Named | null;
  rentRelief: (Named & { bp: number; cap: number }) | null;
  cra: (Named & { fixed: number; grossBp: number; bp: number }) | null;
  minimumTax: (Named & { grossBp: number }) | null;
  minimumWage: { legalName: string; thresholds: { fromKey: number; toKey: number; annual: number }[] } | null;
};

const NO_START = 0;
const NO_END = 99_991_231;

export const dateKey = (isoDate: string): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Rule table date ${isoDate} is not YYYY-MM-DD`);
  return Number(match[1]) * 10_000 + Number(match[2]) * 100 + Number(match[3]);
};

export const isWithin = (key: number, span: { fromKey: number; toKey: number }): boolean => key >= span.fromKey && key <= span.toKey;

const nextDayKey = (key: number): number => {
  const date = new Date(Date.UTC(Math.floor(key / 10_000), (Math.floor(key / 100) % 100) - 1, (key % 100) + 1));
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
};

/** The entry of a dated list in force on `key` (a yyyymmdd day); compiled lists cover their rule set's span, so this is found. */
export const findInForce = <T>(entries: readonly CompiledDated<T>[], key: number): CompiledDated<T> => {
  for (const entry of entries) if (isWithin(key, entry)) return entry;
  throw new Error(`No dated entry in force on ${key}`);
};

// A broken table is a programming error found at import, not a user's bad input,
// so these throw plain Errors naming the table.
const check = (condition: boolean, table: RuleSetTable, what: string) => {
  if (!condition) throw new Error(`Rule set ${table.id}: ${what}`);
};

const compileBands = (table: RuleSetTable): CompiledBand[] | null => {
  if (!table.bands) return null;
  let from = 0;
  return table.bands.map((band, index) => {
    const isLast = index === table.bands!.length - 1;
    check(isLast === (band.upTo === null), table, 'only the last band is open-ended');
    const to = band.upTo === null ? null : parseMajor(band.upTo, `${table.id} band ${index + 1}`);
    check(to === null || to > from, table, `band ${index + 1} must end above ${from} minor units`);
    const compiled = { from, to, bp: parsePercent(band.rate, `${table.id} band ${index + 1} rate`) };
    from = to ?? from;
    return compiled;
  });
};

const compileSplit = (table: RuleSetTable): CompiledRuleSet['split'] => {
  const split = table.split.components.map((component) => ({
    code: component.code,
    name: component.name,
    bp: parsePercent(component.rate, `${table.id} split ${component.code}`),
    isResidual: component.code === table.split.residual,
  }));
  const total = split.reduce((sum, component) => sum + component.bp, 0);
  check(total <= 10_000, table, 'the split adds up to more than 100%');
  check(!table.split.residual || total === 10_000, table, 'a split with a residual component must add up to 100%');
  check(!table.split.residual || split.some((component) => component.isResidual), table, 'the residual must be one of the components');
  return split;
};

// A dated list must cover the rule set's whole span, day after day, without a gap or an overlap: a period can then
// never fall between two rates, and a new rate is added by closing the last entry and appending one.
const compileDated = <T, U>(table: RuleSetTable, what: string, entries: readonly Dated<T>[], map: (entry: Dated<T>) => U): CompiledDated<U>[] => {
  check(entries.length > 0, table, `${what} needs at least one dated entry`);
  const compiled = entries.map((entry) => ({
    ...map(entry),
    fromKey: entry.from ? dateKey(entry.from) : NO_START,
    toKey: entry.to ? dateKey(entry.to) : NO_END,
  }));
  const fromKey = table.effective.from ? dateKey(table.effective.from) : NO_START;
  const toKey = table.effective.to ? dateKey(table.effective.to) : NO_END;
  check(compiled[0].fromKey <= fromKey, table, `${what} starts after the rule set does`);
  check(compiled[compiled.length - 1].toKey >= toKey, table, `${what} ends before the rule set does`);
  compiled.forEach((entry, index) => {
    check(entry.fromKey <= entry.toKey, table, `${what} entry ${index + 1} ends before it starts`);
    if (index > 0) check(entry.fromKey === nextDayKey(compiled[index - 1].toKey), table, `${what} entry ${index + 1} must start the day after entry ${index} ends`);
  });
  return compiled;
};

const compileStatutory = (table: RuleSetTable): CompiledStatutory => {
  const statutory = table.statutory ?? {};
  const rate = (value: string, what: string) => parsePercent(value, `${table.id} ${what}`);
  const amount = (value: string, what: string) => parseMajor(value, `${table.id} ${what}`);
  const rates = (what: string, entries: readonly Dated<{ rate: string }>[]) => compileDated(table, what, entries, (entry) => ({ bp: rate(entry.rate, what) }));
  const named = (entry: Named): Named => ({ code: entry.code, legalName: entry.legalName });
  const { employerPension, nsitf, itf, ssnit, tier3, bonus, overtime } = statutory;
  const compiled: CompiledStatutory = {
    employerPension: employerPension ? { ...named(employerPension), minimumRates: rates('employer pension', employerPension.minimumRates) } : null,
    nsitf: nsitf ? { ...named(nsitf), rates: rates('NSITF', nsitf.rates) } : null,
    itf: itf ? { ...named(itf), rates: rates('ITF', itf.rates) } : null,
    ssnit: ssnit
      ? {
          employer: { ...named(ssnit.employer), rates: rates('SSNIT employer', ssnit.employer.rates) },
          tier1: { ...named(ssnit.tier1), rates: rates('SSNIT tier 1', ssnit.tier1.rates) },
          tier2: named(ssnit.tier2),
          maximumInsurableMonthly: compileDated(table, 'SSNIT maximum insurable earnings', ssnit.maximumInsurableMonthly, (entry) => ({
            amount: amount(entry.amount, 'SSNIT maximum insurable earnings'),
          })),
        }
      : null,
    tier3: tier3
      ? { employee: named(tier3.employee), employer: named(tier3.employer), excess: named(tier3.excess), reliefLimits: rates('tier 3 relief limit', tier3.reliefLimits) }
      : null,
    bonus: bonus
      ? {
          ...named(bonus),
          rules: compileDated(table, 'bonus', bonus.rules, (entry) => ({ annualBasicShareBp: rate(entry.annualBasicShare, 'bonus share'), bp: rate(entry.rate, 'bonus rate') })),
        }
      : null,
    overtime: overtime
      ? {
          ...named(overtime),
          rules: compileDated(table, 'overtime', overtime.rules, (entry) => ({
            qualifyingAnnualIncome: amount(entry.qualifyingAnnualIncome, 'overtime qualifying income'),
            monthlyBasicShareBp: rate(entry.monthlyBasicShare, 'overtime share of basic'),
            bpUpTo: rate(entry.rateUpTo, 'overtime rate'),
            bpAbove: rate(entry.rateAbove, 'overtime rate above the share'),
          })),
        }
      : null,
  };
  if (compiled.ssnit) {
    // Tier 2 is what is left of employee + employer after tier 1; it must not be negative on any day.
    const employeeBp = rate(table.pension.rate, 'pension rate');
    for (const tier1 of compiled.ssnit.tier1.rates)
      for (const employer of compiled.ssnit.employer.rates)
        if (tier1.fromKey <= employer.toKey && employer.fromKey <= tier1.toKey)
          check(tier1.bp <= employeeBp + employer.bp, table, 'SSNIT tier 1 is more than the employee and employer contributions together');
    check(table.pension.base === 'basic' && table.pension.isRateFixed, table, 'the SSNIT employee contribution must be a fixed rate of basic');
  }
  return compiled;
};

export const compileRuleSet = (table: RuleSetTable): CompiledRuleSet => {
  const amount = (value: string, what: string) => parseMajor(value, `${table.id} ${what}`);
  const rate = (value: string, what: string) => parsePercent(value, `${table.id} ${what}`);
  const fromKey = table.effective.from ? dateKey(table.effective.from) : NO_START;
  const toKey = table.effective.to ? dateKey(table.effective.to) : NO_END;
  check(fromKey <= toKey, table, 'effective.from is after effective.to');
  check(table.pension.allowedBases.includes(table.pension.base), table, 'the default pension base must be an allowed one');
  return {
    id: table.id,
    name: table.name,
    country: table.country,
    currency: table.currency,
    fromKey,
    toKey,
    effective: table.effective,
    basis: table.basis,
    periodsPerYear: table.basis === 'annual' ? 1 : 12,
    split: compileSplit(table),
    bands: compileBands(table),
    pension: { ...table.pension, bp: rate(table.pension.rate, 'pension rate') },
    statutory: compileStatutory(table),
    nhf: table.nhf ? { code: table.nhf.code, legalName: table.nhf.legalName, bp: rate(table.nhf.rate, 'NHF rate') } : null,
    nhis: table.nhis ?? null,
    lifeAssurance: table.lifeAssurance ?? null,
    mortgageInterest: table.mortgageInterest ?? null,
    rentRelief: table.rentRelief
      ? {
          code: table.rentRelief.code,
          legalName: table.rentRelief.legalName,
          bp: rate(table.rentRelief.rate, 'rent relief rate'),
          cap: amount(table.rentRelief.cap, 'rent relief cap'),
        }
      : null,
    cra: table.cra
      ? {
          code: table.cra.code,
          legalName: table.cra.legalName,
          fixed: amount(table.cra.fixed, 'CRA fixed part'),
          grossBp: rate(table.cra.grossRate, 'CRA gross rate'),
          bp: rate(table.cra.rate, 'CRA rate'),
        }
      : null,
    minimumTax: table.minimumTax
      ? { code: table.minimumTax.code, legalName: table.minimumTax.legalName, grossBp: rate(table.minimumTax.grossRate, 'minimum tax rate') }
      : null,
    minimumWage: table.minimumWage
      ? {
          legalName: table.minimumWage.legalName,
          thresholds: table.minimumWage.thresholds.map((threshold) => ({
            fromKey: threshold.from ? dateKey(threshold.from) : NO_START,
            toKey: threshold.to ? dateKey(threshold.to) : NO_END,
            annual: amount(threshold.annual, 'minimum wage'),
          })),
        }
      : null,
  };
};
