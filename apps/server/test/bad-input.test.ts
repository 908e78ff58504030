import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { bearer, createTestApp, login, multipart, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';

/** Sends raw bytes over a real socket (Node's HTTP parser answers some requests before Fastify). */
const rawRequest = (port: number, head: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (c) => (data += c.toString('utf8')));
    socket.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
    socket.on('close', () => {
      const [statusLine] = data.split('\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(head);
  });

const expectEnvelope = (body: string, message?: string | RegExp) => {
  const json = JSON.parse(body);
  expect(json).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  if (message) expect(json.message).toMatch(message);
  return json;
};

describe('bad input is a 4xx in the envelope, never a 500', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof peopleApi>;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Input Checks Ltd', email: 'owner@inputs.ng' });
    api = peopleApi(t.app, owner);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  it('refuses year-0000 and other out-of-range dates on create and update, naming the field', async () => {
    for (const [field, value] of [['startDate', '0000-01-01'], ['dateOfBirth', '0000-02-02'], ['dateOfBirth', '1899-12-31'], ['startDate', '2101-01-01']]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: bearer(owner.token), payload: { firstName: 'Old', lastName: 'Date', email: `d-${field}-${value}@inputs.ng`, [field]: value } });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expectEnvelope(res.body, new RegExp(`^${field}: must be between 1900 and 2100`));
    }
    const e = await api.employee({ email: 'fine@inputs.ng', dateOfBirth: '1900-01-01', startDate: '2100-12-31' });
    const update = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${e._id}`, headers: bearer(owner.token), payload: { dateOfBirth: '0000-01-01' } });
    expect(update.statusCode).toBe(400);
    expectEnvelope(update.body, /^dateOfBirth: must be between 1900 and 2100/);
  });

  it('says a year-0000 row is invalid in the import preview', async () => {
    const form = multipart([{ name: 'file', filename: 'staff.csv', contentType: 'text/csv', data: Buffer.from('First name,Last name,Email,Start date,Date of birth\nAda,Obi,ada@inputs.ng,0000-01-01,\nBayo,Ade,bayo@inputs.ng,,0000-05-05\n') }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/employee/import/preview', headers: { ...bearer(owner.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ validCount: 0, invalidCount: 2 });
    expect(res.json().data.errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining([
      'row 2: startDate must be between 1900 and 2100',
      'row 3: dateOfBirth must be between 1900 and 2100',
    ]));
  });

  it('refuses a beforeDate outside 1900–2100', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/notification/delete-old', headers: bearer(owner.token), payload: { beforeDate: '0000-01-01T00:00:00Z' } });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, /^beforeDate: must be between 1900 and 2100/);
  });

  it('answers a malformed percent-escape in a video address or in the path with 400 naming it', async () => {
    const dept = await api.department('Training');
    const video = await t.app.inject({ method: 'POST', url: '/api/v1/employee/upload-video', headers: bearer(owner.token), payload: { email: owner.user.email, department: dept._id, videoUrl: 'https://videos.example/%E0%A4%A' } });
    expect(video.statusCode).toBe(400);
    expectEnvelope(video.body, /^videoUrl: has a malformed percent-escape/);
    for (const bad of ['%E0%A4%A', '%zz', '%']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${bad}`, headers: bearer(owner.token) });
      expect(res.statusCode, bad).toBe(400);
      expectEnvelope(res.body, `The address part "${bad}" is not a valid percent-escape (write % as %25)`);
    }
  });

  it('answers a 10 MB JSON body with 413 naming the body limit', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: { ...bearer(owner.token), 'content-type': 'application/json' }, payload: JSON.stringify({ category: 'HR', actionType: 'Big', message: 'x'.repeat(10 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.body, /^The request body is too large \(max 1 MB\)$/);
  });

  it('answers a deeply nested body with 400 naming the nesting, not a NUL character', async () => {
    let deep = '"x"';
    for (let i = 0; i < 10_000; i += 1) deep = `{"message":${deep}}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: { ...bearer(owner.token), 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, /^message\.message\.message…: is nested too deeply \(at most 32 levels\)$/);
    const arrays = await t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: { ...bearer(owner.token), 'content-type': 'application/json' }, payload: `{"category":${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    expect(arrays.statusCode).toBe(400);
    expectEnvelope(arrays.body, /nested too deeply/);
  });

  it('answers a body that is not JSON with 400 saying so', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: { ...bearer(owner.token), 'content-type': 'application/json' }, payload: '{"category":' });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, /^The request body is not valid JSON$/);
  });

  it('answers 414 for a too-long path part and a too-long address, in the envelope', async () => {
    const param = await t.app.inject({ method: 'GET', url: `/api/v1/employee/detail/${'x'.repeat(600)}`, headers: bearer(owner.token) });
    expect(param.statusCode).toBe(414);
    expectEnvelope(param.body, MSG.addressTooLong);
    const res = await rawRequest(port, `GET /api/v1/health?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expectEnvelope(res.body, MSG.addressTooLong);
  });

  it('answers 431 for oversized headers, in the envelope', async () => {
    const res = await rawRequest(port, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expectEnvelope(res.body, MSG.headersTooLarge);
  });

  it('answers an unreadable request line with 400 in the envelope', async () => {
    const res = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expectEnvelope(res.body, MSG.badRequest);
  });

  it('checks the time zone against the IANA list, naming the field', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', 'Lagos', 'Africa/Lagos; DROP TABLE', '+01:00']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: nextIp(), payload: { businessName: 'Zone Ltd', userName: 'Zed', email: `zone-${Math.random().toString(36).slice(2)}@inputs.ng`, password: 'correct horse 1', timeZone } });
      expect(res.statusCode, timeZone).toBe(400);
      expectEnvelope(res.body, /^timeZone: must be an IANA time zone/);
    }
    for (const timeZone of ['UTC', 'Africa/Accra', 'Europe/London']) {
      const email = `zone-${Math.random().toString(36).slice(2)}@inputs.ng`;
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: nextIp(), payload: { businessName: 'Zone Ltd', userName: 'Zed', email, password: 'correct horse 1', timeZone } });
      expect(res.statusCode, timeZone).toBe(201);
      // register answers the same for every address (no enumeration); the business's zone shows after sign-in.
      expect((await login(t.app, email, 'correct horse 1')).user).toMatchObject({ timeZone });
    }
  });
});

describe('the access guard reads the matched route, not the URL text', () => {
  let t: TTestApp;
  let owner: TSession;
  let webDist: string;

  beforeAll(async () => {
    // With a built web app present, so an unknown /api path could fall through to index.html.
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Bizdesk</title>');
    t = await createTestApp({ WEB_DIST: webDist });
    owner = await registerBusiness(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('answers 401 to an encoded API path without a token', async () => {
    for (const url of ['/%61pi/v1/employee/detail/11111111-1111-4111-8111-111111111111', '/api/v1/%65mployee/detail/11111111-1111-4111-8111-111111111111', '/%61%70%69/v1/dashboard/summary']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expectEnvelope(res.body, MSG.notSignedIn);
    }
  });

  it('answers 404 in the envelope to unknown API paths, encoded or not, with or without a token', async () => {
    for (const url of ['/api/v1/nothing-here', '/%61pi/v1/nothing-here', '/API/v1/employee/summary', '/api/v1/employee/detail/1/extra']) {
      for (const headers of [{}, bearer(owner.token)]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expectEnvelope(res.body);
      }
    }
    const page = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Bizdesk</title>');
  });
});
