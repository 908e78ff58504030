import { describe, expect, it } from 'vitest';
import { PayrollInputError } from '../errors.ts';
import { GH_2024 } from './gh.ts';
import { createRuleIndex, getRuleSet } from './index.ts';
import { NG_PITA } from './ng-pita.ts';
import { compileRuleSet, type RuleSetTable } from './rule-set.ts';

describe('getRuleSet', () => {
  it('uses PITA for Nigerian periods up to December 2025 and the Nigeria Tax Act from January 2026', () => {
    expect(getRuleSet('NG', 20_240_101).id).toBe('NG-PITA');
    expect(getRuleSet('NG', 20_251_201).id).toBe('NG-PITA');
    expect(getRuleSet('NG', 20_260_101).id).toBe('NG-NTA-2025');
    expect(getRuleSet('NG', 20_991_201).id).toBe('NG-NTA-2025');
  });

  it('uses the Ghana tables from January 2024 and refuses earlier periods rather than guess', () => {
    expect(getRuleSet('GH', 20_240_101).id).toBe('GH-2024');
    expect(() => getRuleSet('GH', 20_231_201)).toThrow(PayrollInputError);
    expect(() => getRuleSet('GH', 20_231_201)).toThrow('period has no GH tax rules for 2023-12-01 (known: GH-2024 from 2024-01-01)');
  });

  it('gives any other country the default rules', () => {
    expect(getRuleSet('KE', 20_250_101).id).toBe('DEFAULT');
    expect(getRuleSet('KE', 20_250_101).bands).toBeNull();
  });
});

describe('rule tables', () => {
  it('compile to integers: minor units and basis points', () => {
    const compiled = compileRuleSet(NG_PITA);
    expect(compiled.bands?.[0]).toEqual({ from: 0, to: 30_000_000, bp: 700 });
    expect(compiled.cra).toMatchObject({ fixed: 20_000_000, grossBp: 100, bp: 2000 });
    expect(compiled.minimumWage?.thresholds.map((threshold) => threshold.annual)).toEqual([36_000_000, 84_000_000]);
  });

  it('compile the statutory rates to dated basis points and minor units', () => {
    const ng = compileRuleSet(NG_PITA).statutory;
    expect(ng.employerPension?.minimumRates.map((rate) => [rate.fromKey, rate.toKey, rate.bp])).toEqual([
      [0, 20_140_630, 750],
      [20_140_701, 99_991_231, 1000],
    ]);
    expect(ng.nsitf?.rates.map((rate) => rate.bp)).toEqual([0, 100]);
    expect(ng.ssnit).toBeNull();
    const gh = compileRuleSet(GH_2024).statutory;
    expect(gh.ssnit?.maximumInsurableMonthly.map((cap) => cap.amount)).toEqual([5_200_000, 6_100_000, 6_900_000]);
    expect(gh.tier3?.reliefLimits[0].bp).toBe(1650);
    expect(gh.overtime?.rules[0]).toMatchObject({ qualifyingAnnualIncome: 1_800_000, monthlyBasicShareBp: 5000, bpUpTo: 500, bpAbove: 1000 });
    expect(gh.employerPension).toBeNull();
  });

  it('refuse bands that do not ascend', () => {
    const broken: RuleSetTable = { ...GH_2024, bands: [{ upTo: '600', rate: '0' }, { upTo: '490', rate: '5' }, { upTo: null, rate: '10' }] };
    expect(() => compileRuleSet(broken)).toThrow('Rule set GH-2024: band 2 must end above 60000 minor units');
  });

  it('refuse a split over 100%', () => {
    const broken: RuleSetTable = { ...GH_2024, split: { components: [{ code: 'basic', name: 'Basic', rate: '60' }, { code: 'housing', name: 'Housing', rate: '50' }] } };
    expect(() => compileRuleSet(broken)).toThrow('Rule set GH-2024: the split adds up to more than 100%');
  });

  it('refuse two rule sets of one country in force on the same day', () => {
    const overlapping: RuleSetTable = { ...NG_PITA, id: 'NG-OTHER', effective: { from: '2025-06-01', to: null } };
    expect(() => createRuleIndex([NG_PITA, overlapping])).toThrow('Rule sets NG-PITA and NG-OTHER are both in force on some day');
  });

  it('make a new year a new table, not new code', () => {
    const ghana2030: RuleSetTable = { ...GH_2024, id: 'GH-2030', effective: { from: '2030-01-01', to: null }, bands: [{ upTo: '1000', rate: '0' }, { upTo: null, rate: '10' }] };
    const ghana2024: RuleSetTable = { ...GH_2024, effective: { from: '2024-01-01', to: '2029-12-31' } };
    const index = createRuleIndex([ghana2024, ghana2030]);
    expect(index.get('GH')?.map((set) => set.id)).toEqual(['GH-2024', 'GH-2030']);
  });
});
