// Attendance at scale (issue 11), through the real app on a scratch embedded PostgreSQL: 1,000 employees and
// a full month of marks, then timed by app.inject: `all/mark` for a day (a fresh day each run, so every run
// writes 1,000 marks), the month grid of 1,000 employees with each one's monthly summary, and the CSV export.
// Targets: all/mark ≤ 200 ms, grid ≤ 300 ms, summary ≤ 300 ms. Bounded: fixed runs, hard stop. Run: npm run bench:time
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { percentile, startBenchApp, stopAfter } from './lib/bench-app.ts';

const EMPLOYEES = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 3;
const HARD_STOP_MS = 120_000;
stopAfter(HARD_STOP_MS);

const { app, deps, close } = await startBenchApp('bizdesk-bench-time-');

const expectOk = (res: { statusCode: number; body: string }, status = 200) => {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body);
};
const email = 'owner@time-bench.ng';
expectOk(await app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: '10.8.0.1', payload: { businessName: 'Time Bench Ltd', userName: 'Bench Owner', email, password: 'bench pass 1' } }), 201);
const { token, data: user } = expectOk(await app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: '10.8.0.2', payload: { email, password: 'bench pass 1' } }));
const auth = { authorization: `Bearer ${token}` };

// 1,000 employees and last month's marks, written straight into the tables (the import is benched elsewhere).
await deps.db.execute(sql`
  INSERT INTO employees (business_id, employee_number, first_name, last_name, email, start_date, portal_code, employee_unique_code)
  SELECT ${user.businessId}::uuid, 'TB-' || g, 'Worker' || g, 'Bench', 'worker' || g || '@time-bench.ng', '2024-01-01', md5('p' || g || random()), md5('u' || g || random())
  FROM generate_series(1, ${EMPLOYEES}) g`);
const now = new Date();
const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
await deps.db.execute(sql`
  INSERT INTO attendance_marks (business_id, employee_id, date, label, source)
  SELECT e.business_id, e.id, d::date, (ARRAY['present','present','present','late','absent','leave','sick','off'])[1 + floor(random() * 8)::int], 'manual'
  FROM employees e, generate_series(${`${month}-01`}::date, (${`${month}-01`}::date + interval '1 month' - interval '1 day'), interval '1 day') d
  WHERE e.business_id = ${user.businessId}`);
await deps.db.execute(sql`ANALYZE`);

const time = async (name: string, target: number, call: (i: number) => Promise<void>) => {
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const t0 = performance.now();
    await call(i);
    if (i >= WARM_UP) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  console.log(`${name.padEnd(44)} median ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   target ≤ ${target} ms   ${p95 <= target ? 'ok' : 'OVER'}`);
};

// A fresh past day each run (two years back and onward), so every run marks all 1,000 employees.
const dayOf = (i: number) => new Date(Date.UTC(2024, 6, 1) + i * 86_400_000).toISOString().slice(0, 10);
await time(`all/mark: ${EMPLOYEES} employees, one day`, 200, async (i) => {
  const body = expectOk(await app.inject({ method: 'GET', url: `/api/v1/employee/all/mark/${email}/${dayOf(i)}/present`, headers: auth }));
  if (body.data.marked !== EMPLOYEES) throw new Error(`marked ${body.data.marked}`);
});
await time(`month grid + monthly summary: ${EMPLOYEES} employees`, 300, async () => {
  const body = expectOk(await app.inject({ method: 'GET', url: `/api/v1/attendance/month/${month}`, headers: auth }));
  if (body.data.rows.length !== EMPLOYEES) throw new Error(`rows ${body.data.rows.length}`);
});
const { findMonthGrid } = await import('@bizdesk/server/src/features/attendance/attendance.repo.ts');
const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
await time('  of which the grid statement alone', 300, async () => {
  await findMonthGrid(deps.db, user.businessId, `${month}-01`, last);
});
await time('month export (CSV)', 1000, async () => {
  expectOk({ statusCode: (await app.inject({ method: 'GET', url: `/api/v1/attendance/export/${month}?format=csv`, headers: auth })).statusCode, body: '{}' });
});
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);

await close();
process.exit(0);
