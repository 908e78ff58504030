import { describe, expect, it } from 'vitest';
import { checkSplit, countrySplit, percentToBp, splitForm } from './split.ts';

describe('split override', () => {
  it("reads each country's split from the pay engine: Nigeria leaves 90% to basic, housing and transport", () => {
    expect(countrySplit('NG')).toEqual({ defaults: { basic: 15, housing: 7.5, transport: 7.5 }, others: [{ code: 'entertainment', rate: 10 }, { code: 'utility', rate: null }], maxTotal: 90 });
    expect(countrySplit('GH')).toMatchObject({ defaults: { basic: 60, housing: 15, transport: 25 }, others: [], maxTotal: 100 });
    expect(countrySplit('KE')).toMatchObject({ defaults: { basic: 50, housing: 20, transport: 10 }, maxTotal: 100 });
  });

  it('takes percentages typed with a point or a comma, at most 2 decimals, up to 100', () => {
    expect([percentToBp('7.5'), percentToBp('7,5'), percentToBp(' 15 '), percentToBp('100'), percentToBp('0.25')]).toEqual([750, 750, 1500, 10_000, 25]);
    expect([percentToBp('7.555'), percentToBp('101'), percentToBp('-5'), percentToBp('ten'), percentToBp('')]).toEqual([null, null, null, null, null]);
  });

  it('sends all three as the API reads them, or null when all three are empty (the country split)', () => {
    expect(checkSplit({ basic: '40', housing: '20,5', transport: '10' }, { maxTotal: 90 })).toEqual({ value: { basic: '40', housing: '20.5', transport: '10' }, errors: {} });
    expect(checkSplit({ basic: '', housing: ' ', transport: '' }, { maxTotal: 90 })).toEqual({ value: null, errors: {} });
  });

  it('names each field that is not a percentage or is missing, and the total when it is more than the country leaves', () => {
    expect(checkSplit({ basic: '40', housing: '', transport: 'x' }, { maxTotal: 90 }).errors).toEqual({ housing: { key: 'allOrNone' }, transport: { key: 'invalid' } });
    expect(checkSplit({ basic: '50', housing: '30', transport: '20' }, { maxTotal: 90 })).toEqual({ value: null, errors: { split: { key: 'tooMuch', total: '100', max: '90' } } });
    expect(checkSplit({ basic: '50', housing: '30', transport: '20' }, { maxTotal: 100 }).errors).toEqual({});
  });

  it('fills the form from a saved override', () => {
    expect(splitForm({ basic: 40, housing: 20.5, transport: 10 })).toEqual({ basic: '40', housing: '20.5', transport: '10' });
    expect(splitForm(null)).toEqual({ basic: '', housing: '', transport: '' });
  });
});
