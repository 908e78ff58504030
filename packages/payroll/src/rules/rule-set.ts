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
  /** Employer contributions: a cost to the business, never deducted from pay. */
  employerContributions: (Named & { rate: string; base: PensionBase })[];
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
  employerContributions: (Named & { bp: number; base: PensionBase })[];
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
    employerContributions: table.employerContributions.map((contribution) => ({
      code: contribution.code,
      legalName: contribution.legalName,
      base: contribution.base,
      bp: rate(contribution.rate, `${contribution.code} rate`),
    })),
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
