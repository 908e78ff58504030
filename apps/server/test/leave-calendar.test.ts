import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, timeApi } from './helpers/time.ts';
import { easterSunday, publicHolidaysOf } from '../src/features/leave/holidays.ts';
import { calendarBalance, countedDays } from '../src/features/leave/leave-balance.ts';
import { workingDays } from '../src/features/leave/leave-days.ts';

// Issue 33 item 2: leave that fits the calendar.

describe('holiday calendar and day counting', () => {
  it('computes Easter (Good Friday and Easter Monday) and ships the lunar holidays of 2026 and 2027', () => {
    expect([2024, 2025, 2026, 2027, 2028].map(easterSunday)).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2028-04-16']);
    const ng2027 = publicHolidaysOf('NG', 2027);
    expect(ng2027.filter((h) => h.code === 'good-friday' || h.code === 'easter-monday').map((h) => h.date)).toEqual(['2027-03-26', '2027-03-29']);
    for (const year of [2026, 2027]) {
      expect(publicHolidaysOf('NG', year).map((h) => h.code)).toEqual(expect.arrayContaining([
        'new-year', 'good-friday', 'easter-monday', 'workers-day', 'democracy-day', 'independence-day', 'christmas', 'boxing-day',
        'eid-al-fitr', 'eid-al-fitr-2', 'eid-al-adha', 'eid-al-adha-2', 'mawlid',
      ]));
      expect(publicHolidaysOf('GH', year).map((h) => h.code)).toEqual(expect.arrayContaining([
        'new-year', 'constitution-day', 'independence-day', 'eid-al-fitr', 'good-friday', 'easter-monday', 'may-day', 'eid-al-adha',
        'republic-day', 'founders-day', 'nkrumah-day', 'farmers-day', 'christmas', 'boxing-day',
      ]));
    }
    expect(publicHolidaysOf('GH', 2026).find((h) => h.code === 'farmers-day')?.date).toBe('2026-12-04');
  });

  it('counts a half day as 0.5', () => {
    expect(countedDays('2027-02-09', '2027-02-09', new Set(), { startHalf: 'first' })).toEqual([['2027-02-09', 0.5]]);
    // Tue afternoon to Thu morning: 0.5 + 1 + 0.5.
    expect(countedDays('2027-02-09', '2027-02-11', new Set(), { startHalf: 'second', endHalf: 'first' }).map(([, w]) => w)).toEqual([0.5, 1, 0.5]);
  });

  it('lets carried-forward days lapse after the expiry date unless taken by then', () => {
    const rule = { id: 'a', name: 'annual', yearlyEntitlement: 20, accruesMonthly: true, carryForwardCap: 5, carryForwardExpires: '03-31' };
    const feb: Array<[string, number]> = [['2026-02-10', 1], ['2026-02-11', 1]];
    expect(calendarBalance(rule, '2024-01-08', 2026, '2026-03-15', [], [])).toMatchObject({ carriedForward: 5, expired: 0 });
    expect(calendarBalance(rule, '2024-01-08', 2026, '2026-04-01', [], [])).toMatchObject({ carriedForward: 5, expired: 5, accrued: 6.5, available: 6.5 });
    expect(calendarBalance(rule, '2024-01-08', 2026, '2026-04-01', [{ status: 'approved', dayList: feb }], [])).toMatchObject({ expired: 3, taken: 2, available: 6.5 });
  });
});

describe('leave requests that fit the calendar', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof timeApi>;
  let people: ReturnType<typeof peopleApi>;
  const year = Number(dayIn('Africa/Lagos').slice(0, 4));
  const next = year + 1;
  const request = (employeeId: string, body: object) => api.post(`/api/v1/employee/leave/${employeeId}`, body);
  const approve = (id: string) => api.put(`/api/v1/leave/requests/${id}/decision`, { decision: 'approved' });
  const history = async (employeeId: string, y: number) => (await api.get(`/api/v1/leave/history/${employeeId}?year=${y}`)).json().data;
  const balance = async (employeeId: string, y: number, type: string) => (await history(employeeId, y)).balances.find((b: { type: string }) => b.type === type);
  const audits = async (action: string, entityId: string) =>
    Number(((await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND entity_id = ${entityId}`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Calabar Calendars', email: 'owner@calabar.ng' });
    api = timeApi(t.app, owner.token);
    people = peopleApi(t.app, owner);
  });
  afterAll(async () => t?.close());

  it('lists Easter 2027 (Good Friday 26 March, Easter Monday 29 March) and the Eid holidays among the business\'s holidays', async () => {
    const list = (await api.get('/api/v1/leave/holidays?year=2027')).json().data as Array<{ _id: string; date: string; code: string | null }>;
    expect(list.filter((h) => h.date >= '2027-03-26' && h.date <= '2027-03-29').map((h) => [h.date, h.code])).toEqual([['2027-03-26', 'good-friday'], ['2027-03-29', 'easter-monday']]);
    expect(list.map((h) => h.code)).toEqual(expect.arrayContaining(['eid-al-fitr', 'eid-al-adha', 'mawlid']));
    // A lunar holiday announced on another day: HR moves it.
    const mawlid = list.find((h) => h.code === 'mawlid')!;
    const moved = await api.put(`/api/v1/leave/holidays/${mawlid._id}`, { date: '2027-08-16' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ date: '2027-08-16', code: 'mawlid' });
  });

  it('counts a request across New Year against both years', async () => {
    const e = await people.employee({ firstName: 'Ada', email: 'ada@calabar.ng', startDate: '2024-01-08', gender: 'female' });
    const res = await request(e._id, { type: 'annual', startDate: `${year}-12-29`, endDate: `${next}-01-05`, reason: 'Home for New Year' });
    expect(res.statusCode).toBe(201);
    const holidays = new Set([`${year}-12-25`, `${year}-12-26`, `${next}-01-01`]);
    const inYear = workingDays(`${year}-12-29`, `${year}-12-31`, holidays).length;
    const inNext = workingDays(`${next}-01-01`, `${next}-01-05`, holidays).length;
    expect(res.json().data).toMatchObject({ days: inYear + inNext, daysByYear: { [year]: inYear, [next]: inNext } });
    expect((await approve(res.json().data._id)).statusCode).toBe(200);
    expect(await balance(e._id, year, 'annual')).toMatchObject({ taken: inYear });
    expect(await balance(e._id, next, 'annual')).toMatchObject({ taken: inNext });
  });

  it('counts a half day as 0.5 against the balance', async () => {
    const e = await people.employee({ firstName: 'Bisi', email: 'bisi@calabar.ng', startDate: '2024-01-08', gender: 'female' });
    const res = await request(e._id, { type: 'sick', startDate: `${next}-02-09`, endDate: `${next}-02-09`, startHalf: 'first', reason: 'Clinic in the afternoon' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ days: 0.5, startHalf: 'first' });
    expect(await balance(e._id, next, 'sick')).toMatchObject({ pending: 0.5, available: 9.5 });
  });

  it('sets an opening balance and adjusts a balance with a reason, audited and in the history', async () => {
    const e = await people.employee({ firstName: 'Chidi', email: 'chidi@calabar.ng', startDate: '2020-01-06', gender: 'male' });
    const types = (await api.get('/api/v1/leave/types')).json().data as Array<{ _id: string; name: string }>;
    const annual = types.find((x) => x.name === 'annual')!;
    const before = await balance(e._id, year, 'annual');
    const opening = await api.post('/api/v1/leave/adjustments', { employeeId: e._id, leaveTypeId: annual._id, year, kind: 'opening', days: 3, reason: 'Balance from the old spreadsheet' });
    expect(opening.statusCode).toBe(201);
    expect(opening.json().data.balance).toMatchObject({ opening: 3, carriedForward: 3, available: before.available - before.carriedForward + 3 });
    const noReason = await api.post('/api/v1/leave/adjustments', { employeeId: e._id, leaveTypeId: annual._id, year, kind: 'adjustment', days: 2, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/^reason: is required/);
    const res = await api.post('/api/v1/leave/adjustments', { employeeId: e._id, leaveTypeId: annual._id, year, kind: 'adjustment', days: 2, reason: 'Worked two public holidays' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.balance).toMatchObject({ adjustments: 2, available: before.available - before.carriedForward + 3 + 2 });
    expect(await audits('leave.adjusted', e._id)).toBe(1);
    expect(await audits('leave.opening-set', e._id)).toBe(1);
    const h = await history(e._id, year);
    expect(h.adjustments.map((a: { kind: string; days: number; reason: string; createdBy: string }) => [a.kind, a.days, a.reason, a.createdBy]))
      .toEqual([['opening', 3, 'Balance from the old spreadsheet', 'Owner Person'], ['adjustment', 2, 'Worked two public holidays', 'Owner Person']]);
  });

  it('refuses leave an employee is not eligible for, saying why', async () => {
    const man = await people.employee({ firstName: 'Emeka', email: 'emeka@calabar.ng', startDate: '2024-01-08', gender: 'male' });
    const woman = await people.employee({ firstName: 'Funmi', email: 'funmi@calabar.ng', startDate: '2024-01-08', gender: 'female' });
    const maternity = await request(man._id, { type: 'maternity', startDate: `${next}-03-01`, endDate: `${next}-03-05`, reason: 'probe' });
    expect(maternity.statusCode).toBe(400);
    expect(maternity.json().message).toBe("type: maternity leave is only for female employees; Emeka Person's record says male");
    const paternity = await request(woman._id, { type: 'paternity', startDate: `${next}-03-01`, endDate: `${next}-03-05`, reason: 'probe' });
    expect(paternity.json().message).toBe("type: paternity leave is only for male employees; Funmi Person's record says female");
    // The man's own list does not offer maternity leave.
    expect((await api.get(`/api/v1/leave/employee/${man._id}`)).json().data.balances.map((b: { type: string }) => b.type)).not.toContain('maternity');

    const study = (await api.post('/api/v1/leave/types', { name: 'study', yearlyEntitlement: 10, minServiceMonths: 12, oncePerYear: true })).json().data;
    expect(study).toMatchObject({ minServiceMonths: 12, oncePerYear: true });
    const newcomer = await people.employee({ firstName: 'Gbenga', email: 'gbenga@calabar.ng', startDate: `${year}-06-01`, gender: 'male' });
    const early = await request(newcomer._id, { type: 'study', startDate: `${next}-02-01`, endDate: `${next}-02-02`, reason: 'Exam' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(`type: study leave needs 12 months of service; Gbenga Person joined on ${year}-06-01 and can take it from ${next}-06-01`);
    expect((await request(woman._id, { type: 'study', startDate: `${next}-02-01`, endDate: `${next}-02-02`, reason: 'Exam' })).statusCode).toBe(201);
    const twice = await request(woman._id, { type: 'study', startDate: `${next}-04-05`, endDate: `${next}-04-05`, reason: 'Resit' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`type: study leave can be taken once a year; Funmi Person already has a study leave in ${next}`);
  });

  it('recounts approved leave when a holiday is added later, and tells the employee', async () => {
    const e = await people.employee({ firstName: 'Hauwa', email: 'hauwa@calabar.ng', startDate: '2024-01-08', gender: 'female' });
    // Mon 8 – Fri 12 February next year (no holiday): 5 working days.
    const from = `${next}-02-08`;
    const to = `${next}-02-12`;
    const five = workingDays(from, to, new Set()).length;
    const res = await request(e._id, { type: 'sick', startDate: from, endDate: to, reason: 'Operation' });
    expect(res.json().data.days).toBe(five);
    expect((await approve(res.json().data._id)).statusCode).toBe(200);
    const added = await api.post('/api/v1/leave/holidays', { date: `${next}-02-10`, name: 'State holiday' });
    expect(added.statusCode).toBe(201);
    const after = (await api.get(`/api/v1/leave/requests?id=${res.json().data._id}`)).json().data[0];
    expect(after.days).toBe(five - 1);
    expect(await balance(e._id, next, 'sick')).toMatchObject({ taken: five - 1, available: 10 - (five - 1) });
    expect(await audits('leave.recounted', res.json().data._id)).toBe(1);
    const mail = ((await t.deps.db.execute(sql`SELECT text FROM mail_outbox WHERE "to" = 'hauwa@calabar.ng'`)) as unknown as { rows: Array<{ text: string }> }).rows;
    expect(mail.at(-1)?.text).toContain(`now counts ${five - 1} working days (it counted ${five})`);
    // Removed again: the day counts again.
    await t.app.inject({ method: 'DELETE', url: `/api/v1/leave/holidays/${added.json().data._id}`, headers: api.h });
    expect((await api.get(`/api/v1/leave/requests?id=${res.json().data._id}`)).json().data[0].days).toBe(five);
  });

  it('hands the leave allowance to payroll once a year when annual leave is approved', async () => {
    const saved = await api.put('/api/v1/leave/settings', { allowancePercent: 10, allowanceTiming: 'with-leave' });
    expect(saved.json().data).toEqual({ allowancePercent: 10, allowanceTiming: 'with-leave', allowanceMonth: null });
    const e = await people.employee({ firstName: 'Ibrahim', email: 'ibrahim@calabar.ng', startDate: '2020-01-06', gender: 'male' });
    const first = await request(e._id, { type: 'annual', startDate: `${next}-01-11`, endDate: `${next}-01-12`, reason: 'Rest' });
    await approve(first.json().data._id);
    const second = await request(e._id, { type: 'annual', startDate: `${next}-01-18`, endDate: `${next}-01-18`, reason: 'Rest' });
    await approve(second.json().data._id);
    const items = ((await t.deps.db.execute(sql`SELECT name, percent_bp, base, from_month, to_month, is_taxable FROM recurring_pay_items WHERE employee_id = ${e._id} ORDER BY percent_bp DESC`)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    // 10% of the annual basic = 120% of the month's basic, as items of at most 100% each, in January only.
    expect(items).toEqual([
      { name: `Leave allowance ${next}`, percent_bp: 10000, base: 'basic', from_month: `${next}-01`, to_month: `${next}-01`, is_taxable: true },
      { name: `Leave allowance ${next}`, percent_bp: 2000, base: 'basic', from_month: `${next}-01`, to_month: `${next}-01`, is_taxable: true },
    ]);
  });
});
