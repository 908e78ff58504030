import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { auditLog, paySettings } from '../src/db/schema/index.ts';
import { bearer, createTestApp, multipart, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { staffUser } from './helpers/procurement.ts';
import { waitForJob } from './helpers/seed-people.ts';

/**
 * Issue 31 item 1: the statutory identifiers on the employee (pay settings, import, export) and the business profile.
 * A Nigerian and a Ghanaian business; identifiers are as private as bank details (owner and Accounts-access).
 */
let t: TTestApp;
let ng: TSession;
let gh: TSession;
let hr: TSession;
let accounts: TSession;
let ada: string;
let kofi: string;

const call = async (session: TSession, method: string, url: string, payload?: unknown) => {
  const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(session.token), ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : null, res };
};
const settings = (session: TSession, id: string, body: Record<string, unknown>) => call(session, 'PUT', `/api/v1/employee/payment-settings/${id}`, body);
const csvFile = (text: string) => ({ name: 'file', filename: 'staff.csv', contentType: 'text/csv', data: Buffer.from(text) });
const upload = (session: TSession, url: string, parts: Parameters<typeof multipart>[0]) => {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(session.token), ...form.headers }, payload: form.payload, remoteAddress: nextIp() });
};

beforeAll(async () => {
  t = await createTestApp();
  ng = await registerBusiness(t.app, { businessName: 'Statutory NG Ltd', email: 'owner@statutory.ng' });
  gh = await registerBusiness(t.app, { businessName: 'Statutory GH Ltd', email: 'owner@statutory.gh', country: 'GH' });
  hr = await staffUser(t.app, ng, 'Hana Hr', ['HR-access']);
  accounts = await staffUser(t.app, ng, 'Ayo Accounts', ['Accounts-access']);
  const create = async (owner: TSession, body: Record<string, unknown>) => {
    const res = await call(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, body);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.data._id as string;
  };
  ada = await create(ng, { firstName: 'Ada', lastName: 'Obi', email: 'ada@statutory.ng', grossIncome: '6000000' });
  kofi = await create(gh, { firstName: 'Kofi', lastName: 'Mensah', email: 'kofi@statutory.gh', grossIncome: '60000' });
}, 60_000);
afterAll(async () => t?.close());

describe('employee identifiers in the pay settings', () => {
  it('stores Nigerian identifiers normalised: TIN forms, RSA PIN, PFA by name, state variants', async () => {
    const res = await settings(ng, ada, { tin: ' 12345678 0001 ', rsaPin: 'pen 1000 1234 5678', pensionFundAdministrator: 'stanbic ibtc pensions', nhfNumber: 'nhf-00123', stateOfResidence: ' lagos  STATE ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tin: '12345678-0001', rsaPin: 'PEN100012345678', pensionFundAdministrator: 'STANBIC', pensionFundAdministratorName: 'Stanbic IBTC Pension Managers Limited',
      nhfNumber: 'NHF-00123', stateOfResidence: 'Lagos', unlisted: [],
    });
    expect((await settings(ng, ada, { tin: '1234567890' })).body.data.tin).toBe('1234567890');
    expect((await settings(ng, ada, { tin: '12345678901', stateOfResidence: 'Abuja' })).body.data).toMatchObject({ tin: '12345678901', stateOfResidence: 'FCT' });
    expect((await settings(ng, ada, { pensionFundAdministrator: 'ACCESS-ARM' })).body.data.pensionFundAdministratorName).toBe('Access ARM Pensions Limited');
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, ada), eq(auditLog.action, 'pay.settings-updated'))).orderBy(sql`${auditLog.createdAt} DESC`).limit(1);
    expect(audit.after).toMatchObject({ pensionFundAdministrator: 'ACCESS-ARM' });
  });

  it('refuses bad formats and unknown states naming the field and how to write it', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ tin: '12345' }, 'tin', /^tin: "12345" is not a TIN: write 10 digits/],
      [{ rsaPin: 'PEN12345' }, 'rsaPin', /^rsaPin: must be written as PEN followed by 12 digits/],
      [{ stateOfResidence: 'Lagoss' }, 'stateOfResidence', /^stateOfResidence: "Lagoss" is not a Nigerian state: write one of Abia, .*FCT.*Lagos/],
      [{ pensionFundAdministrator: 'Acme Pensions' }, 'pensionFundAdministrator', /^pensionFundAdministrator: "Acme Pensions" is not a PenCom-licensed PFA/],
      [{ ghanaCardNumber: 'GHA-123456789-0' }, 'ghanaCardNumber', /^ghanaCardNumber: is for Ghanaian employees/],
      [{ tier3Employee: 5 }, 'tier3Employee', /^tier3Employee: is for Ghanaian employees/],
    ];
    for (const [body, field, message] of cases) {
      const res = await settings(ng, ada, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ field });
      expect(res.body.message).toMatch(message);
    }
    expect((await settings(ng, ada, { stateOfResidence: 'Lagoss' })).body.messageKey).toBe('unknownNgState');
  });

  it('stores Ghanaian identifiers and tier 3 rates; refuses Nigerian fields there', async () => {
    const res = await settings(gh, kofi, { ghanaCardNumber: 'gha 123456789 0', ssnitNumber: 'c017605040026', tin: 'p0012345678', region: 'greater accra region', tier3Employee: '5', tier3Employer: 2.5 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ghanaCardNumber: 'GHA-123456789-0', ssnitNumber: 'C017605040026', tin: 'P0012345678', region: 'Greater Accra', tier3Employee: 5, tier3Employer: 2.5 });
    expect((await settings(gh, kofi, { ssnitNumber: 'GHA-123456789-0' })).body.data.ssnitNumber).toBe('GHA-123456789-0');
    expect((await settings(gh, kofi, { ghanaCardNumber: 'GHA-12345-0' })).status).toBe(400);
    const rsa = await settings(gh, kofi, { rsaPin: 'PEN100012345678' });
    expect(rsa.status).toBe(400);
    expect(rsa.body.message).toMatch(/^rsaPin: is for Nigerian employees/);
    expect((await settings(gh, kofi, { region: 'Lagos' })).body.message).toMatch(/^region: "Lagos" is not a region of Ghana/);
    expect((await settings(gh, kofi, { tin: null })).body.data.tin).toBeNull();
  });

  it('keeps a legacy free-text PFA or state visible but flagged', async () => {
    await t.deps.db.update(paySettings).set({ pensionFundAdministrator: 'Old Mutual Pensions', stateOfResidence: 'Lagos Island' }).where(eq(paySettings.employeeId, ada));
    const res = await call(ng, 'GET', `/api/v1/payroll/employee/${ada}`);
    expect(res.body.data.settings).toMatchObject({ pensionFundAdministrator: 'Old Mutual Pensions', pensionFundAdministratorName: null, stateOfResidence: 'Lagos Island', unlisted: ['pensionFundAdministrator', 'stateOfResidence'] });
    // Saving another setting leaves them as they were; choosing from the list clears the flag.
    expect((await settings(ng, ada, { payDay: 25 })).body.data.unlisted).toEqual(['pensionFundAdministrator', 'stateOfResidence']);
    expect((await settings(ng, ada, { pensionFundAdministrator: 'Leadway', stateOfResidence: 'Ogun State' })).body.data).toMatchObject({ pensionFundAdministrator: 'LEADWAY', stateOfResidence: 'Ogun', unlisted: [] });
  });

  it('shows and changes identifiers only for those who see bank details; another business gets 404', async () => {
    expect((await call(hr, 'GET', `/api/v1/payroll/employee/${ada}`)).status).toBe(403);
    expect((await settings(hr, ada, { tin: '1234567890' })).status).toBe(403);
    const list = await call(hr, 'GET', '/api/v1/payroll/settings');
    expect(list.status).toBe(403);
    expect((await call(accounts, 'GET', `/api/v1/payroll/employee/${ada}`)).body.data.settings.rsaPin).toBe('PEN100012345678');
    const employee = await call(hr, 'GET', `/api/v1/employee/${ada}`);
    expect(JSON.stringify(employee.body ?? {})).not.toContain('PEN100012345678');
    expect((await settings(gh, ada, { tin: 'P0012345678' })).status).toBe(404);
    expect((await call(gh, 'GET', `/api/v1/payroll/employee/${ada}`)).status).toBe(404);
  });
});

describe('employee import and export with identifiers', () => {
  const HEADER = 'First name,Last name,Email,TIN,RSA PIN,PFA,NHF number,State of residence';

  it('imports identifiers with state and PFA variants into the pay settings, and refuses bad rows naming row and column', async () => {
    const csv = [
      HEADER,
      'Bisi,Ade,bisi@statutory.ng,1234567890,PEN200012345678,ARM Pension Managers,,Lagos State',
      'Chidi,Eze,chidi@statutory.ng,12345678-0002,pen200012345679,fcmb,N123456,  oyo ',
      'Dayo,Ige,dayo@statutory.ng,,,,,Lagoss',
      'Efe,Oko,efe@statutory.ng,123,PEN1,Acme,,',
    ].join('\n');
    const preview = await upload(ng, '/api/v1/employee/import/preview', [csvFile(csv)]);
    expect(preview.statusCode).toBe(200);
    const messages = preview.json().data.errors.map((e: { message: string }) => e.message);
    expect(preview.json().data).toMatchObject({ validCount: 2, invalidCount: 2 });
    expect(messages).toEqual(expect.arrayContaining([
      expect.stringMatching(/^row 4: State of residence "Lagoss" is not a Nigerian state: write one of /),
      expect.stringMatching(/^row 5: TIN "123" is not a TIN/),
      expect.stringMatching(/^row 5: RSA PIN "PEN1" is not an RSA PIN/),
      expect.stringMatching(/^row 5: PFA "Acme" is not a PenCom-licensed PFA/),
    ]));
    const res = await upload(ng, '/api/v1/employee/import', [{ name: 'importValidRows', value: 'true' }, csvFile(csv)]);
    const job = await waitForJob(t.app, ng.token, res.json().data.jobId);
    expect(job).toMatchObject({ status: 'succeeded', result: { created: 2, skipped: 2 } });
    const rows = await t.deps.db.execute(sql`SELECT e.email, s.tin, s.rsa_pin, s.pension_fund_administrator, s.nhf_number, s.state_of_residence
      FROM employees e JOIN pay_settings s ON s.employee_id = e.id WHERE e.business_id = ${ng.user.businessId} AND e.email IN ('bisi@statutory.ng', 'chidi@statutory.ng') ORDER BY e.email`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { email: 'bisi@statutory.ng', tin: '1234567890', rsa_pin: 'PEN200012345678', pension_fund_administrator: 'ACCESS-ARM', nhf_number: null, state_of_residence: 'Lagos' },
      { email: 'chidi@statutory.ng', tin: '12345678-0002', rsa_pin: 'PEN200012345679', pension_fund_administrator: 'FCMB', nhf_number: 'N123456', state_of_residence: 'Oyo' },
    ]);
  });

  it('imports and exports the Ghanaian identifiers for a business in Ghana, refusing Nigerian ones', async () => {
    const csv = [
      'First name,Last name,Email,Ghana Card,SSNIT number,TIN,Region,RSA PIN',
      'Ama,Owusu,ama@statutory.gh,gha-987654321-1,E057704110011,,ashanti region,',
      'Yaw,Boateng,yaw@statutory.gh,,,,Volta,PEN100012345678',
    ].join('\n');
    const res = await upload(gh, '/api/v1/employee/import', [{ name: 'importValidRows', value: 'true' }, csvFile(csv)]);
    const job = await waitForJob(t.app, gh.token, res.json().data.jobId);
    expect(job).toMatchObject({ status: 'succeeded', result: { created: 1, skipped: 1 } });
    expect(job.result.errors.map((e: { message: string }) => e.message)).toEqual([expect.stringMatching(/^row 3: RSA PIN is for Nigerian employees/)]);
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/employee/export/${gh.user.email}?format=csv&search=ama@statutory.gh`, headers: bearer(gh.token) });
    const rows = parse(file.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0].slice(-4)).toEqual(['Ghana Card', 'SSNIT number', 'TIN', 'Region']);
    expect(rows[1].slice(-4)).toEqual(['GHA-987654321-1', 'E057704110011', '', 'Ashanti']);
  });

  it('refuses identifier figures from HR-access alone, as it refuses pay', async () => {
    const res = await upload(hr, '/api/v1/employee/import/preview', [csvFile(`${HEADER}\nGina,Ola,gina@statutory.ng,,PEN300012345678,,,\n`)]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^row 2: column "RSA PIN" sets pay/);
  });

  it('exports the identifiers to pay roles only, and the file imports back', async () => {
    const exportAs = (s: TSession) => t.app.inject({ method: 'GET', url: `/api/v1/employee/export/${ng.user.email}?format=csv&search=statutory.ng&sort=email`, headers: bearer(s.token) });
    const owned = parse((await exportAs(ng)).body.replace(/^\uFEFF/, '')) as string[][];
    expect(owned[0].slice(-5)).toEqual(['TIN', 'RSA PIN', 'PFA', 'NHF number', 'State of residence']);
    const bisi = owned.find((r) => r.includes('bisi@statutory.ng'))!;
    expect(bisi.slice(-5)).toEqual(['1234567890', 'PEN200012345678', 'Access ARM Pensions Limited', '', 'Lagos']);
    const hrFile = (await exportAs(hr)).body;
    expect(hrFile).not.toContain('RSA PIN');
    expect(hrFile).not.toContain('PEN200012345678');
  });
});

describe('business profile', () => {
  it('lets any user of the business read it, the owner alone change it', async () => {
    const read = await call(hr, 'GET', '/api/v1/business/profile');
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ name: 'Statutory NG Ltd', country: 'NG', employerPensionRate: 10, itfLiable: 'unanswered', canEdit: false });
    expect((await call(ng, 'GET', '/api/v1/business/profile')).body.data.canEdit).toBe(true);
    expect((await call(accounts, 'PUT', '/api/v1/business/profile', { rcNumber: 'RC123456' })).status).toBe(403);
    expect((await call(hr, 'PUT', '/api/v1/business/profile', { name: 'Hijack Ltd' })).status).toBe(403);
  });

  it('saves normalised identifiers, audits, and a rename reaches the signed-in user', async () => {
    const res = await call(ng, 'PUT', '/api/v1/business/profile', {
      name: 'Statutory Nigeria Ltd', rcNumber: 'rc 123456', employerTin: '12345678 0001', stateOrRegion: 'lagos state', pencomEmployerCode: 'pr0000123456',
      nsitfNumber: 'NSITF/1234', itfNumber: 'ITF-5678', employerPensionRate: '12.5', itfLiable: 'yes',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Statutory Nigeria Ltd', rcNumber: 'RC123456', employerTin: '12345678-0001', stateOrRegion: 'Lagos', pencomEmployerCode: 'PR0000123456',
      nsitfNumber: 'NSITF/1234', itfNumber: 'ITF-5678', employerPensionRate: 12.5, itfLiable: 'yes',
    });
    const me = await call(hr, 'GET', `/api/v1/auth/users/${hr.user._id}`);
    expect(JSON.stringify(me.body)).toContain('Statutory Nigeria Ltd');
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, ng.user.businessId), eq(auditLog.action, 'business.profile-updated')));
    expect(audit.before).toMatchObject({ name: 'Statutory NG Ltd' });
    expect(audit.after).toMatchObject({ name: 'Statutory Nigeria Ltd', rcNumber: 'RC123456' });
    expect((await call(ng, 'PUT', '/api/v1/business/profile', { rcNumber: null, itfLiable: 'unanswered' })).body.data).toMatchObject({ rcNumber: null, itfLiable: 'unanswered' });
  });

  it('refuses bad values naming the field, a Nigerian employer pension below 10%, and the other country\'s numbers', async () => {
    const cases: Array<[TSession, Record<string, unknown>, string, RegExp]> = [
      [ng, { rcNumber: '123456' }, 'rcNumber', /^rcNumber: "123456" must be written as RC or BN followed by digits/],
      [ng, { employerTin: 'abc' }, 'employerTin', /^employerTin: /],
      [ng, { stateOrRegion: 'Greater Accra' }, 'stateOrRegion', /^stateOrRegion: "Greater Accra" is not a Nigerian state/],
      [ng, { employerPensionRate: 8 }, 'employerPensionRate', /^employerPensionRate: must be at least 10% in Nigeria/],
      [ng, { employerPensionRate: 'ten' }, 'employerPensionRate', /^employerPensionRate: must be a percentage/],
      [ng, { ssnitEmployerNumber: 'E1234567' }, 'ssnitEmployerNumber', /^ssnitEmployerNumber: is for businesses in Ghana/],
      [ng, { name: '  ' }, 'name', /^name: is required/],
      [ng, { itfLiable: 'maybe' }, 'itfLiable', /^itfLiable: must be yes, no or unanswered/],
      [gh, { pencomEmployerCode: 'PR1234' }, 'pencomEmployerCode', /^pencomEmployerCode: is for businesses in Nigeria/],
      [gh, { stateOrRegion: 'Lagos' }, 'stateOrRegion', /^stateOrRegion: "Lagos" is not a region of Ghana/],
    ];
    for (const [who, body, field, message] of cases) {
      const res = await call(who, 'PUT', '/api/v1/business/profile', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toMatch(message);
    }
    const ghOk = await call(gh, 'PUT', '/api/v1/business/profile', { stateOrRegion: 'ashanti', ssnitEmployerNumber: 'e0001234', employerTin: 'C0012345678', employerPensionRate: 13 });
    expect(ghOk.body.data).toMatchObject({ stateOrRegion: 'Ashanti', ssnitEmployerNumber: 'E0001234', employerTin: 'C0012345678', employerPensionRate: 13, country: 'GH' });
  });

  it('keeps each business to its own profile', async () => {
    expect((await call(gh, 'GET', '/api/v1/business/profile')).body.data.name).toBe('Statutory GH Ltd');
    expect((await call(ng, 'GET', '/api/v1/business/profile')).body.data.rcNumber).toBeNull();
  });
});
