import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { migrationsFolder, openPostgres, runMigrations, type TDatabase } from '../src/db/client.ts';
import { poolOptions } from '../src/db/open.ts';
import { createDeps } from '../src/platform/deps-factory.ts';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import type { TDeps } from '../src/platform/deps.ts';
import { createPlacesService } from '../src/features/places/places.service.ts';
import { bearer, login, type TSession } from './helpers/test-app.ts';

/**
 * Issue 34 "done when": a database with free-text place names in every table migrates to place records, the
 * case and spacing variants merged as the owner's preview shows, and the spec's name paths still answer.
 * The database is built at the migration before 0031, filled with typed names by SQL (the app of that level is gone),
 * migrated to the end, then driven through the real app.
 */
const SPELLINGS = ['Lekki phase 2', 'Lekki  Phase 2 ', 'LEKKI PHASE 2'];
const OTHER = 'Ikoyi Tower';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
const before0031 = journal.entries[journal.entries.findIndex((e) => e.tag.startsWith('0031_')) - 1].when;

/** Inserts a row, filling every other NOT NULL column without a default with a plain value of its type. */
const insertRow = async (client: pg.PoolClient, table: string, values: Record<string, unknown>) => {
  const cols = (await client.query(`SELECT column_name, data_type FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL AND is_generated = 'NEVER' AND identity_generation IS NULL`, [table])).rows as Array<{ column_name: string; data_type: string }>;
  const row: Record<string, unknown> = { ...values };
  for (const c of cols) {
    if (c.column_name in row) continue;
    const t = c.data_type;
    row[c.column_name] = t === 'uuid' ? crypto.randomUUID() : t === 'boolean' ? false : /int|numeric/.test(t) ? 1 : t === 'date' ? '2026-01-15'
      : t.startsWith('timestamp') ? new Date() : t === 'ARRAY' ? [] : /json/.test(t) ? {} : `${c.column_name}-${Math.random().toString(36).slice(2, 8)}`;
  }
  const keys = Object.keys(row);
  const res = await client.query(`INSERT INTO ${table} (${keys.map((k) => `"${k}"`).join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`, keys.map((k) => row[k]));
  return res.rows[0] as Record<string, unknown> & { id: string };
};

describe('places migration (0031): typed place names become records', () => {
  let database: TDatabase;
  let deps: TDeps;
  let app: FastifyInstance;
  let owner: TSession;
  let businessId: string;
  let dbName: string;
  let dataDir: string;
  const adminUrl = inject('pgAdminUrl');
  const ownerEmail = `owner-${Math.random().toString(36).slice(2, 8)}@places-migration.example`;
  /** Ids of the rows written before the migration, by table, with the spelling each carried. */
  const written: Record<string, Array<{ id: string; spelling: string }>> = {};
  const note = (table: string, id: string, spelling: string) => (written[table] ??= []).push({ id, spelling });

  beforeAll(async () => {
    dbName = `bizdesk_places_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    database = await openPostgres(url.toString(), { size: 4 });
    await runMigrations(database, { upTo: before0031 });
    const tables = (await database.pool.query(`SELECT to_regclass('public.places') AS p`)).rows[0].p;
    expect(tables, 'built below 0031: no places table yet').toBeNull();

    const c = await database.pool.connect();
    try {
      const business = await insertRow(c, 'businesses', { name: 'Lagos Builders Ltd', owner_email: ownerEmail });
      businessId = business.id;
      await insertRow(c, 'users', { business_id: businessId, email: ownerEmail, user_name: 'Owner Person', password_hash: await hashPassword('correct horse 1'), roles: ['owner'], email_confirmed_at: new Date() });
      const employee = await insertRow(c, 'employees', { business_id: businessId, first_name: 'Ada', last_name: 'Obi', email: 'ada@places-migration.example' });
      const claim = await insertRow(c, 'expense_claims', { business_id: businessId, employee_id: employee.id, seq: 1, title: 'Site fuel', currency: 'NGN' });
      for (const [i, s] of [...SPELLINGS, OTHER].entries()) {
        const cp = await insertRow(c, 'collection_points', { business_id: businessId, employee_number: `CP-${i}`, employee_name: `Officer ${i}`, tag_name: s, user_email: ownerEmail, data_code: `CODE${i}ABCDE` });
        note('collection_points', cp.id, s);
        const item = await insertRow(c, 'inventory_items', { business_id: businessId, tag_name: s, name: `Cement ${i}`, sku: `CEM-${i}`, unit: 'bags', quantity: '10', stock_value: 50000, deleted_at: null });
        note('inventory_items', item.id, s);
        const mv = await insertRow(c, 'stock_movements', { business_id: businessId, item_id: item.id, kind: 'instock', quantity: '10', unit_cost: 5000, value: 50000, balance_after: '10', employee_number: 'E1', tag_name: s, actor_kind: 'user', reference: null, purpose: null, actor_id: null, collection_point_id: null, requisition_id: null });
        note('stock_movements', mv.id, s);
        const mr = await insertRow(c, 'material_requisitions', { business_id: businessId, number: `MR-${i}`, tag_name: s, source: 'office', requested_by: 'Owner Person' });
        note('material_requisitions', mr.id, s);
        const fr = await insertRow(c, 'fleet_requisitions', { business_id: businessId, tag_name: s });
        note('fleet_requisitions', fr.id, s);
        const truck = await insertRow(c, 'trucks', { business_id: businessId, plate_number: `LAG-${i}00-KJ`, assigned_tag_name: s });
        note('trucks', truck.id, s);
        const energy = await insertRow(c, 'energy_entries', { business_id: businessId, tag_name: s, date: '2026-01-10', quantity: '100', expenses: 90000, manager: 'Gen lead' });
        note('energy_entries', energy.id, s);
        const boq = await insertRow(c, 'boqs', { business_id: businessId, project_title: s, business_name: 'Lagos Builders Ltd', contract_id: `C-${i}` });
        note('boqs', boq.id, s);
        const line = await insertRow(c, 'expense_claim_lines', { business_id: businessId, claim_id: claim.id, position: i, category: 'Fuel', date: '2026-01-12', amount_minor: 1000, project_tag: s });
        note('expense_claim_lines', line.id, s);
      }
      // cost_projects was unique by lower(tag): two of the spellings can be rows of their own (double space differs).
      for (const s of [SPELLINGS[0], SPELLINGS[1], OTHER]) {
        const p = await insertRow(c, 'cost_projects', { business_id: businessId, tag_name: s });
        note('cost_projects', p.id, s);
        await insertRow(c, 'cost_records', { business_id: businessId, project_id: p.id, description: `Cost at ${s}`, category: 'Labour', amount_minor: 100000, date: '2026-01-05', row_hash: null });
      }
    } finally {
      c.release();
    }

    await runMigrations(database);
    await database.pool.query(PgBoss.getConstructionPlans('pgboss'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bizdesk-places-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://bizdesk.test', WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
    await database.close();
    database = await openPostgres(url.toString(), { ...poolOptions(config), kind: 'embedded' });
    deps = await createDeps(config, database, pino({ level: 'silent' }));
    app = await buildApp(deps);
    await app.ready();
    owner = await login(app, ownerEmail, 'correct horse 1');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await deps?.events.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string) => app.inject({ method: 'GET', url, headers: bearer(owner.token) });
  type TReview = { _id: string; name: string; kind: string; status: string; aliases: Array<{ alias: string; records: number }>; records: number };

  it('merges the case and spacing variants into one proposed place, as the review preview shows with each spelling and its records', async () => {
    const res = await get('/api/v1/places/review');
    expect(res.statusCode, res.body).toBe(200);
    const review = res.json().data as TReview[];
    const lekki = review.filter((p) => p.name.toLowerCase().replace(/\s+/g, ' ') === 'lekki phase 2');
    expect(lekki).toHaveLength(1);
    expect(lekki[0].status).toBe('proposed');
    expect(lekki[0].aliases.map((a) => a.alias).sort()).toEqual([...SPELLINGS].sort());
    // Each spelling: 9 tables carry it once; cost_projects carries the first two spellings once more.
    const counts = Object.fromEntries(lekki[0].aliases.map((a) => [a.alias, a.records]));
    expect(counts).toEqual({ [SPELLINGS[0]]: 10, [SPELLINGS[1]]: 10, [SPELLINGS[2]]: 9 });
    expect(lekki[0].records).toBe(29);
    expect(review.filter((p) => p.name === OTHER)).toHaveLength(1);
  });

  it("sets every table's place column to the merged place", async () => {
    const place = (await database.pool.query(`SELECT id FROM places WHERE business_id = $1 AND name_key = 'lekki phase 2'`, [businessId])).rows[0].id as string;
    const other = (await database.pool.query(`SELECT id FROM places WHERE business_id = $1 AND name_key = 'ikoyi tower'`, [businessId])).rows[0].id as string;
    const column: Record<string, string> = {
      collection_points: 'place_id', inventory_items: 'location_id', stock_movements: 'location_id', material_requisitions: 'place_id',
      fleet_requisitions: 'place_id', trucks: 'assigned_place_id', energy_entries: 'place_id', boqs: 'place_id', expense_claim_lines: 'project_place_id',
    };
    for (const [table, col] of Object.entries(column)) {
      for (const w of written[table]) {
        const got = (await database.pool.query(`SELECT ${col} AS p FROM ${table} WHERE id = $1`, [w.id])).rows[0].p;
        expect([table, w.spelling, got]).toEqual([table, w.spelling, w.spelling === OTHER ? other : place]);
      }
    }
    // The money side: one row per place keeps the link (the oldest of the two Lekki rows), the other waits for a merge.
    const linked = (await database.pool.query(`SELECT tag_name, place_id FROM cost_projects WHERE business_id = $1 AND place_id IS NOT NULL ORDER BY tag_name`, [businessId])).rows;
    expect(linked).toEqual([{ tag_name: OTHER, place_id: other }, { tag_name: SPELLINGS[0], place_id: place }]);
  });

  it('still answers the spec paths by each old spelling', async () => {
    for (const s of SPELLINGS) {
      const res = await get(`/api/v1/inventory/inventory-point/${encodeURIComponent(ownerEmail)}/${encodeURIComponent(s)}`);
      expect([s, res.statusCode]).toEqual([s, 200]);
      // Every spelling names the one place (the places service resolves it, by key or by alias).
      expect((await deps.db.transaction(async (tx) => (await createPlacesService(deps).resolve(businessId, s, tx))?.name))).toBe('Lekki Phase 2');
    }
    // The stock rows of the spellings that differ only in case are listed by either; the inventory feature lists by
    // the typed text (lower case), so the double-spaced spelling's row shows under its own spelling only (reported).
    const listed = (await get(`/api/v1/inventory/inventory-point/${encodeURIComponent(ownerEmail)}/${encodeURIComponent(SPELLINGS[2])}`)).json().data as Array<{ name: string }>;
    expect(listed.map((x) => x.name)).toEqual(expect.arrayContaining(['Cement 0', 'Cement 2']));
    const costs = await get(`/api/v1/cost/records/${encodeURIComponent(ownerEmail)}/${encodeURIComponent(SPELLINGS[2])}`);
    expect(costs.statusCode, costs.body).toBe(200);
    expect(costs.body).toContain(`Cost at ${SPELLINGS[0]}`);
    const energy = await get(`/api/v1/inventory/energy-usage/${encodeURIComponent(ownerEmail)}?tagName=${encodeURIComponent(SPELLINGS[0])}`);
    expect(energy.statusCode, energy.body).toBe(200);
    expect((energy.json().data as unknown[]).length).toBeGreaterThan(0);
  });

  it('confirms the merged place with a new name and merges the other money side into it; the old spellings still resolve', async () => {
    const review = (await get('/api/v1/places/review')).json().data as TReview[];
    const lekki = review.find((p) => p.aliases.some((a) => a.alias === SPELLINGS[0]))!;
    const ok = await app.inject({ method: 'POST', url: '/api/v1/places/review/confirm', headers: bearer(owner.token), payload: { places: [{ id: lekki._id, name: 'Lekki Phase 2 Estate', kind: 'project' }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0]).toMatchObject({ name: 'Lekki Phase 2 Estate', status: 'active' });
    const after = (await get('/api/v1/places/review')).json().data as TReview[];
    expect(after.some((p) => p._id === lekki._id)).toBe(false);
    // Every record's name copy follows the rename.
    const names = (await database.pool.query(`SELECT DISTINCT tag_name FROM collection_points WHERE place_id = $1`, [lekki._id])).rows.map((r) => r.tag_name);
    expect(names).toEqual(['Lekki Phase 2 Estate']);
    // A second place merged into it: its records, stock and spellings move over.
    const ikoyi = review.find((p) => p.name === OTHER)!;
    // The Ikoyi cement is the same master item as the first Lekki cement (as an item-master tidy-up would make it).
    const lekkiRow = written.inventory_items[0].id;
    const ikoyiRow = written.inventory_items[3].id;
    await database.pool.query(`UPDATE inventory_items SET stock_item_id = (SELECT stock_item_id FROM inventory_items WHERE id = $1) WHERE id = $2`, [lekkiRow, ikoyiRow]);
    const merged = await app.inject({ method: 'POST', url: `/api/v1/places/${ikoyi._id}/merge`, headers: bearer(owner.token), payload: { intoId: lekki._id } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.moved.collection_points).toBeGreaterThan(0);
    // Stock of one item at both places is one row: quantities and values added, the merged row closed, its log moved.
    const rows = (await database.pool.query(`SELECT id, quantity, stock_value, deleted_at IS NOT NULL AS gone, location_id FROM inventory_items WHERE id = ANY($1) ORDER BY id = $2 DESC`, [[lekkiRow, ikoyiRow], lekkiRow])).rows;
    expect(rows.map((r) => [r.quantity, Number(r.stock_value), r.gone, r.location_id])).toEqual([['20.000', 100000, false, lekki._id], ['0.000', 0, true, lekki._id]]);
    const moves = (await database.pool.query(`SELECT DISTINCT location_id, tag_name FROM stock_movements WHERE business_id = $1`, [businessId])).rows;
    expect(moves).toEqual([{ location_id: lekki._id, tag_name: 'Lekki Phase 2 Estate' }]);
    const left = (await database.pool.query(`SELECT count(*)::int AS n FROM places WHERE id = $1`, [ikoyi._id])).rows[0].n;
    expect(left).toBe(0);
    const places = (await get('/api/v1/places?kind=project')).json().data as Array<{ _id: string; name: string }>;
    expect(places.map((p) => p.name)).toEqual(['Lekki Phase 2 Estate']);
    // The money sides of both places are one: every cost record is on the surviving place's project.
    const costRows = (await database.pool.query(`SELECT count(*)::int AS n FROM cost_records r JOIN cost_projects p ON p.id = r.project_id WHERE p.place_id = $1`, [lekki._id])).rows[0].n;
    expect(costRows).toBe(2);
    const resolved = (await database.pool.query(`SELECT place_id FROM place_aliases WHERE business_id = $1 AND alias = $2`, [businessId, OTHER])).rows.map((r) => r.place_id);
    expect(resolved).toEqual([lekki._id]);
  });
});
