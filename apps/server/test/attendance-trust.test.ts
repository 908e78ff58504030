import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registerBusiness, type TSession, type TTestApp, portalSignIn } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, shiftDay, timeApi } from './helpers/time.ts';

const LAGOS = 'Africa/Lagos';
const HEAD_OFFICE = { latitude: 6.4541, longitude: 3.3947 };
/** About 1.2 km north of the head office: outside its 200 m geofence. */
const FAR = { latitude: 6.4649, longitude: 3.3947 };

/** The latest Monday–Friday before `day` that is not a fixed public holiday. */
const lastWorkingDayBefore = (day: string) => {
  let d = shiftDay(day, -1);
  for (;;) {
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6 && !/-(12-25|12-26|01-01|05-01|06-12|10-01)$/.test(d)) return d;
    d = shiftDay(d, -1);
  }
};

describe('attendance HR can trust (issue 33)', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof timeApi>;
  let people: ReturnType<typeof peopleApi>;
  const today = () => dayIn(LAGOS);
  const hire = async (first: string, fields: Record<string, unknown> = {}) =>
    people.employee({ firstName: first, lastName: 'Eze', email: `${first.toLowerCase()}-${Math.random().toString(36).slice(2, 6)}@example.com`, startDate: '2025-01-06', ...fields });
  const auditRows = async (action: string, entityId: string) =>
    ((await t.deps.db.execute(sql`SELECT before, after FROM audit_log WHERE action = ${action} AND entity_id = ${entityId} ORDER BY created_at`)) as unknown as { rows: Array<{ before: any; after: any }> }).rows;
  const correct = (employeeId: string, date: string, body: object) => api.put(`/api/v1/attendance/marks/${employeeId}/${date}`, body);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Onitsha Haulage', email: 'owner@onitsha-haulage.ng' });
    api = timeApi(t.app, owner.token);
    people = peopleApi(t.app, owner);
  });
  afterAll(async () => t?.close());

  it('HR corrects yesterday\'s absent mark with a reason: audited before/after, and the grid shows who corrected it and why', async () => {
    const e = await hire('Chidi');
    const yesterday = shiftDay(today(), -1);
    expect((await api.mark(yesterday, e._id, 'absent')).statusCode).toBe(200);
    const res = await correct(e._id, yesterday, { label: 'present', reason: 'Was at the client site all day; the supervisor confirmed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ employeeId: e._id, date: yesterday, label: 'present', source: 'correction', changed: true,
      note: { reason: 'Was at the client site all day; the supervisor confirmed', by: 'Owner Person', before: 'absent', kind: 'correction' } });
    const audits = await auditRows('attendance.corrected', e._id);
    expect(audits).toHaveLength(1);
    expect(audits[0].before).toMatchObject({ date: yesterday, label: 'absent' });
    expect(audits[0].after).toMatchObject({ date: yesterday, label: 'present', reason: 'Was at the client site all day; the supervisor confirmed' });

    const grid = (await api.get(`/api/v1/attendance/month/${yesterday.slice(0, 7)}`)).json().data;
    const row = grid.rows.find((r: { employee: { _id: string } }) => r.employee._id === e._id);
    expect(row.labels[Number(yesterday.slice(8)) - 1]).toBe('present');
    expect(grid.notes).toContainEqual(expect.objectContaining({ employeeId: e._id, date: yesterday, by: 'Owner Person', before: 'absent' }));
    // The register opens on a chosen past day and shows the same note.
    const register = (await api.get(`/api/v1/employee/all-attendance/${owner.user.email}/0?to=${yesterday}`)).json().data;
    expect(register).toMatchObject({ from: yesterday, to: yesterday });
    expect(register.marks).toContainEqual({ employeeId: e._id, date: yesterday, label: 'present', source: 'correction' });
    expect(register.notes).toContainEqual(expect.objectContaining({ employeeId: e._id, reason: 'Was at the client site all day; the supervisor confirmed' }));
  });

  it('refuses a correction without a reason, naming the field, and a future day on the mark and the register', async () => {
    const e = await hire('Ngozi');
    const yesterday = shiftDay(today(), -1);
    const noReason = await correct(e._id, yesterday, { label: 'present' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason/);
    const blank = await correct(e._id, yesterday, { label: 'present', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/reason: is required/);
    const tomorrow = shiftDay(today(), 1);
    const future = await correct(e._id, tomorrow, { label: 'present', reason: 'early' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/^date: .* is in the future/);
    const futureRegister = await api.get(`/api/v1/employee/all-attendance/${owner.user.email}/0?to=${tomorrow}`);
    expect(futureRegister.statusCode).toBe(400);
    expect(futureRegister.json().message).toMatch(/date: .* is in the future/);
    expect((await api.get(`/api/v1/attendance/getAttendance/${e._id}`)).json().data.marks).toEqual([]);
  });

  it('an employee\'s correction request from the portal is approved in the inbox: the mark is written, audited and shown as requested', async () => {
    const e = await hire('Obinna');
    const day = shiftDay(today(), -2);
    const portal = timeApi(t.app, (await portalSignIn(t.app, e.portalCode)).token);
    const missing = await portal.post('/api/v1/attendance/corrections', { employeeId: e._id, date: day, label: 'present' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/reason/);
    const asked = await portal.post('/api/v1/attendance/corrections', { employeeId: e._id, date: day, label: 'present', checkInTime: '08:40', reason: 'Forgot to check in; phone battery was flat' });
    expect(asked.statusCode).toBe(201);
    const correction = asked.json().data;
    expect(correction).toMatchObject({ employeeId: e._id, date: day, label: 'present', checkInTime: '08:40', status: 'pending' });
    expect((await portal.post('/api/v1/attendance/corrections', { employeeId: e._id, date: day, label: 'present', reason: 'again' })).statusCode).toBe(409);

    const inbox = (await api.get('/api/v1/approvals/inbox?kind=attendance-correction')).json().data;
    expect(inbox.rows).toContainEqual(expect.objectContaining({ kind: 'attendance-correction', subjectId: correction._id }));
    const detail = (await api.get(`/api/v1/approvals/inbox/attendance-correction/${correction._id}`)).json().data;
    expect(detail.subject).toMatchObject({ kind: 'attendance-correction', correction: { reason: 'Forgot to check in; phone battery was flat' } });
    const decided = await api.put(`/api/v1/approvals/inbox/attendance-correction/${correction._id}/decision`, { decision: 'approved', comment: 'Seen on the gate log' });
    expect(decided.statusCode).toBe(200);

    const mine = (await portal.get(`/api/v1/attendance/getAttendance/${e._id}`)).json().data;
    expect(mine.marks).toContainEqual({ employeeId: e._id, date: day, label: 'present', source: 'correction-request' });
    const list = (await portal.get(`/api/v1/attendance/corrections/${e._id}`)).json().data;
    expect(list[0]).toMatchObject({ _id: correction._id, status: 'approved', decidedBy: 'Owner Person' });
    expect(await auditRows('attendance.corrected', e._id)).toHaveLength(1);
    expect(await auditRows('attendance.correction-approved', correction._id)).toHaveLength(1);
    const notes = (await t.deps.db.execute(sql`SELECT message_key FROM notifications WHERE message_key = 'attendance.correctionApproved'`)) as unknown as { rows: unknown[] };
    expect(notes.rows.length).toBeGreaterThan(0);
    const grid = (await api.get(`/api/v1/attendance/month/${day.slice(0, 7)}`)).json().data;
    expect(grid.notes).toContainEqual(expect.objectContaining({ employeeId: e._id, date: day, kind: 'request', reason: 'Forgot to check in; phone battery was flat' }));
    // Today is not a correction (check in instead), and another employee's day is not the portal's to ask for.
    expect((await portal.post('/api/v1/attendance/corrections', { employeeId: e._id, date: today(), label: 'present', reason: 'x' })).statusCode).toBe(400);
    const other = await hire('Uche');
    expect((await portal.post('/api/v1/attendance/corrections', { employeeId: other._id, date: day, label: 'present', reason: 'x' })).statusCode).toBe(404);
  });

  it('a rejected correction request leaves the day as it was and tells the employee why', async () => {
    const e = await hire('Amaka');
    const day = shiftDay(today(), -3);
    await api.mark(day, e._id, 'absent');
    const portal = timeApi(t.app, (await portalSignIn(t.app, e.portalCode)).token);
    const correction = (await portal.post('/api/v1/attendance/corrections', { employeeId: e._id, date: day, label: 'late', reason: 'Came at ten' })).json().data;
    const res = await api.put(`/api/v1/approvals/inbox/attendance-correction/${correction._id}/decision`, { decision: 'rejected', comment: 'Not on the gate log' });
    expect(res.statusCode).toBe(200);
    expect((await portal.get(`/api/v1/attendance/getAttendance/${e._id}`)).json().data.marks).toContainEqual(expect.objectContaining({ date: day, label: 'absent' }));
    expect((await portal.get(`/api/v1/attendance/corrections/${e._id}`)).json().data[0]).toMatchObject({ status: 'rejected', decisionReason: 'Not on the gate log' });
  });

  it('an exempt employee, or everyone of an exempt designation, checks in outside the geofence; others are still refused', async () => {
    expect((await api.post('/api/v1/attendance/save-coordinates', { userId: owner.user._id, coordinates: HEAD_OFFICE, type: 'office', name: 'Depot' })).statusCode).toBe(201);
    const office = await hire('Ifeanyi');
    expect((await api.markIn({ employeeId: office._id, coordinates: FAR })).statusCode).toBe(409);

    const salesRep = await hire('Kelechi');
    const exempt = await api.post('/api/v1/attendance/geofence-exemptions', { employeeId: salesRep._id, reason: 'Visits clients' });
    expect(exempt.statusCode).toBe(201);
    expect(exempt.json().data).toMatchObject({ employeeId: salesRep._id, employeeName: 'Kelechi Eze', designationId: null });
    expect((await api.post('/api/v1/attendance/geofence-exemptions', { employeeId: salesRep._id })).statusCode).toBe(409);
    const ok = await api.markIn({ employeeId: salesRep._id, coordinates: FAR });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ checkInLocation: { ...FAR }, checkInSite: null });

    const driver = await people.designation('Driver');
    const onTheRoad = await hire('Emeka', { designationId: driver._id });
    expect((await api.markIn({ employeeId: onTheRoad._id, coordinates: FAR })).statusCode).toBe(409);
    const byDesignation = await api.post('/api/v1/attendance/geofence-exemptions', { designationId: driver._id, reason: 'Drivers on the road' });
    expect(byDesignation.statusCode).toBe(201);
    expect(byDesignation.json().data).toMatchObject({ designationName: 'Driver' });
    const portal = timeApi(t.app, (await portalSignIn(t.app, onTheRoad.portalCode)).token);
    expect((await portal.markIn({ employeeId: onTheRoad._id, coordinates: FAR })).statusCode).toBe(201);
    const both = (await api.get('/api/v1/attendance/geofence-exemptions')).json().data;
    expect(both).toHaveLength(2);
    expect((await api.post('/api/v1/attendance/geofence-exemptions', { reason: 'nobody' })).json().message).toMatch(/employeeId: give either/);
    // Removing the exemption holds the employee to the geofence again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/attendance/geofence-exemptions/${exempt.json().data._id}`, headers: api.h })).statusCode).toBe(200);
    expect((await api.get('/api/v1/attendance/geofence-exemptions')).json().data).toHaveLength(1);
  });

  it('a Leave mark by HR books a day of annual leave (the balance goes down); changing it back gives the day back', async () => {
    const e = await hire('Ebuka');
    const day = lastWorkingDayBefore(today());
    const year = Number(day.slice(0, 4));
    const annual = async () => (await api.get(`/api/v1/leave/employee/${e._id}`)).json().data.balances.find((b: { type: string }) => b.type === 'annual');
    const before = await annual();
    const marked = await api.mark(day, e._id, 'leave');
    expect(marked.statusCode).toBe(200);
    const after = await annual();
    expect(after.taken).toBe(before.taken + (before.year === year ? 1 : 0));
    const requests = (await api.get(`/api/v1/leave/employee/${e._id}`)).json().data.requests;
    expect(requests).toContainEqual(expect.objectContaining({ startDate: day, endDate: day, days: 1, status: 'approved', type: 'annual' }));
    // Corrected to present with a reason: the day is given back.
    expect((await correct(e._id, day, { label: 'present', reason: 'Came in after all' })).statusCode).toBe(200);
    expect((await annual()).taken).toBe(before.taken);
    // A correction to leave of another type books that type; a day already on approved leave is linked, not taken twice.
    const sick = await correct(e._id, day, { label: 'leave', leaveType: 'sick', reason: 'Doctor\'s note arrived' });
    expect(sick.statusCode).toBe(200);
    expect(sick.json().data.leaveId).toBeTruthy();
    const sickBalance = (await api.get(`/api/v1/leave/employee/${e._id}`)).json().data.balances.find((b: { type: string }) => b.type === 'sick');
    if (sickBalance.year === year) expect(sickBalance.taken).toBe(1);
    const unknown = await correct(e._id, shiftDay(day, -7), { label: 'leave', leaveType: 'sabbatical', reason: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^leaveType: must be one of/);
  });

  it('the register and grid show suspensions', async () => {
    const e = await hire('Ikenna');
    const from = shiftDay(today(), -4);
    const to = shiftDay(today(), -2);
    expect((await api.put('/api/v1/attendance/send-suspension-details', { employeeId: e._id, suspensionDetails: { reason: 'Investigation', from, to } })).statusCode).toBe(200);
    const register = (await api.get(`/api/v1/employee/all-attendance/${owner.user.email}/0?to=${shiftDay(today(), -3)}`)).json().data;
    expect(register.suspensions).toContainEqual(expect.objectContaining({ employeeId: e._id, from, to }));
    const grid = (await api.get(`/api/v1/attendance/month/${today().slice(0, 7)}`)).json().data;
    expect(grid.suspensions).toContainEqual(expect.objectContaining({ employeeId: e._id, from, to }));
  });
});
