import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_MSG } from '@bizdesk/contract';
import { createTestApp, portalSignIn, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, timeApi } from './helpers/time.ts';

const LAGOS = 'Africa/Lagos';
const HOUR = 3_600_000;

/** Issue 29, item 7: what a late (queued offline) check-in may change. docs/decisions.md, "Late check-ins". */
describe('late check-ins', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof timeApi>;
  let people: ReturnType<typeof peopleApi>;
  const hire = async (first: string) => people.employee({ firstName: first, lastName: 'Eze', email: `${first.toLowerCase()}@late.ng`, startDate: '2025-01-06' });
  // A portal session now needs its PIN (h1): signed in as the portal does.
  const portalOf = async (employee: Record<string, any>) => timeApi(t.app, (await portalSignIn(t.app, employee.portalCode)).token);
  const markOf = async (employeeId: string, date: string) =>
    (await api.get(`/api/v1/attendance/getAttendance/${employeeId}`)).json().data.marks.find((m: { date: string }) => m.date === date) as { label: string; source: string } | undefined;
  const notices = async (actionType: string) =>
    (await api.get(`/api/v1/notification/fetch/${owner.user.email}`)).json().data.filter((n: { actionType: string }) => n.actionType === actionType);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Late Sync Ltd', email: 'owner@late.ng' });
    api = timeApi(t.app, owner.token);
    people = peopleApi(t.app, owner);
  });
  afterAll(async () => t?.close());

  it('does not turn an Absent day into Present with a check-in synced 16 hours late: it waits for HR, who is told', async () => {
    const e = await hire('Chidi');
    const portal = await portalOf(e);
    const made = new Date(Date.now() - 16 * HOUR);
    const day = dayIn(LAGOS, made);
    expect((await api.mark(day, e._id, 'absent')).statusCode).toBe(200);
    const res = await portal.markIn({ employeeId: e._id, checkInTime: made.toISOString(), queued: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(TIME_MSG.checkInNeedsReview);
    expect(res.json().data).toMatchObject({ date: day, checkInSyncedLate: true, checkInReview: 'pending' });
    expect((await markOf(e._id, day))?.label).toBe('absent');
    const told = await notices('Check-in to review');
    expect(told).toHaveLength(1);
    // Issue 30: the notice opens the late check-ins to review.
    expect(told[0].link).toEqual({ screen: 'checkins', id: e._id });

    // HR accepts it: now the day is marked from the check-in, as HR decided.
    const accepted = await api.put(`/api/v1/attendance/checkins/${res.json().data._id}/review`, { decision: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.checkInReview).toBe('accepted');
    expect(['present', 'late']).toContain((await markOf(e._id, day))?.label);
    // Decided once.
    expect((await api.put(`/api/v1/attendance/checkins/${res.json().data._id}/review`, { decision: 'rejected' })).statusCode).toBe(409);
  });

  it('leaves the day unmarked by a late check-in HR rejects', async () => {
    const e = await hire('Ngozi');
    const portal = await portalOf(e);
    const made = new Date(Date.now() - 12 * HOUR);
    const res = await portal.markIn({ employeeId: e._id, checkInTime: made.toISOString(), queued: true });
    expect(res.json().data.checkInReview).toBe('pending');
    expect(await markOf(e._id, dayIn(LAGOS, made))).toBeUndefined();
    const rejected = await api.put(`/api/v1/attendance/checkins/${res.json().data._id}/review`, { decision: 'rejected' });
    expect(rejected.json().data.checkInReview).toBe('rejected');
    expect(await markOf(e._id, dayIn(LAGOS, made))).toBeUndefined();
    // The portal may not review its own check-in.
    expect((await portal.put(`/api/v1/attendance/checkins/${res.json().data._id}/review`, { decision: 'accepted' })).statusCode).toBe(403);
  });

  it('never lets a check-in synced late replace a mark HR made, even within the limit', async () => {
    const e = await hire('Emeka');
    const portal = await portalOf(e);
    const made = new Date(Date.now() - 7 * 60_000);
    const day = dayIn(LAGOS, made);
    expect((await api.mark(day, e._id, 'absent')).statusCode).toBe(200);
    const res = await portal.markIn({ employeeId: e._id, checkInTime: made.toISOString(), queued: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.checkInSyncedLate).toBe(true);
    expect((await markOf(e._id, day))).toMatchObject({ label: 'absent', source: 'manual' });
  });

  it('still marks the day from a check-in synced a little late when nobody marked it', async () => {
    const e = await hire('Amaka');
    const portal = await portalOf(e);
    const made = new Date(Date.now() - 7 * 60_000);
    const res = await portal.markIn({ employeeId: e._id, checkInTime: made.toISOString(), queued: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.checkInReview).toBeNull();
    expect(['present', 'late']).toContain((await markOf(e._id, dayIn(LAGOS, made)))?.label);
  });
  it('lists the check-ins waiting for HR, oldest first, only of the caller\'s business and only while pending', async () => {
    const pending = async (a = api) => (await a.get('/api/v1/attendance/checkins/pending-review'));
    const e1 = await hire('Obinna');
    const e2 = await hire('Funke');
    const made1 = new Date(Date.now() - 20 * HOUR);
    const made2 = new Date(Date.now() - 10 * HOUR);
    const first = (await (await portalOf(e1)).markIn({ employeeId: e1._id, checkInTime: made1.toISOString(), queued: true })).json().data;
    const second = (await (await portalOf(e2)).markIn({ employeeId: e2._id, checkInTime: made2.toISOString(), queued: true })).json().data;
    const res = await pending();
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((c: { _id: string }) => c._id);
    expect(ids.indexOf(first._id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
    const row = res.json().data.find((c: { _id: string }) => c._id === first._id);
    expect(row).toMatchObject({ employeeId: e1._id, employeeName: 'Obinna Eze', date: dayIn(LAGOS, made1), checkInTime: made1.toISOString(), checkInReview: 'pending' });
    expect(Date.parse(row.checkInReceivedAt)).toBeGreaterThan(made1.getTime());
    expect(res.json().data.every((c: { checkInReview: string }) => c.checkInReview === 'pending')).toBe(true);

    // Decided: it leaves the list.
    await api.put(`/api/v1/attendance/checkins/${first._id}/review`, { decision: 'rejected' });
    expect((await pending()).json().data.map((c: { _id: string }) => c._id)).not.toContain(first._id);

    // Another business sees none of them.
    const other = await registerBusiness(t.app, { businessName: 'Other Sync Ltd', email: 'owner@other-sync.ng' });
    const theirs = await pending(timeApi(t.app, other.token));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual([]);
  });
});
