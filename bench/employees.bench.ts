// The staff list at scale, through the real app on a scratch embedded PostgreSQL: imports 5,000 employees
// from CSV and 5,000 from XLSX (timed, 10,000 in all), then times list pages — first page,
// search, filters, sorts, a deep page — by app.inject, and the two ways to search in SQL.
// Bounded: fixed repetitions and a hard stop. Run: npm run bench:employees
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { fmt, percentile, startBenchApp, stopAfter } from './lib/bench-app.ts';

const ROWS_PER_FILE = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARM_UP = 5;
const HARD_STOP_MS = 180_000;

stopAfter(HARD_STOP_MS);

const { database, inject, expectOk, close } = await startBenchApp();

const email = 'owner@bench.ng';
await expectOk(await inject({ method: 'POST', url: '/api/v1/auth/register', payload: { businessName: 'Bench Industries', userName: 'Bench Owner', email, password: 'bench pass 1' } }), 201);
const { token } = await expectOk(await inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'bench pass 1' } }));
const auth = { authorization: `Bearer ${token}` };

const departmentNames = ['Sales', 'Operations', 'Finance', 'Logistics', 'Production', 'Maintenance', 'Security', 'Procurement', 'Marketing', 'Support'];
const designationNames = Array.from({ length: 20 }, (_, i) => `Grade ${i + 1} Officer`);
const boundary = 'benchboundary';
const departmentsForm = departmentNames.map((n) => `--${boundary}\r\nContent-Disposition: form-data; name="department"\r\n\r\n${JSON.stringify({ name: n })}\r\n`).join('') + `--${boundary}--\r\n`;
const departments = (await expectOk(await inject({ method: 'POST', url: `/api/v1/auth/department/${email}`, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: departmentsForm }), 201)).data as Array<{ _id: string; name: string }>;
const designations: Array<{ _id: string }> = [];
for (const name of designationNames) designations.push((await expectOk(await inject({ method: 'POST', url: '/api/v1/designation', headers: auth, payload: { name } }), 201)).data);

const FIRST = ['Adaeze', 'Bola', 'Chinedu', 'Damilola', 'Efua', 'Femi', 'Grace', 'Halima', 'Ikenna', 'Kwame', 'Ama', 'Musa', 'Ngozi', 'Oluwaseun', 'Yaw', 'Zainab'];
const LAST = ['Okafor', 'Adeyemi', 'Mensah', 'Bello', 'Owusu', 'Eze', 'Abubakar', 'Asante', 'Nwosu', 'Boateng', 'Lawal', 'Danjuma', 'Ofori', 'Ibrahim'];
const HEADER = ['First name', 'Last name', 'Email', 'Phone', 'Department', 'Designation', 'Start date', 'Gross income'];
const rowsFrom = (offset: number) => Array.from({ length: ROWS_PER_FILE }, (_, k) => {
  const i = offset + k;
  return [FIRST[i % FIRST.length], `${LAST[(i * 7) % LAST.length]}${i}`, `staff${i}@bench.ng`, `+234 80${i % 10} ${String(i).padStart(7, '0')}`,
    departmentNames[i % departmentNames.length], designationNames[(i * 3) % designationNames.length], `20${10 + (i % 15)}-${String((i % 12) + 1).padStart(2, '0')}-01`, `${1_200_000 + (i % 5000) * 100}.50`];
});

const csv = Buffer.from([HEADER, ...rowsFrom(0)].map((r) => r.join(',')).join('\n'));
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Staff');
for (const r of [HEADER, ...rowsFrom(ROWS_PER_FILE)]) sheet.addRow(r);
const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

/** Upload → job → done, as the web does it; the time is until the job reports success. */
const timedImport = async (name: string, data: Buffer) => {
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const started = performance.now();
  const { data: job } = await expectOk(await inject({ method: 'POST', url: '/api/v1/employee/import', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }), 202);
  for (;;) {
    const { data: state } = await expectOk(await inject({ method: 'GET', url: `/api/v1/employee/import/${job.jobId}`, headers: auth }));
    if (state.status === 'succeeded') return { ms: performance.now() - started, created: state.result.created };
    if (state.status === 'failed') throw new Error(`${name} import failed: ${state.message}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

console.log(`Bizdesk employee list benchmark — Node ${process.version}, embedded PostgreSQL, ${RUNS} runs per case after ${WARM_UP} warm-up`);
const csvImport = await timedImport('staff.csv', csv);
const xlsxImport = await timedImport('staff.xlsx', xlsx);
console.log(`import ${csvImport.created.toLocaleString('en-US')} rows from CSV  (${(csv.length / 1024).toFixed(0)} KB)  ${fmt(csvImport.ms)}  (target ≤ 10 s)`);
console.log(`import ${xlsxImport.created.toLocaleString('en-US')} rows from XLSX (${(xlsx.length / 1024).toFixed(0)} KB)  ${fmt(xlsxImport.ms)}  (target ≤ 10 s)`);

const total = (await expectOk(await inject({ method: 'GET', url: `/api/v1/employee/employees/${email}?limit=1`, headers: auth }))).totalRecords;
console.log(`\nlisting pages of ${total.toLocaleString('en-US')} employees in one business (GET /api/v1/employee/employees/{email}, app.inject):`);
const cases: Array<[string, string]> = [
  ['first page (25, by name)', 'page=1&limit=25'],
  ['first page (100, by name)', 'page=1&limit=100'],
  ['search "ngozi" (name)', 'search=ngozi&limit=25'],
  ['search "staff777" (e-mail)', 'search=staff777&limit=25'],
  ['search with no match', 'search=zzzz&limit=25'],
  ['filter by department', `departmentId=${departments[3]._id}&limit=25`],
  ['filter by designation', `designationId=${designations[7]._id}&limit=25`],
  ['sort by e-mail desc', 'sort=email&order=desc&limit=25'],
  ['sort by start date', 'sort=startDate&limit=25'],
  ['sort by department', 'sort=department&limit=25'],
  ['deep page (page 400 of 25)', 'page=400&limit=25'],
  ['search + filter + sort', `search=okafor&departmentId=${departments[1]._id}&sort=startDate&order=desc&limit=25`],
];
const rows: Array<{ name: string; p50: number; p95: number }> = [];
for (const [name, query] of cases) {
  const url = `/api/v1/employee/employees/${email}?${query}`;
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    const res = await inject({ method: 'GET', url, headers: auth });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    if (i >= WARM_UP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  rows.push({ name, p50: percentile(times, 50), p95: percentile(times, 95) });
}
for (const r of rows) console.log(`  ${r.name.padEnd(30)} p50 ${fmt(r.p50)}   p95 ${fmt(r.p95)}`);

// The list searches one stored, lower-cased column; plain ILIKE over four columns is the alternative.
console.log('\nsearch in SQL alone (count of matches over the business, 10,000 rows):');
const businessId = (await database.db.execute(sql`SELECT id FROM businesses LIMIT 1`) as unknown as { rows: Array<{ id: string }> }).rows[0].id;
const sqlCases: Array<[string, ReturnType<typeof sql>]> = [
  ['search_text LIKE (used)', sql`SELECT count(*) FROM employees WHERE business_id = ${businessId} AND deleted_at IS NULL AND search_text LIKE '%ngozi%'`],
  ['ILIKE on 4 columns', sql`SELECT count(*) FROM employees WHERE business_id = ${businessId} AND deleted_at IS NULL AND (first_name ILIKE '%ngozi%' OR last_name ILIKE '%ngozi%' OR email ILIKE '%ngozi%' OR employee_number ILIKE '%ngozi%')`],
];
for (const [name, query] of sqlCases) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    await database.db.execute(query);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${name.padEnd(30)} p50 ${fmt(percentile(times, 50))}   p95 ${fmt(percentile(times, 95))}`);
}

await close();
process.exit(0);
