import type { RuleSetTable } from './rule-set.ts';

// Every country without its own table: the spec's 50/20/10 split (the rest is left
// unallocated), no tax bands, and a pension only if the business sets a rate.
export const DEFAULT_RULES: RuleSetTable = {
  id: 'DEFAULT',
  name: 'No income tax rules (spec default split)',
  country: null,
  currency: null,
  effective: { from: null, to: null },
  basis: 'annual',
  split: {
    components: [
      { code: 'basic', name: 'Basic salary', rate: '50' },
      { code: 'housing', name: 'Housing allowance', rate: '20' },
      { code: 'transport', name: 'Transport allowance', rate: '10' },
    ],
  },
  bands: null,
  pension: {
    code: 'pension',
    legalName: 'Pension contribution',
    rate: '0',
    base: 'gross',
    allowedBases: ['gross', 'basic-housing-transport'],
    isRateFixed: false,
  },
};
