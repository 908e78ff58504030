import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { auditLog, employees } from '../src/db/schema/index.ts';
import { bearer, createTestApp, login, multipart, nextIp, PNG_1PX, registerBusiness, type TSession, type TTestApp, portalSignIn } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { createEmployees, type TNewEmployee } from '../src/features/employees/employees.repo.ts';
import { fillIn, type TRecords } from '../src/platform/records.ts';

describe('employees, designations, departments and hierarchy', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof peopleApi>;
  let otherApi: ReturnType<typeof peopleApi>;
  let sales: { _id: string; unitId: string; name: string };
  let engineer: { _id: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Foods', email: 'ada@adaeze.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Motors', email: 'kwesi@motors.gh', country: 'GH' });
    api = peopleApi(t.app, owner);
    otherApi = peopleApi(t.app, other);
    sales = await api.department('Sales');
    engineer = await api.designation('Engineer');
  });
  afterAll(async () => t.close());

  describe('designations', () => {
    it('creates a designation and lists it with value = _id and label = name for the web select', async () => {
      const created = await api.designation('Accountant');
      expect(created).toMatchObject({ name: 'Accountant', value: created._id, label: 'Accountant', employeeCount: 0 });
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/designation/${owner.user.email}`, headers: api.h });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ _id: created._id, value: created._id, label: 'Accountant' })]));
    });

    it('refuses a second designation of the same name (any case) with 409', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/designation', headers: api.h, payload: { name: 'ENGINEER' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: MSG.designationTaken });
    });

    it("answers 403 with no data for another business's e-mail, and the same name is free in another business", async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/designation/${owner.user.email}`, headers: otherApi.h });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Engineer');
      await otherApi.designation('Engineer');
    });
  });

  describe('create', () => {
    it('creates an employee with a generated number, random portal and unique codes, and stores gross as minor units', async () => {
      const e = await api.employee({ firstName: 'Chinedu', lastName: 'Okafor', email: 'Chinedu@Adaeze.ng', departmentId: sales._id, designationId: engineer._id, grossIncome: '3600000.75', gender: 'male', startDate: '2025-01-15' });
      expect(e).toMatchObject({
        name: 'Chinedu Okafor', email: 'chinedu@adaeze.ng', department: 'Sales', unit: 'Adaeze Foods', designation: 'Engineer',
        grossIncome: 3600000.75, grossIncomeMinor: 360000075, startDate: '2025-01-15', employmentType: 'full-time',
      });
      expect(e.employeeNumber).toMatch(/^EMP-\d{5}$/);
      expect(e.portalCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{10}$/);
      expect(e.employeeUniqueCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{10}$/);
      expect(e.portalCode).not.toBe(e.employeeUniqueCode);
      const next = await api.employee({ email: 'second@adaeze.ng' });
      expect(Number(next.employeeNumber.slice(4))).toBe(Number(e.employeeNumber.slice(4)) + 1);
      const [row] = await t.deps.db.select({ gross: employees.grossIncome }).from(employees).where(eq(employees.id, e._id));
      expect(row.gross).toBe(360000075);
    });

    it('accepts {id} as the caller, the owner or the business; anything else is 404', async () => {
      const byBusiness = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user.businessId}`, headers: api.h, payload: { firstName: 'By', lastName: 'Business', email: 'bybusiness@adaeze.ng' } });
      expect(byBusiness.statusCode).toBe(201);
      const foreign = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${other.user._id}`, headers: api.h, payload: { firstName: 'By', lastName: 'Foreign', email: 'byforeign@adaeze.ng' } });
      expect(foreign.statusCode).toBe(404);
    });

    it('answers a duplicate e-mail in the business with 409 and a clear message; another business may use it', async () => {
      await api.employee({ email: 'dup@adaeze.ng' });
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: api.h, payload: { firstName: 'Dup', lastName: 'Two', email: 'DUP@adaeze.ng' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: MSG.employeeEmailTaken });
      await otherApi.employee({ email: 'dup@adaeze.ng' });
    });

    it('answers a duplicate employee number with 409', async () => {
      await api.employee({ email: 'num1@adaeze.ng', employeeNumber: 'LAG-7' });
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: api.h, payload: { firstName: 'N', lastName: 'Two', email: 'num2@adaeze.ng', employeeNumber: 'lag-7' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.employeeNumberTaken);
    });

    it('writes a create with its audit entries and notification together, and a create the database refuses with none of them', async () => {
      const trail = async (email: string) => ({
        audit: (await t.deps.db.execute(sql`SELECT action, entity, after FROM audit_log WHERE business_id = ${owner.user.businessId} AND after->>'email' = ${email} ORDER BY entity`) as unknown as { rows: Array<{ action: string; entity: string; after: Record<string, unknown> }> }).rows,
        notices: (await t.deps.db.execute(sql`SELECT message, message_key, params FROM notifications WHERE business_id = ${owner.user.businessId} AND params->>'name' = ${`Atomic ${email}`}`) as unknown as { rows: Array<{ message: string; message_key: string; params: Record<string, string> }> }).rows,
      });
      const e = await api.employee({ firstName: 'Atomic', lastName: 'atomic1@adaeze.ng', email: 'atomic1@adaeze.ng', departmentId: sales._id, grossIncome: '1200000' });
      const kept = await trail('atomic1@adaeze.ng');
      // The record and its pay part as two entries; what the audit keeps is what the answer (and the table) holds.
      expect(kept.audit.map((a) => `${a.action} ${a.entity}`)).toEqual(['employee.created employee']);
      expect(kept.audit[0].after).toMatchObject({ _id: e._id, employeeNumber: e.employeeNumber, department: 'Sales', startDate: e.startDate, createdAt: e.createdAt });
      expect(kept.audit[0].after).not.toHaveProperty('portalCode');
      const pay = (await t.deps.db.execute(sql`SELECT after FROM audit_log WHERE entity = 'employee-pay' AND entity_id = ${e._id}`) as unknown as { rows: Array<{ after: Record<string, unknown> }> }).rows;
      expect(pay.map((p) => p.after)).toEqual([{ grossIncome: 1200000, grossIncomeMinor: 120000000 }]);
      expect(kept.notices).toEqual([{ message: `Atomic atomic1@adaeze.ng (${e.employeeNumber}) was added to Sales`, message_key: 'employees.createdInDepartment', params: { name: 'Atomic atomic1@adaeze.ng', number: e.employeeNumber, department: 'Sales' } }]);

      // A hand-typed number another employee has passes the checks and is refused by the unique index: nothing is left behind.
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: api.h, payload: { firstName: 'Atomic', lastName: 'atomic2@adaeze.ng', email: 'atomic2@adaeze.ng', employeeNumber: e.employeeNumber.toLowerCase() } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.employeeNumberTaken);
      expect(await trail('atomic2@adaeze.ng')).toEqual({ audit: [], notices: [] });
    });

    it('keeps in the audit entry and the notification the number and the names the create found, whatever characters they hold', async () => {
      const odd = 'Café "Nord" \\ Ünit \u0001 <b>';
      const dept = await api.department(`Dept ${odd}`, `Unit ${odd}`);
      const role = await api.designation(`Role ${odd}`);
      const e = await api.employee({ firstName: 'Fill', lastName: 'In', email: 'fill.in@adaeze.ng', departmentId: dept._id, designationId: role._id });
      expect(e).toMatchObject({ department: `Dept ${odd}`, unit: `Unit ${odd}`, unitId: dept.unitId, designation: `Role ${odd}` });
      const audit = (await t.deps.db.execute(sql`SELECT after FROM audit_log WHERE action = 'employee.created' AND entity = 'employee' AND entity_id = ${e._id}`) as unknown as { rows: Array<{ after: Record<string, unknown> }> }).rows;
      expect(audit.map((a) => a.after)).toEqual([expect.objectContaining({ employeeNumber: e.employeeNumber, department: `Dept ${odd}`, unitId: dept.unitId, unit: `Unit ${odd}`, designation: `Role ${odd}` })]);
      const notice = (await t.deps.db.execute(sql`SELECT message, params FROM notifications WHERE params->>'name' = 'Fill In'`) as unknown as { rows: Array<{ message: string; params: Record<string, string> }> }).rows;
      expect(notice).toEqual([{ message: `Fill In (${e.employeeNumber}) was added to Dept ${odd}`, params: { name: 'Fill In', number: e.employeeNumber, department: `Dept ${odd}` } }]);

      // Without department or designation the names stay empty (null), and a typed number is kept as typed.
      const plain = await api.employee({ firstName: 'Plain', lastName: 'Fill', email: 'plain.fill@adaeze.ng', employeeNumber: 'Typed-7' });
      const plainAudit = (await t.deps.db.execute(sql`SELECT after FROM audit_log WHERE action = 'employee.created' AND entity = 'employee' AND entity_id = ${plain._id}`) as unknown as { rows: Array<{ after: Record<string, unknown> }> }).rows;
      expect(plainAudit.map((a) => a.after)).toEqual([expect.objectContaining({ employeeNumber: 'Typed-7', department: null, unitId: null, unit: null, designation: null })]);
    });

    it('writes nothing and takes no number when a check fails, and answers which one', async () => {
      const count = async () => (await t.deps.db.execute(sql`SELECT (SELECT count(*) FROM audit_log WHERE business_id = ${owner.user.businessId})::int AS audit, (SELECT count(*) FROM notifications WHERE business_id = ${owner.user.businessId})::int AS notices`) as unknown as { rows: Array<{ audit: number; notices: number }> }).rows[0];
      const before = await api.employee({ firstName: 'Check', lastName: 'One', email: 'check.one@adaeze.ng' });
      const trail = await count();
      const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: api.h, payload: { firstName: 'Check', lastName: 'Two', email: 'check.two@adaeze.ng', ...payload } });
      const foreign = await otherApi.department('Elsewhere');
      const noDept = await post({ departmentId: foreign._id });
      expect([noDept.statusCode, noDept.json().message]).toEqual([400, 'departmentId: is not a department of this business']);
      const noRole = await post({ designationId: '00000000-0000-4000-8000-000000000000' });
      expect([noRole.statusCode, noRole.json().message]).toEqual([400, 'designationId: is not a designation of this business']);
      const taken = await post({ email: 'CHECK.ONE@adaeze.ng' });
      expect([taken.statusCode, taken.json().message]).toEqual([409, MSG.employeeEmailTaken]);
      expect(await count()).toEqual(trail);
      const after = await api.employee({ firstName: 'Check', lastName: 'Three', email: 'check.three@adaeze.ng' });
      const n = (x: Record<string, unknown>) => Number(String(x.employeeNumber).slice(4));
      expect(n(after)).toBe(n(before) + 1);
    });

    it('creates several employees of several businesses in one statement, each with its own checks, number and records', async () => {
      const numberOf = async (businessId: string) => (await t.deps.db.execute(sql`SELECT last_value FROM employee_number_counters WHERE business_id = ${businessId}`) as unknown as { rows: Array<{ last_value: number }> }).rows[0]?.last_value ?? 0;
      const [ownStart, otherStart] = [Number(await numberOf(owner.user.businessId)), Number(await numberOf(other.user.businessId))];
      const foreign = await otherApi.department('Together Elsewhere');
      const now = new Date();
      const item = (businessId: string, email: string, extra: Partial<TNewEmployee> = {}) => {
        const id = randomUUID();
        const values: TNewEmployee = {
          id, businessId, employeeNumber: null, firstName: 'Together', lastName: email, email, phone: null, gender: null, dateOfBirth: null, address: null,
          nextOfKinName: null, nextOfKinPhone: null, employmentType: 'full-time', startDate: '2026-01-05', startDateGiven: true, departmentId: null, designationId: null,
          grossIncome: null, portalCodeHash: randomUUID(), employeeUniqueCodeHash: randomUUID(), createdAt: now, updatedAt: now, probationEndDate: null, contractEndDate: null, ...extra,
        };
        const records: TRecords = {
          audit: [{ businessId, actorId: null, actorKind: 'system', action: 'employee.created', entity: 'employee', entityId: id, before: null, after: { email, number: fillIn('employeeNumber'), department: fillIn('department') } }],
          notices: [{ row: { id: randomUUID(), businessId, category: 'HR', actionType: 'New employee', message: `${email} (${fillIn('employeeNumber')}) in ${fillIn('department')}`, messageKey: null, params: null, subject: 'people', link: null }, event: { businessId, type: 'notification', id } }],
        };
        return { values, records };
      };
      const items = [
        item(owner.user.businessId, 'together.1@adaeze.ng', { departmentId: sales._id }),
        item(other.user.businessId, 'together.1@adaeze.ng'),
        item(owner.user.businessId, 'together.2@adaeze.ng', { departmentId: foreign._id }),
        item(owner.user.businessId, 'together.3@adaeze.ng', { employeeNumber: 'TYPED-TOGETHER' }),
        item(owner.user.businessId, 'check.one@adaeze.ng'),
        item(owner.user.businessId, 'together.4@adaeze.ng', { designationId: engineer._id }),
        item(other.user.businessId, 'together.2@kwesi.gh'),
      ];
      const created = await createEmployees(t.deps.db, items);
      expect(created.map((c) => [c.emailFree, c.departmentFound, c.designationFound, c.employee?.employeeNumber ?? null])).toEqual([
        [true, true, true, `EMP-${String(ownStart + 1).padStart(5, '0')}`],
        [true, true, true, `EMP-${String(otherStart + 1).padStart(5, '0')}`],
        [true, false, true, null],
        [true, true, true, 'TYPED-TOGETHER'],
        [false, true, true, null],
        [true, true, true, `EMP-${String(ownStart + 2).padStart(5, '0')}`],
        [true, true, true, `EMP-${String(otherStart + 2).padStart(5, '0')}`],
      ]);
      expect(created.map((c) => [c.department, c.designation])).toEqual([['Sales', null], [null, null], [null, null], [null, null], [null, null], [null, 'Engineer'], [null, null]]);
      // The failed ones burnt no number.
      expect([Number(await numberOf(owner.user.businessId)), Number(await numberOf(other.user.businessId))]).toEqual([ownStart + 2, otherStart + 2]);
      const ids = items.map((i) => i.values.id);
      const audit = (await t.deps.db.execute(sql`SELECT entity_id, business_id, after FROM audit_log WHERE entity_id = ANY(${`{${ids.join(',')}}`}::text[])`) as unknown as { rows: Array<{ entity_id: string; business_id: string; after: Record<string, unknown> }> }).rows;
      const notices = (await t.deps.db.execute(sql`SELECT business_id, message FROM notifications WHERE message LIKE '%together%' OR message LIKE '%check.one%'`) as unknown as { rows: Array<{ business_id: string; message: string }> }).rows;
      const written = [0, 1, 3, 5, 6];
      expect(audit.map((a) => [a.entity_id, a.business_id, a.after]).sort()).toEqual(written.map((i) => [ids[i], items[i].values.businessId, {
        email: items[i].values.email, number: created[i].employee!.employeeNumber, department: created[i].department,
      }]).sort());
      expect(notices.map((n) => [n.business_id, n.message]).sort()).toEqual(written.map((i) => [items[i].values.businessId, `${items[i].values.email} (${created[i].employee!.employeeNumber}) in ${created[i].department ?? ''}`]).sort());
    });

    it('answers each of many creates sent at once by several businesses, with numbers in a row and no duplicate e-mail', async () => {
      const before = await api.employee({ firstName: 'Burst', lastName: 'Before', email: 'burst.before@adaeze.ng' });
      const post = (session: TSession, h: Record<string, string>, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${session.user._id}`, headers: h, payload: { firstName: 'Burst', lastName: 'Member', ...payload } });
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => post(owner, api.h, { email: `burst.${i}@adaeze.ng` })),
        ...Array.from({ length: 6 }, (_, i) => post(other, otherApi.h, { email: `burst.${i}@kwesi.gh` })),
        post(owner, api.h, { email: 'burst.same@adaeze.ng' }),
        post(owner, api.h, { email: 'BURST.SAME@adaeze.ng' }),
        post(owner, api.h, { email: 'burst.foreign@adaeze.ng', departmentId: (await otherApi.department('Burst Elsewhere'))._id }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([...Array(16).fill(201), ...[answers[16].statusCode === 201 ? [201, 409] : [409, 201]].flat(), 400]);
      // Each answer is its own request's employee.
      expect(answers.slice(0, 16).map((a) => a.json().data.email)).toEqual([
        ...Array.from({ length: 10 }, (_, i) => `burst.${i}@adaeze.ng`), ...Array.from({ length: 6 }, (_, i) => `burst.${i}@kwesi.gh`),
      ]);
      const n = (x: { employeeNumber?: unknown }) => Number(String(x.employeeNumber).slice(4));
      const ownNumbers = answers.slice(0, 10).concat(answers.slice(16, 18)).filter((a) => a.statusCode === 201).map((a) => n(a.json().data)).sort((a, b) => a - b);
      expect(ownNumbers).toEqual(Array.from({ length: 11 }, (_, i) => n(before) + 1 + i));
      expect(new Set(answers.slice(10, 16).map((a) => a.json().data.employeeNumber)).size).toBe(6);
    });

    it('refuses wrong types and bad values with 400 naming the field', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ firstName: 42, email: 'a@adaeze.ng' }, /^firstName: /],
        [{ email: 'not-an-email' }, /^email: must be a valid e-mail address/],
        [{ email: 'b@adaeze.ng', grossIncome: '12.345' }, /^grossIncome: /],
        [{ email: 'b@adaeze.ng', grossIncome: -5 }, /^grossIncome: /],
        [{ email: 'b@adaeze.ng', startDate: '2025-02-30' }, /^startDate: is not a real date/],
        [{ email: 'b@adaeze.ng', gender: 'robot' }, /^gender: must be one of/],
        [{ email: 'b@adaeze.ng', employmentType: 'forever' }, /^employmentType: must be one of/],
        [{ email: 'b@adaeze.ng', departmentId: 'sales' }, /^departmentId: must be a valid id/],
        [{ email: 'b@adaeze.ng', phone: 'call me' }, /^phone: /],
      ];
      for (const [fields, message] of cases) {
        const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: api.h, payload: { firstName: 'Bad', lastName: 'Input', ...fields } });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });

    it("refuses an unknown designation and another business's department or designation with 400", async () => {
      const foreignDesignation = await otherApi.designation('Mechanic');
      const foreignDepartment = await otherApi.department('Workshop');
      for (const [fields, message] of [
        [{ designationId: '11111111-1111-4111-8111-111111111111' }, /^designationId: is not a designation of this business/],
        [{ designationId: foreignDesignation._id }, /^designationId: is not a designation of this business/],
        [{ departmentId: foreignDepartment._id }, /^departmentId: is not a department of this business/],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: api.h, payload: { firstName: 'X', lastName: 'Y', email: 'refs@adaeze.ng', ...fields } });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });

    it('lets only HR (or the owner) manage employees', async () => {
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: api.h, payload: { userName: 'Buyer', email: 'buyer@adaeze.ng', password: 'buyer pass 1', roles: ['Procurement-access'] } });
      const buyer = await login(t.app, 'buyer@adaeze.ng', 'buyer pass 1');
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${buyer.user._id}`, headers: bearer(buyer.token), payload: { firstName: 'No', lastName: 'Way', email: 'noway@adaeze.ng' } });
      expect(res.statusCode).toBe(403);
      const list = await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owner.user.email}`, headers: bearer(buyer.token) });
      expect(list.statusCode).toBe(403);
    });

    it('writes an audit row and an HR notification for a new employee, without the sign-in codes', async () => {
      const e = await api.employee({ firstName: 'Audit', lastName: 'Me', email: 'audit@adaeze.ng' });
      const rows = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, e._id), eq(auditLog.action, 'employee.created')));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0].after)).not.toContain(e.portalCode);
      expect(JSON.stringify(rows[0].after)).not.toContain(e.employeeUniqueCode);
      const n = await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${owner.user.email}`, headers: api.h });
      expect(n.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ category: 'HR', actionType: 'New employee', message: expect.stringContaining('Audit Me') })]));
    });
  });

  describe('list', () => {
    let biz: TSession;
    let listApi: ReturnType<typeof peopleApi>;
    let ops: { _id: string };
    let driver: { _id: string };

    beforeAll(async () => {
      biz = await registerBusiness(t.app, { businessName: 'Lists Ltd', email: 'owner@lists.ng' });
      listApi = peopleApi(t.app, biz);
      ops = await listApi.department('Operations');
      driver = await listApi.designation('Driver');
      const names = [['Zainab', 'Bello'], ['Ade', 'Cole'], ['Musa', 'Dan'], ['Efe', 'Ekpo'], ['Ngozi', 'Eze'], ['Tunde', 'Bakare'], ['Ama', 'Mensah'], ['Kojo', 'Owusu'], ['Halima', 'Sule'], ['Bisi', 'Ajayi'], ['Obi', '50% Jones'], ['Uche', 'Under_score']];
      for (const [i, [firstName, lastName]] of names.entries()) {
        await listApi.employee({ firstName, lastName, email: `${firstName.toLowerCase()}@lists.ng`, startDate: `2024-0${(i % 9) + 1}-10`, ...(i % 3 === 0 ? { departmentId: ops._id } : {}), ...(i % 2 === 0 ? { designationId: driver._id } : {}) });
      }
    });

    it('pages the list with the paged envelope (page, limit, total pages, totalRecords)', async () => {
      const first = await listApi.list({ page: 1, limit: 5 });
      expect(first).toMatchObject({ success: true, page: 1, limit: 5, total: 3, totalRecords: 12 });
      expect(first.data).toHaveLength(5);
      const last = await listApi.list({ page: 3, limit: 5 });
      expect(last.data).toHaveLength(2);
      const all = [...first.data, ...(await listApi.list({ page: 2, limit: 5 })).data, ...last.data].map((e) => e._id);
      expect(new Set(all).size).toBe(12);
      const beyond = await listApi.list({ page: 9, limit: 5 });
      expect(beyond.data).toEqual([]);
    });

    it('sorts by name by default and by any whitelisted column in either direction', async () => {
      const byName = (await listApi.list({ limit: 100 })).data.map((e) => e.firstName);
      expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const byStartDesc = (await listApi.list({ limit: 100, sort: 'startDate', order: 'desc' })).data.map((e) => e.startDate);
      expect(byStartDesc).toEqual([...byStartDesc].sort().reverse());
      const byEmail = (await listApi.list({ limit: 100, sort: 'email' })).data.map((e) => e.email);
      expect(byEmail).toEqual([...byEmail].sort());
      const byDepartment = (await listApi.list({ limit: 100, sort: 'department' })).data.map((e) => e.department);
      expect(byDepartment.slice(0, 4)).toEqual(['Operations', 'Operations', 'Operations', 'Operations']);
    });

    it('refuses a sort column outside the whitelist and a bad order with 400', async () => {
      for (const q of ['sort=password_hash', 'sort=name;drop', 'order=sideways', 'limit=1000', 'page=0']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${biz.user.email}?${q}`, headers: listApi.h });
        expect(res.statusCode, q).toBe(400);
      }
    });

    it('searches name, e-mail and number without case, with % and _ taken literally', async () => {
      expect((await listApi.list({ search: 'NGOZI' })).data.map((e) => e.name)).toEqual(['Ngozi Eze']);
      expect((await listApi.list({ search: 'zi ez' })).data.map((e) => e.name)).toEqual(['Ngozi Eze']);
      expect((await listApi.list({ search: 'kojo@lists' })).data.map((e) => e.name)).toEqual(['Kojo Owusu']);
      const some = (await listApi.list({ search: 'ama' })).data[0];
      expect((await listApi.list({ search: some.employeeNumber.toLowerCase() })).totalRecords).toBe(1);
      expect((await listApi.list({ search: '50%' })).data.map((e) => e.name)).toEqual(['Obi 50% Jones']);
      expect((await listApi.list({ search: 'i_e' })).totalRecords).toBe(0);
      expect((await listApi.list({ search: 'i e' })).totalRecords).toBe(1);
      expect((await listApi.list({ search: 'under_' })).data.map((e) => e.name)).toEqual(['Uche Under_score']);
    });

    it('filters by department and designation, together with search and paging', async () => {
      const inOps = await listApi.list({ departmentId: ops._id });
      expect(inOps.totalRecords).toBe(4);
      expect(inOps.data.every((e) => e.department === 'Operations')).toBe(true);
      const drivers = await listApi.list({ designationId: driver._id });
      expect(drivers.totalRecords).toBe(6);
      const both = await listApi.list({ departmentId: ops._id, designationId: driver._id, limit: 1 });
      expect(both).toMatchObject({ totalRecords: 2, total: 2 });
    });

    it("answers 403 and no data for another business's e-mail", async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${biz.user.email}`, headers: api.h });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('lists.ng');
    });
  });

  describe('detail, update and delete', () => {
    it('shows the detail with hierarchy people, and updates any field with an audit of before and after', async () => {
      const e = await api.employee({ firstName: 'Detail', lastName: 'Person', email: 'detail@adaeze.ng' });
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${e._id}`, headers: api.h, payload: { lastName: 'Renamed', grossIncome: 1500000, departmentId: sales._id, phone: '+233 24 000 0000' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: MSG.employeeUpdated, data: { name: 'Detail Renamed', grossIncomeMinor: 150000000, department: 'Sales', phone: '+233 24 000 0000', downlines: [] } });
      const cleared = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${e._id}`, headers: api.h, payload: { departmentId: null, grossIncome: null } });
      expect(cleared.json().data).toMatchObject({ departmentId: null, department: null, grossIncome: null });
      const rows = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, e._id), eq(auditLog.action, 'employee.updated'))).orderBy(asc(auditLog.createdAt));
      // Each update writes the record's row and, apart, its pay (one transaction, one timestamp).
      const record = rows.filter((r) => (r.before as { lastName?: string }).lastName !== undefined);
      const pay = rows.filter((r) => (r.before as { lastName?: string }).lastName === undefined);
      expect(record.map((r) => [(r.before as { lastName: string }).lastName, (r.after as { lastName: string }).lastName])).toEqual([['Person', 'Renamed'], ['Renamed', 'Renamed']]);
      expect(record[1].after).toMatchObject({ departmentId: null, department: null });
      expect(pay.map((r) => [r.before, r.after])).toEqual([
        [{ grossIncome: null, grossIncomeMinor: null }, { grossIncome: 1500000, grossIncomeMinor: 150000000 }],
        [{ grossIncome: 1500000, grossIncomeMinor: 150000000 }, { grossIncome: null, grossIncomeMinor: null }],
      ]);
    });

    it('refuses an update to an e-mail another employee has (409) and an empty update (400)', async () => {
      const a = await api.employee({ email: 'upd-a@adaeze.ng' });
      await api.employee({ email: 'upd-b@adaeze.ng' });
      const taken = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${a._id}`, headers: api.h, payload: { email: 'UPD-B@adaeze.ng' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(MSG.employeeEmailTaken);
      const same = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${a._id}`, headers: api.h, payload: { email: 'upd-a@adaeze.ng' } });
      expect(same.statusCode).toBe(200);
      const empty = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${a._id}`, headers: api.h, payload: {} });
      expect(empty.statusCode).toBe(400);
    });

    it("answers 404 for another business's employee on detail, update and delete", async () => {
      const foreign = await otherApi.employee({ email: 'foreign@motors.gh' });
      for (const [method, url, payload] of [['GET', `/api/v1/employee/detail/${foreign._id}`], ['POST', `/api/v1/employee/update-1/${foreign._id}`, { firstName: 'Hacked' }], ['DELETE', `/api/v1/employee/delete/${foreign._id}`]] as const) {
        const res = await t.app.inject({ method, url, headers: api.h, ...(payload ? { payload } : {}) });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('foreign@motors.gh');
      }
      expect((await otherApi.detail(foreign._id)).firstName).toBe('Test');
    });

    it('soft-deletes: gone from lists and detail, row and audit kept, e-mail and number free again', async () => {
      const e = await api.employee({ firstName: 'Leaving', lastName: 'Soon', email: 'leaving@adaeze.ng', employeeNumber: 'LEAVE-1' });
      const boss = await api.employee({ email: 'boss-of-leaver@adaeze.ng' });
      await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-hierarchy', headers: api.h, payload: { employeeId: boss._id, appraiser: e._id, upline: e._id } });
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/employee/delete/${e._id}`, headers: api.h });
      expect(res.json()).toMatchObject({ success: true, message: MSG.employeeDeleted, data: { _id: e._id } });
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${e._id}`, headers: api.h })).statusCode).toBe(404);
      expect((await api.list({ search: 'leaving' })).totalRecords).toBe(0);
      const [row] = await t.deps.db.select({ deletedAt: employees.deletedAt }).from(employees).where(eq(employees.id, e._id));
      expect(row.deletedAt).toBeInstanceOf(Date);
      expect((await api.detail(boss._id))).toMatchObject({ appraiserId: null, uplineId: null });
      const again = await api.employee({ firstName: 'Leaving', lastName: 'Again', email: 'leaving@adaeze.ng', employeeNumber: 'LEAVE-1' });
      expect(again._id).not.toBe(e._id);
      const audits = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, e._id));
      expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['employee.created', 'employee.deleted']));
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/employee/delete/${e._id}`, headers: api.h })).statusCode).toBe(404);
    });
  });

  describe('department and hierarchy', () => {
    it('moves one or several employees to a department', async () => {
      const hr = await api.department('Human Resources');
      const a = await api.employee({ email: 'move-a@adaeze.ng' });
      const b = await api.employee({ email: 'move-b@adaeze.ng' });
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-department', headers: api.h, payload: { employeeIds: [a._id, b._id], departmentId: hr._id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: MSG.departmentUpdated });
      expect(res.json().data.map((e: { department: string }) => e.department)).toEqual(['Human Resources', 'Human Resources']);
      const trail = await t.deps.db.select({ entityId: auditLog.entityId, after: auditLog.after }).from(auditLog)
        .where(eq(auditLog.action, 'employee.department-changed'));
      expect(trail.map((r) => r.entityId).sort()).toEqual([a._id, b._id].sort());
      expect(trail.every((r) => (r.after as { department: string }).department === 'Human Resources')).toBe(true);
      const one = await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-department', headers: api.h, payload: { employeeId: a._id, departmentId: sales._id } });
      expect(one.json().data[0].department).toBe('Sales');
    });

    it("refuses another business's department (404) and employee (404)", async () => {
      const a = await api.employee({ email: 'move-c@adaeze.ng' });
      const foreignDept = await otherApi.department('Paint shop');
      const foreignEmp = await otherApi.employee({ email: 'painter@motors.gh' });
      const d = await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-department', headers: api.h, payload: { employeeId: a._id, departmentId: foreignDept._id } });
      expect(d.statusCode).toBe(404);
      const e = await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-department', headers: api.h, payload: { employeeIds: [a._id, foreignEmp._id], departmentId: sales._id } });
      expect(e.statusCode).toBe(404);
      expect((await api.detail(a._id)).departmentId).toBeNull();
    });

    it('sets appraiser, superior, upline and downlines, and shows them in the detail', async () => {
      const [boss, lead, worker1, worker2, hrOfficer] = await Promise.all(['h-boss', 'h-lead', 'h-w1', 'h-w2', 'h-hr'].map((n) => api.employee({ firstName: n, lastName: 'H', email: `${n}@adaeze.ng` })));
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-hierarchy', headers: api.h, payload: { employeeId: lead._id, appraiser: hrOfficer._id, superior: boss._id, upline: boss._id, downlines: [worker1._id, worker2._id] } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: MSG.hierarchyUpdated,
        data: { appraiser: { _id: hrOfficer._id, name: 'h-hr H' }, superior: { _id: boss._id }, upline: { _id: boss._id } },
      });
      expect(res.json().data.downlines.map((d: { _id: string }) => d._id).sort()).toEqual([worker1._id, worker2._id].sort());
      expect((await api.detail(worker1._id)).uplineId).toBe(lead._id);
      const narrowed = await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-hierarchy', headers: api.h, payload: { employeeId: lead._id, downlines: [worker2._id], appraiser: null } });
      expect(narrowed.json().data).toMatchObject({ appraiser: null, downlines: [{ _id: worker2._id }] });
      expect((await api.detail(worker1._id)).uplineId).toBeNull();
    });

    it('rejects cycles through upline, downlines and superior, and nobody is their own', async () => {
      const [a, b, c] = await Promise.all(['cy-a', 'cy-b', 'cy-c'].map((n) => api.employee({ firstName: n, lastName: 'C', email: `${n}@adaeze.ng` })));
      const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-hierarchy', headers: api.h, payload });
      expect((await put({ employeeId: b._id, upline: a._id, superior: a._id })).statusCode).toBe(200);
      expect((await put({ employeeId: c._id, upline: b._id, superior: b._id })).statusCode).toBe(200);
      const viaUpline = await put({ employeeId: a._id, upline: c._id });
      expect(viaUpline.statusCode).toBe(400);
      expect(viaUpline.json().message).toMatch(/^upline: this would make a circle/);
      const viaDownlines = await put({ employeeId: c._id, downlines: [a._id] });
      expect(viaDownlines.statusCode).toBe(400);
      expect(viaDownlines.json().message).toMatch(/^downlines: /);
      const viaSuperior = await put({ employeeId: a._id, superior: c._id });
      expect(viaSuperior.json().message).toMatch(/^superior: this would make a circle/);
      const self = await put({ employeeId: a._id, appraiser: a._id });
      expect(self.json().message).toBe('appraiser: an employee cannot be their own appraiser');
      // Nothing of the refused changes stuck.
      expect(await api.detail(a._id)).toMatchObject({ uplineId: null, superiorId: null, appraiserId: null });
    });

    it("rejects people of another business in any hierarchy role", async () => {
      const mine = await api.employee({ email: 'h-mine@adaeze.ng' });
      const theirs = await otherApi.employee({ email: 'h-theirs@motors.gh' });
      for (const field of ['appraiser', 'superior', 'upline', 'downlines'] as const) {
        const res = await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-hierarchy', headers: api.h, payload: { employeeId: mine._id, [field]: field === 'downlines' ? [theirs._id] : theirs._id } });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(`${field}: ${theirs._id} is not an employee of this business`);
      }
      expect((await otherApi.detail(theirs._id)).uplineId).toBeNull();
    });
  });

  describe('photo, portal code, summary and department view', () => {
    it('stores a photo checked from its bytes, serves it only with a token, never through the public files route', async () => {
      const e = await api.employee({ email: 'photo@adaeze.ng' });
      const form = multipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: PNG_1PX }]);
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload/${e._id}`, headers: { ...api.h, ...form.headers }, payload: form.payload });
      expect(res.json()).toMatchObject({ message: MSG.photoUploaded, data: { imagePath: `/api/v1/employee/photo/${e._id}` } });
      const img = await t.app.inject({ method: 'GET', url: `/api/v1/employee/photo/${e._id}`, headers: api.h });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/photo/${e._id}` })).statusCode).toBe(401);
      const [row] = await t.deps.db.select({ key: employees.photoKey }).from(employees).where(eq(employees.id, e._id));
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${row.key}` })).statusCode).toBe(404);
      const fake = multipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: Buffer.from('%PDF-1.4 not a picture') }]);
      const wrong = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload/${e._id}`, headers: { ...api.h, ...fake.headers }, payload: fake.payload });
      expect(wrong.statusCode).toBe(415);
      const big = multipart([{ name: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 1)]) }]);
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/images/upload/${e._id}`, headers: { ...api.h, ...big.headers }, payload: big.payload })).statusCode).toBe(413);
    });

    it('regenerates a portal code: the old code and the sessions opened with it stop working', async () => {
      const e = await api.employee({ email: 'regen@adaeze.ng' });
      const { token } = await portalSignIn(t.app, e.portalCode);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${e._id}`, headers: bearer(token) })).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/employee/regenerate-portal-code/${e._id}`, headers: api.h });
      expect(res.json()).toMatchObject({ message: MSG.portalCodeRegenerated });
      expect(res.json().data.portalCode).not.toBe(e.portalCode);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${e._id}`, headers: bearer(token) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${e.portalCode}`, remoteAddress: nextIp() })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${res.json().data.portalCode}`, remoteAddress: nextIp() })).statusCode).toBe(200);
    });

    it('gives headcount by department and designation and joiners by month for the last 12 months', async () => {
      const biz = await registerBusiness(t.app, { businessName: 'Summary Ltd', email: 'owner@summary.ng' });
      const s = peopleApi(t.app, biz);
      const dept = await s.department('Field');
      const title = await s.designation('Surveyor');
      const thisMonth = new Date().toISOString().slice(0, 7);
      await s.employee({ email: 's1@summary.ng', departmentId: dept._id, designationId: title._id, startDate: `${thisMonth}-01` });
      await s.employee({ email: 's2@summary.ng', departmentId: dept._id, startDate: `${thisMonth}-01`, employmentType: 'contract' });
      await s.employee({ email: 's3@summary.ng', startDate: '2001-01-01' });
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/employee/summary', headers: s.h });
      const data = res.json().data;
      expect(data.headcount).toBe(3);
      expect(data.byDepartment).toEqual([{ departmentId: dept._id, department: 'Field', unit: 'Summary Ltd', count: 2 }, { departmentId: null, department: 'No department', unit: null, count: 1 }]);
      expect(data.byDesignation).toEqual(expect.arrayContaining([{ designationId: title._id, designation: 'Surveyor', count: 1 }]));
      expect(data.byEmploymentType).toEqual(expect.arrayContaining([{ employmentType: 'contract', count: 1 }]));
      expect(data.joinersByMonth).toHaveLength(12);
      expect(data.joinersByMonth[11]).toEqual({ month: thisMonth, count: 2 });
    });

    it('shows a department by unit and department, by id or by name, with its people', async () => {
      const e = await api.employee({ email: 'viewer@adaeze.ng', departmentId: sales._id });
      for (const url of [`/api/v1/employee/department-view/${sales.unitId}/${sales._id}`, `/api/v1/employee/department-view/${encodeURIComponent('adaeze foods')}/sales`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: api.h });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ unit: { _id: sales.unitId }, department: { _id: sales._id, name: 'Sales' }, files: [], videos: [] });
        expect(res.json().data.employees.map((x: { _id: string }) => x._id)).toContain(e._id);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/department-view/${sales.unitId}/nope`, headers: api.h })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/department-view/${sales.unitId}/${sales._id}`, headers: otherApi.h })).statusCode).toBe(404);
    });
  });

  it('keeps e-mail uniqueness in the database too: a race past the check still ends in 409', async () => {
    const e = await api.employee({ email: 'race@adaeze.ng' });
    // Simulates the second of two simultaneous creates: the row exists although the check did not see it.
    const insert = t.deps.db.insert(employees).values({ businessId: owner.user.businessId, employeeNumber: 'RACE-2', firstName: 'R', lastName: 'R', email: 'RACE@adaeze.ng', portalCodeHash: 'RACERACE22', employeeUniqueCodeHash: 'RACERACE33' });
    await expect(insert).rejects.toThrow();
    const [{ n }] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(employees).where(sql`lower(${employees.email}) = 'race@adaeze.ng' AND ${employees.deletedAt} IS NULL`);
    expect(n).toBe(1);
    expect(e.email).toBe('race@adaeze.ng');
  });
});
