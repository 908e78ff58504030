// The top-bar search at scale (issue 30: ≤ 100 ms p95 on 10,000 employees and 50,000 records), through the real app
// on a scratch embedded PostgreSQL. Seeds one business with 10,000 employees and 50,000 records (vendors, purchase
// orders, items, trucks, projects, invoices) and a second business with a fifth of that under the same names, in SQL
// (the seeding is not what is measured), then times GET /search/{ownerEmail}?q= by app.inject for several texts.
// Bounded: fixed repetitions and a hard stop. Run: npm run search -w bench
import { searchEmployees } from '@bizdesk/server/src/features/employees/employees.repo.ts';
import { searchVendors } from '@bizdesk/server/src/features/vendors/vendors.repo.ts';
import { searchInvoices, searchOrders } from '@bizdesk/server/src/features/orders/orders.repo.ts';
import { searchItems } from '@bizdesk/server/src/features/inventory/inventory.repo.ts';
import { searchTrucks } from '@bizdesk/server/src/features/fleet/fleet.repo.ts';
import { searchProjects } from '@bizdesk/server/src/features/costs/costs.repo.ts';
import { fmt, percentile, startBenchApp, stopAfter } from './lib/bench-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARM_UP = 5;
const HARD_STOP_MS = 240_000;

stopAfter(HARD_STOP_MS);

const { deps, database, inject, expectOk, close } = await startBenchApp();

const owner = async (email: string, businessName: string) => {
  await expectOk(await inject({ method: 'POST', url: '/api/v1/auth/register', payload: { businessName, userName: 'Bench Owner', email, password: 'bench pass 1' } }), 201);
  const { token } = await expectOk(await inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'bench pass 1' } }));
  const { rows } = await database.pool.query<{ business_id: string }>('SELECT business_id FROM users WHERE lower(email) = $1', [email]);
  return { email, token, businessId: rows[0].business_id };
};
const main = await owner('owner@search-bench.ng', 'Bench Industries');
const second = await owner('owner@other-bench.gh', 'Other Bench');

/**
 * n employees and records in one business, by INSERT … SELECT generate_series. Names repeat across businesses so the
 * other business's rows match the same texts (and must never appear).
 */
const seed = async (businessId: string, scale: number) => {
  const n = (k: number) => Math.round(k * scale);
  const q = (text: string, params: unknown[] = []) => database.pool.query(text, [businessId, ...params]);
  const started = performance.now();
  await q(`INSERT INTO employees (business_id, employee_number, first_name, last_name, email, portal_code, employee_unique_code)
    SELECT $1::uuid, 'EMP-' || i, (ARRAY['Adaeze','Bola','Chinedu','Damilola','Efua','Femi','Grace','Halima','Ikenna','Kwame','Ama','Musa','Ngozi','Yaw'])[1 + i % 14],
      (ARRAY['Okafor','Adeyemi','Mensah','Bello','Owusu','Eze','Abubakar','Asante','Nwosu','Boateng','Lawal'])[1 + (i * 7) % 11] || i,
      'staff' || i || '@' || $2, md5($1::text || 'p' || i), md5($1::text || 'u' || i)
    FROM generate_series(1, $3::int) i`, [businessId.slice(0, 8) + '.bench.ng', n(10_000)]);
  await q(`INSERT INTO vendors (business_id, name, email)
    SELECT $1::uuid, (ARRAY['Dangote','Lafarge','Julius Berger','Harmattan','Kano','Ikeja','Accra','Kumasi'])[1 + i % 8] || ' ' || (ARRAY['Cement','Steel','Haulage','Diesel','Supplies','Works'])[1 + i % 6] || ' ' || i,
      'sales' || i || '@vendor.example' FROM generate_series(1, $2::int) i`, [n(8_000)]);
  await q(`INSERT INTO purchase_orders (business_id, number, po_type, vendor_id, approval_status, currency, vat_rate_bp, levy_rate_bp, subtotal_minor, vat_minor, levies_minor, total_minor, description, created_by_name)
    SELECT $1::uuid, 'PO-' || lpad(i::text, 6, '0'), CASE WHEN i % 10 = 0 THEN 'standing' ELSE 'regular' END, v.id, 'pending', 'NGN', 750, 0, 100000 * i, 7500 * i, 0, 107500 * i,
      CASE WHEN i % 10 = 0 THEN (ARRAY['Diesel','Cement','Granite'])[1 + i % 3] || ' call-offs ' || i END, 'Bench Owner'
    FROM generate_series(1, $2::int) i
    JOIN LATERAL (SELECT id FROM vendors WHERE business_id = $1::uuid ORDER BY id OFFSET (i % 100) LIMIT 1) v ON true`, [n(15_000)]);
  await q(`INSERT INTO inventory_items (business_id, tag_name, name, sku, unit)
    SELECT $1::uuid, 'site-' || (i % 40), (ARRAY['Cement','Rebar','Diesel','Granite','Sand','Paint','Cable','Pipe'])[1 + i % 8] || ' grade ' || (i % 50) || ' lot ' || i,
      'SKU-' || lpad(i::text, 6, '0'), 'bags' FROM generate_series(1, $2::int) i`, [n(10_000)]);
  await q(`INSERT INTO trucks (business_id, plate_number, model, capacity, fuel_type)
    SELECT $1::uuid, (ARRAY['LAG','ABJ','KAN','ACC'])[1 + i % 4] || '-' || lpad(i::text, 4, '0') || '-XY', (ARRAY['MAN Diesel TGS','Sinotruk Howo','Mercedes Actros'])[1 + i % 3], '30 tonnes', 'diesel'
    FROM generate_series(1, $2::int) i`, [n(2_000)]);
  await q(`INSERT INTO cost_projects (business_id, tag_name, dept, description)
    SELECT $1::uuid, (ARRAY['Lekki','Ikoyi','Tema','Kumasi','Abuja'])[1 + i % 5] || ' ' || (ARRAY['Tower','Bridge','Estate','Road'])[1 + i % 4] || ' ' || i,
      (ARRAY['Construction','Civil','default'])[1 + i % 3], 'Phase ' || (i % 7) FROM generate_series(1, $2::int) i`, [n(5_000)]);
  await q(`INSERT INTO vendor_invoices (business_id, order_id, invoice_number, invoice_date, total_minor)
    SELECT $1::uuid, o.id, 'INV-' || lpad(o.n::text, 6, '0'), DATE '2026-03-01', 107500
    FROM (SELECT id, row_number() OVER (ORDER BY number) n FROM purchase_orders WHERE business_id = $1::uuid AND po_type = 'regular' LIMIT $2::int) o`, [n(10_000)]);
  const counts = await q(`SELECT (SELECT count(*) FROM employees WHERE business_id = $1::uuid)::int employees,
    ((SELECT count(*) FROM vendors WHERE business_id = $1::uuid) + (SELECT count(*) FROM purchase_orders WHERE business_id = $1::uuid) + (SELECT count(*) FROM inventory_items WHERE business_id = $1::uuid)
    + (SELECT count(*) FROM trucks WHERE business_id = $1::uuid) + (SELECT count(*) FROM cost_projects WHERE business_id = $1::uuid) + (SELECT count(*) FROM vendor_invoices WHERE business_id = $1::uuid))::int records`);
  const c = counts.rows[0] as { employees: number; records: number };
  console.log(`seeded ${c.employees.toLocaleString('en')} employees and ${c.records.toLocaleString('en')} records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};
await seed(main.businessId, 1);
await seed(second.businessId, 0.2);
await database.pool.query('ANALYZE');

const QUERIES = ['okafor', 'ngozi eze', 'PO-0000', 'PO-012345', 'cement', 'LAG-01', 'lekki tower', 'INV-0042', 'staff1234@', 'zz-nothing', 'ok'];
const timings: number[] = [];
console.log(`\nGET /api/v1/search/{ownerEmail}?q=… as the owner (every area), ${RUNS} runs each after ${WARM_UP} warm-up`);
console.log(`${'query'.padEnd(14)}${'p50'.padStart(10)}${'p95'.padStart(10)}  hits per area`);
for (const text of QUERIES) {
  const url = `/api/v1/search/${encodeURIComponent(main.email)}?q=${encodeURIComponent(text)}`;
  const call = () => inject({ method: 'GET', url, headers: { authorization: `Bearer ${main.token}` } });
  let last: { area: string; hits: unknown[]; more: boolean }[] = [];
  for (let i = 0; i < WARM_UP; i++) last = (await expectOk(await call())).data;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await expectOk(await call());
    times.push(performance.now() - started);
  }
  timings.push(...times);
  times.sort((a, b) => a - b);
  const summary = last.map((g) => `${g.area} ${g.hits.length}${g.more ? '+' : ''}`).join(', ') || '—';
  console.log(`${text.padEnd(14)}${fmt(percentile(times, 50))}${fmt(percentile(times, 95))}  ${summary}`);
}
timings.sort((a, b) => a - b);
// What the route costs without any area query (a user whose roles open no searched area): sign-in check, routing, JSON.
await expectOk(await inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: { authorization: `Bearer ${main.token}` }, payload: { userName: 'Bench Approver', email: 'approver@search-bench.ng', password: 'bench pass 2', roles: ['Approvals-access'] } }), 201);
const approver = (await expectOk(await inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'approver@search-bench.ng', password: 'bench pass 2' } }))).token as string;
const base: number[] = [];
for (let i = 0; i < RUNS + WARM_UP; i++) {
  const started = performance.now();
  await expectOk(await inject({ method: 'GET', url: `/api/v1/search/${encodeURIComponent(main.email)}?q=cement`, headers: { authorization: `Bearer ${approver}` } }));
  if (i >= WARM_UP) base.push(performance.now() - started);
}
base.sort((a, b) => a - b);
console.log(`${'(no areas)'.padEnd(14)}${fmt(percentile(base, 50))}${fmt(percentile(base, 95))}  the route alone: an Approvals-only user`);
console.log(`${'all'.padEnd(14)}${fmt(percentile(timings, 50))}${fmt(percentile(timings, 95))}  (target: p95 ≤ 100 ms)`);

// Each area's query alone, one after another (no HTTP, no concurrency): where the time of a search goes.
const AREA_QUERIES: Record<string, (text: string) => Promise<unknown>> = {
  employees: (text) => searchEmployees(deps.db, main.businessId, text, 6),
  vendors: (text) => searchVendors(deps.db, main.businessId, text, 6),
  orders: (text) => searchOrders(deps.db, main.businessId, text, 6),
  items: (text) => searchItems(deps.db, main.businessId, text, 6),
  trucks: (text) => searchTrucks(deps.db, main.businessId, text, 6),
  projects: (text) => searchProjects(deps.db, main.businessId, text, 6),
  invoices: (text) => searchInvoices(deps.db, main.businessId, text, 6),
};
console.log(`\neach area's SQL alone, p50 / p95 over ${RUNS} runs`);
console.log(`${'query'.padEnd(14)}${Object.keys(AREA_QUERIES).map((a) => a.padStart(16)).join('')}`);
for (const text of ['okafor', 'PO-0000', 'cement', 'zz-nothing', 'ok']) {
  const cells: string[] = [];
  for (const run of Object.values(AREA_QUERIES)) {
    for (let i = 0; i < WARM_UP; i++) await run(text);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run(text);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    cells.push(`${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`.padStart(16));
  }
  console.log(`${text.padEnd(14)}${cells.join('')}`);
}

// The other business sees its own rows only, for the same texts.
const theirs = (await expectOk(await inject({ method: 'GET', url: `/api/v1/search/${encodeURIComponent(second.email)}?q=cement`, headers: { authorization: `Bearer ${second.token}` } }))).data as { hits: { id: string }[] }[];
const ids = theirs.flatMap((g) => g.hits.map((h) => h.id));
const { rows: leaked } = await database.pool.query('SELECT count(*)::int n FROM vendors WHERE business_id = $1::uuid AND id = ANY($2::uuid[])', [main.businessId, ids]);
console.log(`\nsecond business, "cement": ${ids.length} hits, ${(leaked[0] as { n: number }).n} of them the first business's`);

await close();
process.exit(0);
