import { describe, expect, it } from 'vitest';
import { computePay, computePayMinor } from './compute-pay.ts';
import { PayrollInputError } from './errors.ts';
import type { Amount, PayInput, PayResult } from './types.ts';

const ng2024: PayInput = { country: 'NG', period: { year: 2024 }, grossAnnual: 4_000_000 };
const ng2026: PayInput = { country: 'NG', period: { year: 2026 }, grossAnnual: 6_000_000, rentAnnual: 1_000_000, pensionRate: 0 };
const gh: PayInput = { country: 'GH', period: { year: 2024, month: 6 }, grossAnnual: 120_000 };

const relief = (result: PayResult, code: string) => result.breakdown.reliefs.find((line) => line.code === code)?.amount;

describe('worked examples of PAYROLL.md, to the kobo', () => {
  it('Nigeria 2024 (PwC sample): gross 4,000,000 → CRA 936,000, taxable 2,744,000, tax 464,240 a year and 38,686.67 a month', () => {
    const result = computePay(ng2024);
    expect(result).toMatchObject({
      consolidatedSalary: 4_000_000,
      annualSalary: 4_000_000,
      monthlySalary: 333_333.33,
      basic: 600_000,
      housing: 300_000,
      transport: 300_000,
      entertainment: 400_000,
      utility: 2_400_000,
      pensionFund: 320_000,
      cra: 936_000,
      taxableIncome: 2_744_000,
      annualTaxPayable: 464_240,
      monthlyTaxPayable: 38_686.67,
      annualNetPay: 3_215_760,
      monthlyNetPay: 267_980,
      monthlySalaryAdjusted: 333_333.33,
      totalMonthlySalary: 267_980,
    });
    expect(result.breakdown.regime.id).toBe('NG-PITA');
    expect(result.breakdown.bands.map((band) => band.tax)).toEqual([21_000, 33_000, 75_000, 95_000, 240_240, 0]);
    expect(result.breakdown.deductions).toEqual([{ code: 'pension', legalName: 'Pension contribution (Pension Reform Act 2014)', amount: 320_000 }]);
    expect(result.breakdown.reliefs).toEqual([{ code: 'cra', legalName: 'Consolidated Relief Allowance', amount: 936_000 }]);
  });

  it('Nigeria 2026 (Nigeria Tax Act): gross 6,000,000, no pension, rent 1,000,000 → relief 200,000, chargeable 5,800,000, tax 834,000 (69,500 a month)', () => {
    const result = computePay(ng2026);
    expect(result).toMatchObject({ cra: 0, pensionFund: 0, taxableIncome: 5_800_000, annualTaxPayable: 834_000, monthlyTaxPayable: 69_500 });
    expect(result.breakdown.regime.id).toBe('NG-NTA-2025');
    expect(result.breakdown.reliefs).toEqual([{ code: 'rent-relief', legalName: 'Rent relief (Nigeria Tax Act 2025, s.30)', amount: 200_000 }]);
    expect(result.breakdown.minimumTax).toBeNull();
  });

  it('Ghana: gross 10,000 a month (basic 6,000) → SSNIT 330, chargeable 9,670, PAYE 2,016.00, net 7,654.00', () => {
    const result = computePay(gh);
    expect(result.breakdown.basis).toBe('monthly');
    expect(result.breakdown.split.map((line) => [line.code, line.amount])).toEqual([['basic', 6000], ['housing', 1500], ['transport', 2500]]);
    expect(result.breakdown.deductions).toEqual([{ code: 'ssnit-employee', legalName: 'SSNIT employee contribution (5.5%)', amount: 330 }]);
    expect(result.breakdown.taxableIncome).toBe(9670);
    expect(result.monthlyTaxPayable).toBe(2016);
    expect(result.monthlyNetPay).toBe(7654);
    expect(result.breakdown.employerContributions).toEqual([{ code: 'ssnit-employer', legalName: 'SSNIT employer contribution (13%)', amount: 780 }]);
  });

  it('Ghana annual fields are the monthly figures times twelve', () => {
    expect(computePay(gh)).toMatchObject({
      monthlySalary: 10_000,
      basic: 72_000,
      pensionFund: 3960,
      taxableIncome: 116_040,
      annualTaxPayable: 24_192,
      annualNetPay: 91_848,
      entertainment: 0,
      utility: 0,
      cra: 0,
    });
  });
});

describe('computePayMinor', () => {
  it('returns the same figures in integer kobo for storing', () => {
    const result = computePayMinor(ng2024, { breakdown: false });
    expect(result.annualTaxPayable).toBe(46_424_000);
    expect(result.monthlyTaxPayable).toBe(3_868_667);
    expect(result.monthlySalary).toBe(33_333_333);
    expect(Object.values(result).every(Number.isSafeInteger)).toBe(true);
    expect(result).not.toHaveProperty('breakdown');
  });

  it('gives the breakdown in minor units too', () => {
    expect(computePayMinor(gh).breakdown.bands[3]).toEqual({ from: 73_000, to: 389_667, rate: 17.5, taxableSlice: 316_667, tax: 55_417 });
  });

  it('handles the largest allowed gross without losing a kobo', () => {
    // pension 80e9, CRA 10e9 + 20% × 920e9 = 194e9, taxable 726e9, tax 560,000 + 24% × (726e9 − 3.2e6)
    const result = computePayMinor({ country: 'NG', period: { year: 2025 }, grossAnnual: '1000000000000' }, { breakdown: false });
    expect(result.annualTaxPayable).toBe(17_423_979_200_000);
  });
});

describe('Nigeria PITA: Consolidated Relief Allowance', () => {
  const craOf = (grossAnnual: string) => computePay({ country: 'NG', period: { year: 2025 }, grossAnnual }).cra;

  it('uses 200,000 while 1% of gross is smaller (gross just under 20,000,000)', () => {
    // pension 1,599,992; 200,000 + 20% × 18,399,908
    expect(craOf('19999900')).toBe(3_879_981.6);
  });

  it('uses 200,000 when it equals 1% of gross (gross 20,000,000)', () => {
    expect(craOf('20000000')).toBe(3_880_000);
  });

  it('uses 1% of gross once it is higher than 200,000 (gross just over 20,000,000)', () => {
    // 200,001 + 20% × (20,000,100 − 1,600,008)
    expect(craOf('20000100')).toBe(3_880_019.4);
  });

  it('uses 1% of gross at 30,000,000 and taxes the rest at 24%', () => {
    const result = computePay({ country: 'NG', period: { year: 2025 }, grossAnnual: 30_000_000 });
    expect(result).toMatchObject({ cra: 5_820_000, taxableIncome: 21_780_000, annualTaxPayable: 5_019_200 });
  });

  it('takes the NHF, NHIS and life assurance out of the CRA base and of taxable income', () => {
    const result = computePay({ ...ng2024, nhf: true, nhisMonthly: 5000, lifeAssuranceAnnual: 10_000 });
    // NHF 2.5% × 600,000 = 15,000; NHIS 60,000; CRA 200,000 + 20% × (4,000,000 − 320,000 − 15,000 − 60,000 − 10,000)
    expect(result.cra).toBe(919_000);
    expect(result.taxableIncome).toBe(2_676_000);
    expect(result.annualTaxPayable).toBe(449_960);
    // life assurance is a relief the employee pays for, not a deduction from pay
    expect(result.annualNetPay).toBe(4_000_000 - 449_960 - 320_000 - 15_000 - 60_000);
    expect(result.breakdown.deductions.map((line) => [line.code, line.legalName, line.amount])).toEqual([
      ['pension', 'Pension contribution (Pension Reform Act 2014)', 320_000],
      ['nhf', 'National Housing Fund', 15_000],
      ['nhis', 'National Health Insurance', 60_000],
    ]);
    expect(relief(result, 'life-assurance')).toBe(10_000);
  });
});

describe('Nigeria PITA: minimum tax', () => {
  it('charges 1% of gross when the band tax is lower', () => {
    // pension 80,000; CRA 284,000; taxable 136,000 → band tax 9,520 < 10,000
    const result = computePay({ country: 'NG', period: { year: 2025 }, grossAnnual: 1_000_000, lifeAssuranceAnnual: 500_000 });
    expect(result.breakdown.bandTax).toBe(9520);
    expect(result.breakdown.minimumTax).toBe(10_000);
    expect(result.breakdown.isMinimumTaxApplied).toBe(true);
    expect(result.annualTaxPayable).toBe(10_000);
  });

  it('charges the band tax when it is higher than 1% of gross', () => {
    // pension 80,000; CRA 304,000; taxable 216,000 → band tax 15,120 > 10,000
    const result = computePay({ country: 'NG', period: { year: 2025 }, grossAnnual: 1_000_000, lifeAssuranceAnnual: 400_000 });
    expect(result.breakdown.isMinimumTaxApplied).toBe(false);
    expect(result.annualTaxPayable).toBe(15_120);
  });

  it('does not exist under the Nigeria Tax Act', () => {
    const result = computePay({ country: 'NG', period: { year: 2026 }, grossAnnual: 1_000_000, lifeAssuranceAnnual: 500_000 });
    expect(result.annualTaxPayable).toBe(0);
    expect(result.breakdown.minimumTax).toBeNull();
  });
});

describe('Nigeria: minimum-wage exemption by the period date', () => {
  const pita = (month: number, grossAnnual: string) => computePay({ country: 'NG', period: { year: 2024, month }, grossAnnual });

  it('exempts gross at the ₦360,000 minimum wage before May 2024', () => {
    const result = pita(4, '360000');
    expect(result.annualTaxPayable).toBe(0);
    expect(result.breakdown.isMinimumWageExempt).toBe(true);
    expect(result.breakdown.minimumWage).toBe(360_000);
  });

  it('taxes a kobo above ₦360,000 before May 2024', () => {
    // pension 28,800; CRA 266,240; taxable 64,960.01 → 4,547.2007
    const result = pita(4, '360000.01');
    expect(result.breakdown.isMinimumWageExempt).toBe(false);
    expect(result.annualTaxPayable).toBe(4547.2);
  });

  it('taxes ₦500,000 in April 2024 and exempts it from May 2024 (₦840,000)', () => {
    expect(pita(4, '500000').annualTaxPayable).toBe(11_760);
    expect(pita(5, '500000').annualTaxPayable).toBe(0);
    expect(pita(5, '500000').breakdown.minimumWage).toBe(840_000);
  });

  it('exempts ₦840,000 from May 2024 and taxes a kobo more, without the minimum tax', () => {
    expect(pita(5, '840000').annualTaxPayable).toBe(0);
    // pension 67,200; CRA 354,560; taxable 418,240.01 → 21,000 + 11% × 118,240.01
    expect(pita(5, '840000.01').annualTaxPayable).toBe(34_006.4);
  });

  it('applies under the Nigeria Tax Act: ₦840,000 exempt, a kobo more taxed', () => {
    const at = computePay({ country: 'NG', period: { year: 2026 }, grossAnnual: 840_000, pensionRate: 0 });
    expect(at.annualTaxPayable).toBe(0);
    expect(at.breakdown.bandTax).toBe(6000);
    expect(at.breakdown.isMinimumWageExempt).toBe(true);
    expect(computePay({ country: 'NG', period: { year: 2026 }, grossAnnual: '840000.01', pensionRate: 0 }).annualTaxPayable).toBe(6000);
  });
});

describe('Nigeria Tax Act: rent relief and eligible deductions', () => {
  const withRent = (rentAnnual: Amount) => computePay({ ...ng2026, rentAnnual });

  it('gives 20% of rent below the cap', () => {
    expect(relief(withRent(2_000_000), 'rent-relief')).toBe(400_000);
    expect(withRent(2_000_000).annualTaxPayable).toBe(798_000);
    expect(relief(withRent('2499999'), 'rent-relief')).toBe(499_999.8);
  });

  it('gives exactly the 500,000 cap at rent 2,500,000', () => {
    expect(relief(withRent(2_500_000), 'rent-relief')).toBe(500_000);
  });

  it('caps the relief at 500,000 above rent 2,500,000', () => {
    const result = withRent(3_000_000);
    expect(relief(result, 'rent-relief')).toBe(500_000);
    expect(result.taxableIncome).toBe(5_500_000);
    expect(result.annualTaxPayable).toBe(780_000);
  });

  it('deducts pension, NHF, NHIS, life insurance, mortgage interest and rent relief', () => {
    const result = computePay({
      country: 'NG',
      period: { year: 2026, month: 7 },
      grossAnnual: 10_000_000,
      nhf: true,
      nhisMonthly: 10_000,
      lifeAssuranceAnnual: 100_000,
      mortgageInterestAnnual: 300_000,
      rentAnnual: 1_200_000,
    });
    // 10,000,000 − 800,000 − 37,500 − 120,000 − 100,000 − 300,000 − 240,000
    expect(result.taxableIncome).toBe(8_402_500);
    expect(result.annualTaxPayable).toBe(1_302_450);
    expect(result.annualNetPay).toBe(7_740_050);
    expect(result.monthlyNetPay).toBe(645_004.17);
    expect(result.breakdown.reliefs.map((line) => line.legalName)).toEqual([
      'Life insurance premium',
      'Interest on a loan for an owner-occupied residential house',
      'Rent relief (Nigeria Tax Act 2025, s.30)',
    ]);
  });
});

describe('pension settings', () => {
  it('charges 8% of basic + housing + transport when the business chooses the legal minimum', () => {
    const result = computePay({ ...ng2024, pensionBase: 'basic-housing-transport' });
    expect(result.pensionFund).toBe(96_000);
    expect(result.cra).toBe(980_800);
    expect(result.annualTaxPayable).toBe(501_872);
  });

  it('uses the business split for the pension base and gives utility the rest', () => {
    const result = computePay({ ...ng2024, split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport' });
    expect(result).toMatchObject({ basic: 1_600_000, housing: 800_000, transport: 400_000, entertainment: 400_000, utility: 800_000 });
    expect(result.pensionFund).toBe(224_000);
    expect(result.annualTaxPayable).toBe(480_368);
  });

  it('lets a country without tax tables set a pension and taxes nothing', () => {
    const result = computePay({ country: 'KE', period: { year: 2025 }, grossAnnual: 1_200_000, pensionRate: 5, allowance: 50_000 });
    expect(result).toMatchObject({ basic: 600_000, housing: 240_000, transport: 120_000, entertainment: 0, utility: 0 });
    expect(result).toMatchObject({ pensionFund: 60_000, taxableIncome: 1_140_000, annualTaxPayable: 0, annualNetPay: 1_140_000, monthlyNetPay: 95_000 });
    expect(result.totalMonthlySalary).toBe(145_000);
    expect(result.breakdown.bands).toEqual([]);
  });
});

describe('one-off earnings, loans and IOUs', () => {
  it('taxes an allowance at the marginal rate: tax(gross + extra) − tax(gross)', () => {
    // tax(4,100,000) = 481,040 with CRA 956,000; the pension is not charged on the allowance
    const result = computePay({ ...ng2024, allowance: 100_000 });
    expect(result.breakdown.oneOff).toEqual({ allowance: 100_000, overtime: 0, tax: 16_800 });
    expect(result.monthlySalaryAdjusted).toBe(433_333.33);
    expect(result.totalMonthlySalary).toBe(267_980 + 100_000 - 16_800);
    expect(result.annualTaxPayable).toBe(464_240);
  });

  it('pays arrears of a salary revision as one-off pay: taxed at the marginal rate, not pensionable, listed under its name', () => {
    const result = computePay({ ...ng2024, arrears: { amount: 100_000, legalName: 'Arrears: salary revision from Sep 2024 (2 months)' } });
    expect(result.breakdown.oneOff.tax).toBe(16_800); // the same as a 100,000 allowance
    expect(result.breakdown.periodEarnings).toEqual([{ code: 'arrears', legalName: 'Arrears: salary revision from Sep 2024 (2 months)', amount: 100_000 }]);
    expect(result.breakdown.deductions[0]!.amount).toBe(computePay(ng2024).breakdown.deductions[0]!.amount);
    expect(result.totalMonthlySalary).toBe(267_980 + 100_000 - 16_800);
  });

  it('taxes overtime under Ghana monthly bands at the marginal rate', () => {
    const result = computePay({ ...gh, overtime: 1000 });
    expect(result.breakdown.oneOff.tax).toBe(250);
    expect(result.totalMonthlySalary).toBe(8404);
  });

  it('taxes overtime under the Nigeria Tax Act at the marginal rate', () => {
    expect(computePay({ ...ng2026, overtime: 200_000 }).breakdown.oneOff.tax).toBe(36_000);
  });

  it('takes loan repayment and IOU off what is paid, not off taxable income', () => {
    const result = computePay({ ...ng2024, allowance: 100_000, loanRepayment: 20_000, iou: 10_000 });
    expect(result.taxableIncome).toBe(2_744_000);
    expect(result.annualTaxPayable).toBe(464_240);
    expect(result.monthlyNetPay).toBe(267_980);
    expect(result.totalMonthlySalary).toBe(321_180);
    expect(result.breakdown.periodDeductions).toEqual([
      { code: 'loan-repayment', legalName: 'Loan repayment', amount: 20_000 },
      { code: 'iou', legalName: 'IOU (salary advance) recovery', amount: 10_000 },
    ]);
  });

  it('refuses a loan repayment larger than the period pay', () => {
    expect(() => computePay({ ...ng2024, loanRepayment: 300_000 })).toThrow(
      "loanRepayment together with the IOU is more than this period's pay after tax (267980)",
    );
  });
});

describe('rounding', () => {
  it('rounds half-up once, at the end', () => {
    // 1,000,000.14 / 12 = 83,333.345 → 83,333.35 (half-even would give .34)
    expect(computePay({ country: 'KE', period: { year: 2025 }, grossAnnual: '1000000.14' }).monthlySalary).toBe(83_333.35);
  });

  it('returns numbers with at most two decimals', () => {
    const result = computePay({ ...ng2024, grossAnnual: '4123456.78', nhf: true, nhisMonthly: '1234.56', allowance: '333.33' }, { breakdown: false });
    for (const value of Object.values(result)) expect(Math.round(value * 100) / 100).toBe(value);
  });
});

describe('refused inputs', () => {
  const refuses = (input: PayInput, message: string) => {
    expect(() => computePay(input)).toThrow(PayrollInputError);
    expect(() => computePay(input)).toThrow(message);
  };

  it('refuses a zero gross', () => refuses({ ...ng2024, grossAnnual: 0 }, 'grossAnnual must be greater than 0 (got 0)'));
  it('refuses a negative gross', () => refuses({ ...ng2024, grossAnnual: -4_000_000 }, 'grossAnnual must not be negative (got -4000000)'));
  it('refuses a negative allowance', () => refuses({ ...ng2024, allowance: -1 }, 'allowance must not be negative (got -1)'));
  it('refuses a negative overtime', () => refuses({ ...ng2024, overtime: -1 }, 'overtime must not be negative (got -1)'));
  it('refuses a negative IOU', () => refuses({ ...ng2024, iou: -1 }, 'iou must not be negative (got -1)'));
  it('refuses a negative loan repayment', () => refuses({ ...ng2024, loanRepayment: -1 }, 'loanRepayment must not be negative (got -1)'));
  it('refuses a negative NHIS', () => refuses({ ...ng2024, nhisMonthly: -1 }, 'nhisMonthly must not be negative (got -1)'));
  it('refuses a negative rent', () => refuses({ ...ng2026, rentAnnual: -1 }, 'rentAnnual must not be negative (got -1)'));
  it('refuses a negative pension rate', () => refuses({ ...ng2024, pensionRate: -8 }, 'pensionRate must not be negative (got -8)'));
  it('refuses a negative split', () => refuses({ ...ng2024, split: { basic: -15 } }, 'split.basic must not be negative (got -15)'));

  it('accepts zero for the optional amounts', () => {
    expect(computePay({ ...ng2024, allowance: 0, overtime: 0, iou: 0, loanRepayment: 0, nhisMonthly: 0 }).annualTaxPayable).toBe(464_240);
  });

  it('refuses a bad country, year or month', () => {
    refuses({ ...ng2024, country: 'Nigeria' }, 'country must be a two-letter country code like NG or GH (got "Nigeria")');
    refuses({ ...ng2024, period: { year: 1999 } }, 'period.year must be a whole number from 2000 to 2100 (got 1999)');
    refuses({ ...ng2024, period: { year: 2024, month: 0 } }, 'period.month must be a whole number from 1 to 12 (got 0)');
  });

  it('refuses settings the country’s law does not have', () => {
    refuses({ ...gh, nhf: true }, 'nhf does not apply under Income Tax Act 2015 (Act 896) as amended, Ghana');
    refuses({ ...ng2024, rentAnnual: 1_000_000 }, 'rentAnnual does not apply under Personal Income Tax Act (as amended), Nigeria');
    refuses({ ...ng2024, mortgageInterestAnnual: 1 }, 'mortgageInterestAnnual does not apply under Personal Income Tax Act (as amended), Nigeria');
    refuses({ ...gh, pensionRate: 8 }, 'pensionRate cannot be set to 8%: the SSNIT employee contribution (5.5%) is fixed by law at 5.5%');
    refuses({ ...gh, pensionBase: 'gross' }, 'pensionBase must be basic under Income Tax Act 2015 (Act 896) as amended, Ghana (got "gross")');
    refuses({ ...gh, split: { utility: 10 } }, 'split.utility is not part of the split under Income Tax Act 2015 (Act 896) as amended, Ghana (it has basic, housing, transport)');
  });

  it('refuses a split over 100%, counting the parts it keeps', () => {
    refuses({ ...ng2024, split: { basic: 50, housing: 30, transport: 15 } }, 'split adds up to more than 100%: basic 50% + housing 30% + transport 15% + entertainment 10% = 105%');
    refuses({ ...ng2024, split: { utility: 50 } }, 'split.utility cannot be set: it is what the other components leave');
  });

  it('refuses deductions larger than the gross', () => {
    refuses({ ...ng2024, grossAnnual: 1_000_000, nhisMonthly: 100_000 }, 'grossAnnual is less than the pension, NHF and health insurance deducted from it');
  });
});
