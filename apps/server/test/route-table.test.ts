import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type TRouteEntry } from '../src/app.ts';
import { bearer, createTestApp, multipart, nextIp, type TTestApp } from './helpers/test-app.ts';
import { seedBusiness, secretsOf, type TSeed } from './helpers/seed.ts';
import { PARAM_VALUES, ROUTES, type TRouteCase } from './helpers/route-table.ts';
import { employeeSecretsOf } from './helpers/seed-people.ts';
import { MODULE_ROLES, NOTIFICATION_SUBJECTS } from '@bizdesk/contract';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { login } from './helpers/test-app.ts';
import { openStream } from './helpers/stream.ts';

/**
 * Issue 29: who reads each notification subject (the owner reads all; 'general' everyone). Written out here rather
 * than taken from the server, so the test checks the mapping instead of repeating it.
 */
const SUBJECT_READERS: Record<(typeof NOTIFICATION_SUBJECTS)[number], string[] | 'everyone'> = {
  people: ['HR-access'],
  pay: ['Accounts-access'],
  procurement: ['Procurement-access', 'Approvals-access', 'Accounts-access'],
  inventory: ['Inventory-access', 'Procurement-access'],
  projects: ['Projects-access', 'Settings-access'],
  settings: ['Settings-access'],
  general: 'everyone',
};

const keyOf = (r: TRouteEntry) => `${r.method} ${r.url}`;
const isDocs = (r: TRouteEntry) => r.url.startsWith('/api/docs');
const apiRoutes = (app: FastifyInstance) => app.routeCatalogue.filter((r) => !isDocs(r));

/** Routes a developer added without saying who may call them. */
export const findUnguarded = (routes: TRouteEntry[]) => routes.filter((r) => r.access === undefined).map(keyOf);

const fillPath = (url: string, seed: TSeed, override: Record<string, string> = {}) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name in override) return override[name];
    const value = PARAM_VALUES[name];
    if (!value) throw new Error(`No value for path parameter :${name} — add it to PARAM_VALUES in helpers/route-table.ts`);
    return encodeURIComponent(value(seed));
  });

const requestFor = (r: TRouteEntry, c: TRouteCase, seed: TSeed, token?: string, pathOverride: Record<string, string> = {}): InjectOptions => {
  const query = c.query?.(seed);
  const url = fillPath(r.url, seed, { ...c.params?.(seed), ...pathOverride }) + (query ? `?${new URLSearchParams(query)}` : '');
  const headers: Record<string, string> = token ? bearer(token) : {};
  const base = { method: r.method as InjectOptions['method'], url, remoteAddress: nextIp() };
  if (c.form) {
    const f = c.form(seed);
    return { ...base, headers: { ...headers, ...f.headers }, payload: f.payload };
  }
  return { ...base, headers, ...(c.body ? { payload: c.body(seed) } : {}) };
};

// At least 20 bad values for every path parameter and query value.
const JUNK_PARAMS = [
  'null', 'undefined', '-1', '0', '1e309', 'NaN', 'true', '__proto__', '%00', '%20',
  '..%2F..%2Fetc%2Fpasswd', '%27%20OR%201%3D1--', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%F0%9F%98%80',
  '%7B%7D', '%5B%5D', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(3000), '1%3B%20DROP%20TABLE%20users', 'a%40', '%40b.c',
  '%zz', '%E0%A4%A', '%', '0000-01-01',
];
// Whole bodies that are not the object the route expects.
const DEEP = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const JUNK_BODIES = ['{', 'null', '[]', '"text"', '42', 'true', '{}', '[{}]', '{"__proto__":{"polluted":1}}', '{"a":', DEEP, `[${'['.repeat(50_000)}${']'.repeat(50_000)}]`, `"${'x'.repeat(1_100_000)}"`];
// Values no field of any route accepts.
const JUNK_FIELD_VALUES: unknown[] = [null, 42, -1, 1.5, true, {}, ['x'], { $gt: '' }, 'bad\u0000value', 'x'.repeat(20000), JSON.parse(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`)];

/** Every failure, whatever its status, is `{ success: false, message, code }`. */
const isEnvelope = (body: string) => {
  try {
    const json = JSON.parse(body);
    return json.success === false && typeof json.message === 'string' && json.message.length > 0 && typeof json.code === 'string';
  } catch {
    return false;
  }
};

/**
 * The same route reached through percent-encoded spellings of its path: the router decodes them, so
 * the guard must too (`/%61pi/v1/…` is `/api/v1/…`). One letter of each fixed segment, in turn.
 */
const encodedVariants = (url: string) => {
  const segments = url.split('/');
  return segments.flatMap((seg, i) => {
    if (!seg || seg.startsWith('?') || /^[0-9a-f-]{36}$/.test(seg) || seg.includes('%') || seg.includes('@')) return [];
    const at = [...seg].findIndex((ch) => /[a-z]/i.test(ch));
    if (at === -1) return [];
    const hex = seg.charCodeAt(at).toString(16);
    const encode = (h: string) => segments.map((s2, j) => (j === i ? `${seg.slice(0, at)}%${h}${seg.slice(at + 1)}` : s2)).join('/');
    return i === 1 ? [encode(hex), encode(hex.toUpperCase())] : [encode(hex)];
  });
};

/** Values a field of its kind refuses, by the field's name: dates outside 1900–2100, undecodable addresses, unknown zones. */
const KIND_JUNK: Array<[RegExp, unknown[]]> = [
  [/date$/i, ['0000-01-01', '2101-01-01', '0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z']],
  [/(url|link)$/i, ['https://x.example/%E0%A4%A', 'https://x.example/%zz', 'https://x.example/100%']],
  [/^timezone$/i, ['Mars/Olympus_Mons', 'Lagos', '+01:00']],
];
const junkFor = (field: string) => [...JUNK_FIELD_VALUES, ...KIND_JUNK.flatMap(([re, values]) => (re.test(field) ? values : []))];

const malformedRequests = (r: TRouteEntry, c: TRouteCase, seed: TSeed, token: string): InjectOptions[] => {
  const out: InjectOptions[] = [];
  for (const name of [...r.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])) {
    for (const junk of JUNK_PARAMS) if (!c.validValues?.[name]?.includes(junk)) out.push(requestFor(r, c, seed, token, { [name]: junk }));
  }
  const query = c.query?.(seed);
  const path = fillPath(r.url, seed, c.params?.(seed));
  for (const name of Object.keys(query ?? {})) {
    const others = new URLSearchParams(Object.entries(query!).filter(([k]) => k !== name)).toString();
    // A free-text field (a search) takes any text: only its absence is malformed.
    for (const junk of c.freeText?.includes(name) ? [] : JUNK_PARAMS) {
      out.push({ ...requestFor(r, c, seed, token), url: `${path}?${others ? `${others}&` : ''}${name}=${junk}` });
    }
    if (!c.optionalFields?.includes(name)) out.push({ ...requestFor(r, c, seed, token), url: others ? `${path}?${others}` : path });
  }
  if (c.body) {
    const valid = c.body(seed);
    for (const raw of JUNK_BODIES) out.push({ ...requestFor(r, c, seed, token), headers: { ...bearer(token), 'content-type': 'application/json' }, payload: raw });
    out.push({ ...requestFor(r, c, seed, token), headers: { ...bearer(token), 'content-type': 'text/plain' }, payload: JSON.stringify(valid) });
    for (const field of Object.keys(valid)) {
      const { [field]: _dropped, ...without } = valid;
      if (!c.optionalFields?.includes(field)) out.push({ ...requestFor(r, c, seed, token), payload: without });
      for (const junk of junkFor(field).filter((v) => !c.validValues?.[field]?.includes(v))) out.push({ ...requestFor(r, c, seed, token), payload: { ...valid, [field]: junk } });
    }
  }
  if (c.form) {
    const h = bearer(token);
    const asJson = { ...requestFor(r, c, seed, token), headers: { ...h, 'content-type': 'application/json' }, payload: '{}' };
    const text = multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: Buffer.from('plain text, not an image') }]);
    const badJson = multipart([{ name: 'department', value: '{not json' }]);
    const badDept = multipart([{ name: 'department', value: JSON.stringify({ name: '' }) }]);
    const nothing = multipart([{ name: 'other', value: 'x' }]);
    const many = multipart(Array.from({ length: 3 }, () => ({ name: 'file', filename: 'x.png', contentType: 'image/png', data: Buffer.from('x') })));
    const base = requestFor(r, c, seed, token);
    out.push(asJson, { ...base, headers: { ...h, 'content-type': 'multipart/form-data' }, payload: 'garbage' });
    out.push({ ...base, headers: { ...h, 'content-type': 'multipart/form-data; boundary=zzz' }, payload: '--zzz\r\nbroken' });
    for (const f of [text, badJson, badDept, nothing, many, ...(c.malformedForms?.(seed) ?? [])]) out.push({ ...base, headers: { ...h, ...f.headers }, payload: f.payload });
  }
  return out;
};

describe('route table: every API route', () => {
  let t: TTestApp;
  let alpha: TSeed;
  let beta: TSeed;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await seedBusiness(t.app, 'Alpha Trading');
    beta = await seedBusiness(t.app, 'Beta Logistics');
  });
  afterAll(async () => t?.close());

  it('is listed in the route table and declares the access rule listed there', () => {
    const registered = apiRoutes(t.app);
    const unlisted = registered.map(keyOf).filter((k) => !ROUTES[k]);
    expect(unlisted, 'routes missing from test/helpers/route-table.ts').toEqual([]);
    expect(findUnguarded(registered), 'routes without an access rule').toEqual([]);
    for (const r of registered) expect([keyOf(r), r.access]).toEqual([keyOf(r), ROUTES[keyOf(r)].access]);
    const stale = Object.keys(ROUTES).filter((k) => !registered.some((r) => keyOf(r) === k));
    expect(stale, 'routes in the table that the server does not register').toEqual([]);
  });

  it('flags and refuses a route added without an access rule', async () => {
    const app = await buildApp(t.deps);
    app.get('/api/v1/unguarded-probe', async () => ({ secret: 'leaked' }));
    await app.ready();
    expect(findUnguarded(apiRoutes(app))).toEqual(['GET /api/v1/unguarded-probe']);
    const res = await app.inject({ method: 'GET', url: '/api/v1/unguarded-probe', headers: bearer(alpha.owner.token) });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('leaked');
    await app.close();
  });

  it('answers 401 without a token on every route but the public allow-list', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes(t.app)) {
      const c = ROUTES[keyOf(r)];
      if (c.access === 'public') continue;
      const res = await t.app.inject(requestFor(r, c, alpha));
      if (res.statusCode !== 401) failures.push(`${keyOf(r)} → ${res.statusCode}`);
      const bad = await t.app.inject({ ...requestFor(r, c, alpha), headers: { authorization: 'Bearer not.a.token' } });
      if (bad.statusCode !== 401) failures.push(`${keyOf(r)} with a forged token → ${bad.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to percent-encoded spellings of every guarded path without a token, never 2xx or 5xx', async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const r of apiRoutes(t.app)) {
      const c = ROUTES[keyOf(r)];
      const plain = requestFor(r, c, alpha);
      for (const url of encodedVariants(String(plain.url))) {
        probes += 1;
        const res = await t.app.inject({ ...plain, url });
        if (res.statusCode >= 500 || !(c.access === 'public' || res.statusCode === 401) || (res.statusCode >= 400 && !isEnvelope(res.body))) {
          failures.push(`${keyOf(r)} as ${url.slice(0, 100)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        // A forged token through the encoded path is refused just the same.
        if (c.access !== 'public') {
          const forged = await t.app.inject({ ...plain, url, headers: { ...plain.headers, authorization: 'Bearer not.a.token' } });
          if (forged.statusCode !== 401) failures.push(`${keyOf(r)} as ${url.slice(0, 100)} with a forged token → ${forged.statusCode}`);
        }
      }
    }
    expect(probes).toBeGreaterThan(apiRoutes(t.app).length * 2);
    expect(failures).toEqual([]);
  });

  it('answers unknown API paths, plain or encoded, with 404 in the envelope', async () => {
    for (const url of ['/api/v1/no-such-route', '/%61pi/v1/no-such-route', '/api/v1/employee/detail', '/api/v2/employee/summary', '/api/v1/employee/summary/extra']) {
      for (const token of [undefined, alpha.owner.token]) {
        const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(isEnvelope(res.body)).toBe(true);
      }
    }
  });

  it("rejects a second business's token on every route: 403/404 and none of the first business's data", async () => {
    const failures: string[] = [];
    const secrets = secretsOf(alpha);
    for (const r of apiRoutes(t.app)) {
      const c = ROUTES[keyOf(r)];
      if (c.stream) continue; // proven by the live-stream test in notifications.test.ts
      if (c.endsSession) continue; // would sign the prober out; it touches only the caller's own session
      const res = await t.app.inject(requestFor(r, c, alpha, beta.owner.token));
      if (c.crossTenant === 'denied' && ![403, 404].includes(res.statusCode)) failures.push(`${keyOf(r)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode >= 500) failures.push(`${keyOf(r)} → ${res.statusCode}`);
      const leaked = secrets.filter((s) => res.body.includes(s));
      if (leaked.length) failures.push(`${keyOf(r)} leaked ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it("confines a portal token to its own employee: another employee's ids on every route → 403/404 and none of their data", async () => {
    const failures: string[] = [];
    const secrets = employeeSecretsOf(alpha.people);
    for (const r of apiRoutes(t.app)) {
      const c = ROUTES[keyOf(r)];
      if (c.access === 'public') continue;
      if (c.endsSession) continue; // would end the prober's own session (the PIN change: portal-credentials.test.ts)
      const res = await t.app.inject(requestFor(r, c, alpha, alpha.people.portalToken));
      const forPortal = c.access.includes('portal');
      if (!forPortal && res.statusCode !== 403) failures.push(`${keyOf(r)} (not a portal route) → ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (forPortal && ![403, 404].includes(res.statusCode)) failures.push(`${keyOf(r)} with another employee's id → ${res.statusCode} ${res.body.slice(0, 160)}`);
      const leaked = secrets.filter((x) => res.body.includes(x));
      if (leaked.length) failures.push(`${keyOf(r)} leaked ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the session a bare portal code opens (no PIN chosen yet) reach no portal route but the PIN one', async () => {
    // The seed's main employee has never signed in, so their code opens the PIN step only (issue 29 item 1).
    const first = await t.app.inject({ method: 'GET', url: `/api/v1/employee/accessId/${alpha.people.employee.portalCode}`, remoteAddress: nextIp() });
    expect(first.json().data.pinSet).toBe(false);
    const setupToken = first.json().token as string;
    const failures: string[] = [];
    let probed = 0;
    for (const r of apiRoutes(t.app)) {
      const c = ROUTES[keyOf(r)];
      if (c.access === 'public' || c.access.includes('portal-setup')) continue;
      const res = await t.app.inject(requestFor(r, c, alpha, setupToken));
      probed += 1;
      if (res.statusCode !== 403) failures.push(`${keyOf(r)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(probed).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('refuses a collector token on every route not made for it (403, not 401: the token itself is valid)', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes(t.app)) {
      const c = ROUTES[keyOf(r)];
      if (c.access === 'public' || c.access.includes('collector')) continue;
      const res = await t.app.inject(requestFor(r, c, alpha, alpha.people.collectorToken));
      if (res.statusCode !== 403) failures.push(`${keyOf(r)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it("shows each notification subject only to the roles that open it, in the list and live: a user without the subject's role sees nothing of it", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const readers: Array<{ role: string | null; token: string }> = [{ role: 'owner', token: alpha.owner.token }];
    for (const role of [null, 'Settings-access', ...MODULE_ROLES]) {
      const email = `reader-${role ?? 'none'}@subjects.example`.toLowerCase();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(alpha.owner.token), payload: { userName: `Reader ${role ?? 'none'}`, email, password: 'reader pass 1', roles: role ? [role] : [] }, remoteAddress: nextIp() });
      expect(res.statusCode, res.body).toBe(201);
      readers.push({ role, token: (await login(t.app, email, 'reader pass 1')).token });
    }
    const streams = await Promise.all(readers.map((r) => openStream(port, r.token)));
    const { notify } = createNotificationsService(t.deps);
    const run = `${Date.now()}`;
    for (const subject of NOTIFICATION_SUBJECTS) {
      await notify(t.deps.db, alpha.owner.user.businessId, { category: 'HR', subject, actionType: 'Subject probe', message: `probe ${subject} ${run}` });
    }
    // The general probe, written last, reaches every stream: what a stream has by then is what it will get.
    for (const s of streams) await expect.poll(() => s.received.some((n) => n.message === `probe general ${run}`), { timeout: 5000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const failures: string[] = [];
    for (const [i, reader] of readers.entries()) {
      const list = (await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${alpha.owner.user.email}`, headers: bearer(reader.token) })).json().data as Array<{ message: string; subject: string }>;
      for (const subject of NOTIFICATION_SUBJECTS) {
        const allowed = SUBJECT_READERS[subject];
        const opens = reader.role === 'owner' || allowed === 'everyone' || (reader.role !== null && allowed.includes(reader.role));
        const probe = `probe ${subject} ${run}`;
        const inList = list.some((n) => n.message === probe);
        const live = streams[i].received.some((n) => n.message === probe);
        if (inList !== opens) failures.push(`${reader.role ?? 'no role'} ${inList ? 'lists' : 'does not list'} ${subject}`);
        if (live !== opens) failures.push(`${reader.role ?? 'no role'} ${live ? 'receives' : 'does not receive'} ${subject} live`);
        if (!opens && list.some((n) => n.subject === subject)) failures.push(`${reader.role ?? 'no role'} lists another ${subject} notification`);
        if (!opens && streams[i].received.some((n) => n.subject === subject)) failures.push(`${reader.role ?? 'no role'} receives another ${subject} notification live`);
      }
    }
    for (const s of streams) s.close();
    expect(failures).toEqual([]);
  });

  it('answers at least 20 malformed requests per route with 4xx, never 5xx', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes(t.app)) {
      const c = ROUTES[keyOf(r)];
      if (c.noInput) continue;
      const requests = malformedRequests(r, c, alpha, alpha.owner.token);
      if (requests.length < 20) failures.push(`${keyOf(r)}: only ${requests.length} malformed cases`);
      for (const req of requests) {
        const res = await t.app.inject(req);
        if (res.statusCode < 400 || res.statusCode >= 500 || !isEnvelope(res.body)) {
          failures.push(`${keyOf(r)} ${String(req.url).slice(0, 120)} ${String(typeof req.payload === 'string' ? req.payload : JSON.stringify(req.payload ?? '')).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
