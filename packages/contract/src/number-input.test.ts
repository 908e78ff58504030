import { describe, expect, it } from 'vitest';
import { parseSheetNumber } from './number-input.ts';

const q = (cell: string, language: string, isCanonical = false) => parseSheetNumber(cell, language, { maxDecimals: 3, isCanonical });
const money = (cell: string, language: string) => parseSheetNumber(cell, language, { maxDecimals: 2 });

describe('parseSheetNumber', () => {
  it('reads grouping and decimals the way the uploader\'s language writes them', () => {
    expect(money('1,234,567.89', 'en')).toBe('1234567.89');
    expect(money('1.234.567,89', 'de')).toBe('1234567.89');
    expect(money('1 234 567,89', 'fr')).toBe('1234567.89');
    expect(money('₦ 8,500.50', 'en')).toBe('8500.5');
    expect(q('1.500', 'de')).toBe('1500');
    expect(q('1.500', 'en')).toBe('1.5');
  });

  it('reads a single "." that cannot be a group mark as a decimal point, in every language', () => {
    expect(money('1500.00', 'de')).toBe('1500');
    expect(q('12.5', 'de')).toBe('12.5');
    expect(q('1.125', 'de', true)).toBe('1.125');
  });

  it('refuses what is not a non-negative number with at most the allowed decimals', () => {
    expect(money('1.234,567', 'de')).toBeNull();
    expect(money('12.345', 'en')).toBeNull();
    expect(q('1.250,5', 'en')).toBeNull();
    expect(q('15,00,000', 'en')).toBeNull();
    expect(q('-4', 'en')).toBeNull();
    expect(q('abc', 'en')).toBeNull();
    expect(q('1,2,3', 'de')).toBeNull();
    expect(q('', 'en')).toBeNull();
  });
});
