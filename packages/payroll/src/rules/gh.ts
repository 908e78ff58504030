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
  statutory: {
    // National Pensions Act 2008 (Act 766), s.3: 18.5% of basic salary, the employer 13% and the worker 5.5% (the
    // worker's part is `pension` above); s.3(2): 13.5% of it to SSNIT (first tier), 5% to the occupational scheme (second tier).
    ssnit: {
      employer: { code: 'ssnit-employer', legalName: 'SSNIT employer contribution (13%)', rates: [{ from: null, to: null, rate: '13' }] },
      tier1: { code: 'ssnit-tier1', legalName: 'SSNIT first tier (13.5%)', rates: [{ from: null, to: null, rate: '13.5' }] },
      tier2: { code: 'ssnit-tier2', legalName: 'Second tier occupational pension (5%)' },
      // Act 766, s.63(3): SSNIT and the NPRA set the maximum insurable earnings each year (monthly basic salary).
      // 2024: GH₵52,000 and 2025: GH₵61,000 — SSNIT public notice of 28 January 2025 (effective 1 January 2025,
      // "increased from GHS 52,000 to GHS 61,000"; maximum contribution 8,235.00 = 13.5% × 61,000).
      // 2026: GH₵69,000 — SSNIT public notice of 14 January 2026 (effective 1 January 2026).
      maximumInsurableMonthly: [
        { from: null, to: '2024-12-31', amount: '52000' },
        { from: '2025-01-01', to: '2025-12-31', amount: '61000' },
        { from: '2026-01-01', to: null, amount: '69000' },
      ],
    },
    // National Pensions Act 2008 (Act 766) and Income Tax Act 2015 (Act 896): voluntary (third tier) contributions to a provident fund or
    // personal pension scheme by the employee, the employer or both are tax-free up to 16.5% of the employee's basic
    // salary (GRA, "PAYE": "Provident fund up to 16.5% of your basic salary either paid by the employer or employee or
    // both"). The employee's excess is deducted from pay but not from chargeable income; the employer's excess is income.
    tier3: {
      employee: { code: 'tier3-employee', legalName: 'Tier 3 voluntary pension (employee)' },
      employer: { code: 'tier3-employer', legalName: 'Tier 3 voluntary pension (employer)' },
      excess: { code: 'tier3-employee-excess', legalName: 'Tier 3 voluntary pension above the tax-free limit' },
      reliefLimits: [{ from: null, to: null, rate: '16.5' }],
    },
    // Income Tax Regulations (L.I. 1675, reg. 28, as amended by L.I. 1997 of 2011; kept by Act 896): bonuses of the year
    // up to 15% of the annual basic salary are taxed at 5%, final; the excess is added to the employment income (GRA
    // notice "Taxation of Overtime and Bonus Payment"; GRA "PAYE" page).
    bonus: {
      code: 'bonus',
      legalName: 'Bonus (5% final tax up to 15% of annual basic)',
      rules: [{ from: null, to: null, annualBasicShare: '15', rate: '5' }],
    },
    // Same regulation: overtime paid to a qualifying junior employee (qualifying employment income of the year at most
    // GH₵18,000, GRA "PAYE" page) is taxed at 5% up to 50% of the month's basic salary and 10% on the excess, final.
    overtime: {
      code: 'overtime',
      legalName: 'Overtime of a qualifying junior employee (5% / 10% final tax)',
      rules: [{ from: null, to: null, qualifyingAnnualIncome: '18000', monthlyBasicShare: '50', rateUpTo: '5', rateAbove: '10' }],
    },
  },
};
