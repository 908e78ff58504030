import { describe, expect, it } from 'vitest';
import { entryPath, previewCertificate, typedMinor } from './costing.ts';

describe('project costing helpers', () => {
  it('previews a certificate: retention and WHT from the project rates on the gross, net after other deductions', () => {
    expect(previewCertificate({ gross: '4000000', otherDeductions: '10000' }, { retentionPercent: '5', whtPercent: '2.5' })).toEqual({
      grossMinor: 400_000_000, retentionMinor: 20_000_000, whtMinor: 10_000_000, otherDeductionsMinor: 1_000_000, netMinor: 369_000_000,
    });
  });

  it('keeps typed retention and WHT, rounds half up in kobo, and shows nothing for a gross that is not an amount', () => {
    expect(previewCertificate({ gross: '100.01', retention: '', wht: '3' }, { retentionPercent: '5', whtPercent: '10' })).toMatchObject({ retentionMinor: 500, whtMinor: 300, netMinor: 10001 - 500 - 300 });
    expect(previewCertificate({ gross: '12.345' }, { retentionPercent: '5', whtPercent: '0' })).toBeNull();
    expect(previewCertificate({ gross: '0' }, { retentionPercent: '5', whtPercent: '0' })).toBeNull();
    expect(typedMinor('')).toBe(0);
    expect(typedMinor('1,000')).toBeNull();
  });

  it('opens each ledger entry at its source screen', () => {
    expect(entryPath({ screen: 'orders', id: 'abc' }, 'Ikoyi')).toBe('/manage-po?id=abc');
    expect(entryPath({ screen: 'costs', id: 'r1' }, 'Ikoyi Bridge')).toBe('/projects/default?project=Ikoyi%20Bridge');
    expect(entryPath({ screen: 'payroll', id: 'run' }, 'x')).toBe('/salary');
    expect(entryPath(null, 'x')).toBeNull();
    expect(entryPath({ screen: 'unknown', id: null }, 'x')).toBeNull();
  });
});
