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

// Employer contributions (PAYROLL.md, "Employer contributions and remittance"). Each figure of a month is computed on
// that month's pay; an employee's own pension and NHF stay in NG_PENSION and NG_NHF above.
export const NG_STATUTORY: NonNullable<RuleSetTable['statutory']> = {
  // Pension Reform Act 2014, s.4(1)(a): the employer contributes a minimum of 10% of the employee's monthly emoluments,
  // which the Act defines as not less than basic salary + housing + transport allowances; being a minimum, the
  // business may pay more. The Act came into force on 1 July 2014; before it the Pension Reform Act 2004, s.9(1)(a),
  // set the employer's minimum at 7.5%.
  employerPension: {
    code: 'pension-employer',
    legalName: 'Employer pension contribution (Pension Reform Act 2014)',
    minimumRates: [
      { from: null, to: '2014-06-30', rate: '7.5' },
      { from: '2014-07-01', to: null, rate: '10' },
    ],
  },
  // Employees' Compensation Act 2010, s.33(1)(a): the employer pays 1% of its total monthly payroll into the
  // Employees' Compensation Fund managed by the NSITF. The Act was signed on 17 December 2010; the engine charges it
  // from January 2011, the first whole month (earlier periods owe nothing under it).
  nsitf: {
    code: 'nsitf',
    legalName: "NSITF Employees' Compensation Fund (1% of payroll)",
    rates: [
      { from: null, to: '2010-12-31', rate: '0' },
      { from: '2011-01-01', to: null, rate: '1' },
    ],
  },
  // Industrial Training Fund Act (Cap I9 LFN 2004) as amended by the ITF (Amendment) Act 2011, s.6(1): an employer
  // with 5 or more employees, or fewer with a turnover of ₦50 million or more, contributes 1% of its annual payroll.
  // The engine accrues it month by month on the month's gross pay; whether the business is liable is its own answer.
  itf: {
    code: 'itf',
    legalName: 'Industrial Training Fund (1% of payroll)',
    rates: [{ from: null, to: null, rate: '1' }],
  },
};
