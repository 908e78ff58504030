import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { bearer, createTestApp, login, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';

// Issue 29 item 1: a portal code is a credential. HR never reads it back; it is shown once when issued, the employee
// adds a PIN of their own, and whoever handed the code out cannot sign in as the employee afterwards.
describe('portal codes are credentials', () => {
  let t: TTestApp;
  let owner: TSession;
  let hr: TSession;
  let api: ReturnType<typeof peopleApi>;

  const as = (s: TSession) => bearer(s.token);
  const codeSignIn = (code: string, remoteAddress = nextIp()) => t.app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${code}`, remoteAddress });
  const signIn = (body: { portalCode: string; pin?: string }, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/employee/portal-sign-in', payload: body, remoteAddress });
  const setPin = (token: string, body: { pin: string; currentPin?: string }, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/employee/portal-pin', headers: bearer(token), payload: body, remoteAddress });
  const create = async (session: TSession, fields: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: as(session), payload: { firstName: 'Test', lastName: 'Person', ...fields } });
    expect(res.statusCode).toBe(201);
    return res.json().data as Record<string, any>;
  };
  const auditRows = async (entityId: string) =>
    ((await t.deps.db.execute(sql`SELECT action, actor_id, actor_kind, after FROM audit_log WHERE entity_id = ${entityId} ORDER BY created_at`)) as unknown as { rows: Array<{ action: string; actor_id: string | null; actor_kind: string; after: any }> }).rows;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Quiet Pay Ltd', email: 'owner@quietpay.ng' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: as(owner), payload: { userName: 'hr', email: 'hr@quietpay.ng', password: 'quiet pay hr 7', roles: ['HR-access'] }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(201);
    hr = await login(t.app, 'hr@quietpay.ng', 'quiet pay hr 7');
    api = peopleApi(t.app, owner);
  });
  afterAll(async () => t.close());

  it("never shows an HR-only user a portal or employee code in routine reads (list, one, department view, export, search, updates)", async () => {
    const sales = await api.department('Sales');
    const ada = await create(owner, { firstName: 'Ada', lastName: 'Quiet', email: 'ada@quietpay.ng', departmentId: sales._id, grossIncome: 4_800_000 });
    const codes = [ada.portalCode, ada.employeeUniqueCode];
    expect(codes.every((c) => /^[A-HJ-KM-NP-Z2-9]{10}$/.test(c))).toBe(true);
    const leaks = (body: string) => codes.some((c) => body.includes(c)) || /portalCode|employeeUniqueCode/.test(body);
    const reads = [
      await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owner.user.email}`, headers: as(hr) }),
      await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owner.user.email}?search=ada`, headers: as(hr) }),
      await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${ada._id}`, headers: as(hr) }),
      await t.app.inject({ method: 'GET', url: `/api/v1/employee/department-view/${sales.unitId}/${sales._id}`, headers: as(hr) }),
      await t.app.inject({ method: 'GET', url: `/api/v1/employee/export/${owner.user.email}?format=csv`, headers: as(hr) }),
      await t.app.inject({ method: 'GET', url: `/api/v1/search/${owner.user.email}?q=ada`, headers: as(hr) }),
      await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${ada._id}`, headers: as(hr), payload: { phone: '+234 800 111 2222' } }),
      await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-department', headers: as(hr), payload: { employeeId: ada._id, departmentId: sales._id } }),
      await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-hierarchy', headers: as(hr), payload: { employeeId: ada._id, appraiserId: null } }),
    ];
    for (const res of reads) {
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(300);
      expect(leaks(res.body), res.body.slice(0, 300)).toBe(false);
    }
    // The owner's reads do not carry them either: a code is shown when it is issued, never again.
    expect(leaks((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${ada._id}`, headers: as(owner) })).body)).toBe(false);
  });

  it('keeps no usable code at rest: the table holds neither code as issued', async () => {
    const bo = await create(hr, { firstName: 'Bo', lastName: 'Rest', email: 'bo@quietpay.ng' });
    const row = ((await t.deps.db.execute(sql`SELECT row_to_json(e)::text AS row FROM employees e WHERE id = ${bo._id}`)) as unknown as { rows: Array<{ row: string }> }).rows[0].row;
    expect(row).not.toContain(bo.portalCode);
    expect(row).not.toContain(bo.employeeUniqueCode);
  });

  it('shows the codes once to the HR user who creates the employee and records who issued them', async () => {
    const chi = await create(hr, { firstName: 'Chi', lastName: 'Issued', email: 'chi@quietpay.ng' });
    expect(chi.portalCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{10}$/);
    const rows = await auditRows(chi._id);
    const issued = rows.find((r) => r.action === 'employee.portal-code-issued');
    expect(issued).toMatchObject({ actor_kind: 'user', actor_id: hr.user._id });
    expect(JSON.stringify(rows)).not.toContain(chi.portalCode);
    expect(JSON.stringify(rows)).not.toContain(chi.employeeUniqueCode);
  });

  it('opens only the PIN step with the code alone; after the employee sets a PIN, the code alone no longer signs in', async () => {
    const dayo = await create(hr, { firstName: 'Dayo', lastName: 'Pin', email: 'dayo@quietpay.ng' });
    // Whoever holds the fresh code gets a session that can do one thing: choose the PIN.
    const first = await codeSignIn(dayo.portalCode);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.pinSet).toBe(false);
    const setup = first.json().token as string;
    const blocked = await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${dayo._id}`, headers: bearer(setup) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MSG.portalPinNeeded);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/portal/payslips/${dayo._id}`, headers: bearer(setup) })).statusCode).toBe(403);

    expect((await setPin(setup, { pin: '111111' })).statusCode).toBe(400); // one digit repeated
    const set = await setPin(setup, { pin: '604219' });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe(MSG.portalPinSet);
    const full = set.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${dayo._id}`, headers: bearer(full) })).statusCode).toBe(200);
    // The setup session ends when the PIN is set, so a code-holder who signed in first is out too.
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/employee/portal-pin', headers: bearer(setup), payload: { pin: '777319' } })).statusCode).toBe(401);

    const codeOnly = await codeSignIn(dayo.portalCode);
    expect(codeOnly.statusCode).toBe(401);
    expect(codeOnly.json()).toMatchObject({ code: 'PIN_REQUIRED', message: MSG.portalPinRequired });
    expect(codeOnly.body).not.toContain('token');
    const wrong = await signIn({ portalCode: dayo.portalCode, pin: '604218' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.portalPinInvalid);
    const right = await signIn({ portalCode: dayo.portalCode.toLowerCase(), pin: '604219' });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ pinSet: true, employee: { _id: dayo._id } });
    expect(right.body).not.toContain(dayo.portalCode);

    const actions = (await auditRows(dayo._id)).map((r) => `${r.action} ${r.actor_kind}`);
    expect(actions).toContain('employee.portal-pin-set portal');
  });

  it('changes the PIN only with the current one', async () => {
    const eze = await create(hr, { firstName: 'Eze', lastName: 'Change', email: 'eze@quietpay.ng' });
    const token = (await setPin((await codeSignIn(eze.portalCode)).json().token, { pin: '392817' })).json().token as string;
    const noCurrent = await setPin(token, { pin: '482913' });
    expect(noCurrent.statusCode).toBe(400);
    const badCurrent = await setPin(token, { pin: '482913', currentPin: '000001' });
    expect(badCurrent.statusCode).toBe(400);
    expect(badCurrent.json().message).toBe(MSG.portalPinInvalid);
    const changed = await setPin(token, { pin: '482913', currentPin: '392817' });
    expect(changed.statusCode).toBe(200);
    expect((await signIn({ portalCode: eze.portalCode, pin: '392817' })).statusCode).toBe(401);
    expect((await signIn({ portalCode: eze.portalCode, pin: '482913' })).statusCode).toBe(200);
  });

  it('re-issuing shows the new codes once, records the issuer, ends every session and clears the PIN', async () => {
    const femi = await create(owner, { firstName: 'Femi', lastName: 'Reissue', email: 'femi@quietpay.ng' });
    const session = (await setPin((await codeSignIn(femi.portalCode)).json().token, { pin: '730518' })).json().token as string;
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/employee/regenerate-portal-code/${femi._id}`, headers: as(hr) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data as { portalCode: string; employeeUniqueCode: string };
    expect(fresh.portalCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{10}$/);
    expect(fresh.portalCode).not.toBe(femi.portalCode);
    expect(fresh.employeeUniqueCode).not.toBe(femi.employeeUniqueCode);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${femi._id}`, headers: bearer(session) })).statusCode).toBe(401);
    expect((await signIn({ portalCode: femi.portalCode, pin: '730518' })).statusCode).toBe(401);
    // The new code opens the PIN step again: the employee sets a new PIN (and sees that access was reset).
    const again = await codeSignIn(fresh.portalCode);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.pinSet).toBe(false);
    const issued = (await auditRows(femi._id)).filter((r) => r.action === 'employee.portal-code-issued');
    expect(issued.map((r) => r.actor_id)).toEqual([owner.user._id, hr.user._id]);
    expect(issued[1].after).toMatchObject({ reissued: true, pinCleared: true });
  });

  it('limits PIN guesses per code, whichever addresses they come from', async () => {
    const gigi = await create(hr, { firstName: 'Gigi', lastName: 'Guess', email: 'gigi@quietpay.ng' });
    await setPin((await codeSignIn(gigi.portalCode)).json().token, { pin: '905162' });
    for (let i = 0; i < 10; i++) expect((await signIn({ portalCode: gigi.portalCode, pin: `10000${i}` })).statusCode).toBe(401);
    const blocked = await signIn({ portalCode: gigi.portalCode, pin: '905162' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: MSG.portalTooManyAttempts });
  });

  it('counts IPv6 addresses of one /64 as one address', async () => {
    const hana = await create(hr, { firstName: 'Hana', lastName: 'Six', email: 'hana@quietpay.ng' });
    for (let i = 1; i <= 10; i++) expect((await codeSignIn('ABCDEFGHJK', `2001:db8:42:7::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await codeSignIn(hana.portalCode, '2001:db8:42:7:ffff:1:2:3')).statusCode).toBe(429);
    expect((await codeSignIn(hana.portalCode, '2001:db8:42:8::1')).statusCode).toBe(200);
  });
});

describe('portal sign-in, global limit', () => {
  let t: TTestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('refuses sign-ins from every address once too many codes failed in a minute across all addresses', async () => {
    const owner = await registerBusiness(t.app, { email: 'owner@globallimit.ng' });
    const ivy = await peopleApi(t.app, owner).employee({ email: 'ivy@globallimit.ng' });
    let refused = 0;
    const A = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
    for (let i = 0; i < 200; i++) {
      // A different unknown code each time from a different address: neither the address nor the code limit applies.
      const code = `ABCDEFGH${A[Math.floor(i / A.length)]}${A[i % A.length]}`;
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${code}`, remoteAddress: nextIp() });
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(0); // each address stayed under its own limit
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${ivy.portalCode}`, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.portalBusy);
    const collector = await t.app.inject({ method: 'POST', url: '/api/v1/employee/collectorId', payload: { dataCode: 'ABCDEFGHJK', employeeUniqueCode: ivy.employeeUniqueCode }, remoteAddress: nextIp() });
    expect(collector.statusCode).toBe(429);
  });
});
