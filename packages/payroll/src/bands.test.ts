import { describe, expect, it } from 'vitest';
import { findBandLines, taxOnBands } from './bands.ts';
import { parseMajor, toMajor } from './money.ts';
import { getRuleSet } from './rules/index.ts';

const bandsOf = (country: string, periodKey: number) => {
  const bands = getRuleSet(country, periodKey).bands;
  if (!bands) throw new Error(`${country} has no bands`);
  return bands;
};

const taxAt = (bands: ReturnType<typeof bandsOf>, taxable: string) => toMajor(taxOnBands(bands, parseMajor(taxable, 'taxable')));

// Expected figures are worked by hand from the statute's bands: one unit below each
// limit is taxed at the lower rate, one above at the higher rate.
describe('Nigeria PITA bands (tax years up to 2025)', () => {
  const bands = bandsOf('NG', 20250101);
  it.each([
    ['299999', 20999.93], ['300000', 21000], ['300001', 21000.11],
    ['599999', 53999.89], ['600000', 54000], ['600001', 54000.15],
    ['1099999', 128999.85], ['1100000', 129000], ['1100001', 129000.19],
    ['1599999', 223999.81], ['1600000', 224000], ['1600001', 224000.21],
    ['3199999', 559999.79], ['3200000', 560000], ['3200001', 560000.24],
  ])('taxable %s pays %s', (taxable, expected) => expect(taxAt(bands, taxable)).toBe(expected));

  it('taxes nothing on nothing', () => expect(taxOnBands(bands, 0)).toBe(0));
});

describe('Nigeria Tax Act 2025 bands (from 2026)', () => {
  const bands = bandsOf('NG', 20260101);
  it.each([
    ['799999', 0], ['800000', 0], ['800001', 0.15],
    ['2999999', 329999.85], ['3000000', 330000], ['3000001', 330000.18],
    ['11999999', 1949999.82], ['12000000', 1950000], ['12000001', 1950000.21],
    ['24999999', 4679999.79], ['25000000', 4680000], ['25000001', 4680000.23],
    ['49999999', 10429999.77], ['50000000', 10430000], ['50000001', 10430000.25],
  ])('chargeable %s pays %s', (taxable, expected) => expect(taxAt(bands, taxable)).toBe(expected));
});

describe('Ghana monthly bands (from 2024)', () => {
  const bands = bandsOf('GH', 20240101);

  it('ends the 17.5% band at exactly 3,896.67', () => {
    const band = bands.find((entry) => entry.bp === 1750);
    expect(band).toEqual({ from: 73_000, to: 389_667, bp: 1750 });
  });

  it.each([
    ['489', 0], ['490', 0], ['491', 0.05],
    ['599', 5.45], ['600', 5.5], ['601', 5.6],
    ['729', 18.4], ['730', 18.5], ['731', 18.68], // 18.675 rounds half-up
    ['3895.67', 572.49], ['3896.67', 572.67], ['3897.67', 572.92],
    ['19895.67', 4572.42], ['19896.67', 4572.67], ['19897.67', 4572.97],
    ['50415.67', 13728.37], ['50416.67', 13728.67], ['50417.67', 13729.02],
  ])('chargeable %s pays %s', (taxable, expected) => expect(taxAt(bands, taxable)).toBe(expected));

  it('rounds once over the bands, not per band', () => {
    // 18.50 + 554.16725 (17.5% band) + 0.0075 (25% on 0.03) = 572.67475 → 572.67;
    // rounding each band first would give 18.50 + 554.17 + 0.01 = 572.68.
    expect(taxOnBands(bands, 389_670)).toBe(57_267);
  });

  it('reproduces the worked example on chargeable 9,670', () => {
    // 5.50 + 13.00 + 554.16725 + 1,443.3325 = 2,015.99975 → 2,016.00
    expect(taxOnBands(bands, 967_000)).toBe(201_600);
  });
});

describe('findBandLines', () => {
  const bands = bandsOf('GH', 20240101);
  const slices = (taxable: number) => findBandLines(bands, taxable).map((line) => line.taxableSlice);

  it('puts a taxable income one pesewa below a limit entirely in the lower band', () => {
    expect(slices(389_666)).toEqual([49_000, 11_000, 13_000, 316_666, 0, 0, 0]);
  });

  it('fills the band exactly at its limit and leaves the next empty', () => {
    expect(slices(389_667)).toEqual([49_000, 11_000, 13_000, 316_667, 0, 0, 0]);
  });

  it('puts one pesewa above a limit into the next band', () => {
    expect(slices(389_668)).toEqual([49_000, 11_000, 13_000, 316_667, 1, 0, 0]);
  });

  it('shows each band with its rate and tax', () => {
    const lines = findBandLines(bands, 967_000);
    expect(lines[3]).toEqual({ from: 73_000, to: 389_667, rate: 17.5, taxableSlice: 316_667, tax: 55_417 });
    expect(lines[4]).toEqual({ from: 389_667, to: 1_989_667, rate: 25, taxableSlice: 577_333, tax: 144_333 });
    expect(lines[6]).toEqual({ from: 5_041_667, to: null, rate: 35, taxableSlice: 0, tax: 0 });
  });
});
