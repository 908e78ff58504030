import type { RuleSetTable } from './rule-set.ts';

// Facts of Nigerian law that do not change with the tax act: the spec's split of
// gross, the Pension Reform Act 2014, the NHF and health insurance, and the national
// minimum wage. Both Nigerian rule sets use them, so they live once, here.

export const NG_SPLIT: RuleSetTable['split'] = {
  components: [
    { code: 'basic', name: 'Basic salary', rate: '15' },
    { code: 'housing', name: 'Housing allowance', rate: '7.5' },
    { code: 'transport', name: 'Transport allowance', rate: '7.5' },
    { code: 'entertainment', name: 'Entertainment allowance', rate: '10' },
    { code: 'utility', name: 'Utility allowance', rate: '60' },
  ],
  residual: 'utility',
};

// `gross` is the spec's rule (8% of gross); `basic-housing-transport` is the legal
// minimum of the Pension Reform Act 2014, s.4. The business chooses.
export const NG_PENSION: RuleSetTable['pension'] = {
  code: 'pension',
  legalName: 'Pension contribution (Pension Reform Act 2014)',
  rate: '8',
  base: 'gross',
  allowedBases: ['gross', 'basic-housing-transport'],
  isRateFixed: false,
};

export const NG_NHF: NonNullable<RuleSetTable['nhf']> = { code: 'nhf', legalName: 'National Housing Fund', rate: '2.5' };

export const NG_NHIS: NonNullable<RuleSetTable['nhis']> = { code: 'nhis', legalName: 'National Health Insurance' };

// ₦30,000 a month from the 2019 Act, ₦70,000 a month from May 2024 (PAYROLL.md).
export const NG_MINIMUM_WAGE: NonNullable<RuleSetTable['minimumWage']> = {
  legalName: 'Exempt: gross at or below the national minimum wage',
  thresholds: [
    { from: null, to: '2024-04-30', annual: '360000' },
    { from: '2024-05-01', to: null, annual: '840000' },
  ],
};
