import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerBusiness, type TSession, type TTestApp, portalSignIn } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, registerIn, timeApi } from './helpers/time.ts';
import { accrued, balanceOf, carriedInto, workingDays, type TLeaveRule } from '../src/features/leave/leave-days.ts';

const annual: TLeaveRule = { id: 'a', name: 'annual', yearlyEntitlement: 20, accruesMonthly: true, carryForwardCap: 5 };
const sick: TLeaveRule = { id: 's', name: 'sick', yearlyEntitlement: 10, accruesMonthly: false, carryForwardCap: 0 };

describe('leave arithmetic', () => {
  it('counts working days without weekends and holidays', () => {
    // Fri 2027-01-01 (holiday) to Tue 2027-01-05: Mon 4 and Tue 5.
    expect(workingDays('2027-01-01', '2027-01-05', new Set(['2027-01-01']))).toEqual(['2027-01-04', '2027-01-05']);
    expect(workingDays('2027-01-02', '2027-01-03', new Set())).toEqual([]);
  });

  it('accrues a twelfth a month, in half days, from the month the employee joined', () => {
    expect([1, 2, 3, 6, 11, 12].map((m) => accrued(annual, '2020-01-06', 2026, m))).toEqual([1.5, 3, 5, 10, 18, 20]);
    // Joined in April 2026: April is the first month earned.
    expect([3, 4, 5, 12].map((m) => accrued(annual, '2026-04-15', 2026, m))).toEqual([0, 1.5, 3, 15]);
    expect(accrued(sick, '2026-04-15', 2026, 4)).toBe(10);
    expect(accrued(sick, '2026-04-15', 2025, 12)).toBe(0);
  });

  it('carries unused days forward up to the cap and takes what was used', () => {
    const usage = new Map([[2024, { taken: 18, pending: 0 }], [2025, { taken: 4, pending: 0 }], [2026, { taken: 3, pending: 2 }]]);
    // 2024: 20 − 18 = 2 carried; 2025: 2 + 20 − 4 = 18, capped at 5.
    expect(carriedInto(annual, '2024-01-08', 2025, usage)).toBe(2);
    expect(carriedInto(annual, '2024-01-08', 2026, usage)).toBe(5);
    expect(balanceOf(annual, '2024-01-08', 2026, 3, usage)).toMatchObject({ carriedForward: 5, accrued: 5, taken: 3, pending: 2, available: 5 });
    expect(carriedInto(sick, '2024-01-08', 2026, new Map())).toBe(0);
  });
});

describe('leave requests', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof timeApi>;
  let people: ReturnType<typeof peopleApi>;
  const year = Number(dayIn('Africa/Lagos').slice(0, 4)) + 1;
  const request = (employeeId: string, body: object, a = api) => a.post(`/api/v1/employee/leave/${employeeId}`, body);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Ibadan Prints', email: 'owner@ibadan.ng' });
    api = timeApi(t.app, owner.token);
    people = peopleApi(t.app, owner);
  });
  afterAll(async () => t?.close());

  it('starts a business with the default leave types and its country\'s fixed public holidays', async () => {
    const types = (await api.get('/api/v1/leave/types')).json().data;
    expect(types.map((x: { name: string; yearlyEntitlement: number }) => [x.name, x.yearlyEntitlement])).toEqual([['annual', 20], ['sick', 10], ['maternity', 84], ['compassionate', 5], ['paternity', 10]]);
    const ng = (await api.get(`/api/v1/leave/holidays?year=${year}`)).json().data;
    expect(ng.map((h: { date: string }) => h.date)).toEqual(expect.arrayContaining([`${year}-06-12`, `${year}-10-01`, `${year}-12-25`]));
    // Next year was seen first; this year is still seeded, once.
    const thisYear = (await api.get(`/api/v1/leave/holidays?year=${year - 1}`)).json().data.map((h: { date: string }) => h.date);
    expect(thisYear).toEqual(expect.arrayContaining([`${year - 1}-06-12`, `${year - 1}-12-26`]));
    const first = (await api.get(`/api/v1/leave/holidays?year=${year - 1}`)).json().data[0];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/leave/holidays/${first._id}`, headers: api.h })).statusCode).toBe(200);
    expect((await api.get(`/api/v1/leave/holidays?year=${year - 1}`)).json().data.map((h: { _id: string }) => h._id)).not.toContain(first._id);
    const gh = await registerIn(t.app, { timeZone: 'Africa/Accra', country: 'GH', name: 'Kumasi Kente' });
    const ghHolidays = (await timeApi(t.app, gh.token).get('/api/v1/leave/holidays')).json().data;
    expect(ghHolidays.map((h: { date: string; name: string }) => h.name)).toContain('Independence Day');
    expect(ghHolidays.map((h: { date: string }) => h.date.slice(5))).toEqual(expect.arrayContaining(['03-06', '07-01', '09-21']));
  });

  it('counts working days, refuses a request above the balance or overlapping another, with the numbers', async () => {
    const e = await people.employee({ firstName: 'Tunde', email: 'tunde@ibadan.ng', startDate: '2025-01-06' });
    // Mon 1 March .. Fri 5 March of next year (no fixed holiday in NG): 5 working days; 3 days earned by February.
    const ok = await request(e._id, { type: 'compassionate', startDate: `${year}-03-01`, endDate: `${year}-03-07`, reason: 'Family funeral' });
    expect(ok.statusCode).toBe(201);
    const days = workingDays(`${year}-03-01`, `${year}-03-07`, new Set()).length;
    expect(ok.json().data).toMatchObject({ status: 'pending', type: 'compassionate', days, employeeName: 'Tunde Person', requestedBy: 'hr' });
    const overlap = await request(e._id, { type: 'annual', startDate: `${year}-03-05`, endDate: `${year}-03-05`, reason: 'Errand' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(`These dates overlap Tunde Person's pending leave from ${year}-03-01 to ${year}-03-07`);
    const tooMany = await request(e._id, { type: 'sick', startDate: `${year}-05-03`, endDate: `${year}-05-21`, reason: 'Surgery' });
    expect(tooMany.statusCode).toBe(409);
    const holidays = new Set((await api.get(`/api/v1/leave/holidays?year=${year}`)).json().data.map((h: { date: string }) => h.date) as string[]);
    const need = workingDays(`${year}-05-03`, `${year}-05-21`, holidays).length;
    expect(tooMany.json().message).toBe(`This request needs ${need} working days of sick leave but only 10 are available in ${year} (earned 10, carried forward 0, taken 0, pending 0)`);
    const weekend = await request(e._id, { type: 'annual', startDate: '2027-01-02', endDate: '2027-01-03', reason: 'x' });
    expect(weekend.statusCode).toBe(400);
    expect((await request(e._id, { type: 'sabbatical', startDate: `${year}-06-01`, endDate: `${year}-06-01`, reason: 'x' })).json().message).toMatch(/^type: must be one of: annual, sick/);
    expect((await request(e._id, { type: 'annual', startDate: `${year}-06-02`, endDate: `${year}-06-01`, reason: 'x' })).statusCode).toBe(400);
  });

  it('approves (days show as leave on the register and in the balance) or declines with a reason, once', async () => {
    const e = await people.employee({ firstName: 'Uche', email: 'uche@ibadan.ng', startDate: '2025-01-06' });
    const portal = timeApi(t.app, (await portalSignIn(t.app, e.portalCode)).token);
    const mine = await request(e._id, { type: 'sick', startDate: `${year}-02-01`, endDate: `${year}-02-02`, reason: 'Malaria' }, portal);
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data.requestedBy).toBe('employee');
    const other = await people.employee({ firstName: 'Vera', email: 'vera@ibadan.ng' });
    expect((await request(other._id, { type: 'sick', startDate: `${year}-02-01`, endDate: `${year}-02-01`, reason: 'x' }, portal)).statusCode).toBe(404);
    const id = mine.json().data._id;
    const noReason = await api.put(`/api/v1/leave/requests/${id}/decision`, { decision: 'declined' });
    expect(noReason.statusCode).toBe(400);
    const approved = await api.put(`/api/v1/leave/requests/${id}/decision`, { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    expect((await api.put(`/api/v1/leave/requests/${id}/decision`, { decision: 'declined', reason: 'Changed mind' })).statusCode).toBe(409);
    const own = (await portal.get(`/api/v1/leave/employee/${e._id}`)).json().data;
    expect(own.requests[0]).toMatchObject({ _id: id, status: 'approved' });
    expect((await portal.get(`/api/v1/leave/employee/${other._id}`)).statusCode).toBe(404);
    const schedule = (await api.get(`/api/v1/leave/schedule/${year}-02`)).json().data;
    expect(schedule.leave.map((l: { _id: string }) => l._id)).toContain(id);
    const grid = (await api.get(`/api/v1/attendance/month/${year}-02`)).json().data;
    const row = grid.rows.find((r: { employee: { _id: string } }) => r.employee._id === e._id);
    expect(row.labels.slice(0, 2)).toEqual(['leave', 'leave']);
    const notes = (await api.get(`/api/v1/notification/fetch/${owner.user.email}`)).json().data.map((n: { actionType: string }) => n.actionType);
    expect(notes).toEqual(expect.arrayContaining(['Leave request', 'Leave approved']));

    const second = await request(e._id, { type: 'annual', startDate: `${year}-02-08`, endDate: `${year}-02-08`, reason: 'Errand' });
    const declined = await api.put(`/api/v1/leave/requests/${second.json().data._id}/decision`, { decision: 'declined', reason: 'Stock-taking week' });
    expect(declined.json().data).toMatchObject({ status: 'declined', decisionReason: 'Stock-taking week' });
    const pending = (await api.get('/api/v1/leave/requests?status=pending')).json();
    expect(pending.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    // Issue 30: a notification opens its request: the list narrowed to that one, whatever its status.
    const one = (await api.get(`/api/v1/leave/requests?id=${second.json().data._id}`)).json();
    expect(one.totalRecords).toBe(1);
    expect(one.data[0]).toMatchObject({ _id: second.json().data._id, status: 'declined' });
  });

  it('keeps balances per type from the rules: approved days are taken, pending ones held', async () => {
    const e = await people.employee({ firstName: 'Wale', email: 'wale@ibadan.ng', startDate: '2025-01-06' });
    const r = await request(e._id, { type: 'compassionate', startDate: `${year}-04-05`, endDate: `${year}-04-06`, reason: 'Wedding' });
    let balance = (await api.get(`/api/v1/leave/employee/${e._id}`)).json().data.balances;
    expect(balance.find((b: { type: string }) => b.type === 'compassionate')).toMatchObject({ entitlement: 5, taken: 0, pending: 0 });
    // Balances shown are this year's; the request is next year's.
    const types = (await api.get('/api/v1/leave/types')).json().data;
    const compassionate = types.find((x: { name: string }) => x.name === 'compassionate');
    const changed = await api.put(`/api/v1/leave/types/${compassionate._id}`, { yearlyEntitlement: 3 });
    expect(changed.json().data.yearlyEntitlement).toBe(3);
    expect((await api.put(`/api/v1/leave/types/${compassionate._id}`, { name: 'annual' })).statusCode).toBe(409);
    const third = await request(e._id, { type: compassionate._id, startDate: `${year}-04-07`, endDate: `${year}-04-08`, reason: 'More' });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain('only 1 is available');
    await api.put(`/api/v1/leave/requests/${r.json().data._id}/decision`, { decision: 'approved' });
    balance = (await api.get('/api/v1/leave/balances?limit=100')).json().data;
    expect(balance.find((x: { employeeId: string }) => x.employeeId === e._id).balances).toHaveLength(5);
    // Annual leave accrues monthly: someone joining in January has 3 days earned by February, 5 by March.
    const joiner = await people.employee({ firstName: 'Yemi', email: 'yemi@ibadan.ng', startDate: `${year}-01-04` });
    const feb = workingDays(`${year}-02-08`, `${year}-02-28`, new Set()).slice(0, 4);
    const early = await request(joiner._id, { type: 'annual', startDate: feb[0], endDate: feb[3], reason: 'Trip' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`This request needs 4 working days of annual leave but only 3 are available in ${year} (earned 3, carried forward 0, taken 0, pending 0)`);
    const mar = workingDays(`${year}-03-15`, `${year}-03-31`, new Set()).slice(0, 4);
    expect((await request(joiner._id, { type: 'annual', startDate: mar[0], endDate: mar[3], reason: 'Trip' })).statusCode).toBe(201);
    const created = await api.post('/api/v1/leave/types', { name: 'Study', yearlyEntitlement: 6, accruesMonthly: true, carryForwardCap: 2 });
    expect(created.statusCode).toBe(201);
    expect((await api.post('/api/v1/leave/types', { name: 'study', yearlyEntitlement: 6 })).statusCode).toBe(409);
  });

  it('edits the holiday list, and a holiday is not a working day', async () => {
    const wednesday = workingDays(`${year}-07-01`, `${year}-07-31`, new Set()).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 3)!;
    const h = await api.post('/api/v1/leave/holidays', { date: wednesday, name: 'Company day' });
    expect(h.statusCode).toBe(201);
    expect((await api.post('/api/v1/leave/holidays', { date: wednesday, name: 'Again' })).statusCode).toBe(409);
    const e = await people.employee({ firstName: 'Xavier', email: 'xavier@ibadan.ng', startDate: '2025-01-06' });
    const only = await request(e._id, { type: 'sick', startDate: wednesday, endDate: wednesday, reason: 'x' });
    expect(only.statusCode).toBe(400);
    expect(only.json().message).toContain('has no working days');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/leave/holidays/${h.json().data._id}`, headers: api.h });
    expect(del.statusCode).toBe(200);
    expect((await request(e._id, { type: 'sick', startDate: wednesday, endDate: wednesday, reason: 'x' })).statusCode).toBe(201);
  });
});
