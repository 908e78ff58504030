import type { TSeed } from './seed.ts';
import { PNG_1PX, multipart } from './test-app.ts';

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
  stream?: true;
  endsSession?: true;
};

const unique = () => Math.random().toString(36).slice(2, 10);

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
};

export const ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/health': { access: 'public', crossTenant: 'public', noInput: 'takes no input' },
  'POST /api/v1/auth/register': { access: 'public', crossTenant: 'public', body: () => ({ businessName: 'Probe Ltd', userName: 'Probe', email: `probe-${unique()}@example.com`, password: 'probe pass 1', country: 'GH' }), optionalFields: ['country'] },
  'POST /api/v1/auth/login': { access: 'public', crossTenant: 'public', body: (a) => ({ email: a.owner.user.email, password: 'wrong password' }) },
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
  'DELETE /api/v1/auth/delete-user/:id': { access: ['Settings-access'], crossTenant: 'denied' },
  'PUT /api/v1/auth/save-google-link/:userId/:employeeNumber': { access: ['Settings-access'], crossTenant: 'denied', body: () => ({ googleLink: 'https://docs.google.com/spreadsheets/d/probe' }) },
  'GET /api/v1/notification/fetch/:ownerEmail': { access: ['user'], crossTenant: 'denied' },
  'GET /api/v1/notification/fetch': { access: ['user'], crossTenant: 'denied', query: (a) => ({ ownerEmail: a.owner.user.email }) },
  'DELETE /api/v1/notification/delete-old': { access: ['user'], crossTenant: 'own-business', body: () => ({ beforeDate: new Date(Date.now() - 7 * 864e5).toISOString() }) },
  'POST /api/v1/notification/create': { access: ['user'], crossTenant: 'own-business', body: () => ({ category: 'General actions', actionType: 'Probe', message: 'probe' }) },
  'GET /api/v1/notification/stream': { access: ['user'], crossTenant: 'own-business', noInput: 'a live stream; takes no input', stream: true },
};
