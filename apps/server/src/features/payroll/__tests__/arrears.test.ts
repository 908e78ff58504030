import { describe, expect, it } from 'vitest';
import { arrearsOf } from '../arrears.ts';

// Monthly salaries: 2,400,000 a year = 200,000.00 a month (20,000,000 kobo); 3,120,000 = 26,000,000 kobo.
const OLD = 240_000_000;
const NEW = 312_000_000;

describe('arrears of a back-dated salary revision', () => {
  it('owes the difference for each approved month from the effective month, named with the first month and the count', () => {
    const a = arrearsOf([{ gross: OLD, effectiveMonth: '2026-01' }, { gross: NEW, effectiveMonth: '2026-09' }], [
      { month: '2026-08', gross: 20_000_000, arrearsPaid: 0 },
      { month: '2026-09', gross: 20_000_000, arrearsPaid: 0 },
      { month: '2026-10', gross: 20_000_000, arrearsPaid: 0 },
    ]);
    expect(a).toEqual({ amount: 12_000_000, legalName: 'Arrears: salary revision from Sep 2026 (2 months)' });
  });

  it('owes nothing once paid in an approved run, for a revision from this month, or for months before any recorded revision', () => {
    const revisions = [{ gross: OLD, effectiveMonth: '2026-11' }, { gross: NEW, effectiveMonth: '2026-09' }];
    const paid = [{ month: '2026-09', gross: 20_000_000, arrearsPaid: 0 }, { month: '2026-10', gross: 20_000_000, arrearsPaid: 0 }];
    expect(arrearsOf(revisions, [...paid, { month: '2026-11', gross: 26_000_000, arrearsPaid: 12_000_000 }])).toBeNull();
    expect(arrearsOf([{ gross: NEW, effectiveMonth: '2026-11' }], paid)).toBeNull();
    expect(arrearsOf([{ gross: NEW, effectiveMonth: '2026-09' }], [{ month: '2026-10', gross: 26_000_000, arrearsPaid: 0 }])).toBeNull();
  });

  it('does not recover a back-dated cut', () => {
    expect(arrearsOf([{ gross: OLD, effectiveMonth: '2026-09' }], [{ month: '2026-10', gross: 26_000_000, arrearsPaid: 0 }])).toBeNull();
  });
});
