import type { RuleSetTable } from './rule-set.ts';
import { NG_MINIMUM_WAGE, NG_NHF, NG_NHIS, NG_PENSION, NG_SPLIT, NG_STATUTORY } from './ng-shared.ts';

// Personal Income Tax Act as amended (2011, Finance Act 2020): Nigerian tax years up
// to 2025. Bands are the spec's §9 table, written as its cumulative "up to" limits.
export const NG_PITA: RuleSetTable = {
  id: 'NG-PITA',
  name: 'Personal Income Tax Act (as amended), Nigeria',
  country: 'NG',
  currency: 'NGN',
  effective: { from: null, to: '2025-12-31' },
  basis: 'annual',
  split: NG_SPLIT,
  bands: [
    { upTo: '300000', rate: '7' },
    { upTo: '600000', rate: '11' },
    { upTo: '1100000', rate: '15' },
    { upTo: '1600000', rate: '19' },
    { upTo: '3200000', rate: '21' },
    { upTo: null, rate: '24' },
  ],
  pension: NG_PENSION,
  statutory: NG_STATUTORY,
  nhf: NG_NHF,
  nhis: NG_NHIS,
  lifeAssurance: { code: 'life-assurance', legalName: 'Life assurance premium' },
  cra: { code: 'cra', legalName: 'Consolidated Relief Allowance', fixed: '200000', grossRate: '1', rate: '20' },
  minimumTax: { code: 'minimum-tax', legalName: 'Minimum tax (1% of gross income)', grossRate: '1' },
  minimumWage: NG_MINIMUM_WAGE,
};
