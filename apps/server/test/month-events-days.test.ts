import { describe, expect, it } from 'vitest';
import { formatDay, monthEventOf } from '../src/features/payroll/month-events.ts';
import { daysOfMonth } from '../src/platform/local-time.ts';

// Issue 32: which days of a month are paid, per member (pure; the API test drives the same through a run).
const NOV = daysOfMonth('2026-11');
const member = (over: Partial<{ start_date: string; start_date_given: boolean; exit_date: string | null; exit_reason: string | null }> = {}) =>
  ({ employee_id: 'e', start_date: '2025-01-01', start_date_given: true, exit_date: null, exit_reason: null, ...over });
const calendar = { basis: 'calendar' as const, periodDays: NOV, paysOutLeave: false };

describe('monthEventOf', () => {
  it('leaves a whole month alone', () => {
    expect(monthEventOf(member(), calendar)).toBeNull();
    // A start date after the month (a record entered later) is not a joiner of this month.
    expect(monthEventOf(member({ start_date: '2026-12-03' }), calendar)).toBeNull();
  });

  it('makes no joiner of a start date defaulted to the day of entry (existing staff entered mid-month)', () => {
    expect(monthEventOf(member({ start_date: '2026-11-16', start_date_given: false }), calendar)).toBeNull();
    // Still a leaver if they leave: the exit date is always given.
    expect(monthEventOf(member({ start_date: '2026-11-16', start_date_given: false, exit_date: '2026-11-20' }), calendar)?.proration).toEqual({
      paidDays: 20, periodDays: 30, basis: 'calendar', lines: [{ code: 'proration', legalName: 'Left 20 Nov 2026: paid 20 of 30 days', days: 10 }],
    });
    expect(monthEventOf(member({ start_date: '2026-11-16', start_date_given: true }), calendar)?.proration?.paidDays).toBe(15);
  });

  it('states a joiner and a leaver in the same month on one line', () => {
    expect(monthEventOf(member({ start_date: '2026-11-03', exit_date: '2026-11-20', exit_reason: 'dismissal' }), calendar)).toEqual({
      proration: { paidDays: 18, periodDays: 30, basis: 'calendar', lines: [{ code: 'proration', legalName: 'Joined 3 Nov 2026, Left 20 Nov 2026: paid 18 of 30 days', days: 12 }] },
      exit: { lastDay: '2026-11-20', reason: 'dismissal' },
    });
  });

  it('counts each day once (suspension before unpaid leave before absence) and only days employed', () => {
    const event = monthEventOf(member({ start_date: '2026-11-04' }), {
      ...calendar, suspension: ['2026-11-02', '2026-11-05', '2026-11-06'], unpaidLeave: ['2026-11-06', '2026-11-09'], absence: ['2026-11-09', '2026-11-10'],
    });
    expect(event?.proration).toEqual({ paidDays: 23, periodDays: 30, basis: 'calendar', lines: [
      { code: 'proration', legalName: 'Joined 4 Nov 2026: paid 27 of 30 days', days: 3 },
      { code: 'suspension', legalName: 'Suspension without pay: 2 of 30 days', days: 2 },
      { code: 'unpaid-leave', legalName: 'Unpaid leave: 1 of 30 days', days: 1 },
      { code: 'absence', legalName: 'Unpaid absence: 1 of 30 days', days: 1 },
    ] });
  });

  it('counts working days on the working basis and pays out unused leave to a leaver when the business does', () => {
    const working = NOV.filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
    expect(working).toHaveLength(21);
    expect(monthEventOf(member({ exit_date: '2026-11-13' }), { basis: 'working', periodDays: working, paysOutLeave: true, unusedLeave: 7.5 })).toEqual({
      proration: { paidDays: 10, periodDays: 21, basis: 'working', lines: [{ code: 'proration', legalName: 'Left 13 Nov 2026: paid 10 of 21 working days', days: 11 }] },
      exit: { lastDay: '2026-11-13', reason: null },
      leavePayoutDays: 7.5,
    });
  });

  it('refuses a member who left before the month', () => {
    expect(monthEventOf(member({ exit_date: '2026-10-31' }), calendar)).toEqual({ error: 'left on 31 Oct 2026, before this month; take them off the run' });
    expect(formatDay('2026-12-16')).toBe('16 Dec 2026');
  });
});
