import type { RuleSetTable } from './rule-set.ts';
import { NG_MINIMUM_WAGE, NG_NHF, NG_NHIS, NG_PENSION, NG_SPLIT, NG_STATUTORY } from './ng-shared.ts';

// Nigeria Tax Act 2025, in force from 1 January 2026: new bands, no CRA and no
// minimum tax; eligible deductions including rent relief.
export const NG_NTA_2025: RuleSetTable = {
  id: 'NG-NTA-2025',
  name: 'Nigeria Tax Act 2025',
  country: 'NG',
  currency: 'NGN',
  effective: { from: '2026-01-01', to: null },
  basis: 'annual',
  split: NG_SPLIT,
  bands: [
    { upTo: '800000', rate: '0' },
    { upTo: '3000000', rate: '15' },
    { upTo: '12000000', rate: '18' },
    { upTo: '25000000', rate: '21' },
    { upTo: '50000000', rate: '23' },
    { upTo: null, rate: '25' },
  ],
  pension: NG_PENSION,
  statutory: NG_STATUTORY,
  nhf: NG_NHF,
  nhis: NG_NHIS,
  lifeAssurance: { code: 'life-assurance', legalName: 'Life insurance premium' },
  mortgageInterest: { code: 'mortgage-interest', legalName: 'Interest on a loan for an owner-occupied residential house' },
  rentRelief: { code: 'rent-relief', legalName: 'Rent relief (Nigeria Tax Act 2025, s.30)', rate: '20', cap: '500000' },
  minimumWage: NG_MINIMUM_WAGE,
};
