import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';

/** Issue 10: departments and designations can be renamed and deleted; a delete is refused while employees use them. */
describe('editing and deleting departments and designations', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof peopleApi>;
  let otherApi: ReturnType<typeof peopleApi>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Foods', email: 'ada@adaeze-edit.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Motors', email: 'kwesi@motors-edit.gh', country: 'GH' });
    api = peopleApi(t.app, owner);
    otherApi = peopleApi(t.app, other);
  });
  afterAll(async () => t.close());

  const call = (session: TSession, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${session.token}` }, ...(payload ? { payload } : {}) });

  it('renames a designation, refuses a name another one has, and audits the change', async () => {
    const clerk = await api.designation('Clerk');
    await api.designation('Cashier');
    const res = await call(owner, 'PUT', `/api/v1/designation/${clerk._id}`, { name: 'Senior Clerk', description: 'Front office' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.designationUpdated, data: { _id: clerk._id, name: 'Senior Clerk', label: 'Senior Clerk', description: 'Front office' } });
    const taken = await call(owner, 'PUT', `/api/v1/designation/${clerk._id}`, { name: 'CASHIER' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.designationTaken);
    const blank = await call(owner, 'PUT', `/api/v1/designation/${clerk._id}`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/name/);
    const trail = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, clerk._id), eq(auditLog.action, 'designation.updated')));
    expect(trail).toHaveLength(1);
  });

  it('refuses to delete a designation employees hold, naming how many; deletes it once nobody does', async () => {
    const driver = await api.designation('Driver');
    const a = await api.employee({ email: 'driver1@adaeze-edit.ng', designationId: driver._id });
    await api.employee({ email: 'driver2@adaeze-edit.ng', designationId: driver._id });
    const refused = await call(owner, 'DELETE', `/api/v1/designation/${driver._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('"Driver" is the designation of 2 employees: give them another designation first');
    // A deleted employee no longer holds it.
    expect((await call(owner, 'DELETE', `/api/v1/employee/delete/${a._id}`)).statusCode).toBe(200);
    const still = await call(owner, 'DELETE', `/api/v1/designation/${driver._id}`);
    expect(still.json().message).toBe('"Driver" is the designation of 1 employee: give them another designation first');
  });

  it('deletes an unused designation; it is gone from the list', async () => {
    const temp = await api.designation('Temporary title');
    const res = await call(owner, 'DELETE', `/api/v1/designation/${temp._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.designationDeleted);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/employee/designation/${owner.user.email}`, headers: api.h });
    expect(list.json().data.map((d: { _id: string }) => d._id)).not.toContain(temp._id);
    expect((await call(owner, 'DELETE', `/api/v1/designation/${temp._id}`)).statusCode).toBe(404);
  });

  it('renames a department within its unit and refuses a duplicate there', async () => {
    const sales = await api.department('Sales');
    await api.department('Marketing');
    const res = await call(owner, 'PUT', `/api/v1/department/${sales._id}`, { name: 'Sales & Service' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.departmentUpdated, data: { _id: sales._id, name: 'Sales & Service', unit: sales.unit } });
    const dup = await call(owner, 'PUT', `/api/v1/department/${sales._id}`, { name: 'marketing' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/A department named "marketing" already exists in/);
  });

  it('refuses to delete a department with employees, with the count; deletes an empty one', async () => {
    const ops = await api.department('Operations');
    await api.employee({ email: 'ops1@adaeze-edit.ng', departmentId: ops._id });
    const refused = await call(owner, 'DELETE', `/api/v1/department/${ops._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('1 employee works in "Operations": move them to another department first');
    const empty = await api.department('Empty one');
    const res = await call(owner, 'DELETE', `/api/v1/department/${empty._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.departmentDeleted);
    expect((await call(owner, 'DELETE', `/api/v1/department/${empty._id}`)).statusCode).toBe(404);
  });

  it("answers 404 to another business's department or designation and changes nothing", async () => {
    const theirs = await otherApi.department('Workshop');
    const theirTitle = await otherApi.designation('Mechanic');
    expect((await call(owner, 'PUT', `/api/v1/department/${theirs._id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/v1/department/${theirs._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `/api/v1/designation/${theirTitle._id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/v1/designation/${theirTitle._id}`)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/employee/designation/${other.user.email}`, headers: otherApi.h });
    expect(list.json().data.map((d: { name: string }) => d.name)).toContain('Mechanic');
  });
});
