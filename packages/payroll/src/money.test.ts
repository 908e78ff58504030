import { describe, expect, it } from 'vitest';
import { PayrollInputError } from './errors.ts';
import { applyRate, divideHalfUp, parseMajor, parsePercent, toMajor } from './money.ts';

describe('parseMajor', () => {
  it('reads decimals exactly, without float multiplication', () => {
    expect(parseMajor('38686.67', 'x')).toBe(3_868_667);
    expect(parseMajor(19.99, 'x')).toBe(1999); // 19.99 * 100 is 1998.9999999999998 in floats
    expect(parseMajor(1.1, 'x')).toBe(110);
    expect(parseMajor('3896.67', 'x')).toBe(389_667);
    expect(parseMajor(' 5 ', 'x')).toBe(500);
    expect(parseMajor('0.5', 'x')).toBe(50);
  });

  it('refuses more than two decimals, exponents, separators and float noise, naming the field', () => {
    for (const bad of ['1.005', '4e6', '4,000,000', '', 'abc', 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => parseMajor(bad, 'grossAnnual')).toThrow(/^grossAnnual must be a number/);
    expect(() => parseMajor(null, 'nhisMonthly')).toThrow('nhisMonthly must be a number (got null)');
    expect(() => parseMajor(true, 'iou')).toThrow('iou must be a number (got true)');
  });

  it('refuses negative amounts with a clear message', () => {
    expect(() => parseMajor(-5, 'allowance')).toThrow('allowance must not be negative (got -5)');
    expect(() => parseMajor('-0.01', 'iou')).toThrow('iou must not be negative (got "-0.01")');
  });

  it('refuses zero only where zero is meaningless', () => {
    expect(parseMajor(0, 'allowance')).toBe(0);
    expect(() => parseMajor(0, 'grossAnnual', { isPositive: true })).toThrow('grossAnnual must be greater than 0 (got 0)');
    expect(() => parseMajor('0.00', 'grossAnnual', { isPositive: true })).toThrow(PayrollInputError);
  });

  it('accepts up to 10^12 and refuses more', () => {
    expect(parseMajor('1000000000000', 'x')).toBe(100_000_000_000_000);
    expect(() => parseMajor('1000000000000.01', 'x')).toThrow('x must be at most 1000000000000');
    expect(() => parseMajor('99999999999999999999', 'x')).toThrow('x must be at most 1000000000000');
  });
});

describe('parsePercent', () => {
  it('turns percentages into basis points', () => {
    expect(parsePercent(7.5, 'x')).toBe(750);
    expect(parsePercent('17.5', 'x')).toBe(1750);
    expect(parsePercent(0, 'x')).toBe(0);
    expect(parsePercent(100, 'x')).toBe(10_000);
  });

  it('refuses negatives, more than 100 and more than two decimals', () => {
    expect(() => parsePercent(-1, 'pensionRate')).toThrow('pensionRate must not be negative (got -1)');
    expect(() => parsePercent(100.01, 'pensionRate')).toThrow('pensionRate must be at most 100 (got 100.01)');
    expect(() => parsePercent('7.125', 'pensionRate')).toThrow(/pensionRate must be a number with at most 2 decimal places/);
  });
});

describe('applyRate', () => {
  it('rounds half-up to the minor unit', () => {
    expect(applyRate(5, 1000)).toBe(1); // 0.5 → 1
    expect(applyRate(15, 1000)).toBe(2); // 1.5 → 2 (banker's rounding would give 2 too; the next line tells them apart)
    expect(applyRate(25, 1000)).toBe(3); // 2.5 → 3, not 2
    expect(applyRate(1, 4999)).toBe(0);
    expect(applyRate(320_000_00, 800)).toBe(25_600_00);
  });

  it('stays exact where amount × rate is beyond 2^53', () => {
    // 10^14 kobo × 2,400 bp = 2.4 × 10^17, past Number.MAX_SAFE_INTEGER.
    expect(applyRate(100_000_000_000_003, 2400)).toBe(24_000_000_000_000 + 1); // 0.72 rounds up
    expect(applyRate(100_000_000_000_002, 2400)).toBe(24_000_000_000_000); // 0.48 rounds down
  });
});

describe('divideHalfUp', () => {
  it('rounds exact halves up', () => {
    expect(divideHalfUp(6, 12)).toBe(1);
    expect(divideHalfUp(5, 12)).toBe(0);
    expect(divideHalfUp(30, 12)).toBe(3); // 2.5 → 3
    expect(divideHalfUp(46_424_000, 12)).toBe(3_868_667);
  });
});

describe('toMajor', () => {
  it('gives the 2-decimal number a person reads', () => {
    expect(toMajor(3_868_667)).toBe(38686.67);
    expect(JSON.stringify(toMajor(1))).toBe('0.01');
  });
});
