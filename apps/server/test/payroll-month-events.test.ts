import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePayMinor, type PayInput } from '@bizdesk/payroll';
import { MONTH_EVENTS_MSG } from '@bizdesk/contract';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';

// Issue 32 item 2: the month's events reach pay. One Nigerian business, November 2026 (30 days, 21 working days; the
// 1st is a Sunday). Everyone earns 6,000,000 a year with rent 1,000,000 and no pension: a whole month pays 430,500.
let t: TTestApp;
let owner: TSession;
let other: TSession;
const ids = { jo: '', lee: '', sam: '', uma: '', ava: '' };
const MONTH = '2026-11';

const { call, ok } = injectApi(() => t);

const base: PayInput = { country: 'NG', period: { year: 2026, month: 11 }, grossAnnual: '6000000', rentAnnual: '1000000', pensionRate: 0 };

/** Puts `employeeIds` on the month's run, computes it and waits for the job; the run and its lines by employee id. */
const computeMonth = async (month: string, employeeIds: string[]) => {
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: employeeIds, month })).data;
  await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  const done = await waitFor(`the ${month} run to compute`, async () => {
    const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
  const lines = (await ok(owner, 'GET', `/api/v1/payroll/runs/${done._id}/lines?limit=100`)).data as Array<Record<string, any>>;
  return { run: done, lines: Object.fromEntries(lines.map((l) => [l.employeeId, l])) };
};
const slipOf = async (lineId: string) => (await ok(owner, 'GET', `/api/v1/payroll/payslip/${lineId}`)).data;
const sum = (lines: Array<{ amount: number }> | undefined) => (lines ?? []).reduce((s, l) => s + l.amount, 0);

/** The payslip identity (split-32.md): gross + one-off + period earnings − tax − pension − other − period deductions = net. */
const expectAddsUp = (line: Record<string, number>, breakdown: any) => {
  expect(line.grossMinor + line.allowanceMinor + line.overtimeMinor + sum(breakdown.periodEarnings) - line.taxMinor - line.pensionMinor
    - line.otherDeductionsMinor - sum(breakdown.periodDeductions)).toBe(line.netMinor);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Month Events Ltd', email: 'owner@month-events.example' });
  other = await registerBusiness(t.app, { businessName: 'Other Events Ltd', email: 'owner@other-events.example' });
  const people = [['jo', 'Jo', '2026-11-16'], ['lee', 'Lee', '2025-01-01'], ['sam', 'Sam', '2025-01-01'], ['uma', 'Uma', '2025-01-01'], ['ava', 'Ava', '2025-01-01']] as const;
  for (const [key, first, startDate] of people) {
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Eze', email: `${key}@month-events.example`, grossIncome: '6000000', startDate }, 201)).data._id;
    await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids[key]}`, { rent: '1000000', pensionRate: 0 });
  }
}, 60_000);
afterAll(async () => t?.close());

describe('month events reach pay', () => {
  it('pays a joiner on the 16th half the month by calendar days, stated on the payslip line', async () => {
    const { lines } = await computeMonth(MONTH, [ids.jo]);
    const line = lines[ids.jo];
    expect(line).toMatchObject({ grossMinor: 50_000_000, taxMinor: 3_475_000, netMinor: 21_525_000 });
    const slip = await slipOf(line._id);
    expect(slip.breakdown.periodDeductions).toEqual([{ code: 'proration', legalName: 'Joined 16 Nov 2026: paid 15 of 30 days', amount: 25_000_000 }]);
    expect(slip.breakdown.statutory.grossPay).toBe(25_000_000);
    expectAddsUp(line, slip.breakdown);
  });

  it('pays the working-day share when the owner chooses working days (11 of 21), and refuses a rule from anyone else', async () => {
    expect((await call(other, 'GET', '/api/v1/payroll/pay-rules')).body.data).toMatchObject({ prorationBasis: 'calendar', canEdit: true });
    const bad = await call(owner, 'PUT', '/api/v1/payroll/pay-rules', { prorationBasis: 'hours' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/prorationBasis/);
    const saved = await ok(owner, 'PUT', '/api/v1/payroll/pay-rules', { prorationBasis: 'working' });
    expect(saved).toMatchObject({ message: MONTH_EVENTS_MSG.payRulesSaved, data: { prorationBasis: 'working', paysOutLeave: false, unpaidAbsences: false } });
    // The other business keeps its own rule.
    expect((await ok(other, 'GET', '/api/v1/payroll/pay-rules')).data.prorationBasis).toBe('calendar');
    const { lines } = await computeMonth(MONTH, [ids.jo]);
    const expected = computePayMinor({ ...base, proration: { paidDays: 11, periodDays: 21, basis: 'working', lines: [{ code: 'proration', legalName: 'x', days: 10 }] } });
    expect(lines[ids.jo].netMinor).toBe(expected.totalMonthlySalary);
    expect(lines[ids.jo].netMinor).toBe(22_550_000);
    expect((await slipOf(lines[ids.jo]._id)).breakdown.periodDeductions[0].legalName).toBe('Joined 16 Nov 2026: paid 11 of 21 working days');
    await ok(owner, 'PUT', '/api/v1/payroll/pay-rules', { prorationBasis: 'calendar' });
  });

  it('takes suspension without pay and approved unpaid leave off the month, each its own line', async () => {
    await ok(owner, 'PUT', '/api/v1/attendance/send-suspension-details', { employeeId: ids.sam, suspensionDetails: { reason: 'Investigation', from: '2026-11-02', to: '2026-11-06' } });
    const type = (await ok(owner, 'POST', '/api/v1/leave/types', { name: 'Unpaid', yearlyEntitlement: 30, isPaid: false }, 201)).data;
    expect(type.isPaid).toBe(false);
    const request = (await ok(owner, 'POST', `/api/v1/employee/leave/${ids.uma}`, { type: 'Unpaid', startDate: '2026-11-09', endDate: '2026-11-13', reason: 'Family' }, 201)).data;
    await ok(owner, 'PUT', `/api/v1/leave/requests/${request._id}/decision`, { decision: 'approved' });
    const { lines } = await computeMonth(MONTH, [ids.sam, ids.uma, ids.ava]);
    const quarter = (code: 'suspension' | 'unpaid-leave') => computePayMinor({ ...base, proration: { paidDays: 25, periodDays: 30, lines: [{ code, legalName: 'x', days: 5 }] } }).totalMonthlySalary;
    expect(lines[ids.sam].netMinor).toBe(quarter('suspension'));
    expect(lines[ids.uma].netMinor).toBe(quarter('unpaid-leave'));
    expect(lines[ids.ava].netMinor).toBe(43_050_000); // nothing happened to Ava
    const sam = await slipOf(lines[ids.sam]._id);
    expect(sam.breakdown.periodDeductions).toEqual([{ code: 'suspension', legalName: 'Suspension without pay: 5 of 30 days', amount: 8_333_333 }]);
    const uma = await slipOf(lines[ids.uma]._id);
    expect(uma.breakdown.periodDeductions).toEqual([{ code: 'unpaid-leave', legalName: 'Unpaid leave: 5 of 30 days', amount: 8_333_333 }]);
    expectAddsUp(lines[ids.sam], sam.breakdown);
    expectAddsUp(lines[ids.uma], uma.breakdown);
  });

  it('takes absences off only when the business says they are unpaid', async () => {
    await ok(owner, 'GET', `/api/v1/employee/mark/2026-11-03/${ids.ava}/absent`);
    let { lines } = await computeMonth(MONTH, [ids.ava]);
    expect(lines[ids.ava].netMinor).toBe(43_050_000);
    await ok(owner, 'PUT', '/api/v1/payroll/pay-rules', { unpaidAbsences: true });
    ({ lines } = await computeMonth(MONTH, [ids.ava]));
    expect((await slipOf(lines[ids.ava]._id)).breakdown.periodDeductions).toEqual([{ code: 'absence', legalName: 'Unpaid absence: 1 of 30 days', amount: 1_666_667 }]);
    await ok(owner, 'PUT', '/api/v1/payroll/pay-rules', { unpaidAbsences: false });
  });

  it('records an exit and settles the leaver on the last run: pay to the last day, unused leave, the loan up to the pay left', async () => {
    const badDay = await call(owner, 'POST', `/api/v1/employee/exit/${ids.lee}`, { lastDay: '2024-12-31', reason: 'resignation' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toMatch(/^lastDay: is before Lee Eze joined on 2025-01-01/);
    expect((await call(owner, 'POST', `/api/v1/employee/exit/${ids.lee}`, { lastDay: '2026-11-15', reason: 'bored' })).status).toBe(400);
    expect((await call(other, 'POST', `/api/v1/employee/exit/${ids.lee}`, { lastDay: '2026-11-15', reason: 'resignation' })).status).toBe(404);
    const exited = await ok(owner, 'POST', `/api/v1/employee/exit/${ids.lee}`, { lastDay: '2026-11-15', reason: 'resignation', note: 'Moving abroad' });
    expect(exited).toMatchObject({ message: MONTH_EVENTS_MSG.exitRecorded, data: { exitDate: '2026-11-15', exitReason: 'resignation', exitNote: 'Moving abroad' } });
    await ok(owner, 'PUT', '/api/v1/payroll/pay-rules', { paysOutLeave: true });
    await ok(owner, 'POST', '/api/v1/employee/add-loan', { employeeId: ids.lee, loanDetail: { principal: '1000000', monthlyRepayment: '50000', startMonth: '2026-10' } }, 201);

    const { lines } = await computeMonth(MONTH, [ids.lee]);
    const line = lines[ids.lee];
    const slip = await slipOf(line._id);
    // Annual leave: 5 days carried from 2025 + 18 earned by November (20 a year, monthly, in half days) = 23 unused.
    const payout = computePayMinor({ ...base, leavePayoutDays: 23, proration: { paidDays: 15, periodDays: 30, lines: [{ code: 'proration', legalName: 'x', days: 15 }] } });
    expect(slip.breakdown.periodEarnings).toEqual([{ code: 'leave-payout', legalName: 'Unused leave paid out: 23 days at annual gross ÷ 260', amount: 53_076_923 }]);
    expect(slip.breakdown.periodDeductions[0]).toEqual({ code: 'proration', legalName: 'Left 15 Nov 2026: paid 15 of 30 days', amount: 25_000_000 });
    // Everything left after tax goes to the loan (1,000,000): net 0, the rest of the loan outstanding.
    expect(line.loanRepaymentMinor).toBe(payout.totalMonthlySalary);
    expect(line.netMinor).toBe(0);
    expect(slip.breakdown.settlement).toEqual({ lastDay: '2026-11-15', reason: 'resignation', leavePayoutDays: 23, outstandingLoansMinor: 100_000_000 - payout.totalMonthlySalary, outstandingIouMinor: 0 });
    expectAddsUp(line, slip.breakdown);
    await ok(owner, 'PUT', '/api/v1/payroll/pay-rules', { paysOutLeave: false });
  });

  it('leaves a leaver off later runs and shows them as left on the staff list, history kept', async () => {
    const december = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month: '2026-12' })).data;
    expect(december.members).toBe(4);
    const left = await ok(owner, 'GET', `/api/v1/employee/employees/${owner.user.email}?status=left`);
    expect(left.data.map((e: { _id: string }) => e._id)).toEqual([ids.lee]);
    const current = await ok(owner, 'GET', `/api/v1/employee/employees/${owner.user.email}?status=current`);
    expect(current.data.map((e: { _id: string }) => e._id)).not.toContain(ids.lee);
    expect((await ok(owner, 'GET', `/api/v1/employee/detail/${ids.lee}`)).data.exitDate).toBe('2026-11-15');
  });

  it('marks the draft run changed when an exit is withdrawn, so it is computed again', async () => {
    const before = (await ok(owner, 'GET', `/api/v1/payroll/run/${MONTH}`)).data;
    expect(before.isStale).toBe(false);
    const back = await ok(owner, 'DELETE', `/api/v1/employee/exit/${ids.lee}`);
    expect(back).toMatchObject({ message: MONTH_EVENTS_MSG.exitWithdrawn, data: { exitDate: null, exitReason: null } });
    expect((await ok(owner, 'GET', `/api/v1/payroll/run/${MONTH}`)).data.isStale).toBe(true);
    expect((await call(owner, 'DELETE', `/api/v1/employee/exit/${ids.lee}`)).status).toBe(409);
  });
});
