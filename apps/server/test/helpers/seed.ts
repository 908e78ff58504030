import type { FastifyInstance } from 'fastify';
import { bearer, login, multipart, registerBusiness, type TSession } from './test-app.ts';
import { peopleSecretsOf, seedPeople, type TPeopleSeed } from './seed-people.ts';
import { inventorySecretsOf, seedInventory, type TInventorySeed } from './seed-inventory.ts';
import { costSecretsOf, seedCosts, type TCostsSeed } from './seed-costs.ts';
import { procurementSecretsOf, seedProcurement, type TProcurementSeed } from './seed-procurement.ts';
import { seedTime, timeSecretsOf, type TTimeSeed } from './seed-time.ts';
import { seedPayroll, type TPayrollSeed } from './seed-payroll.ts';

/**
 * One business with something of every kind, so every route has a real identifier of it to
 * be probed with. Features add their records here (and a value for their params in route-table.ts).
 */
export type TSeed = {
  owner: TSession;
  businessName: string;
  staff: TSession;
  collectionPoint: { _id: string; employeeNumber: string; dataCode: string };
  departmentId: string;
  notificationId: string;
  /** A pending invitation (issue 10). */
  invitation: { _id: string; email: string };
  logoName: string;
  /** Employees and their records (seed-people.ts). */
  people: TPeopleSeed;
  /** Stock, requisitions, fleet and energy (seed-inventory.ts). */
  inventory: TInventorySeed;
  /** A project with a cost record and a payment (seed-costs.ts). */
  costs: TCostsSeed;
  /** Vendors, BOQ, quote and orders (seed-procurement.ts). */
  procurement: TProcurementSeed;
  /** Attendance sites, leave and complaints (seed-time.ts). */
  time: TTimeSeed;
  /** A computed draft payroll run (seed-payroll.ts). */
  payroll: TPayrollSeed;
};

export const seedBusiness = async (app: FastifyInstance, name: string): Promise<TSeed> => {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  const owner = await registerBusiness(app, { businessName: name, email: `owner@${slug}.example` });
  const h = bearer(owner.token);
  const staffRes = await app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: h, payload: { userName: `${name} Clerk`, email: `clerk@${slug}.example`, password: 'clerk pass 1', roles: ['HR-access'] } });
  if (staffRes.statusCode !== 201) throw new Error(staffRes.body);
  const staff = await login(app, `clerk@${slug}.example`, 'clerk pass 1');
  const cp = await app.inject({ method: 'POST', url: '/api/v1/auth/dcollector', headers: h, payload: { employeeNumber: `${slug}-001`, employeeName: `${name} Field Officer`, tagName: `${slug}-site`, userEmail: owner.user.email, projectDescription: `${name} borehole`, projectScope: 'Drilling', dept: 'Operations' } });
  if (cp.statusCode !== 201) throw new Error(cp.body);
  const form = multipart([{ name: 'department', value: JSON.stringify({ name: `${name} Operations` }) }]);
  const dep = await app.inject({ method: 'POST', url: `/api/v1/auth/department/${owner.user.email}`, headers: { ...h, ...form.headers }, payload: form.payload });
  if (dep.statusCode !== 201) throw new Error(dep.body);
  const n = await app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: h, payload: { category: 'Staff news', actionType: `${name} notice`, message: `${name} private message` } });
  const inv = await app.inject({ method: 'POST', url: '/api/v1/auth/invitations', headers: h, payload: { userName: `${name} Invitee`, email: `invitee@${slug}.example`, roles: ['HR-access'] } });
  if (inv.statusCode !== 201) throw new Error(inv.body);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const logoForm = multipart([{ name: 'file', filename: 'l.png', contentType: 'image/png', data: png }]);
  const logo = await app.inject({ method: 'POST', url: `/api/v1/images/upload-logo/${owner.user._id}`, headers: { ...h, ...logoForm.headers }, payload: logoForm.payload });
  const base = {
    owner,
    businessName: name,
    staff,
    collectionPoint: cp.json().data,
    departmentId: dep.json().data[0]._id,
    notificationId: n.json().data._id,
    invitation: { _id: inv.json().data._id as string, email: `invitee@${slug}.example` },
    logoName: String(logo.json().data.imagePath).split('/').pop()!,
  };
  const costs = await seedCosts(app, base);
  const withPeople = { ...base, costs, people: await seedPeople(app, { ...base, costs }), inventory: await seedInventory(app, { ...base, costs }) };
  const withProcurement = { ...withPeople, procurement: await seedProcurement(app, owner, name) };
  const withTime = { ...withProcurement, time: await seedTime(app, withProcurement) };
  return { ...withTime, payroll: await seedPayroll(app, owner, withPeople.people.employee._id) };
};

/** Strings that belong to the seeded business only; none may appear in another business's answers. */
export const secretsOf = (s: TSeed) => [
  s.owner.user.businessId,
  s.owner.user._id,
  s.staff.user._id,
  s.owner.user.email,
  s.staff.user.email,
  s.businessName,
  s.collectionPoint._id,
  s.collectionPoint.dataCode,
  s.departmentId,
  s.notificationId,
  s.invitation._id,
  s.invitation.email,
  ...peopleSecretsOf(s.people),
  ...inventorySecretsOf(s.inventory),
  ...costSecretsOf(s.costs),
  ...procurementSecretsOf(s.procurement),
  ...timeSecretsOf(s.time),
  s.payroll.runId,
  s.payroll.lineId,
  s.payroll.loanId,
];
