import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registerBusiness, type TSession, type TTestApp, portalSignIn } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, registerIn, shiftDay, timeApi } from './helpers/time.ts';

const LAGOS = 'Africa/Lagos';
const HEAD_OFFICE = { latitude: 6.4541, longitude: 3.3947 };
/** About 100 m north of the head office, and about 1.2 km north. */
const NEAR = { latitude: 6.4550, longitude: 3.3947 };
const FAR = { latitude: 6.4649, longitude: 3.3947 };

describe('attendance', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof timeApi>;
  let people: ReturnType<typeof peopleApi>;
  const today = () => dayIn(LAGOS);
  const hire = async (first: string, startDate = '2025-01-06') =>
    people.employee({ firstName: first, lastName: 'Okafor', email: `${first.toLowerCase()}-${Math.random().toString(36).slice(2, 6)}@example.com`, startDate });
  const auditCount = async (action: string, entityId: string) =>
    Number(((await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND entity_id = ${entityId}`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  const portalOf = async (employee: Record<string, any>) => {
    return timeApi(t.app, (await portalSignIn(t.app, employee.portalCode)).token);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adire Textiles', email: 'owner@adire.ng' });
    api = timeApi(t.app, owner.token);
    people = peopleApi(t.app, owner);
  });
  afterAll(async () => t?.close());

  describe('daily register', () => {
    it('marks a day idempotently: the same label twice changes nothing, a new label replaces it and is audited', async () => {
      const e = await hire('Ada');
      const day = shiftDay(today(), -1);
      const first = await api.mark(day, e._id, 'present');
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.json().data).toMatchObject({ employeeId: e._id, date: day, label: 'present', changed: true });
      const again = await api.mark(day, e._id, 'present');
      expect(again.json().data.changed).toBe(false);
      expect(await auditCount('attendance.marked', e._id)).toBe(1);
      const replaced = await api.mark(day, e._id, 'absent');
      expect(replaced.json().data).toMatchObject({ label: 'absent', changed: true });
      expect(await auditCount('attendance.mark-changed', e._id)).toBe(1);
      const history = (await api.get(`/api/v1/attendance/getAttendance/${e._id}`)).json().data;
      expect(history.marks.filter((m: { date: string }) => m.date === day)).toEqual([{ employeeId: e._id, date: day, label: 'absent', source: 'manual' }]);
    });

    it('refuses a future date, a date before the employee joined and an unknown label, naming the field', async () => {
      const e = await hire('Bayo', '2026-01-05');
      const future = await api.mark(shiftDay(today(), 1), e._id, 'present');
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toMatch(/^date: .* is in the future/);
      const early = await api.mark('2025-12-31', e._id, 'present');
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toContain('before Bayo Okafor joined on 2026-01-05');
      const label = await api.mark(today(), e._id, 'holiday');
      expect(label.statusCode).toBe(400);
      expect(label.json().message).toMatch(/label/);
    });

    it('marks every active employee without a mark in one call, keeps existing marks, skips those not yet joined', async () => {
      const t2 = await createTestApp();
      try {
        const boss = await registerBusiness(t2.app, { businessName: 'Kano Grains' });
        const p = peopleApi(t2.app, boss);
        const a = timeApi(t2.app, boss.token);
        const day = shiftDay(dayIn(LAGOS), -2);
        const [e1, e2, e3] = await Promise.all(['Musa', 'Hauwa', 'Sani'].map((n) => p.employee({ firstName: n, email: `${n.toLowerCase()}@kano.ng`, startDate: '2025-01-06' })));
        await p.employee({ firstName: 'Late', email: 'late@kano.ng', startDate: dayIn(LAGOS) });
        expect((await a.mark(day, e3._id, 'sick')).statusCode).toBe(200);
        const all = await a.get(`/api/v1/employee/all/mark/${boss.user.email}/${day}/present`);
        expect(all.statusCode).toBe(200);
        expect(all.json().data).toEqual({ date: day, label: 'present', marked: 2, kept: 1 });
        expect((await a.get(`/api/v1/employee/all/mark/${boss.user.email}/${day}/present`)).json().data).toMatchObject({ marked: 0, kept: 3 });
        const register = (await a.get(`/api/v1/employee/all-attendance/${boss.user.email}/2`)).json().data;
        const onDay = register.marks.filter((m: { date: string }) => m.date === day).map((m: { employeeId: string; label: string }) => [m.employeeId, m.label]).sort();
        expect(onDay).toEqual([[e1._id, 'present'], [e2._id, 'present'], [e3._id, 'sick']].sort());
        expect(register.from).toBe(day);
        expect(register.employees).toHaveLength(4);
        expect((await a.get(`/api/v1/employee/all/mark/someone@else.example/${day}/present`)).statusCode).toBe(403);
      } finally {
        await t2.close();
      }
    });

    it("takes today and {date} in the business's time zone, whatever the server's", async () => {
      // UTC+14: most of the day its date is ahead of UTC's.
      const kiri = await registerIn(t.app, { timeZone: 'Pacific/Kiritimati', name: 'Line Islands Ltd' });
      const a = timeApi(t.app, kiri.token);
      const e = await peopleApi(t.app, kiri).employee({ firstName: 'Teuea', email: 'teuea@line.ki', startDate: '2025-01-06' });
      const localToday = dayIn('Pacific/Kiritimati');
      expect((await a.mark(localToday, e._id, 'present')).statusCode).toBe(200);
      expect((await a.mark(shiftDay(localToday, 1), e._id, 'present')).statusCode).toBe(400);
      // 23:30 on the 1st in Lagos is the 1st there, though it is already the 2nd in UTC+14 and 22:30 UTC on the 1st.
      const lastNight = new Date(Date.now() - 60 * 60 * 1000);
      const checkin = (await a.markIn({ employeeId: e._id, checkInTime: lastNight.toISOString() })).json().data;
      expect(checkin.date).toBe(dayIn('Pacific/Kiritimati', lastNight));
      const lagosEmployee = await hire('Chidi');
      const lagosCheckin = (await api.markIn({ employeeId: lagosEmployee._id, checkInTime: lastNight.toISOString() })).json().data;
      expect(lagosCheckin.date).toBe(dayIn(LAGOS, lastNight));
    });
  });

  describe('check-in and check-out', () => {
    it('marks late after the start time, refuses a second check-in and a check-out without check-in', async () => {
      const e = await hire('Dayo');
      expect((await api.put('/api/v1/attendance/settings', { workStartTime: '00:00' })).json().data.workStartTime).toBe('00:00');
      const out = await api.markOut({ employeeId: e._id });
      expect(out.statusCode).toBe(409);
      expect(out.json().message).toContain('has not checked in');
      const first = await api.markIn({ employeeId: e._id, email: e.email, employeeName: 'Dayo Okafor' });
      expect(first.statusCode).toBe(201);
      expect(first.json().data).toMatchObject({ isLate: true, checkInSyncedLate: false, recordedBy: 'user' });
      const second = await api.markIn({ employeeId: e._id });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toContain('already checked in');
      const mark = (await api.get(`/api/v1/attendance/getAttendance/${e._id}`)).json().data.marks.find((m: { date: string }) => m.date === today());
      expect(mark.label).toBe('late');
      const done = await api.markOut({ employeeId: e._id });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.checkOutTime).not.toBeNull();
      expect((await api.markOut({ employeeId: e._id })).statusCode).toBe(409);
      await api.put('/api/v1/attendance/settings', { workStartTime: '23:59' });
      const onTime = await hire('Efe');
      const early = (await api.markIn({ employeeId: onTime._id })).json().data;
      expect(early.isLate).toBe(false);
      await api.put('/api/v1/attendance/settings', { workStartTime: '09:00' });
    });

    it('refuses a check-in with an e-mail of someone else', async () => {
      const e = await hire('Femi');
      const res = await api.markIn({ employeeId: e._id, email: 'someone@else.example' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^email: /);
    });

    it('refuses a suspended employee naming the end date, and sick status sets today to sick', async () => {
      const e = await hire('Gbenga');
      const to = shiftDay(today(), 3);
      const s = await api.put('/api/v1/attendance/send-suspension-details', { employeeId: e._id, suspensionDetails: { reason: 'Gross misconduct', from: shiftDay(today(), -1), to } });
      expect(s.statusCode).toBe(200);
      const refused = await api.markIn({ employeeId: e._id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(`suspended until ${to}`);
      expect((await api.get(`/api/v1/attendance/getAttendance/${e._id}`)).json().data.suspension).toMatchObject({ reason: 'Gross misconduct', to });
      const bad = await api.put('/api/v1/attendance/send-suspension-details', { employeeId: e._id, suspensionDetails: { reason: 'x', from: '2026-02-02', to: '2026-02-01' } });
      expect(bad.statusCode).toBe(400);

      const sickOne = await hire('Halima');
      const sick = await api.put('/api/v1/attendance/send-sick-status', { employeeId: sickOne._id });
      expect(sick.statusCode).toBe(200);
      expect(sick.json().data).toMatchObject({ date: today(), label: 'sick' });
      const notes = (await api.get(`/api/v1/notification/fetch/${owner.user.email}`)).json().data;
      expect(notes.some((n: { message: string }) => n.message.includes('Halima Okafor is off sick'))).toBe(true);
      expect(notes.some((n: { message: string }) => n.message.includes('Gbenga Okafor is suspended'))).toBe(true);
    });
  });

  describe('geofence', () => {
    it('accepts a check-in inside a site and refuses one outside with the distance to the nearest site', async () => {
      const site = await api.post('/api/v1/attendance/save-coordinates', { userId: owner.user._id, coordinates: HEAD_OFFICE, type: 'office', name: 'Head office' });
      expect(site.statusCode).toBe(201);
      expect(site.json().data).toMatchObject({ name: 'Head office', radiusMeters: 200, coordinates: HEAD_OFFICE });
      const inside = await hire('Ifeoma');
      const ok = await api.markIn({ employeeId: inside._id, coordinates: NEAR, accuracy: 12 });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.checkInLocation).toEqual({ ...NEAR, accuracy: 12 });
      expect(ok.json().data.checkInSite).toMatchObject({ name: 'Head office' });
      expect(ok.json().data.checkInSite.distanceMeters).toBeGreaterThan(90);
      expect(ok.json().data.checkInSite.distanceMeters).toBeLessThan(110);
      const outside = await hire('Jide');
      const refused = await api.markIn({ employeeId: outside._id, coordinates: FAR });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/you are 1,2\d\d m from the nearest site, Head office \(allowed radius 200 m\)/);
      const none = await api.get(`/api/v1/attendance/getAttendance/${outside._id}`);
      expect(none.json().data.checkins).toEqual([]);
      expect((await api.post('/api/v1/attendance/save-coordinates', { userId: owner.user._id, coordinates: { latitude: 91, longitude: 3 }, type: 'office', name: 'Pole' })).statusCode).toBe(400);
      expect((await api.post('/api/v1/attendance/save-coordinates', { userId: '11111111-1111-4111-8111-111111111111', coordinates: HEAD_OFFICE, type: 'office', name: 'X' })).statusCode).toBe(404);
    });

    it('lets a business require coordinates for portal check-ins; the portal reaches only its own employee', async () => {
      const e = await hire('Kemi');
      const other = await hire('Lanre');
      const portal = await portalOf(e);
      await api.put('/api/v1/attendance/settings', { requirePortalCoordinates: true });
      const without = await portal.markIn({ employeeId: e._id });
      expect(without.statusCode).toBe(400);
      expect(without.json().message).toMatch(/^coordinates: /);
      expect((await portal.markIn({ employeeId: other._id, coordinates: NEAR })).statusCode).toBe(404);
      expect((await portal.get(`/api/v1/attendance/getAttendance/${other._id}`)).statusCode).toBe(404);
      const mine = await portal.markIn({ employeeId: e._id, coordinates: NEAR, accuracy: 8 });
      expect(mine.statusCode).toBe(201);
      expect(mine.json().data.recordedBy).toBe('portal');
      expect((await portal.markOut({ employeeId: e._id, coordinates: NEAR })).statusCode).toBe(200);
      await api.put('/api/v1/attendance/settings', { requirePortalCoordinates: false });
    });
  });

  describe('offline check-ins', () => {
    it('accepts a queued check-in made hours ago, keeps both times and flags it synced late', async () => {
      const e = await hire('Musa');
      const made = new Date(Date.now() - 3 * 3_600_000);
      const res = await api.markIn({ employeeId: e._id, checkInTime: made.toISOString(), coordinates: NEAR, accuracy: 30, queued: true });
      expect(res.statusCode).toBe(201);
      const c = res.json().data;
      expect(c.checkInTime).toBe(made.toISOString());
      expect(new Date(c.checkInReceivedAt).getTime()).toBeGreaterThan(made.getTime() + 3 * 3_600_000 - 5_000);
      expect(c.checkInSyncedLate).toBe(true);
      expect(c.date).toBe(dayIn(LAGOS, made));
    });

    it('refuses one made 25 hours ago, and one from the future', async () => {
      const e = await hire('Nkechi');
      const old = await api.markIn({ employeeId: e._id, checkInTime: new Date(Date.now() - 25 * 3_600_000).toISOString(), queued: true });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toContain('checkInTime: a check-in or check-out is accepted up to 24 hours after it was made; this one was made 25 hours ago');
      const ahead = await api.markIn({ employeeId: e._id, checkInTime: new Date(Date.now() + 3_600_000).toISOString() });
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json().message).toMatch(/checkInTime: .* is in the future/);
    });
  });

  describe('views', () => {
    it('shows the month grid with totals, the day\'s check-ins, and exports the month', async () => {
      const t3 = await createTestApp();
      try {
        const boss = await registerBusiness(t3.app, { businessName: 'Jos Tin' });
        const p = peopleApi(t3.app, boss);
        const a = timeApi(t3.app, boss.token);
        const e = await p.employee({ firstName: 'Pam', email: 'pam@jos.ng', startDate: '2025-01-06' });
        const month = dayIn(LAGOS).slice(0, 7);
        const days = [`${month}-01`, `${month}-02`].filter((d) => d <= dayIn(LAGOS));
        for (const d of days) await a.mark(d, e._id, 'late');
        const grid = (await a.get(`/api/v1/attendance/month/${month}`)).json().data;
        expect(grid.rows).toHaveLength(1);
        expect(grid.rows[0].labels.slice(0, days.length)).toEqual(days.map(() => 'late'));
        expect(grid.rows[0].totals).toEqual({ present: 0, late: days.length, absent: 0, leave: 0, sick: 0, off: 0 });
        const csv = await a.get(`/api/v1/attendance/export/${month}?format=csv`);
        expect(csv.statusCode).toBe(200);
        expect(csv.headers['content-disposition']).toContain(`attendance-${month}.csv`);
        expect(csv.body).toContain('Pam Person');
        const xlsx = await a.get(`/api/v1/attendance/export/${month}?format=xlsx`);
        expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
        await a.markIn({ employeeId: e._id });
        const all = (await a.get(`/api/v1/attendance/all-attendance/${boss.user._id}`)).json().data;
        expect(all.map((c: { employeeId: string }) => c.employeeId)).toEqual([e._id]);
        expect((await a.get(`/api/v1/attendance/all-attendance/${boss.user.businessId}`)).statusCode).toBe(200);
        expect((await a.get('/api/v1/attendance/month/2026-13')).statusCode).toBe(400);
      } finally {
        await t3.close();
      }
    });
  });
});
