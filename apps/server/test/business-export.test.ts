import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, login, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { seedBusiness, type TSeed } from './helpers/seed.ts';
import { linesOf, packArchive, sha256, unpackArchive, type TManifest } from '../src/features/business/business-archive.ts';

/**
 * A business's own data, out and in (issue 36 item 4): the owner exports everything as one archive (a job with
 * progress), and the archive imports into an empty business on another server (here: another database, another
 * app, another instance key) with every screen's figures equal; all or nothing.
 */
describe('business data archive: export, then import on another server', () => {
  let source: TTestApp;
  let target: TTestApp;
  let alpha: TSeed;
  let betaOwner: TSession;
  let archive: Buffer;
  let manifest: TManifest;
  let entries: Map<string, Buffer>;

  const get = async (t: TTestApp, s: TSession, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(s.token) });
  const upload = async (t: TTestApp, s: TSession, data: Buffer) => {
    const form = multipart([{ name: 'file', filename: 'archive.tar.gz', contentType: 'application/gzip', data }]);
    return t.app.inject({ method: 'POST', url: '/api/v1/business/import', headers: { ...bearer(s.token), ...form.headers }, payload: form.payload });
  };
  /** What the owner's screens show: staff list, payroll run and its lines, dashboard figures, stock, orders, profile. */
  const screens = async (t: TTestApp, s: TSession) => {
    const email = alpha.owner.user.email;
    const reads: Record<string, string> = {
      employees: `/api/v1/employee/employees/${email}?limit=100`,
      payrollRun: `/api/v1/payroll/run/${alpha.payroll.month}`,
      payrollLines: `/api/v1/payroll/runs/${alpha.payroll.runId}/lines`,
      payrollSummary: '/api/v1/payroll/summary',
      dashboardFigures: '/api/v1/dashboard/figures',
      dashboardSummary: '/api/v1/dashboard/summary',
      orders: `/api/v1/orders/get-orders/${email}?limit=100`,
      profile: '/api/v1/business/profile',
    };
    const out: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(reads)) {
      const res = await get(t, s, url);
      expect([name, res.statusCode]).toEqual([name, 200]);
      out[name] = res.json();
    }
    const stock = await t.app.inject({ method: 'POST', url: '/api/v1/inventory/all-inventory', headers: bearer(s.token), payload: { email } });
    expect(stock.statusCode).toBe(200);
    out.inventory = stock.json();
    return out;
  };
  const repack = (edit: (m: TManifest, e: Map<string, Buffer>) => void) => {
    const m = structuredClone(manifest);
    const e = new Map(entries);
    edit(m, e);
    return packArchive(m, [...e].filter(([name]) => name !== 'manifest.json').map(([name, body]) => ({ name, body })));
  };
  const employeesOf = async (t: TTestApp, businessId: string) =>
    ((await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM employees WHERE business_id = ${businessId}`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n;

  beforeAll(async () => {
    [source, target] = await Promise.all([createTestApp(), createTestApp()]);
    alpha = await seedBusiness(source.app, 'Alpha Trading');
    betaOwner = await registerBusiness(source.app, { businessName: 'Beta Logistics Secret', email: 'owner@beta-logistics.example' });
    const beta = await source.app.inject({
      method: 'POST', url: `/api/v1/employee/create/${betaOwner.user._id}`, headers: bearer(betaOwner.token),
      payload: { firstName: 'Bertha', lastName: 'Betaonly', email: 'bertha@beta-logistics.example' },
    });
    expect(beta.statusCode, beta.body).toBe(201);
  }, 60_000);
  afterAll(async () => Promise.all([source?.close(), target?.close()]));

  it('prepares the archive as a job with progress for the owner only, and lets the owner alone download it', async () => {
    const clerk = await get(source, alpha.staff, '/api/v1/business/data');
    expect(clerk.statusCode).toBe(403);
    expect((await source.app.inject({ method: 'POST', url: '/api/v1/business/export', headers: bearer(alpha.staff.token) })).statusCode).toBe(403);

    const started = await source.app.inject({ method: 'POST', url: '/api/v1/business/export', headers: bearer(alpha.owner.token) });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().data._id as string;
    // Asked again while under way: the same job, not a second archive.
    const again = await source.app.inject({ method: 'POST', url: '/api/v1/business/export', headers: bearer(alpha.owner.token) });
    if (again.json().data.status !== 'succeeded') expect(again.json().data._id).toBe(id);

    let job = started.json().data;
    const seen = new Set<number>();
    for (let i = 0; i < 400 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      job = (await get(source, alpha.owner, `/api/v1/business/export/${id}`)).json().data;
      seen.add(job.progress);
    }
    expect(job.status, job.message).toBe('succeeded');
    expect(job.progress).toBe(100);
    expect(job.downloadPath).toBe(`/api/v1/business/export/${id}/download`);
    expect(Date.parse(job.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(job.rows).toBeGreaterThan(50);

    // Another business's owner: not found; the clerk of this one: not allowed.
    expect((await get(source, betaOwner, `/api/v1/business/export/${id}`)).statusCode).toBe(404);
    expect((await get(source, betaOwner, `/api/v1/business/export/${id}/download`)).statusCode).toBe(404);
    expect((await get(source, alpha.staff, `/api/v1/business/export/${id}/download`)).statusCode).toBe(403);

    const download = await get(source, alpha.owner, job.downloadPath);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(String(download.headers['content-disposition'])).toMatch(/attachment; filename="bizdesk-alpha-trading-\d{4}-\d{2}-\d{2}\.tar\.gz"/);
    archive = download.rawPayload;
    ({ manifest, entries } = await unpackArchive(archive, { maxBytes: 1e9, maxEntries: 100_000 }));

    const activity = (await get(source, alpha.owner, '/api/v1/dashboard/activity?limit=50')).json().data as Array<{ action: string }>;
    expect(activity.map((a) => a.action)).toEqual(expect.arrayContaining(['business.export-requested', 'business.export-prepared', 'business.export-downloaded']));
  }, 30_000);

  it('holds every table of the business with counts and checksums, its files, and nothing of another business', async () => {
    expect(manifest.business).toEqual({ id: alpha.owner.user.businessId, name: 'Alpha Trading' });
    expect(manifest.migrations.count).toBeGreaterThan(15);
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const name of ['businesses', 'users', 'employees', 'payroll_runs', 'payroll_lines', 'inventory_items', 'purchase_orders', 'audit_log']) {
      expect([name, (byName.get(name)?.rows ?? 0) > 0]).toEqual([name, true]);
    }
    for (const name of ['jobs', 'auth_tokens', 'user_two_factor', 'employee_live_counts', 'mail_outbox']) expect(byName.has(name)).toBe(false);
    for (const t of manifest.tables) {
      const body = entries.get(t.file)!;
      expect(sha256(body)).toBe(t.sha256);
      expect(linesOf(body)).toHaveLength(t.rows);
      for (const line of linesOf(body)) {
        const row = JSON.parse(line) as Record<string, unknown>;
        expect(t.name === 'businesses' ? row.id : row.business_id).toBe(alpha.owner.user.businessId);
      }
    }
    // The employees, users and the uploaded logo and photos are in; the second business is not.
    const whole = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    expect(whole).toContain(alpha.people.employee.email);
    expect(manifest.files.length).toBeGreaterThan(0);
    expect(manifest.files.some((f) => f.key.endsWith(alpha.logoName))).toBe(true);
    for (const secret of [betaOwner.user.businessId, 'Beta Logistics Secret', 'owner@beta-logistics.example', 'bertha@beta-logistics.example']) expect(whole).not.toContain(secret);
  });

  it('imports nothing from a damaged archive: a checksum mismatch is refused, and a row that fails mid-way rolls everything back', async () => {
    const fresh = await registerBusiness(target.app, { businessName: 'Fresh Start', email: 'fresh@new-server.example' });
    const flipped = Buffer.from(archive);
    flipped[flipped.length - 20] ^= 0xff;
    const corrupt = await upload(target, fresh, flipped);
    expect(corrupt.statusCode).toBe(400);

    const tampered = await repack((m, e) => {
      const t = m.tables.find((x) => x.name === 'employees')!;
      const body = Buffer.from(e.get(t.file)!.toString('utf8').replace(alpha.people.employee.email, 'changed@alpha-trading.example'));
      e.set(t.file, body);
    });
    const mismatch = await upload(target, fresh, tampered);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/does not match its checksum/);

    // Checksums right, but the last table's row breaks a rule of the database: the tables inserted before it roll back.
    const broken = await repack((m, e) => {
      const t = m.tables.find((x) => x.name === 'payroll_lines')!;
      const lines = linesOf(e.get(t.file)!).map((l) => JSON.stringify({ ...JSON.parse(l), employee_id: '5d1c1b9e-1f0e-4c7e-9d9a-8a1b2c3d4e5f' }));
      const body = Buffer.from(lines.map((l) => `${l}\n`).join(''));
      e.set(t.file, body);
      t.sha256 = sha256(body);
    });
    const failed = await upload(target, fresh, broken);
    expect(failed.statusCode, failed.body).toBe(400);
    expect(failed.json().message).toMatch(/Nothing was imported/);
    expect(await employeesOf(target, alpha.owner.user.businessId)).toBe(0);
    expect((await get(target, fresh, '/api/v1/business/profile')).json().data.name).toBe('Fresh Start');

    // Checksums right, every row the archive's business, but a department set under another business's unit on this
    // server: an archive may not reach into another tenant, even by a valid id.
    const neighbour = await registerBusiness(target.app, { businessName: 'Neighbour', email: 'neighbour@new-server.example' });
    const [{ id: neighbourUnit }] = ((await target.deps.db.execute(sql`SELECT id FROM units WHERE business_id = ${neighbour.user.businessId}`)) as unknown as { rows: Array<{ id: string }> }).rows;
    const reaching = await repack((m, e) => {
      const t = m.tables.find((x) => x.name === 'departments')!;
      const lines = linesOf(e.get(t.file)!).map((l) => JSON.stringify({ ...JSON.parse(l), unit_id: neighbourUnit }));
      const body = Buffer.from(lines.map((l) => `${l}\n`).join(''));
      e.set(t.file, body);
      t.sha256 = sha256(body);
    });
    const reached = await upload(target, fresh, reaching);
    expect(reached.statusCode, reached.body).toBe(400);
    expect(reached.json().message).toMatch(/another business: departments\.unit_id → units/);
    expect(await employeesOf(target, alpha.owner.user.businessId)).toBe(0);

    const newer = await repack((m) => {
      m.migrations.lastAt = Date.now() + 365 * 24 * 3600 * 1000;
    });
    const refused = await upload(target, fresh, newer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/newer version/);
    expect((await get(target, fresh, '/api/v1/business/data')).json().data.isEmpty).toBe(true);
  }, 30_000);

  it('refuses a business that holds data, and an archive whose users already have accounts on the server', async () => {
    // Into a business that is not empty (the source's own second business has an employee).
    const full = await upload(source, betaOwner, archive);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/already holds data/);

    const squatter = await registerBusiness(target.app, { businessName: 'Squatter', email: 'clerk@alpha-trading.example' });
    const fresh = await registerBusiness(target.app, { businessName: 'Second Fresh', email: 'second@new-server.example' });
    const taken = await upload(target, fresh, archive);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('clerk@alpha-trading.example');
    expect(await employeesOf(target, alpha.owner.user.businessId)).toBe(0);
    await target.deps.db.execute(sql`DELETE FROM businesses WHERE id = ${squatter.user.businessId}`);
  });

  it('imports into an empty business on another server: ids kept, users sign in with their passwords, every screen shows the same figures', async () => {
    const before = await screens(source, alpha.owner);
    const fresh = await login(target.app, 'fresh@new-server.example', 'correct horse 1');
    // Opening a screen writes its defaults (the seeded leave types): the business is still empty.
    expect((await get(target, fresh, '/api/v1/leave/types')).statusCode).toBe(200);
    expect((await get(target, fresh, '/api/v1/business/data')).json().data.isEmpty).toBe(true);
    const res = await upload(target, fresh, archive);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result.businessId).toBe(alpha.owner.user.businessId);
    expect(result.users).toEqual(expect.arrayContaining(['owner@alpha-trading.example', 'clerk@alpha-trading.example']));

    // The placeholder business is gone with its session; the archive's accounts sign in with their own passwords.
    expect((await get(target, fresh, '/api/v1/business/profile')).statusCode).toBe(401);
    const owner = await login(target.app, 'owner@alpha-trading.example', 'correct horse 1');
    expect(owner.user.businessId).toBe(alpha.owner.user.businessId);
    expect(owner.user._id).toBe(alpha.owner.user._id);
    const clerk = await login(target.app, 'clerk@alpha-trading.example', 'clerk pass 1');
    expect(clerk.user._id).toBe(alpha.staff.user._id);

    const after = await screens(target, owner);
    // The run's last compute job is the old server's work queue, which stays there (LEFT_BEHIND): the run's figures travel.
    const withoutJob = (run: unknown) => ({ ...(run as { data: object }), data: { ...(run as { data: object }).data, job: null } });
    expect((after.payrollRun as { data: { job: unknown } }).data.job).toBeNull();
    before.payrollRun = withoutJob(before.payrollRun);
    for (const key of Object.keys(before)) expect([key, after[key]]).toEqual([key, before[key]]);
    const employee = await get(target, owner, `/api/v1/employee/detail/${alpha.people.employee._id}`);
    expect([employee.statusCode, employee.json().data?.email]).toEqual([200, alpha.people.employee.email]);

    // The uploaded files came along: the logo is served from the new server's storage.
    const logo = manifest.files.find((f) => f.key.endsWith(alpha.logoName))!;
    expect((await target.deps.storage.get(logo.key))?.body.equals(entries.get(logo.file)!)).toBe(true);

    // Imported once: the business is not empty any more, and the source's figures did not move.
    expect((await get(target, owner, '/api/v1/business/data')).json().data.isEmpty).toBe(false);
    expect((await upload(target, owner, archive)).statusCode).toBe(409);
    const activity = (await get(target, owner, '/api/v1/dashboard/activity?limit=20')).json().data as Array<{ action: string }>;
    expect(activity.map((a) => a.action)).toContain('business.imported');
  }, 30_000);
});
