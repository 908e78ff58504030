import type { TSeed } from './seed.ts';
import { PNG_1PX, multipart } from './test-app.ts';
import { PDF_BYTES } from './seed-people.ts';
import { INVENTORY_ROUTES } from './route-table-inventory.ts';
import { STOCK_ROUTES } from './route-table-stock.ts';
import { PROCUREMENT_ROUTES } from './route-table-procurement.ts';
import { QUOTE_ROUTES } from './route-table-quotes.ts';
import { COST_ROUTES } from './route-table-costs.ts';
import { REMITTANCE_ROUTES } from './route-table-remittances.ts';
import { REGISTER_ROUTES } from './route-table-register.ts';
import { PAY_SETUP_ROUTES } from './route-table-pay-setup.ts';
import { OPERATIONS_ROUTES } from './route-table-operations.ts';
import { INTEGRATION_ROUTES } from './route-table-integrations.ts';
import { BUSINESS_DATA_ROUTES } from './route-table-business-data.ts';
import { OFF_CYCLE_ROUTES } from './route-table-off-cycle.ts';
import { STRUCTURE_ROUTES } from './route-table-structures.ts';
import { MONTH_EVENT_ROUTES } from './route-table-month-events.ts';
import { EXPENSE_ROUTES } from './route-table-expenses.ts';
import { ATTENDANCE_TRUST_ROUTES } from './route-table-attendance.ts';
import { PLACE_ROUTES } from './route-table-places.ts';
import { LEDGER_ROUTES } from './route-table-ledger.ts';
import { COSTRECS_ROUTES } from './route-table-costrecs.ts';
import { APPROVAL_BAND_ROUTES } from './route-table-approvals.ts';
import { TRANSFER_ROUTES } from './route-table-transfers.ts';
import { COLLECTOR_STOCK_ROUTES } from './route-table-collector.ts';
import { FLEET_ROUTES } from './route-table-fleet.ts';
import { WHT_ROUTES } from './route-table-wht.ts';
import { PROJECT_COSTING_ROUTES } from './route-table-projects.ts';
import { MATCH_ROUTES } from './route-table-match.ts';

/**
 * Every API route the server registers, with what the security test needs to probe it.
 * A route missing here fails the route-table test: add it when you add the route.
 *
 * - access: the rule the route must declare ('public', or who may call it).
 * - crossTenant: what a second business's owner gets when calling it with the first business's
 *   identifiers: 'denied' (403/404), or 'own-business' (acts on the caller's own data; must
 *   still show none of the first business's data). Public routes are 'public'.
 * - body / query / form: a valid-shaped request using the first business's identifiers.
 * - noInput: the route takes nothing to malform (the reason is the value).
 */
export type TRouteCase = {
  access: 'public' | string[];
  crossTenant: 'denied' | 'own-business' | 'public';
  body?: (a: TSeed) => Record<string, unknown>;
  query?: (a: TSeed) => Record<string, string>;
  form?: (a: TSeed) => ReturnType<typeof multipart>;
  noInput?: string;
  optionalFields?: string[];
  /** Query fields that take any text (a search): junk values are valid searches there, so only absence is probed. */
  freeText?: string[];
  stream?: true;
  endsSession?: true;
  /** Path parameters that mean something else on this route than PARAM_VALUES says (an employee's :id, a document's :id). */
  params?: (a: TSeed) => Record<string, string>;
  /** Values of the generic junk lists that mean something valid here (a dateOffset of 0 is today), by field or parameter name. */
  validValues?: Record<string, unknown[]>;
  /** Bad multipart bodies of this route's own kind, on top of the generic ones. */
  malformedForms?: (a: TSeed) => Array<ReturnType<typeof multipart>>;
};

const unique = () => Math.random().toString(36).slice(2, 10);
const employeeParam = (a: TSeed) => ({ id: a.people.employee._id });
const documentParam = (a: TSeed) => ({ id: a.people.documentId });
const pdfForm = () => multipart([{ name: 'file', filename: 'probe.pdf', contentType: 'application/pdf', data: PDF_BYTES }]);
const csvForm = () => multipart([{ name: 'file', filename: 'probe.csv', contentType: 'text/csv', data: Buffer.from(`First name,Last name,Email\nProbe,Person,probe-${unique()}@example.com\n`) }]);
const videoBody = (a: TSeed) => ({ email: a.owner.user.email, department: a.departmentId, videoUrl: 'https://www.youtube.com/watch?v=probe' });
type TPart = Parameters<typeof multipart>[0][number];
const file = (name: string, data: Buffer, contentType = 'application/octet-stream'): TPart => ({ name: 'file', filename: name, contentType, data });
const ZIP_NOT_XLSX = Buffer.from('504b030414000000080000000000000000000000000000000000050000006e6f7465730300', 'hex');
/** Files that are not a readable employee list, for both import routes. */
const badSheets = () => [
  [file('empty.csv', Buffer.alloc(0))],
  [file('header-only.csv', Buffer.from('First name,Last name,Email\n'))],
  [file('no-email.csv', Buffer.from('First name,Last name\nAda,Obi\n'))],
  [file('no-names.csv', Buffer.from('Email\nada@example.com\n'))],
  [file('nul.csv', Buffer.from('Email,Name\nada@example.com,A\u0000B\n'))],
  [file('latin1.csv', Buffer.from([0x45, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xe9, 0xff, 0xfe, 0x0a]))],
  [file('photo.csv', PNG_1PX, 'text/csv')],
  [file('doc.xlsx', PDF_BYTES)],
  [file('archive.xlsx', ZIP_NOT_XLSX)],
  [file('program.csv', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'))],
  [file('blank.csv', Buffer.from('\n\n\n'))],
  [{ name: 'importValidRows', value: 'true' }],
].map((parts) => multipart(parts));
const noCode = () => ({ dataCode: 'ABCDEFGHJK', employeeUniqueCode: 'ABCDEFGHJK' });

/** Path parameter values, by name, taken from the first business. */
export const PARAM_VALUES: Record<string, (a: TSeed) => string> = {
  id: (a) => a.staff.user._id,
  userId: (a) => a.owner.user._id,
  email: (a) => a.owner.user.email,
  ownerEmail: (a) => a.owner.user.email,
  employeeNumber: (a) => a.collectionPoint.employeeNumber,
  token: () => 'a'.repeat(43),
  businessId: (a) => a.owner.user.businessId,
  name: (a) => a.logoName,
  // Sign-in routes are public: probe them with a well-formed code nobody holds, so no answer carries data.
  portalCode: () => 'ABCDEFGHJK',
  jobId: (a) => a.people.importJobId,
  unit: (a) => a.people.unitId,
  dept: (a) => a.departmentId,
  tag: (a) => a.costs.tagName,
  contract: (a) => a.procurement.contractId,
  // attendance and leave
  date: () => new Date().toISOString().slice(0, 10),
  employeeId: (a) => a.people.employee._id,
  label: () => 'present',
  userEmail: (a) => a.owner.user.email,
  dateOffset: () => '7',
  month: () => new Date().toISOString().slice(0, 7),
  year: () => new Date().toISOString().slice(0, 4),
  runId: (a) => a.payroll.runId,
  value: () => '1500.50',
};

export const ROUTES: Record<string, TRouteCase> = {
  ...PROCUREMENT_ROUTES,
  'GET /api/v1/health': { access: 'public', crossTenant: 'public', noInput: 'takes no input' },
  'POST /api/v1/auth/register': { access: 'public', crossTenant: 'public', body: () => ({ businessName: 'Probe Ltd', userName: 'Probe', email: `probe-${unique()}@example.com`, password: 'probe pass 1', country: 'GH', timeZone: 'Africa/Accra' }), optionalFields: ['country', 'timeZone'] },
  'POST /api/v1/auth/resend-confirmation': { access: 'public', crossTenant: 'public', body: (a) => ({ email: a.owner.user.email }) },
  'POST /api/v1/auth/login': { access: 'public', crossTenant: 'public', body: (a) => ({ email: a.owner.user.email, password: 'wrong password' }) },
  // two-factor sign-in (issue 29): the login's second step takes the login's challenge; the rest are the caller's own
  'POST /api/v1/auth/login/two-factor': { access: 'public', crossTenant: 'public', body: () => ({ challenge: 'v1.' + 'A'.repeat(40), code: '123456' }) },
  'POST /api/v1/auth/login/two-factor/setup': { access: 'public', crossTenant: 'public', body: () => ({ challenge: 'v1.' + 'A'.repeat(40) }) },
  'POST /api/v1/auth/login/two-factor/enable': { access: 'public', crossTenant: 'public', body: () => ({ challenge: 'v1.' + 'A'.repeat(40), code: '123456' }) },
  'GET /api/v1/auth/two-factor': { access: ['Accounts-access', 'Approvals-access'], crossTenant: 'own-business', noInput: "the caller's own two-factor state; takes no input" },
  'POST /api/v1/auth/two-factor/setup': { access: ['Accounts-access', 'Approvals-access'], crossTenant: 'own-business', noInput: 'a new authenticator key for the caller; takes no input' },
  'POST /api/v1/auth/two-factor/enable': { access: ['Accounts-access', 'Approvals-access'], crossTenant: 'own-business', body: () => ({ code: '123456' }) },
  'POST /api/v1/auth/two-factor/disable': { access: ['Accounts-access', 'Approvals-access'], crossTenant: 'own-business', body: () => ({ password: 'not the password' }) },
  'POST /api/v1/auth/two-factor/recovery-codes': { access: ['Accounts-access', 'Approvals-access'], crossTenant: 'own-business', body: () => ({ password: 'not the password' }) },
  'PUT /api/v1/auth/two-factor/policy': { access: ['owner'], crossTenant: 'own-business', body: () => ({ required: true }) },
  'POST /api/v1/auth/logout': { access: ['user'], crossTenant: 'own-business', noInput: 'signs the caller out; takes no input', endsSession: true },
  'GET /api/v1/auth/users/:id': { access: ['user'], crossTenant: 'denied' },
  'GET /api/v1/auth/user-data/:id': { access: ['user'], crossTenant: 'denied' },
  'POST /api/v1/auth/forgotpassword': { access: 'public', crossTenant: 'public', body: (a) => ({ email: a.owner.user.email }) },
  'PUT /api/v1/auth/resetpassword/:id/:token': { access: 'public', crossTenant: 'public', body: () => ({ password: 'new password 9' }) },
  'PUT /api/v1/auth/confirm-email/:token': { access: 'public', crossTenant: 'public' },
  'POST /api/v1/images/upload-logo/:userId': { access: ['Settings-access'], crossTenant: 'denied', form: () => multipart([{ name: 'file', filename: 'l.png', contentType: 'image/png', data: PNG_1PX }]) },
  'GET /api/v1/files/:businessId/:name': { access: 'public', crossTenant: 'public' },
  'POST /api/v1/auth/department/:email': { access: ['HR-access'], crossTenant: 'denied', form: () => multipart([{ name: 'department', value: JSON.stringify({ name: `Probe ${unique()}` }) }]) },
  'POST /api/v1/auth/dcollector': { access: ['Projects-access'], crossTenant: 'denied', body: (a) => ({ employeeNumber: 'P-1', employeeName: 'Probe', tagName: 'probe', userEmail: a.owner.user.email }) },
  'GET /api/v1/auth/cpd/:email': { access: ['Projects-access', 'Settings-access'], crossTenant: 'denied' },
  'POST /api/v1/auth/user-register': { access: ['Settings-access'], crossTenant: 'own-business', body: () => ({ userName: 'Probe', email: `probe-${unique()}@example.com`, password: 'probe pass 1', roles: ['HR-access'] }), optionalFields: ['roles'] },
  'PUT /api/v1/auth/update-user-roles/:userId': { access: ['Settings-access'], crossTenant: 'denied', body: () => ({ roles: ['HR-access'] }) },
  'PUT /api/v1/auth/regenerate-code/:id/:employeeNumber': { access: ['Settings-access'], crossTenant: 'denied' },
  'PUT /api/v1/auth/update-number': { access: ['Settings-access'], crossTenant: 'denied', body: (a) => ({ id: a.owner.user._id, newEmployeeNumber: 'P-2', oldEmployeeNumber: a.collectionPoint.employeeNumber, subDocId: a.collectionPoint._id }) },
  'POST /api/v1/auth/invitations': { access: ['Settings-access'], crossTenant: 'own-business', body: () => ({ userName: 'Probe', email: `probe-${unique()}@example.com`, roles: ['HR-access'] }), optionalFields: ['roles'] },
  'GET /api/v1/auth/invitations': { access: ['Settings-access'], crossTenant: 'own-business', noInput: 'lists the caller business’s invitations; takes no input' },
  'POST /api/v1/auth/invitations/:id/resend': { access: ['Settings-access'], crossTenant: 'denied', params: (a) => ({ id: a.invitation._id }) },
  'DELETE /api/v1/auth/invitations/:id': { access: ['Settings-access'], crossTenant: 'denied', params: (a) => ({ id: a.invitation._id }) },
  'GET /api/v1/auth/invitation/:token': { access: 'public', crossTenant: 'public' },
  'POST /api/v1/auth/invitation/:token/accept': { access: 'public', crossTenant: 'public', body: () => ({ password: 'probe pass 1' }) },
  'DELETE /api/v1/auth/delete-user/:id': { access: ['Settings-access'], crossTenant: 'denied' },
  'PUT /api/v1/auth/save-google-link/:userId/:employeeNumber': { access: ['Settings-access'], crossTenant: 'denied', body: () => ({ googleLink: 'https://docs.google.com/spreadsheets/d/probe' }) },
  'GET /api/v1/notification/fetch/:ownerEmail': { access: ['user'], crossTenant: 'denied' },
  'GET /api/v1/notification/fetch': { access: ['user'], crossTenant: 'denied', query: (a) => ({ ownerEmail: a.owner.user.email }) },
  'DELETE /api/v1/notification/delete-old': { access: ['user'], crossTenant: 'own-business', body: () => ({ beforeDate: new Date(Date.now() - 7 * 864e5).toISOString() }) },
  'POST /api/v1/notification/create': { access: ['user'], crossTenant: 'own-business', body: () => ({ category: 'General actions', actionType: 'Probe', message: 'probe' }) },
  // employees
  'POST /api/v1/employee/create/:id': { access: ['HR-access'], crossTenant: 'denied', body: () => ({ firstName: 'Probe', lastName: 'Person', email: `probe-${unique()}@example.com`, startDate: '2024-01-15' }), optionalFields: ['startDate'] },
  'GET /api/v1/employee/employees/:email': { access: ['HR-access'], crossTenant: 'denied' },
  'GET /api/v1/employee/detail/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam },
  'POST /api/v1/employee/update-1/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam, body: () => ({ firstName: 'Probe', startDate: '2024-01-15' }), optionalFields: ['firstName', 'startDate'] },
  'DELETE /api/v1/employee/delete/:id': { access: ['HR-access'], crossTenant: 'denied', params: employeeParam },
  'PUT /api/v1/employee/update-department': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id, departmentId: a.departmentId }) },
  'PUT /api/v1/employee/update-hierarchy': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id, downlines: [] }), optionalFields: ['downlines'] },
  'PUT /api/v1/employee/regenerate-portal-code/:id': { access: ['HR-access'], crossTenant: 'denied', params: employeeParam },
  'POST /api/v1/images/upload/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam, form: () => multipart([{ name: 'file', filename: 'p.png', contentType: 'image/png', data: PNG_1PX }]) },
  'GET /api/v1/employee/photo/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam },
  'GET /api/v1/employee/summary': { access: ['HR-access'], crossTenant: 'own-business', noInput: "the caller's business's figures; takes no input" },
  'GET /api/v1/employee/department-view/:unit/:dept': { access: ['HR-access'], crossTenant: 'denied' },
  'POST /api/v1/designation': { access: ['HR-access'], crossTenant: 'own-business', body: () => ({ name: `Probe ${unique()}` }) },
  'GET /api/v1/employee/designation/:email': { access: ['user'], crossTenant: 'denied' },
  'GET /api/v1/search/:email': { access: ['user'], crossTenant: 'denied', query: (a) => ({ q: a.people.employee.email }), freeText: ['q'] },
  // Issue 10: the seeded designation and department are in use, so a probe's delete is refused (409) and leaves them.
  'PUT /api/v1/designation/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.people.designationId }), body: () => ({ name: `Probe ${unique()}` }), optionalFields: ['description'] },
  'DELETE /api/v1/designation/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.people.designationId }) },
  'PUT /api/v1/department/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.departmentId }), body: () => ({ name: `Probe ${unique()}` }), optionalFields: ['description'] },
  'DELETE /api/v1/department/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.departmentId }) },
  'POST /api/v1/employee/import/preview': { access: ['HR-access'], crossTenant: 'own-business', form: csvForm, malformedForms: badSheets },
  'POST /api/v1/employee/import': {
    access: ['HR-access'], crossTenant: 'own-business', form: csvForm,
    malformedForms: () => [...badSheets(), multipart([{ name: 'importValidRows', value: 'perhaps' }, file('probe.csv', Buffer.from('Email,Name\nperhaps@example.com,Per Haps\n'))])],
  },
  'GET /api/v1/employee/import/:jobId': { access: ['HR-access'], crossTenant: 'denied' },
  'GET /api/v1/employee/export/:email': { access: ['HR-access'], crossTenant: 'denied', query: () => ({ format: 'csv' }) },
  // documents
  'POST /api/v1/docs/upload': {
    access: ['HR-access'], crossTenant: 'denied',
    form: (a) => multipart([{ name: 'employeeId', value: a.people.employee._id }, file('probe.pdf', PDF_BYTES, 'application/pdf')]),
    malformedForms: (a) => [
      ...['null', '42', 'x'.repeat(300), '00000000-0000-0000-0000-00000000000g', '11111111-1111-4111-8111-111111111111', a.departmentId]
        .map((v) => [{ name: 'employeeId', value: v }, file('probe.pdf', PDF_BYTES, 'application/pdf')]),
      ...['x'.repeat(300), 'No such department', '11111111-1111-4111-8111-111111111111']
        .map((v) => [{ name: 'department', value: v }, file('probe.pdf', PDF_BYTES, 'application/pdf')]),
      [{ name: 'employeeId', value: a.people.employee._id }, { name: 'department', value: a.departmentId }, file('probe.pdf', PDF_BYTES, 'application/pdf')],
      [{ name: 'department', value: a.departmentId }, { name: 'email', value: 'someone@elsewhere.example' }, file('probe.pdf', PDF_BYTES, 'application/pdf')],
      [{ name: 'employeeId', value: a.people.employee._id }],
      [{ name: 'employeeId', value: a.people.employee._id }, file('program.pdf', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'))],
    ].map((parts) => multipart(parts)),
  },
  'POST /api/v1/docs/uploadById/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam, form: pdfForm },
  'POST /api/v1/docs/notes': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id, textData: 'probe note' }) },
  'GET /api/v1/employee/documents/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam },
  'GET /api/v1/docs/download/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: documentParam },
  'DELETE /api/v1/docs/delete/:id': { access: ['HR-access'], crossTenant: 'denied', params: documentParam },
  'POST /api/v1/employee/upload-video': { access: ['HR-access'], crossTenant: 'denied', body: videoBody },
  'POST /api/v1/videos/upload': { access: ['HR-access'], crossTenant: 'denied', body: videoBody },
  'DELETE /api/v1/employee/deleteFileFromDepartment': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ department: a.departmentId, fileIndex: 0, userEmail: a.owner.user.email }) },
  'GET /api/v1/docs/department-file/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.people.departmentFileId }) },
  // portal sign-in
  'GET /api/v1/employee/accessId/:portalCode': { access: 'public', crossTenant: 'public' },
  'POST /api/v1/employee/portal-sign-in': { access: 'public', crossTenant: 'public', body: () => ({ portalCode: 'ABCDEFGHJK', pin: '583920' }), optionalFields: ['pin'] },
  // Acts on the caller's own portal session only (no id to confine) and ends its other sessions, so it is not probed with the seed's portal token.
  'PUT /api/v1/employee/portal-pin': { access: ['portal-setup'], crossTenant: 'denied', body: () => ({ pin: '604219', currentPin: '583920' }), optionalFields: ['currentPin'], endsSession: true },
  'POST /api/v1/employee/collectorId': { access: 'public', crossTenant: 'public', body: noCode },
  'POST /api/v1/employee/collectorIdV2': { access: 'public', crossTenant: 'public', body: noCode },
  'GET /api/v1/notification/stream': { access: ['user'], crossTenant: 'own-business', noInput: 'a live stream; takes no input', stream: true },
  'GET /api/v1/dashboard/summary': { access: ['user'], crossTenant: 'own-business', noInput: "counts of the caller's own business; takes no input" },
  // attendance
  'GET /api/v1/employee/mark/:date/:employeeId/:label': { access: ['HR-access'], crossTenant: 'denied' },
  'GET /api/v1/employee/all/mark/:userEmail/:date/:label': { access: ['HR-access'], crossTenant: 'denied' },
  'GET /api/v1/employee/all-attendance/:userEmail/:dateOffset': { access: ['HR-access'], crossTenant: 'denied', validValues: { dateOffset: ['0'] } },
  'POST /api/v1/attendance/mark-in': {
    access: ['HR-access', 'portal'], crossTenant: 'denied', optionalFields: ['checkInTime', 'email', 'employeeName'],
    body: (a) => ({ employeeId: a.people.employee._id, checkInTime: new Date().toISOString(), email: a.people.employee.email, employeeName: a.people.employee.name }),
  },
  'POST /api/v1/attendance/mark-out': { access: ['HR-access', 'portal'], crossTenant: 'denied', optionalFields: ['checkOutTime'], body: (a) => ({ employeeId: a.people.employee._id, checkOutTime: new Date().toISOString() }) },
  'GET /api/v1/attendance/checkins/pending-review': { access: ['HR-access'], crossTenant: 'own-business', noInput: "the caller's business's check-ins waiting for review; takes no input" },
  'PUT /api/v1/attendance/checkins/:id/review': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.lateCheckinId }), body: () => ({ decision: 'rejected' }) },
  'GET /api/v1/attendance/getAttendance/:employeeId': { access: ['HR-access', 'portal'], crossTenant: 'denied' },
  'GET /api/v1/attendance/all-attendance/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.owner.user._id }) },
  'PUT /api/v1/attendance/send-suspension-details': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id, suspensionDetails: { reason: 'probe', from: '2020-01-01', to: '2020-01-02' } }) },
  'PUT /api/v1/attendance/send-sick-status': { access: ['HR-access', 'portal'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id }) },
  'POST /api/v1/attendance/save-coordinates': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ userId: a.owner.user._id, coordinates: { latitude: 6.5, longitude: 3.4 }, type: 'office', name: `Probe ${unique()}` }) },
  'GET /api/v1/attendance/sites': { access: ['HR-access'], crossTenant: 'own-business', noInput: "the caller's business's sites; takes no input" },
  'DELETE /api/v1/attendance/sites/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.siteId }) },
  'GET /api/v1/attendance/settings': { access: ['HR-access'], crossTenant: 'own-business', noInput: "the caller's business's settings; takes no input" },
  'PUT /api/v1/attendance/settings': { access: ['HR-access'], crossTenant: 'own-business', body: () => ({ workStartTime: '09:00' }) },
  'GET /api/v1/attendance/month/:month': { access: ['HR-access'], crossTenant: 'own-business' },
  'GET /api/v1/attendance/export/:month': { access: ['HR-access'], crossTenant: 'own-business', query: () => ({ format: 'csv' }) },
  // leave
  'POST /api/v1/employee/leave/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam, body: () => ({ type: 'annual', startDate: '2030-03-04', endDate: '2030-03-05', reason: 'probe' }) },
  'GET /api/v1/leave/requests': { access: ['HR-access'], crossTenant: 'own-business', query: () => ({ page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  'PUT /api/v1/leave/requests/:id/decision': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.leaveRequestId }), body: () => ({ decision: 'declined', reason: 'probe' }), optionalFields: ['reason'] },
  'GET /api/v1/leave/employee/:employeeId': { access: ['HR-access', 'portal'], crossTenant: 'denied' },
  'GET /api/v1/leave/balances': { access: ['HR-access'], crossTenant: 'own-business', query: () => ({ page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  'GET /api/v1/leave/types': { access: ['HR-access'], crossTenant: 'own-business', noInput: "the caller's business's leave types; takes no input" },
  'POST /api/v1/leave/types': { access: ['HR-access'], crossTenant: 'own-business', body: () => ({ name: `Probe ${unique()}`, yearlyEntitlement: 3 }), validValues: { yearlyEntitlement: [42] } },
  'PUT /api/v1/leave/types/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.leaveTypeId }), body: () => ({ yearlyEntitlement: 20 }), validValues: { yearlyEntitlement: [42] } },
  'GET /api/v1/leave/holidays': { access: ['HR-access'], crossTenant: 'own-business', query: () => ({ year: String(new Date().getUTCFullYear()) }), optionalFields: ['year'] },
  'POST /api/v1/leave/holidays': { access: ['HR-access'], crossTenant: 'own-business', body: () => ({ date: '2031-06-15', name: 'Probe day' }) },
  'DELETE /api/v1/leave/holidays/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.holidayId }) },
  'GET /api/v1/leave/schedule/:month': { access: ['HR-access'], crossTenant: 'own-business' },
  // leave that fits the calendar (issue 33)
  'PUT /api/v1/leave/holidays/:id': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.holidayId }), body: () => ({ name: 'Probe holiday' }), optionalFields: ['date', 'name'] },
  'POST /api/v1/leave/adjustments': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id, leaveTypeId: a.time.leaveTypeId, year: 2030, kind: 'adjustment', days: 1, reason: 'probe' }), validValues: { days: [42, -1, 1.5] } },
  'GET /api/v1/leave/history/:employeeId': { access: ['HR-access', 'portal'], crossTenant: 'denied', query: () => ({ year: '2030' }), optionalFields: ['year'] },
  'GET /api/v1/leave/settings': { access: ['HR-access'], crossTenant: 'own-business', noInput: "the caller's business's leave settings; takes no input" },
  'PUT /api/v1/leave/settings': { access: ['HR-access'], crossTenant: 'own-business', body: () => ({ allowancePercent: 0 }), optionalFields: ['allowancePercent', 'allowanceTiming', 'allowanceMonth'], validValues: { allowancePercent: [0, 42, 1.5] } },
  // complaints
  'POST /api/v1/employee/complain': {
    access: ['HR-access', 'portal'], crossTenant: 'denied',
    body: (a) => ({ complainDetail: 'probe complaint', dueDate: '2031-01-31', employeeId: a.people.employee._id, category: 'workplace', aboutEmployeeId: a.people.employee._id, anonymous: false }),
    optionalFields: ['employeeId', 'dueDate', 'category', 'aboutEmployeeId', 'anonymous'], validValues: { anonymous: [true] },
  },
  'GET /api/v1/employee/complain-status': { access: ['HR-access', 'portal'], crossTenant: 'denied', query: (a) => ({ employeeId: a.people.employee._id }), optionalFields: ['employeeId'] },
  'POST /api/v1/employee/updateComplain': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ complaintId: a.time.complaintId, status: 'in-progress' }) },
  // complaints as a helpdesk (issue 33)
  'PUT /api/v1/complaints/:id/assign': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ id: a.time.complaintId }), body: (a) => ({ assigneeUserId: a.owner.user._id }), validValues: { assigneeUserId: [null] } },
  'GET /api/v1/complaints/assignees': { access: ['HR-access'], crossTenant: 'own-business', noInput: 'the business\'s HR users' },
  'GET /api/v1/complaints/policies': { access: ['HR-access'], crossTenant: 'own-business', noInput: 'the business\'s policy' },
  'PUT /api/v1/complaints/policies': { access: ['HR-access'], crossTenant: 'own-business', body: () => ({ policies: [{ category: 'other', dueDays: 14, remindDaysBefore: 3 }] }) },
  // HR reminders (issue 33)
  'GET /api/v1/reminders': { access: ['HR-access', 'Inventory-access', 'Procurement-access'], crossTenant: 'own-business', query: () => ({ days: '30' }), optionalFields: ['days'] },
  'PUT /api/v1/docs/:id/details': { access: ['HR-access'], crossTenant: 'denied', params: documentParam, body: () => ({ docType: 'passport', expiresOn: '2031-01-31' }), optionalFields: ['docType', 'expiresOn'], validValues: { docType: [null], expiresOn: [null] } },
  // appraisals
  'POST /api/v1/employee/appraisal-config': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ ownerEmail: a.owner.user.email, department: a.departmentId, criteria: [{ name: 'Probe', description: 'probe', weight: 100 }], scale: { min: 1, max: 5 } }), optionalFields: ['scale'] },
  'GET /api/v1/employee/getappraisal': { access: ['HR-access'], crossTenant: 'denied', query: (a) => ({ ownerEmail: a.owner.user.email, department: a.departmentId }) },
  'POST /api/v1/employee/appraisal-appraisers': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ department: a.departmentId, mode: 'uplines', replace: false }), optionalFields: ['replace'], validValues: { replace: [true] } },
  'PUT /api/v1/employee/appraisal-upward-questions': { access: ['HR-access'], crossTenant: 'own-business', body: () => ({ questions: [{ name: 'Listens', description: 'probe' }] }) },
  'POST /api/v1/employee/send-appraisal': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ ownerEmail: a.owner.user.email, department: a.departmentId, period: `Probe ${unique()}`, dueDate: '2099-12-31' }), optionalFields: ['ownerEmail'] },
  'POST /api/v1/employee/sendappraisal-upline': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ appraiserId: a.people.employee._id, superiorId: a.people.fieldEmployee._id, dept: a.departmentId }) },
  'POST /api/v1/employee/sendappraisal-downlines': { access: ['HR-access'], crossTenant: 'denied', body: (a) => ({ uplineId: a.people.employee._id, dept: a.departmentId, ownerEmail: a.owner.user.email }) },
  'POST /api/v1/employee/appraisal-resend/:id': { access: ['HR-access'], crossTenant: 'denied', params: employeeParam },
  'GET /api/v1/employee/appraisal/:id': { access: 'public', crossTenant: 'public', params: () => ({ id: 'a'.repeat(43) }) },
  'PUT /api/v1/employee/appraisal/:id': { access: 'public', crossTenant: 'public', params: () => ({ id: 'a'.repeat(43) }), body: () => ({ scores: [{ criterionId: '11111111-1111-4111-8111-111111111111', score: 3, comment: '' }], totalScore: 3, comments: '', employeeName: 'Probe', designation: 'Probe' }), optionalFields: ['totalScore', 'comments', 'employeeName', 'designation'] },
  'PUT /api/v1/employee/appraisal/:id/countersign': { access: 'public', crossTenant: 'public', params: () => ({ id: 'a'.repeat(43) }), body: () => ({ comment: 'probe' }), optionalFields: ['comment'] },
  'GET /api/v1/employee/appraisal-results/:id': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam },
  'GET /api/v1/openAi/appraisal-report/:email/:businessName/:country/:unit': { access: ['HR-access'], crossTenant: 'denied', params: (a) => ({ businessName: a.businessName, country: 'NG' }), query: () => ({ language: 'en' }), optionalFields: ['language'] },
  'GET /api/v1/openAi/appraisal-reports': { access: ['HR-access'], crossTenant: 'own-business', query: () => ({ page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  'GET /api/v1/openAi/appraisal-reports/:id': { access: ['HR-access'], crossTenant: 'denied', params: employeeParam },
  // payroll (pay figures: owner and Accounts-access only)
  'PUT /api/v1/employee/payment-settings/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam, body: () => ({ payDay: 25 }) },
  'GET /api/v1/business/profile': { access: ['user'], crossTenant: 'own-business', noInput: "the caller's own business; takes no input" },
  'PUT /api/v1/business/profile': { access: ['owner'], crossTenant: 'own-business', body: () => ({ employerPensionRate: 10 }), validValues: { employerPensionRate: [42] } },
  'POST /api/v1/employee/gross-modify/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam, body: () => ({ modifiedGrossIncome: '4200000' }) },
  'POST /api/v1/employee/allowance/:id/:value': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam, query: (a) => ({ month: a.payroll.month }), optionalFields: ['month'] },
  'POST /api/v1/employee/overtimeAdder/:id/:value': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam, query: (a) => ({ month: a.payroll.month }), optionalFields: ['month'] },
  'PUT /api/v1/employee/IOU/:id/:value': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam, query: (a) => ({ month: a.payroll.month }), optionalFields: ['month'] },
  'POST /api/v1/employee/add-loan': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ employeeId: a.people.employee._id, loanDetail: { principal: '10000', monthlyRepayment: '1000', startMonth: '2026-06' } }) },
  'POST /api/v1/employee/update-loan': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ loanId: a.payroll.loanId, loanDetail: { monthlyRepayment: '5000' } }) },
  'PUT /api/v1/employee/update-repayment': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ selectedMonth: '2026-06', employeeId: a.people.employee._id, newRepaymentAmount: '5000' }) },
  'POST /api/v1/employee/loan-off': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ loanId: a.payroll.loanId, action: 'settle' }) },
  'POST /api/v1/employee/employeeBulkUpload': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ selectedEmployeeIds: [a.people.employee._id], month: a.payroll.month }), optionalFields: ['month'] },
  'PUT /api/v1/employee/publish-slip/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam },
  'PUT /api/v1/employee/remove-slip/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam },
  'PUT /api/v1/employee/reset-schedule/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam, query: (a) => ({ month: a.payroll.month }), optionalFields: ['month'] },
  'GET /api/v1/payroll/settings': { access: ['Accounts-access'], crossTenant: 'own-business', query: () => ({ page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  'GET /api/v1/payroll/employee/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam },
  'GET /api/v1/payroll/run/:month': { access: ['Accounts-access'], crossTenant: 'own-business' },
  'GET /api/v1/payroll/runs/:runId/lines': { access: ['Accounts-access'], crossTenant: 'denied', query: () => ({ page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  'POST /api/v1/payroll/runs/:runId/compute': { access: ['Accounts-access'], crossTenant: 'denied' },
  'POST /api/v1/payroll/runs/:runId/approve': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ reason: 'probe', exclude: [a.people.employee._id] }), optionalFields: ['reason', 'exclude'] },
  'GET /api/v1/payroll/approval-setting': { access: ['user'], crossTenant: 'own-business', noInput: "the caller's own business; takes no input" },
  'PUT /api/v1/payroll/approval-setting': { access: ['owner'], crossTenant: 'own-business', body: () => ({ payrollApproval: 'maker-checker' }) },
  'POST /api/v1/payroll/runs/:runId/paid': { access: ['Accounts-access'], crossTenant: 'denied' },
  'POST /api/v1/payroll/runs/:runId/publish-all': { access: ['Accounts-access'], crossTenant: 'denied' },
  'GET /api/v1/payroll/runs/:runId/bank-file': { access: ['Accounts-access'], crossTenant: 'denied', query: () => ({ format: 'csv' }), optionalFields: ['format', 'layout', 'debitAccount'] },
  'GET /api/v1/payroll/tax-filing/:month': { access: ['Accounts-access'], crossTenant: 'own-business' },
  'GET /api/v1/payroll/tax-filing/:month/file': { access: ['Accounts-access'], crossTenant: 'own-business', query: () => ({ kind: 'paye', format: 'csv' }), optionalFields: ['format', 'payee'], freeText: ['payee'] },
  'GET /api/v1/payroll/annual-returns/:year': { access: ['Accounts-access'], crossTenant: 'own-business' },
  'GET /api/v1/payroll/annual-returns/:year/file': { access: ['Accounts-access'], crossTenant: 'own-business', query: () => ({ kind: 'ng-h1', format: 'xlsx' }), optionalFields: ['format', 'payee'], freeText: ['payee'] },
  'GET /api/v1/payroll/summary': { access: ['Accounts-access'], crossTenant: 'own-business', query: (a) => ({ year: '2026', month: a.payroll.month }), optionalFields: ['year', 'month'] },
  'GET /api/v1/payroll/summary/employees': { access: ['Accounts-access'], crossTenant: 'own-business', query: (a) => ({ month: a.payroll.month, page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  'GET /api/v1/payroll/payslip/:id': { access: ['Accounts-access', 'portal'], crossTenant: 'denied', params: (a) => ({ id: a.payroll.lineId }) },
  'GET /api/v1/payroll/payslip/:id/pdf': { access: ['Accounts-access', 'portal'], crossTenant: 'denied', params: (a) => ({ id: a.payroll.lineId }) },
  'GET /api/v1/portal/payslips/:id': { access: ['Accounts-access', 'portal'], crossTenant: 'denied', params: employeeParam },
  'GET /api/v1/dashboard/activity': { access: ['user'], crossTenant: 'own-business', query: () => ({ page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  ...INVENTORY_ROUTES,
  ...STOCK_ROUTES,
  ...COST_ROUTES,
  ...REMITTANCE_ROUTES,
  ...REGISTER_ROUTES,
  ...PAY_SETUP_ROUTES,
  ...OPERATIONS_ROUTES,
  ...INTEGRATION_ROUTES,
  ...BUSINESS_DATA_ROUTES,
  ...OFF_CYCLE_ROUTES,
  ...STRUCTURE_ROUTES,
  ...MONTH_EVENT_ROUTES,
  ...EXPENSE_ROUTES,
  ...ATTENDANCE_TRUST_ROUTES,
  ...PLACE_ROUTES,
  ...LEDGER_ROUTES,
  ...COSTRECS_ROUTES,
  ...APPROVAL_BAND_ROUTES,
  ...TRANSFER_ROUTES,
  ...COLLECTOR_STOCK_ROUTES,
  ...FLEET_ROUTES,
  ...WHT_ROUTES,
  ...QUOTE_ROUTES,
  ...PROJECT_COSTING_ROUTES,
  ...MATCH_ROUTES,
};
