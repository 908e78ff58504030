import { describe, expect, it } from 'vitest';
import { currencyOf, formatMinor, majorTextToMinor, parseMoneyInput } from './money.ts';

describe('money on screen', () => {
  it('accepts the thousands separators and decimal mark of the locale', () => {
    expect(parseMoneyInput('6,000,000', 'en-NG')).toBe('6000000');
    expect(parseMoneyInput('₦ 1,500,000.5', 'en-NG')).toBe('1500000.50');
    expect(parseMoneyInput('6.000.000,25', 'de')).toBe('6000000.25');
    expect(parseMoneyInput('1 500,75', 'fr')).toBe('1500.75');
    expect(parseMoneyInput('12.345', 'en-GH')).toBeNull();
    expect(parseMoneyInput('abc', 'en-NG')).toBeNull();
    expect(parseMoneyInput('', 'en-NG')).toBeNull();
  });

  it('formats minor units exactly with the currency of the business', () => {
    expect(currencyOf('GH')).toBe('GHS');
    expect(currencyOf('NG')).toBe('NGN');
    expect(formatMinor(150000050, 'NGN', 'en-NG')).toBe('₦1,500,000.50');
    expect(formatMinor(900719925474099, null, 'en')).toBe('9,007,199,254,740.99');
    expect(formatMinor(-5, null, 'en')).toBe('-0.05');
    expect(majorTextToMinor('38686.67')).toBe(3868667);
  });
});
