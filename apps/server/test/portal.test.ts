import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { MSG } from '@bizdesk/contract';
import { bearer, createTestApp, nextIp, portalSignIn, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';

describe('employee portal and collection points', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof peopleApi>;
  let employee: Record<string, any>;
  let colleague: Record<string, any>;

  const signIn = (code: string, remoteAddress = nextIp()) => t.app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${code}`, remoteAddress });
  const collector = (body: object, v2 = false, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: `/api/v1/employee/collectorId${v2 ? 'V2' : ''}`, payload: body, remoteAddress });
  const createPoint = async (employeeNumber: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/dcollector', headers: api.h, payload: { employeeNumber, employeeName: 'Site Lead', tagName: `site-${employeeNumber}`, userEmail: owner.user.email, dept: 'Projects' } });
    expect(res.statusCode).toBe(201);
    return res.json().data as { _id: string; dataCode: string; employeeNumber: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Bola Construction', email: 'bola@construction.ng' });
    api = peopleApi(t.app, owner);
    employee = await api.employee({ firstName: 'Emeka', lastName: 'Nwosu', email: 'emeka@construction.ng', employeeNumber: 'BC-001' });
    colleague = await api.employee({ firstName: 'Fatima', lastName: 'Abubakar', email: 'fatima@construction.ng', employeeNumber: 'BC-002' });
  });
  afterAll(async () => t.close());

  describe('portal code', () => {
    it('signs an employee in with their portal code to a token scoped to them alone', async () => {
      const res = await signIn(employee.portalCode.toLowerCase());
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: MSG.portalSignedIn, data: { pinSet: false, employee: { _id: employee._id, name: 'Emeka Nwosu' }, business: { businessName: 'Bola Construction', currency: 'NGN' } } });
      expect(body.data.business.ownerEmail).toBeUndefined();
      expect(decodeJwt(body.token)).toMatchObject({ scope: 'portal', id: employee._id, bid: owner.user.businessId, ver: 0 });
    });

    it('reads and changes only its own record, and only the fields an employee may change', async () => {
      const { token } = await portalSignIn(t.app, employee.portalCode);
      const p = bearer(token);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${employee._id}`, headers: p })).json().data.email).toBe('emeka@construction.ng');
      const own = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${employee._id}`, headers: p, payload: { phone: '+234 802 111 2222', address: '4 Allen Avenue, Ikeja', nextOfKinName: 'Ngozi Nwosu' } });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ phone: '+234 802 111 2222', address: '4 Allen Avenue, Ikeja', nextOfKinName: 'Ngozi Nwosu' });
      const raise = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${employee._id}`, headers: p, payload: { phone: '+234 802 111 3333', grossIncome: 99000000, designationId: null } });
      expect(raise.statusCode).toBe(403);
      expect(raise.json().message).toBe('Only HR can change: designationId, grossIncome');
      expect((await api.detail(employee._id)).phone).toBe('+234 802 111 2222');

      const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${colleague._id}`, headers: p });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).not.toContain('fatima');
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${colleague._id}`, headers: p, payload: { phone: '+234 800 000 0000' } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owner.user.email}`, headers: p })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${owner.user.email}`, headers: p })).statusCode).toBe(403);
    });

    it('refuses an unknown code with 401 and never says whether it was close', async () => {
      const res = await signIn('ABCDEFGHJK');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: MSG.portalCodeInvalid });
      expect((await signIn('short')).statusCode).toBe(400);
    });

    it('answers the eleventh code attempt within a minute from one address with 429; another address still signs in', async () => {
      const attacker = '203.0.113.44';
      for (let i = 0; i < 10; i++) expect((await signIn(`ABCDEFGH${'JKMNPQRSTU'[i]}${'2'}`, attacker)).statusCode).toBe(401);
      const blocked = await signIn(employee.portalCode, attacker);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: MSG.tooManyAttempts });
      // Past the limit from another address: the code is found (its employee has a PIN by now, so the PIN is asked for).
      expect((await signIn(employee.portalCode, '198.51.100.9')).json()).toMatchObject({ code: 'PIN_REQUIRED' });
    });

    it('ends the portal when the employee is deleted: the code and open sessions stop working', async () => {
      const leaver = await api.employee({ email: 'leaver@construction.ng' });
      const { token } = await portalSignIn(t.app, leaver.portalCode);
      await t.app.inject({ method: 'DELETE', url: `/api/v1/employee/delete/${leaver._id}`, headers: api.h });
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${leaver._id}`, headers: bearer(token) })).statusCode).toBe(401);
      expect((await signIn(leaver.portalCode)).statusCode).toBe(401);
    });
  });

  describe('collection point', () => {
    it("signs a collector in with the point's data code and the employee's unique code (DataAuth)", async () => {
      const point = await createPoint('BC-001');
      const res = await collector({ dataCode: point.dataCode, employeeUniqueCode: employee.employeeUniqueCode });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true, message: MSG.collectorSignedIn,
        data: { collectionPoint: { _id: point._id, tagName: 'site-BC-001', employeeNumber: 'BC-001' }, employee: { _id: employee._id, name: 'Emeka Nwosu', employeeNumber: 'BC-001' }, business: { businessName: 'Bola Construction' } },
      });
      expect(res.json().data.items).toBeUndefined();
      expect(decodeJwt(res.json().token)).toMatchObject({ scope: 'collector', id: point._id, bid: owner.user.businessId, ver: 0 });
    });

    it('returns the items and recent records with V2 (DataAuthV2), empty until inventory exists', async () => {
      const point = await createPoint('BC-001');
      const res = await collector({ dataCode: point.dataCode.toLowerCase(), employeeUniqueCode: employee.employeeUniqueCode }, true);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ collectionPoint: { _id: point._id }, items: [], records: [] });
    });

    it("refuses another employee's unique code, another business's codes and unknown codes alike (401)", async () => {
      const point = await createPoint('BC-001');
      const stranger = await registerBusiness(t.app, { businessName: 'Elsewhere', email: 'x@elsewhere.ng' });
      const strangerEmployee = await peopleApi(t.app, stranger).employee({ email: 's@elsewhere.ng', employeeNumber: 'BC-001' });
      for (const body of [
        { dataCode: point.dataCode, employeeUniqueCode: colleague.employeeUniqueCode },
        { dataCode: point.dataCode, employeeUniqueCode: strangerEmployee.employeeUniqueCode },
        { dataCode: 'ABCDEFGHJK', employeeUniqueCode: employee.employeeUniqueCode },
        { dataCode: point.dataCode, employeeUniqueCode: employee.portalCode },
      ]) {
        const res = await collector(body, true);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(MSG.collectorCodesInvalid);
      }
      expect((await collector({ dataCode: point.dataCode })).statusCode).toBe(400);
    });

    it('gives a collector token no staff or employee data (403)', async () => {
      const point = await createPoint('BC-001');
      const token = (await collector({ dataCode: point.dataCode, employeeUniqueCode: employee.employeeUniqueCode })).json().token;
      for (const url of [`/api/v1/employee/detail/${employee._id}`, `/api/v1/employee/employees/${owner.user.email}`, `/api/v1/auth/cpd/${owner.user.email}`]) {
        expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(403);
      }
    });

    it('ends collector sessions when the code is regenerated or the point moves to another employee', async () => {
      const point = await createPoint('BC-002');
      const first = (await collector({ dataCode: point.dataCode, employeeUniqueCode: colleague.employeeUniqueCode })).json().token;
      const probe = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/employee/summary`, headers: bearer(token) });
      expect((await probe(first)).statusCode).toBe(403);
      const regen = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/regenerate-code/${owner.user._id}/BC-002`, headers: api.h });
      expect(regen.statusCode).toBe(200);
      expect((await probe(first)).statusCode).toBe(401);
      expect((await collector({ dataCode: point.dataCode, employeeUniqueCode: colleague.employeeUniqueCode })).statusCode).toBe(401);

      const fresh = regen.json().data.find((p: { _id: string }) => p._id === point._id).dataCode;
      const second = (await collector({ dataCode: fresh, employeeUniqueCode: colleague.employeeUniqueCode })).json().token;
      expect((await probe(second)).statusCode).toBe(403);
      const moved = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/update-number', headers: api.h, payload: { id: owner.user._id, newEmployeeNumber: 'BC-001', oldEmployeeNumber: 'BC-002', subDocId: point._id } });
      expect(moved.statusCode).toBe(200);
      expect((await probe(second)).statusCode).toBe(401);
      const newCode = moved.json().data.dataCode;
      expect((await collector({ dataCode: newCode, employeeUniqueCode: colleague.employeeUniqueCode })).statusCode).toBe(401);
      expect((await collector({ dataCode: newCode, employeeUniqueCode: employee.employeeUniqueCode })).statusCode).toBe(200);
    });

    it('limits collector sign-in attempts per address (429 after 10 a minute)', async () => {
      const attacker = '203.0.113.45';
      // A different point code each time, so the per-code limit (portal-credentials.test.ts) is not what answers.
      for (let i = 0; i < 10; i++) expect((await collector({ dataCode: `ABCDEFGH${'JKMNPQRSTU'[i]}3`, employeeUniqueCode: 'ABCDEFGHJK' }, true, attacker)).statusCode).toBe(401);
      expect((await collector({ dataCode: 'ABCDEFGHV3', employeeUniqueCode: 'ABCDEFGHJK' }, true, attacker)).statusCode).toBe(429);
    });
  });

  it('makes codes from the full alphabet at random: no repeats and no shared prefix across 200 employees', async () => {
    const biz = await registerBusiness(t.app, { businessName: 'Codes Ltd', email: 'owner@codes.ng' });
    const c = peopleApi(t.app, biz);
    const codes: string[] = [];
    for (let i = 0; i < 100; i++) {
      const e = await c.employee({ email: `c${i}@codes.ng`, firstName: 'Same', lastName: 'Name' });
      codes.push(e.portalCode, e.employeeUniqueCode);
    }
    expect(new Set(codes).size).toBe(200);
    expect(new Set(codes.map((x) => x.slice(0, 3))).size).toBeGreaterThan(150);
    expect(new Set(codes.join('')).size).toBe(31);
  });
});
