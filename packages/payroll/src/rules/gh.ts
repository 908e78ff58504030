import type { RuleSetTable } from './rule-set.ts';

// Ghana, Income Tax Act 2015 (Act 896) as amended 2023: monthly bands from
// 1 January 2024. Written as cumulative limits so the 17.5% band visibly ends at
// 3,896.67 (490 + 110 + 130 + 3,166.67), not at a float sum of widths.
export const GH_2024: RuleSetTable = {
  id: 'GH-2024',
  name: 'Income Tax Act 2015 (Act 896) as amended, Ghana',
  country: 'GH',
  currency: 'GHS',
  effective: { from: '2024-01-01', to: null },
  basis: 'monthly',
  split: {
    components: [
      { code: 'basic', name: 'Basic salary', rate: '60' },
      { code: 'housing', name: 'Housing allowance', rate: '15' },
      { code: 'transport', name: 'Transport allowance', rate: '25' },
    ],
  },
  bands: [
    { upTo: '490', rate: '0' },
    { upTo: '600', rate: '5' },
    { upTo: '730', rate: '10' },
    { upTo: '3896.67', rate: '17.5' },
    { upTo: '19896.67', rate: '25' },
    { upTo: '50416.67', rate: '30' },
    { upTo: null, rate: '35' },
  ],
  pension: {
    code: 'ssnit-employee',
    legalName: 'SSNIT employee contribution (5.5%)',
    rate: '5.5',
    base: 'basic',
    allowedBases: ['basic'],
    isRateFixed: true,
  },
  employerContributions: [{ code: 'ssnit-employer', legalName: 'SSNIT employer contribution (13%)', rate: '13', base: 'basic' }],
};
