import { describe, expect, it } from 'vitest';
import { addWorkingDays, DUE_RULES, statusOf, type TDueContext } from '../due-dates.ts';

const ctx = (over: Partial<TDueContext> = {}): TDueContext => ({ period: '2026-05', salariesPaidOn: '2026-05-29', salariesBasis: 'salaries-paid', holidays: new Set(), ...over });

describe('remittance due dates', () => {
  it('fixes PAYE, NSITF, SSNIT and GH PAYE on a day of the following month, across the year end', () => {
    expect(DUE_RULES['ng-paye'].dueOf(ctx())).toEqual({ date: '2026-06-10', basis: 'fixed' });
    expect(DUE_RULES['ng-paye'].dueOf(ctx({ period: '2026-12' })).date).toBe('2027-01-10');
    expect(DUE_RULES['ng-nsitf'].dueOf(ctx()).date).toBe('2026-06-16');
    expect(DUE_RULES['gh-paye'].dueOf(ctx()).date).toBe('2026-06-15');
    expect(DUE_RULES['gh-ssnit-tier1'].dueOf(ctx()).date).toBe('2026-06-14');
    expect(DUE_RULES['gh-ssnit-tier2'].dueOf(ctx()).date).toBe('2026-06-14');
  });

  it('puts the year\'s ITF on 1 April of the next year', () => {
    expect(DUE_RULES['ng-itf'].dueOf(ctx({ period: '2026' }))).toEqual({ date: '2027-04-01', basis: 'fixed' });
  });

  it('counts pension 7 working days from the salaries, skipping weekends and the business\'s holidays', () => {
    // Friday 29 May 2026 → Mon 1 … Tue 9 June (7 working days).
    expect(DUE_RULES['ng-pension'].dueOf(ctx())).toEqual({ date: '2026-06-09', basis: 'salaries-paid' });
    // 12 June (Democracy Day, a Friday) is not a working day.
    expect(addWorkingDays('2026-06-08', 5, new Set(['2026-06-12']))).toBe('2026-06-16');
    expect(DUE_RULES['ng-pension'].dueOf(ctx({ salariesBasis: 'approval' })).basis).toBe('approval');
  });

  it('gives NHF one calendar month from the deduction, clamped to the month\'s last day', () => {
    expect(DUE_RULES['ng-nhf'].dueOf(ctx()).date).toBe('2026-06-29');
    expect(DUE_RULES['ng-nhf'].dueOf(ctx({ salariesPaidOn: '2026-01-31' })).date).toBe('2026-02-28');
    expect(DUE_RULES['ng-nhf'].dueOf(ctx({ salariesPaidOn: '2026-12-24' })).date).toBe('2027-01-24');
  });

  it('is paid when paid in full, overdue after the due date while short, else part-paid or due', () => {
    expect(statusOf(100, 100, '2026-07-01', '2026-06-10')).toBe('paid');
    expect(statusOf(100, 120, '2026-06-01', '2026-06-10')).toBe('paid');
    expect(statusOf(100, 40, '2026-06-11', '2026-06-10')).toBe('overdue');
    expect(statusOf(100, 40, '2026-06-10', '2026-06-10')).toBe('part-paid');
    expect(statusOf(100, 0, '2026-06-10', '2026-06-10')).toBe('due');
  });
});
