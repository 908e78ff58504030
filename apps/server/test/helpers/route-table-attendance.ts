import type { TRouteCase } from './route-table.ts';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** Issue 33: attendance HR can trust — corrections with a reason, employees' correction requests, geofence exemptions. */
export const ATTENDANCE_TRUST_ROUTES: Record<string, TRouteCase> = {
  'PUT /api/v1/attendance/marks/:employeeId/:date': {
    access: ['HR-access'], crossTenant: 'denied', body: () => ({ label: 'present', reason: 'probe correction' }), optionalFields: ['leaveType'],
  },
  'POST /api/v1/attendance/corrections': {
    access: ['HR-access', 'portal'], crossTenant: 'denied',
    body: (a) => ({ employeeId: a.people.employee._id, date: yesterday(), label: 'present', reason: 'probe request' }), optionalFields: ['checkInTime'],
  },
  'GET /api/v1/attendance/corrections/:employeeId': { access: ['HR-access', 'portal'], crossTenant: 'denied' },
  'GET /api/v1/attendance/geofence-exemptions': { access: ['HR-access'], crossTenant: 'own-business', noInput: "the caller's business's exemptions; takes no input" },
  'POST /api/v1/attendance/geofence-exemptions': {
    access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id, reason: 'probe' }), optionalFields: ['reason', 'employeeId', 'designationId'],
  },
  'DELETE /api/v1/attendance/geofence-exemptions/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.exemptionId }) },
};
