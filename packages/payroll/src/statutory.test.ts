import { describe, expect, it } from 'vitest';
import { computePay, computePayMinor } from './compute-pay.ts';
import { PayrollInputError } from './errors.ts';
import { createRuleIndex } from './rules/index.ts';
import { GH_2024 } from './rules/gh.ts';
import type { RuleSetTable } from './rules/rule-set.ts';
import type { PayInput } from './types.ts';

// Issue 31: each month's statutory figures (breakdown.statutory), checked by hand to the kobo/pesewa.
// Minor units unless a test says otherwise. The hand workings are in the comments and in docs/statutory.md.

const statutoryOf = (input: PayInput) => computePayMinor(input).breakdown.statutory!;

// PAYROLL.md's worked example: annual 6,000,000 split 40/20/10 → month: gross 500,000, basic 200,000,
// housing 100,000, transport 50,000.
const ngWorked: PayInput = {
  country: 'NG',
  period: { year: 2026, month: 11 },
  grossAnnual: 6_000_000,
  split: { basic: 40, housing: 20, transport: 10 },
  pensionBase: 'basic-housing-transport',
  nhf: true,
};

// Basic GH₵5,000 a month: annual 120,000 split 50/20/30.
const ghWorked: PayInput = { country: 'GH', period: { year: 2026, month: 11 }, grossAnnual: 120_000, split: { basic: 50, housing: 20, transport: 30 } };
// All of the gross is basic, so the basic is the monthly gross.
const ghBasic = (monthlyBasic: string, year = 2026, month = 1): PayInput => ({
  country: 'GH',
  period: { year, month },
  grossAnnual: (Number(monthlyBasic.replace('.', '')) * 12 / 100).toFixed(2),
  split: { basic: 100, housing: 0, transport: 0 },
});

const refuses = (input: PayInput, message: string) => {
  expect(() => computePayMinor(input)).toThrow(PayrollInputError);
  expect(() => computePayMinor(input)).toThrow(message);
};

describe('Nigeria: employer pension, NHF, NSITF, ITF', () => {
  it('reproduces the worked example: pensionable 350,000; employee 28,000; employer 35,000; NHF 5,000; NSITF 5,000', () => {
    expect(statutoryOf(ngWorked)).toMatchObject({
      grossPay: 50_000_000,
      pensionableBase: 35_000_000,
      pensionEmployee: 2_800_000,
      pensionEmployer: 3_500_000,
      nhf: 500_000,
      nsitf: 500_000,
      itf: 0,
      ssnitTier1: 0,
      ssnitTier2: 0,
      employerTotal: 4_000_000,
      employerPensionRate: 10,
      maximumInsurable: null,
    });
    // In major units too, and the breakdown lists the employer's lines for the year (the rule set's basis).
    const major = computePay(ngWorked).breakdown;
    expect(major.statutory).toMatchObject({ pensionableBase: 350_000, pensionEmployer: 35_000, nsitf: 5000, employerTotal: 40_000 });
    expect(major.employerContributions).toEqual([
      { code: 'pension-employer', legalName: 'Employer pension contribution (Pension Reform Act 2014)', amount: 420_000 },
      { code: 'nsitf', legalName: "NSITF Employees' Compensation Fund (1% of payroll)", amount: 60_000 },
    ]);
  });

  it('takes the employer pension on basic + housing + transport whatever the employee’s own pension base', () => {
    // Employee: 8% of gross 500,000 = 40,000. Employer: still 10% of 350,000.
    expect(statutoryOf({ ...ngWorked, pensionBase: 'gross' })).toMatchObject({ pensionableBase: 35_000_000, pensionEmployee: 4_000_000, pensionEmployer: 3_500_000 });
  });

  it('gives the month the half-up twelfth of each annual figure (gross 1,234,567, the spec split)', () => {
    // Annual: basic 185,185.05; housing and transport 92,592.525 → 92,592.53 each; B+H+T 370,370.11.
    // Month: base 370,370.11 / 12 = 30,864.1758 → 30,864.18; employer 10% a year 37,037.011 → 37,037.01, / 12 → 3,086.42.
    // Employee 8% of gross a year 98,765.36, / 12 → 8,230.45. Month's pay 1,234,567 / 12 → 102,880.58; NSITF 1% → 1,028.81.
    expect(statutoryOf({ country: 'NG', period: { year: 2026, month: 3 }, grossAnnual: 1_234_567 })).toMatchObject({
      grossPay: 10_288_058,
      pensionableBase: 3_086_418,
      pensionEmployer: 308_642,
      pensionEmployee: 823_045,
      nsitf: 102_881,
      employerTotal: 411_523,
    });
  });

  it('lets the business pay a higher employer rate and refuses one below the law’s minimum', () => {
    expect(statutoryOf({ ...ngWorked, employerPensionRate: 12 })).toMatchObject({ pensionEmployer: 4_200_000, employerTotal: 4_700_000, employerPensionRate: 12 });
    expect(statutoryOf({ ...ngWorked, employerPensionRate: '10' }).pensionEmployer).toBe(3_500_000);
    refuses({ ...ngWorked, employerPensionRate: 9.99 }, 'employerPensionRate must be at least 10%, the Employer pension contribution (Pension Reform Act 2014) minimum (got 9.99%)');
    refuses({ ...ngWorked, employerPensionRate: -1 }, 'employerPensionRate must not be negative');
    refuses({ ...ghWorked, employerPensionRate: 13 }, 'employerPensionRate does not apply under Income Tax Act 2015');
  });

  it('uses the Pension Reform Act 2004 minimum (7.5%) before July 2014 and the 2014 Act’s 10% from July 2014', () => {
    const june = { ...ngWorked, period: { year: 2014, month: 6 } };
    const july = { ...ngWorked, period: { year: 2014, month: 7 } };
    // 7.5% of 350,000 = 26,250.
    expect(statutoryOf(june)).toMatchObject({ pensionEmployer: 2_625_000, employerPensionRate: 7.5 });
    expect(statutoryOf(july)).toMatchObject({ pensionEmployer: 3_500_000, employerPensionRate: 10 });
    expect(statutoryOf({ ...june, employerPensionRate: 8 }).pensionEmployer).toBe(2_800_000);
    refuses({ ...july, employerPensionRate: 8 }, 'employerPensionRate must be at least 10%');
  });

  it('charges NSITF from January 2011 (Employees’ Compensation Act 2010), nothing before', () => {
    // (Before July 2014 the employer pension minimum is 7.5%: 26,250.)
    expect(statutoryOf({ ...ngWorked, period: { year: 2010, month: 12 } })).toMatchObject({ nsitf: 0, employerTotal: 2_625_000 });
    expect(computePayMinor({ ...ngWorked, period: { year: 2010, month: 12 } }).breakdown.employerContributions.map((line) => line.code)).toEqual(['pension-employer']);
    expect(statutoryOf({ ...ngWorked, period: { year: 2011, month: 1 } })).toMatchObject({ nsitf: 500_000, employerTotal: 3_125_000 });
  });

  it('charges NSITF and ITF on the whole month’s pay, one-offs included, rounding half-up once', () => {
    // 500,000 + allowance 100,000 + overtime 10,000 + bonus 50,000 = 660,000 → 6,600 each.
    const withOneOffs = statutoryOf({ ...ngWorked, allowance: 100_000, overtime: 10_000, bonus: 50_000, isItfLiable: true });
    expect(withOneOffs).toMatchObject({ grossPay: 66_000_000, nsitf: 660_000, itf: 660_000, allowance: 10_000_000, overtime: 1_000_000, bonus: 5_000_000 });
    expect(withOneOffs.employerTotal).toBe(3_500_000 + 660_000 + 660_000);
    // 6,000,006 a year → 500,000.50 a month → 1% = 5,000.005 → 5,000.01.
    expect(statutoryOf({ ...ngWorked, grossAnnual: 6_000_006 })).toMatchObject({ grossPay: 50_000_050, nsitf: 500_001 });
  });

  it('charges ITF only when the business says it is liable', () => {
    expect(statutoryOf(ngWorked).itf).toBe(0);
    expect(statutoryOf({ ...ngWorked, isItfLiable: false }).itf).toBe(0);
    expect(statutoryOf({ ...ngWorked, isItfLiable: true })).toMatchObject({ itf: 500_000, employerTotal: 4_500_000 });
    expect(computePay({ ...ngWorked, isItfLiable: true }).breakdown.employerContributions.find((line) => line.code === 'itf')?.amount).toBe(60_000);
    refuses({ ...ngWorked, isItfLiable: 'yes' as never }, 'isItfLiable must be true or false (got "yes")');
    refuses({ ...ghWorked, isItfLiable: true }, 'isItfLiable does not apply under');
  });

  it('keeps NHF as the employee’s 2.5% of basic, and none without it', () => {
    expect(statutoryOf(ngWorked).nhf).toBe(500_000);
    expect(statutoryOf({ ...ngWorked, nhf: false }).nhf).toBe(0);
  });

  it('taxes a Nigerian bonus at the marginal rate like any one-off pay', () => {
    const bonus = computePayMinor({ ...ngWorked, bonus: 50_000 });
    const allowance = computePayMinor({ ...ngWorked, allowance: 50_000 });
    expect(bonus.breakdown.oneOff.tax).toBe(allowance.breakdown.oneOff.tax);
    expect(bonus.totalMonthlySalary).toBe(allowance.totalMonthlySalary);
    expect(bonus.breakdown.statutory).toMatchObject({ bonusTax: 0, bonusExcess: 5_000_000, taxablePay: allowance.breakdown.statutory!.taxablePay });
    refuses({ ...ngWorked, bonusEarlierInYear: 1 }, 'bonusEarlierInYear does not apply under');
    refuses({ ...ngWorked, tier3EmployeeRate: 5 }, 'tier3EmployeeRate does not apply under');
  });

  it('states the tax and taxable pay of the month as the run line stores them', () => {
    const result = computePayMinor({ ...ngWorked, allowance: 100_000 });
    const statutory = result.breakdown.statutory!;
    expect(statutory.tax).toBe(result.monthlyTaxPayable + result.breakdown.oneOff.tax);
    // Taxable: 6,000,000 − pension 336,000 − NHF 60,000 = 5,604,000 a year → 467,000 a month, + the 100,000 allowance.
    expect(statutory.taxablePay).toBe(46_700_000 + 10_000_000);
  });
});

describe('Ghana: SSNIT tiers on basic up to the maximum insurable earnings', () => {
  it('reproduces the worked example: basic 5,000 → employee 275, employer 650, tier 1 675.00, tier 2 250.00', () => {
    expect(statutoryOf(ghWorked)).toMatchObject({
      pensionableBase: 500_000,
      pensionEmployee: 27_500,
      pensionEmployer: 65_000,
      ssnitTier1: 67_500,
      ssnitTier2: 25_000,
      nhf: 0,
      nsitf: 0,
      itf: 0,
      employerTotal: 65_000,
      maximumInsurable: 6_900_000,
      employerPensionRate: 13,
    });
    expect(computePay(ghWorked).breakdown.statutory).toMatchObject({ ssnitTier1: 675, ssnitTier2: 250 });
  });

  it('caps the base at GH₵69,000 in 2026: just below, at and above the ceiling', () => {
    // 68,999.00: employee 3,794.945 → 3,794.95; employer 8,969.87; tier 1 9,314.865 → 9,314.87; tier 2 = 3,449.95 (5%).
    expect(statutoryOf(ghBasic('68999.00'))).toMatchObject({ pensionableBase: 6_899_900, pensionEmployee: 379_495, pensionEmployer: 896_987, ssnitTier1: 931_487, ssnitTier2: 344_995 });
    const atCap = { pensionableBase: 6_900_000, pensionEmployee: 379_500, pensionEmployer: 897_000, ssnitTier1: 931_500, ssnitTier2: 345_000 };
    expect(statutoryOf(ghBasic('69000.00'))).toMatchObject(atCap);
    expect(statutoryOf(ghBasic('69000.01'))).toMatchObject(atCap);
    expect(statutoryOf(ghBasic('80000.00'))).toMatchObject(atCap);
    // The employee's SSNIT deducted from pay and from chargeable income is the capped one.
    const above = computePay(ghBasic('80000.00'));
    expect(above.breakdown.deductions[0].amount).toBe(3795);
    expect(above.breakdown.taxableIncome).toBe(80_000 - 3795);
  });

  it('uses each year’s ceiling: 52,000 in December 2024, 61,000 from January 2025, 69,000 from January 2026', () => {
    expect(statutoryOf(ghBasic('80000.00', 2024, 12))).toMatchObject({ maximumInsurable: 5_200_000, pensionableBase: 5_200_000, pensionEmployee: 286_000, pensionEmployer: 676_000, ssnitTier1: 702_000, ssnitTier2: 260_000 });
    expect(statutoryOf(ghBasic('80000.00', 2025, 1))).toMatchObject({ maximumInsurable: 6_100_000, pensionableBase: 6_100_000, pensionEmployee: 335_500, pensionEmployer: 793_000, ssnitTier1: 823_500, ssnitTier2: 305_000 });
    expect(statutoryOf(ghBasic('80000.00', 2025, 12)).pensionableBase).toBe(6_100_000);
    expect(statutoryOf(ghBasic('80000.00', 2026, 1))).toMatchObject({ maximumInsurable: 6_900_000, ssnitTier1: 931_500 });
  });

  it('makes the tiers add up to employee + employer exactly, whatever the rounding', () => {
    for (const basic of ['0.01', '0.03', '333.33', '1234.57', '4999.99']) {
      const s = statutoryOf(ghBasic(basic));
      expect(s.ssnitTier1 + s.ssnitTier2).toBe(s.pensionEmployee + s.pensionEmployer);
    }
  });
});

describe('Ghana: tier 3 within the 16.5% tax-free limit', () => {
  // Basic 5,000: the limit is 825.00 a month, employee and employer together; chargeable without tier 3 is 9,725.
  it('deducts the employee’s part and relieves it in full when both parts are within the limit', () => {
    const result = computePayMinor({ ...ghWorked, tier3EmployeeRate: 10, tier3EmployerRate: 5 });
    expect(result.breakdown.statutory).toMatchObject({ tier3Employee: 50_000, tier3Employer: 25_000, tier3Relief: 50_000, tier3EmployerExcess: 0, employerTotal: 90_000 });
    expect(result.breakdown.taxableIncome).toBe(1_000_000 - 27_500 - 50_000);
    expect(result.breakdown.deductions.map((line) => [line.code, line.amount])).toEqual([['ssnit-employee', 27_500], ['tier3-employee', 50_000]]);
    expect(result.breakdown.employerContributions.map((line) => [line.code, line.amount])).toEqual([['ssnit-employer', 65_000], ['tier3-employer', 25_000]]);
    expect(result.monthlyNetPay).toBe(1_000_000 - result.breakdown.tax - 27_500 - 50_000);
  });

  it('relieves only up to the limit: the employee’s excess is deducted from pay but not from chargeable income', () => {
    // Employee 15% = 750, employer 5% = 250: the employer uses 250 of 825, so 575 of the employee's 750 is relieved.
    const result = computePayMinor({ ...ghWorked, tier3EmployeeRate: 15, tier3EmployerRate: 5 });
    expect(result.breakdown.statutory).toMatchObject({ tier3Employee: 75_000, tier3Relief: 57_500 });
    expect(result.breakdown.deductions.map((line) => [line.code, line.amount])).toEqual([['ssnit-employee', 27_500], ['tier3-employee', 57_500], ['tier3-employee-excess', 17_500]]);
    expect(result.breakdown.taxableIncome).toBe(1_000_000 - 27_500 - 57_500);
    expect(result.monthlyNetPay).toBe(1_000_000 - result.breakdown.tax - 27_500 - 75_000);
  });

  it('taxes the employer’s part above the limit as the employee’s income', () => {
    // Employer 20% = 1,000: 175 above the limit is added to chargeable income.
    const result = computePayMinor({ ...ghWorked, tier3EmployerRate: 20 });
    expect(result.breakdown.statutory).toMatchObject({ tier3Employer: 100_000, tier3EmployerExcess: 17_500, tier3Relief: 0, employerTotal: 165_000 });
    expect(result.breakdown.taxableIncome).toBe(1_000_000 - 27_500 + 17_500);
  });

  it('refuses a tier 3 rate that takes more than the pay left, naming it', () => {
    refuses({ ...ghWorked, tier3EmployeeRate: 100, split: { basic: 100, housing: 0, transport: 0 } }, 'tier3EmployeeRate takes more than the pay left after tax and SSNIT');
    refuses({ ...ghWorked, tier3EmployeeRate: '100.01' }, 'tier3EmployeeRate must be at most 100');
  });

  it('relieves exactly 16.5% and not a pesewa more', () => {
    expect(statutoryOf({ ...ghWorked, tier3EmployeeRate: 16.5 })).toMatchObject({ tier3Employee: 82_500, tier3Relief: 82_500 });
    // 16.51% of 5,000 = 825.50: 825.00 relieved, 0.50 not.
    const over = computePayMinor({ ...ghWorked, tier3EmployeeRate: 16.51 });
    expect(over.breakdown.statutory).toMatchObject({ tier3Employee: 82_550, tier3Relief: 82_500 });
    expect(over.breakdown.deductions.find((line) => line.code === 'tier3-employee-excess')?.amount).toBe(50);
  });
});

describe('Ghana: bonus and overtime final taxes (GRA)', () => {
  // Basic 5,000 a month → annual basic 60,000; 15% of it = 9,000 taxed at 5% final.
  it('taxes a bonus up to 15% of the annual basic at 5%, final', () => {
    const result = computePayMinor({ ...ghWorked, bonus: 9000 });
    expect(result.breakdown.statutory).toMatchObject({ bonus: 900_000, bonusTax: 45_000, bonusExcess: 0, taxablePay: 972_500, grossPay: 1_900_000 });
    expect(result.breakdown.oneOff).toMatchObject({ bonus: 900_000, tax: 45_000 });
    expect(result.totalMonthlySalary).toBe(result.monthlyNetPay + 900_000 - 45_000);
  });

  it('adds the bonus above 15% to income, taxed at the marginal rate', () => {
    // 10,000: 9,000 at 5% = 450; 1,000 on top of chargeable 9,725 stays in the 25% band → 250; one-off tax 700.
    const result = computePayMinor({ ...ghWorked, bonus: 10_000 });
    expect(result.breakdown.statutory).toMatchObject({ bonusTax: 45_000, bonusExcess: 100_000, taxablePay: 972_500 + 100_000 });
    expect(result.breakdown.oneOff.tax).toBe(70_000);
    // A pesewa above the 15%: 0.01 at 25% = 0.0025 → 0.00.
    expect(statutoryOf({ ...ghWorked, bonus: '9000.01' })).toMatchObject({ bonusTax: 45_000, bonusExcess: 1 });
  });

  it('counts the year’s earlier bonuses against the 15%', () => {
    // 8,000 paid earlier leaves 1,000 at 5% (50); the other 1,000 at 25% (250).
    const result = computePayMinor({ ...ghWorked, bonus: 2000, bonusEarlierInYear: 8000 });
    expect(result.breakdown.statutory).toMatchObject({ bonusTax: 5000, bonusExcess: 100_000 });
    expect(result.breakdown.oneOff.tax).toBe(30_000);
    expect(statutoryOf({ ...ghWorked, bonus: 2000, bonusEarlierInYear: 9500 })).toMatchObject({ bonusTax: 0, bonusExcess: 200_000 });
  });

  // GH₵18,000 a year (1,500 a month, basic 60% = 900): 50% of the month's basic = 450.
  const junior: PayInput = { country: 'GH', period: { year: 2026, month: 5 }, grossAnnual: 18_000 };
  it('taxes a qualifying junior employee’s overtime at 5% up to half the basic and 10% above', () => {
    expect(computePayMinor({ ...junior, overtime: 450 }).breakdown.statutory).toMatchObject({ overtime: 45_000, overtimeTax: 2250 });
    // 450.01: 22.50 + 0.001, rounded once → 22.50.
    expect(statutoryOf({ ...junior, overtime: '450.01' }).overtimeTax).toBe(2250);
    // 600: 22.50 + 10% of 150 = 37.50; none of it is in chargeable income (1,500 − SSNIT 49.50 = 1,450.50).
    const result = computePayMinor({ ...junior, overtime: 600 });
    expect(result.breakdown.statutory).toMatchObject({ overtimeTax: 3750, taxablePay: 145_050 });
    expect(result.breakdown.oneOff.tax).toBe(3750);
  });

  it('taxes overtime as income above the GH₵18,000 qualifying income', () => {
    // 18,000.01 a year: chargeable 1,450.50 → + 450 stays in the 17.5% band → 78.75.
    const result = computePayMinor({ ...junior, grossAnnual: '18000.01', overtime: 450 });
    expect(result.breakdown.statutory).toMatchObject({ overtimeTax: 0, taxablePay: 145_050 + 45_000 });
    expect(result.breakdown.oneOff.tax).toBe(7875);
  });
});

describe('other countries', () => {
  it('have no employer contributions; the pensionable base is the pension’s own', () => {
    const statutory = statutoryOf({ country: 'KE', period: { year: 2026 }, grossAnnual: 1_200_000, pensionRate: 5 });
    expect(statutory).toMatchObject({ grossPay: 10_000_000, pensionableBase: 10_000_000, pensionEmployee: 500_000, pensionEmployer: 0, nsitf: 0, employerTotal: 0, employerPensionRate: 0 });
    refuses({ country: 'KE', period: { year: 2026 }, grossAnnual: 1_200_000, employerPensionRate: 10 }, 'employerPensionRate does not apply under');
  });
});

describe('dated statutory tables', () => {
  const withCaps = (caps: { from: string | null; to: string | null; amount: string }[]): RuleSetTable => ({
    ...GH_2024,
    statutory: { ...GH_2024.statutory, ssnit: { ...GH_2024.statutory!.ssnit!, maximumInsurableMonthly: caps } },
  });
  it('refuse a gap between two entries', () => {
    const gap = withCaps([{ from: null, to: '2024-12-30', amount: '52000' }, { from: '2025-01-01', to: null, amount: '61000' }]);
    expect(() => createRuleIndex([gap])).toThrow('Rule set GH-2024: SSNIT maximum insurable earnings entry 2 must start the day after entry 1 ends');
  });
  it('refuse overlapping entries and a list that stops before the rule set does', () => {
    const overlap = withCaps([{ from: null, to: '2025-01-01', amount: '52000' }, { from: '2025-01-01', to: null, amount: '61000' }]);
    expect(() => createRuleIndex([overlap])).toThrow('entry 2 must start the day after entry 1 ends');
    const short = withCaps([{ from: null, to: '2025-12-31', amount: '52000' }]);
    expect(() => createRuleIndex([short])).toThrow('Rule set GH-2024: SSNIT maximum insurable earnings ends before the rule set does');
  });
  it('refuse a tier 1 larger than employee + employer', () => {
    const broken: RuleSetTable = {
      ...GH_2024,
      statutory: { ...GH_2024.statutory, ssnit: { ...GH_2024.statutory!.ssnit!, tier1: { code: 't1', legalName: 'Tier 1', rates: [{ from: null, to: null, rate: '19' }] } } },
    };
    expect(() => createRuleIndex([broken])).toThrow('SSNIT tier 1 is more than the employee and employer contributions together');
  });
});
