import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { sql } from 'drizzle-orm';
import { PNG_1PX, bearer, createTestApp, login, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

describe('users, roles, departments and collection points', () => {
  let t: TTestApp;
  let owner: TSession;
  const h = () => bearer(owner.token);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Kofi Builders', email: 'kofi@builders.gh', country: 'GH' });
  });
  afterAll(async () => t.close());

  const addUser = async (email: string, roles: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: h(), payload: { userName: email.split('@')[0], email, password: 'staff pass 1', roles } });
    expect(res.statusCode).toBe(201);
    return res.json().data as { _id: string; roles: string[] };
  };

  it('creates a staff user in the caller business who can then log in with those roles', async () => {
    const user = await addUser('ama@builders.gh', ['HR-access', 'Accounts-access']);
    expect(user.roles).toEqual(['HR-access', 'Accounts-access']);
    const session = await login(t.app, 'ama@builders.gh', 'staff pass 1');
    expect(session.user).toMatchObject({ businessName: 'Kofi Builders', ownerEmail: 'kofi@builders.gh', currency: 'GHS' });
  });

  it('accepts a single role given as a string, as the spec allows', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: h(), payload: { userName: 'Yaw', email: 'yaw@builders.gh', password: 'staff pass 1', roles: 'Inventory-access' } });
    expect(res.json().data.roles).toEqual(['Inventory-access']);
  });

  it('refuses an unknown role and the owner role with a message naming the field', async () => {
    for (const roles of [['Chief-access'], ['owner']]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: h(), payload: { userName: 'X', email: 'x-role@builders.gh', password: 'staff pass 1', roles } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^roles\.0: must be one of/);
    }
  });

  it('changes roles, applies them at once and signs the user out of old sessions', async () => {
    const user = await addUser('kwame@builders.gh', ['HR-access']);
    const before = await login(t.app, 'kwame@builders.gh', 'staff pass 1');
    const denied = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(before.token), payload: { userName: 'Z', email: 'z@builders.gh', password: 'staff pass 1' } });
    expect(denied.statusCode).toBe(403);

    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/update-user-roles/${user._id}`, headers: h(), payload: { roles: ['Settings-access'] } });
    expect(res.json()).toMatchObject({ success: true, message: MSG.rolesUpdated, data: { roles: ['Settings-access'] } });
    const old = await t.app.inject({ method: 'GET', url: `/api/v1/auth/users/${user._id}`, headers: bearer(before.token) });
    expect(old.statusCode).toBe(401);
    const after = await login(t.app, 'kwame@builders.gh', 'staff pass 1');
    const allowed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(after.token), payload: { userName: 'Z', email: 'z@builders.gh', password: 'staff pass 1' } });
    expect(allowed.statusCode).toBe(201);
  });

  it("never changes or deletes the owner's account", async () => {
    const roles = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/update-user-roles/${owner.user._id}`, headers: h(), payload: { roles: ['HR-access'] } });
    expect(roles.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/delete-user/${owner.user._id}`, headers: h() });
    expect(del.statusCode).toBe(403);
  });

  it('deletes a staff user, who can no longer log in, and records it in the audit log', async () => {
    const user = await addUser('gone@builders.gh', []);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/delete-user/${user._id}`, headers: h() });
    expect(res.json()).toMatchObject({ success: true, message: MSG.userDeleted });
    const loginRes = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: '10.9.9.9', payload: { email: 'gone@builders.gh', password: 'staff pass 1' } });
    expect(loginRes.statusCode).toBe(401);
    const rows = await t.deps.db.execute(sql`SELECT action, before FROM audit_log WHERE entity_id = ${user._id} AND action = 'user.deleted'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('creates departments from multipart department fields, all or nothing', async () => {
    const form = multipart([
      { name: 'department', value: JSON.stringify({ name: 'Site Works', description: 'Field teams' }) },
      { name: 'department', value: JSON.stringify({ name: 'Finance', unit: 'Kumasi branch' }) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/department/kofi@builders.gh', headers: { ...h(), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((d: { name: string; unit: string }) => `${d.unit}/${d.name}`)).toEqual(['Kofi Builders/Site Works', 'Kumasi branch/Finance']);

    const dup = multipart([
      { name: 'department', value: JSON.stringify({ name: 'Procurement' }) },
      { name: 'department', value: JSON.stringify({ name: 'site works' }) },
    ]);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/department/kofi@builders.gh', headers: { ...h(), ...dup.headers }, payload: dup.payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A department named "site works" already exists in Kofi Builders');
    const data = await t.app.inject({ method: 'GET', url: `/api/v1/auth/user-data/${owner.user._id}`, headers: h() });
    expect(data.json().data.departments.map((d: { name: string }) => d.name)).not.toContain('Procurement');
  });

  it('refuses departments for another business e-mail with 403', async () => {
    const form = multipart([{ name: 'department', value: JSON.stringify({ name: 'Sneaky' }) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/department/someone@else.com', headers: { ...h(), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(403);
  });

  describe('collection points', () => {
    let point: { _id: string; dataCode: string; employeeNumber: string };

    beforeAll(async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/dcollector', headers: h(), payload: { employeeNumber: 'KB-014', employeeName: 'Esi Mensah', tagName: 'tema-warehouse', userEmail: 'kofi@builders.gh', projectDescription: 'Warehouse', projectScope: 'Roofing', dept: 'Site Works' } });
      expect(res.statusCode).toBe(201);
      point = res.json().data;
    });

    it('gets a random 10-character access code and is listed by cpd', async () => {
      expect(point.dataCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/cpd/kofi@builders.gh', headers: h() });
      expect(list.json().data.map((p: { _id: string }) => p._id)).toContain(point._id);
    });

    it('issues a new code on regenerate-code and the old one is gone', async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/regenerate-code/${owner.user._id}/KB-014`, headers: h() });
      expect(res.json().message).toBe(MSG.codeRegenerated);
      const fresh = res.json().data[0].dataCode;
      expect(fresh).not.toBe(point.dataCode);
      const codes = await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM collection_points WHERE data_code = ${point.dataCode}`);
      expect((codes as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    });

    it('saves a shared-sheet link and refuses one that is not a web address', async () => {
      const good = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/save-google-link/${owner.user._id}/KB-014`, headers: h(), payload: { googleLink: 'https://docs.google.com/spreadsheets/d/abc' } });
      expect(good.json().data[0].googleLink).toBe('https://docs.google.com/spreadsheets/d/abc');
      const bad = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/save-google-link/${owner.user._id}/KB-014`, headers: h(), payload: { googleLink: 'javascript:alert(1)' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^googleLink: /);
    });

    it('moves the point to another employee number only when the old number matches', async () => {
      const wrong = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/update-number', headers: h(), payload: { id: owner.user._id, oldEmployeeNumber: 'KB-999', newEmployeeNumber: 'KB-020', subDocId: point._id } });
      expect(wrong.statusCode).toBe(400);
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/update-number', headers: h(), payload: { id: owner.user._id, oldEmployeeNumber: 'KB-014', newEmployeeNumber: 'KB-020', subDocId: point._id } });
      expect(res.json()).toMatchObject({ success: true, message: MSG.numberUpdated, data: { employeeNumber: 'KB-020' } });
      const missing = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/regenerate-code/${owner.user._id}/KB-014`, headers: h() });
      expect(missing.statusCode).toBe(404);
    });

    it('hides access codes and other users from user-data for staff without Settings-access', async () => {
      await addUser('hr-only@builders.gh', ['HR-access']);
      const staff = await login(t.app, 'hr-only@builders.gh', 'staff pass 1');
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/auth/user-data/${staff.user._id}`, headers: bearer(staff.token) });
      expect(res.json().data.collectionPoints).toEqual([]);
      expect(res.json().data.users.map((u: { email: string }) => u.email)).toEqual(['hr-only@builders.gh']);
      const ownerView = await t.app.inject({ method: 'GET', url: `/api/v1/auth/user-data/${owner.user._id}`, headers: h() });
      expect(ownerView.json().data.collectionPoints.length).toBeGreaterThan(0);
    });
  });
});

describe('dashboard', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('counts what the business really has and shows its audit trail newest first', async () => {
    const owner = await registerBusiness(t.app, { businessName: 'Counting Co' });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: 'One', email: 'one@counting.co', password: 'staff pass 1' } });
    await t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: bearer(owner.token), payload: { category: 'Staff news', actionType: 'Hello', message: 'unread one' } });
    const other = await registerBusiness(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(other.token), payload: { userName: 'Two', email: 'two@other.co', password: 'staff pass 1' } });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: bearer(owner.token) });
    expect(res.json().data).toMatchObject({ users: 2, employees: 0, collectionPoints: 0, unreadNotifications: 1 });

    const activity = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/activity?limit=1', headers: bearer(owner.token) });
    expect(activity.json()).toMatchObject({ success: true, page: 1, limit: 1, totalRecords: 2, total: 2 });
    expect(activity.json().data[0]).toMatchObject({ action: 'user.created', actorName: 'Owner Person' });
    expect(activity.body).not.toContain('two@other.co');
  });
});

describe('roles: nobody hands out more than they hold', () => {
  let t: TTestApp;
  let owner: TSession;
  let settings: TSession;
  let settingsId: string;

  const register = (token: string, email: string, roles: string[]) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(token), payload: { userName: email.split('@')[0], email, password: 'staff pass 1', roles } });
  const setRoles = (token: string, userId: string, roles: string[]) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/auth/update-user-roles/${userId}`, headers: bearer(token), payload: { roles } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Roles Ltd', email: 'owner@roles.ng' });
    settingsId = (await register(owner.token, 'admin@roles.ng', ['Settings-access'])).json().data._id;
    settings = await login(t.app, 'admin@roles.ng', 'staff pass 1');
  });
  afterAll(async () => t.close());

  it('refuses a Settings-access user changing their own roles, and leaves them as they were', async () => {
    const res = await setRoles(settings.token, settingsId, ['Settings-access', 'HR-access', 'Accounts-access']);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot change your own roles; ask the owner');
    const me = await t.app.inject({ method: 'GET', url: `/api/v1/auth/users/${settingsId}`, headers: bearer(settings.token) });
    expect(me.json().data.roles).toEqual(['Settings-access']);
  });

  it('refuses granting or removing a role the caller does not hold, naming it', async () => {
    const clerk = (await register(settings.token, 'clerk@roles.ng', [])).json().data;
    const grant = await setRoles(settings.token, clerk._id, ['Accounts-access']);
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('You can only grant or remove roles you hold yourself; you do not hold Accounts-access');
    const created = await register(settings.token, 'payroll@roles.ng', ['HR-access', 'Accounts-access']);
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toMatch(/you do not hold HR-access, Accounts-access$/);
    const accountant = (await register(owner.token, 'accountant@roles.ng', ['Accounts-access'])).json().data;
    const strip = await setRoles(settings.token, accountant._id, []);
    expect(strip.statusCode).toBe(403);
    // What the caller does hold, they may hand on.
    const ok = await setRoles(settings.token, clerk._id, ['Settings-access']);
    expect(ok.statusCode).toBe(200);
  });

  it('lets the owner grant any role', async () => {
    const user = (await register(owner.token, 'all@roles.ng', [])).json().data;
    const res = await setRoles(owner.token, user._id, ['HR-access', 'Accounts-access', 'Settings-access']);
    expect(res.json().data.roles).toEqual(['HR-access', 'Accounts-access', 'Settings-access']);
  });
});

describe('audit trail: each entry only to those who may see its subject', () => {
  let t: TTestApp;
  let owner: TSession;
  const sessions: Record<string, TSession> = {};

  const activity = async (s: TSession) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/activity?limit=100', headers: bearer(s.token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { totalRecords: number; data: Array<{ action: string; entity: string; before: unknown; after: unknown }> };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Audit Ltd', email: 'owner@audit.ng' });
    for (const [name, roles] of [['settings', ['Settings-access']], ['hr', ['HR-access']], ['accounts', ['Accounts-access']], ['none', []]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: name, email: `${name}@audit.ng`, password: 'staff pass 1', roles } });
      expect(res.statusCode).toBe(201);
      sessions[name] = await login(t.app, `${name}@audit.ng`, 'staff pass 1');
    }
    const created = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: bearer(owner.token), payload: { firstName: 'Ngozi', lastName: 'Eze', email: 'ngozi.private@audit.ng', dateOfBirth: '1991-04-04', grossIncome: 4_800_000 } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${id}`, headers: bearer(owner.token), payload: { grossIncome: 5_100_000 } });
    await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${id}`, headers: bearer(owner.token), payload: { phone: '+234 803 000 0000' } });
  });
  afterAll(async () => t.close());

  it("never shows a Settings-access user people's data or pay", async () => {
    const seen = await activity(sessions.settings);
    expect(seen.data.map((e) => e.action)).toContain('user.created');
    expect(seen.data.every((e) => ['user', 'business', 'notification', 'collection-point'].includes(e.entity))).toBe(true);
    const body = JSON.stringify(seen);
    for (const secret of ['ngozi.private@audit.ng', '1991-04-04', '4800000', '5100000', '48000000', '51000000']) expect(body).not.toContain(secret);
    expect(seen.totalRecords).toBe(seen.data.length);
  });

  it('shows HR the people changes without the pay, and Accounts the pay without the rest', async () => {
    const hr = await activity(sessions.hr);
    // The create and the issue of the portal codes are written together (same time, so in either order).
    const actions = hr.data.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['employee.updated', 'employee.updated']);
    expect(actions.slice(2).sort()).toEqual(['employee.created', 'employee.portal-code-issued']);
    expect(JSON.stringify(hr)).toContain('ngozi.private@audit.ng');
    expect(JSON.stringify(hr)).not.toMatch(/grossIncome|4800000|5100000/);

    const accounts = await activity(sessions.accounts);
    expect(accounts.data.map((e) => [e.action, e.entity])).toEqual([['employee.updated', 'employee-pay'], ['employee.created', 'employee-pay']]);
    expect(accounts.data[0]).toMatchObject({ before: { grossIncome: 4_800_000 }, after: { grossIncome: 5_100_000 } });
    expect(JSON.stringify(accounts)).not.toMatch(/ngozi\.private|1991-04-04|user\.created/);
  });

  it('shows a user without roles nothing, and the owner everything', async () => {
    expect(await activity(sessions.none)).toMatchObject({ totalRecords: 0, data: [] });
    const all = await activity(owner);
    const entities = new Set(all.data.map((e) => e.entity));
    for (const e of ['business', 'user', 'employee', 'employee-pay']) expect(entities.has(e)).toBe(true);
  });
});

describe('logo replacement', () => {
  let t: TTestApp;
  let owner: TSession;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Logo Ltd' });
  });
  afterAll(async () => t.close());

  const upload = async () => {
    const form = multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG_1PX }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload-logo/${owner.user._id}`, headers: { ...bearer(owner.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    return res.json().data.imagePath as string;
  };

  it('deletes the replaced logo from storage once the new one is saved', async () => {
    const first = await upload();
    const keyOf = (p: string) => p.replace('/api/v1/files/', '');
    expect(await t.deps.storage.get(keyOf(first))).not.toBeNull();
    const second = await upload();
    expect(second).not.toBe(first);
    expect(await t.deps.storage.get(keyOf(first))).toBeNull();
    expect(await t.deps.storage.get(keyOf(second))).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });
});
