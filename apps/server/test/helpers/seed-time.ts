import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app.ts';
import type { TSeed } from './seed.ts';

export type TTimeSeed = { lateCheckinId: string; siteId: string; siteName: string; leaveRequestId: string; leaveTypeId: string; holidayId: string; complaintId: string; complaintText: string; exemptionId: string };

const must = (res: { statusCode: number; body: string }, status: number, what: string) => {
  if (res.statusCode !== status) throw new Error(`seed ${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).data;
};

/** The next Monday–Friday after today that is not 25/26 December or 1 January (public holidays of both countries). */
export const nextWorkingDay = (from = new Date()) => {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  for (;;) {
    d.setUTCDate(d.getUTCDate() + 1);
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !/-(12-25|12-26|01-01)$/.test(iso)) return iso;
  }
};

/** A site, a pending leave request, a leave type, a holiday and a complaint of the business's main employee. */
export const seedTime = async (app: FastifyInstance, base: Omit<TSeed, 'time' | 'payroll'>): Promise<TTimeSeed> => {
  const h = bearer(base.owner.token);
  const first = base.businessName.split(' ')[0];
  const siteName = `${first} Head Office`;
  const site = must(await app.inject({ method: 'POST', url: '/api/v1/attendance/save-coordinates', headers: h, payload: { userId: base.owner.user._id, coordinates: { latitude: 6.4541, longitude: 3.3947 }, type: 'office', name: siteName } }), 201, 'site');
  const day = nextWorkingDay();
  const leave = must(await app.inject({ method: 'POST', url: `/api/v1/employee/leave/${base.people.employee._id}`, headers: h, payload: { type: 'sick', startDate: day, endDate: day, reason: `${first} probe leave` } }), 201, 'leave');
  const types = must(await app.inject({ method: 'GET', url: '/api/v1/leave/types', headers: h }), 200, 'leave types');
  const year = Number(day.slice(0, 4));
  const holiday = must(await app.inject({ method: 'POST', url: '/api/v1/leave/holidays', headers: h, payload: { date: `${year}-11-30`, name: `${first} founders day` } }), 201, 'holiday');
  const complaintText = `${first} complaint about the canteen`;
  const complaint = must(await app.inject({ method: 'POST', url: '/api/v1/employee/complain', headers: h, payload: { complainDetail: complaintText, dueDate: `${year + 1}-01-31`, employeeId: base.people.employee._id } }), 201, 'complaint');
  // A check-in of the main employee (joined today, so it cannot be one synced days late): the review route's record.
  const late = must(await app.inject({ method: 'POST', url: '/api/v1/attendance/mark-in', headers: h, payload: { employeeId: base.people.employee._id } }), 201, 'check-in');
  // Issue 33: a geofence exemption of the main employee (the exemption routes' record).
  const exemption = must(await app.inject({ method: 'POST', url: '/api/v1/attendance/geofence-exemptions', headers: h, payload: { employeeId: base.people.employee._id, reason: `${first} probe` } }), 201, 'exemption');
  return { exemptionId: exemption._id, lateCheckinId: late._id, siteId: site._id, siteName, leaveRequestId: leave._id, leaveTypeId: types[0]._id, holidayId: holiday._id, complaintId: complaint._id, complaintText };
};

export const timeSecretsOf = (t: TTimeSeed) => [t.lateCheckinId, t.siteId, t.siteName, t.leaveRequestId, t.leaveTypeId, t.holidayId, t.complaintId, t.complaintText, t.exemptionId];
