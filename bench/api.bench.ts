// The API under load, against a lean reference (api-reference.ts: bare Fastify + pg + jose running the
// product's own SQL with the same response). Seeds 10,000 employees in one business, starts the product
// as `npm start` does (compiled, LOG_LEVEL warn, NODE_ENV production) and the reference, checks that
// both answer the same list bytes, then measures with autocannon on 127.0.0.1, interleaved (product,
// reference, product, reference): the list (page of 50) at 10 and 50 connections, login, and one write
// (employee create, product only). Then 72 employee creates at once across 12 businesses (by three clients). The list runs
// also on a second product instance with its page cache off (LIST_CACHE_PAGES=0): the page query on every
// request, like the reference.
// Prints req/s, p50, p99, product/reference ratios and the load average. Bounded: stops by itself.
//
// Run: npm run bench:api — on an embedded PostgreSQL started for the run (durable, as `npm start` runs it),
//   or DATABASE_URL=postgres://postgres@127.0.0.1:5432/bizdesk_bench npm run bench:api on that server:
//   the database named in DATABASE_URL is dropped and created anew (it must not hold anything else).
//   BENCH_SECONDS (8) per run, BENCH_ROUNDS (2), BENCH_BURSTS (5) per client, BENCH_PORT (4100: product +1, reference +2),
//   BENCH_BURSTS_ONLY=1 leaves out the autocannon runs (the list, login and create under load),
//   BENCH_PRODUCT=tsx runs the server from source through tsx instead of the compiled build;
//   BENCH_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of the product there when it stops.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startScratchPostgres } from '@bizdesk/server/src/db/embedded.ts';

const HARD_STOP_MS = 12 * 60_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4100);
const EMPLOYEES = 10_000;
const BURSTS_ONLY = process.env.BENCH_BURSTS_ONLY === '1';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

const stopChildren = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('exit', stopChildren);
process.on('unhandledRejection', (err) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
setTimeout(() => {
  console.error(`benchmark stopped: still running after ${HARD_STOP_MS / 1000} s`);
  stopChildren();
  process.exit(1);
}, HARD_STOP_MS).unref();

const embedded = process.env.DATABASE_URL ? null : await startScratchPostgres(undefined, { durable: true });
const databaseUrl = process.env.DATABASE_URL ?? embedded!.url('bizdesk_bench');
console.log(`database: ${embedded ? 'embedded PostgreSQL started for the run' : 'DATABASE_URL'}`);

// ---- database -------------------------------------------------------------------------------------
const dbName = new URL(databaseUrl).pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`DATABASE_URL must name a plain database, not "${dbName}"`);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();

// ---- servers --------------------------------------------------------------------------------------
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-api-bench-'));
const productPort = BASE_PORT + 1;
const referencePort = BASE_PORT + 2;
const uncachedPort = BASE_PORT + 3;

const startProcess = (name: string, args: string[], env: Record<string, string>) => {
  const proc = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  proc.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`${name} exited (${code ?? signal})`);
  });
  children.push(proc);
  return proc;
};

const waitFor = async (url: string) => {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
};

const compiled = process.env.BENCH_PRODUCT !== 'tsx';
if (compiled) execFileSync('npm', ['run', '--silent', 'build', '-w', 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
const productStarted = performance.now();
const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
const productEnv = {
  HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET, NODE_ENV: 'production',
  LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), TRUST_PROXY: '1',
};
const productArgs = compiled ? ['--enable-source-maps', 'apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
const productProcess = startProcess('product', [...(compiled ? profile : []), ...productArgs], { ...productEnv, PORT: String(productPort) });
await waitFor(`http://127.0.0.1:${productPort}/api/v1/health`);
// The same product with its page cache off (LIST_CACHE_PAGES=0): every list request runs the page query,
// as the reference does. Started after the first, which applies the migrations.
startProcess('product, no page cache', productArgs, { ...productEnv, PORT: String(uncachedPort), LIST_CACHE_PAGES: '0' });
await waitFor(`http://127.0.0.1:${uncachedPort}/api/v1/health`);
console.log(`product (${compiled ? 'compiled' : 'tsx'}) healthy in ${Math.round(performance.now() - productStarted)} ms`);
startProcess('reference', ['--import', 'tsx', 'bench/api-reference.ts'], { PORT: String(referencePort), DATABASE_URL: databaseUrl, JWT_SECRET });
await waitFor(`http://127.0.0.1:${referencePort}/`);

// ---- seed -----------------------------------------------------------------------------------------
let ipCounter = 0;
/** A distinct client address per request (TRUST_PROXY=1), so the sign-in limits count each as its own caller. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const api = async (method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) => {
  const res = await fetch(`http://127.0.0.1:${productPort}${url}`, {
    method,
    headers: { 'x-forwarded-for': nextIp(), ...(opts.body ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    body: opts.raw ?? (opts.body ? JSON.stringify(opts.body) : undefined),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
};
const PASSWORD = 'bench pass 1 long enough';
const openBusiness = async (name: string, email: string) => {
  await api('POST', '/api/v1/auth/register', { body: { businessName: name, userName: `${name} Owner`, email, password: PASSWORD } });
  await db.query('UPDATE users SET email_confirmed_at = now() WHERE lower(email) = $1', [email]);
  const { token, data } = await api('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });
  return { token: token as string, user: data as { _id: string; businessId: string; email: string } };
};

const owner = await openBusiness('Bench Industries', 'owner@bench.ng');
const boundary = 'benchboundary';
const departmentNames = ['Sales', 'Operations', 'Finance', 'Logistics', 'Production', 'Maintenance', 'Security', 'Procurement', 'Marketing', 'Support'];
const form = departmentNames.map((n) => `--${boundary}\r\nContent-Disposition: form-data; name="department"\r\n\r\n${JSON.stringify({ name: n })}\r\n`).join('') + `--${boundary}--\r\n`;
await api('POST', `/api/v1/auth/department/${owner.user.email}`, { token: owner.token, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, raw: form });
for (let i = 1; i <= 20; i++) await api('POST', '/api/v1/designation', { token: owner.token, body: { name: `Grade ${i} Officer` } });
const seedStarted = performance.now();
await db.query(`
  WITH d AS (SELECT array_agg(id ORDER BY name) AS ids FROM departments WHERE business_id = $1),
       g AS (SELECT array_agg(id ORDER BY name) AS ids FROM designations WHERE business_id = $1),
       first_names AS (SELECT ARRAY['Adaeze','Bola','Chinedu','Damilola','Efua','Femi','Grace','Halima','Ikenna','Kwame','Ama','Musa','Ngozi','Oluwaseun','Yaw','Zainab'] AS v),
       last_names AS (SELECT ARRAY['Okafor','Adeyemi','Mensah','Bello','Owusu','Eze','Abubakar','Asante','Nwosu','Boateng','Lawal','Danjuma','Ofori','Ibrahim'] AS v)
  INSERT INTO employees (business_id, employee_number, first_name, last_name, email, phone, start_date, department_id, designation_id, gross_income, portal_code, employee_unique_code)
  SELECT $1, 'EMP-' || lpad(i::text, 5, '0'), first_names.v[1 + i % 16], last_names.v[1 + (i * 7) % 14] || i, 'staff' || i || '@bench.ng',
         '+234 80' || (i % 10) || ' ' || lpad(i::text, 7, '0'), date '2010-01-01' + (i % 5000), d.ids[1 + i % 10], g.ids[1 + (i * 3) % 20],
         120000000 + (i % 5000) * 10000, 'P' || upper(substr(md5(random()::text), 1, 4) || lpad(to_hex(i), 5, '0')), 'U' || upper(substr(md5(random()::text), 1, 4) || lpad(to_hex(i), 5, '0'))
  FROM generate_series(1, ${EMPLOYEES}) i, d, g, first_names, last_names`, [owner.user.businessId]);
await db.query('INSERT INTO employee_number_counters (business_id, last_value) VALUES ($1, $2) ON CONFLICT (business_id) DO UPDATE SET last_value = excluded.last_value', [owner.user.businessId, EMPLOYEES])
  .catch(() => undefined); // the counter table exists from the counter migration on
await db.query('VACUUM ANALYZE');
console.log(`seeded ${EMPLOYEES} employees in ${Math.round(performance.now() - seedStarted)} ms`);
const writer = await openBusiness('Bench Writes', 'writer@bench.ng');

// ---- same answer ----------------------------------------------------------------------------------
const listPath = `/api/v1/employee/employees/${owner.user.email}?page=1&limit=50`;
const bodyOf = async (port: number) => (await fetch(`http://127.0.0.1:${port}${listPath}`, { headers: { authorization: `Bearer ${owner.token}` } })).text();
const [productBody, referenceBody, uncachedBody] = [await bodyOf(productPort), await bodyOf(referencePort), await bodyOf(uncachedPort)];
if (productBody !== referenceBody || uncachedBody !== productBody) {
  console.error(`the reference does not answer the product's bytes:\n product:   ${productBody.slice(0, 300)}\n reference: ${referenceBody.slice(0, 300)}`);
  stopChildren();
  process.exit(1);
}
console.log(`list bodies identical (${productBody.length} bytes, totalRecords ${JSON.parse(productBody).totalRecords})`);

// ---- load -----------------------------------------------------------------------------------------
type TScenario = { name: string; connections: number; reference: boolean; uncached?: boolean; request: (port: number) => autocannon.Options };
let writeCount = 0;
const scenarios: TScenario[] = [
  { name: 'list 50 of 10k, 10 conns', connections: 10, reference: true, uncached: true, request: (port) => ({ url: `http://127.0.0.1:${port}${listPath}`, headers: { authorization: `Bearer ${owner.token}` } }) },
  { name: 'list 50 of 10k, 50 conns', connections: 50, reference: true, uncached: true, request: (port) => ({ url: `http://127.0.0.1:${port}${listPath}`, headers: { authorization: `Bearer ${owner.token}` } }) },
  {
    name: 'login, 10 conns', connections: 10, reference: true,
    request: (port) => ({
      url: `http://127.0.0.1:${port}/api/v1/auth/login`,
      requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() }, body: JSON.stringify({ email: 'owner@bench.ng', password: PASSWORD }) }) }],
    }),
  },
  {
    name: 'employee create, 10 conns', connections: 10, reference: false,
    request: (port) => ({
      url: `http://127.0.0.1:${port}/api/v1/employee/create/${writer.user._id}`,
      requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` }, body: JSON.stringify({ firstName: 'Load', lastName: `Writer ${++writeCount}`, email: `w${writeCount}@writes.ng` }) }) }],
    }),
  },
];

type TRun = { rps: number; p50: number; p99: number; bad: number };
const run = (opts: autocannon.Options, seconds: number) => new Promise<TRun>((resolve, reject) => {
  autocannon({ ...opts, duration: seconds, timeout: 10 }, (err, r) => {
    if (err) return reject(err);
    resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
  });
});

const results: Array<{ scenario: string; server: string } & TRun> = [];
const loadBefore = os.loadavg();
for (const s of BURSTS_ONLY ? [] : scenarios) {
  const servers = [['product', productPort], ...(s.uncached ? [['uncached', uncachedPort]] : []), ...(s.reference ? [['reference', referencePort]] : [])] as Array<[string, number]>;
  for (const [, port] of servers) await run({ ...s.request(port), connections: s.connections }, 2); // warm-up, not counted
  for (let round = 0; round < ROUNDS; round++) {
    for (const [server, port] of servers) {
      const r = await run({ ...s.request(port), connections: s.connections }, SECONDS);
      results.push({ scenario: s.name, server, ...r });
      console.log(`${s.name.padEnd(28)} ${server.padEnd(9)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms${r.bad ? `  NOT 2xx: ${r.bad}` : ''}`);
    }
  }
}
const loadAfter = os.loadavg();

// ---- 72 creates at once across 12 businesses -------------------------------------------------------
// Three clients, each warmed by one burst not counted, then BENCH_BURSTS (5) rounds of one burst each, interleaved:
//  - `fetch`, a new connection per request: 72 TCP handshakes and undici's request machinery, ~1.5–2 ms of the bench's
//    own CPU per request on the same two cores as the server (printed: this client is bound by its own CPU);
//  - node:http on open connections: 72 keep-alive sockets opened before the burst, as 72 signed-in browsers hold them;
//  - pre-built requests on open connections, as a load generator (autocannon, wrk) sends: each request's bytes made
//    before the clock starts, all written in one loop, a response counted when its last byte arrived. A client
//    spends no less per request (one write, one read), so this figure is the server's.
// Per burst: the median and p99 of its 72 latencies, and the CPU time the client (this process), the API and
// PostgreSQL's processes spent in it (/proc/<pid>/schedstat, Linux).
const BURSTS = Number(process.env.BENCH_BURSTS ?? 5);
const businesses = [];
for (let b = 0; b < 12; b++) businesses.push(await openBusiness(`Busy ${b}`, `owner${b}@busy.ng`));
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 72 });
const send = (method: string, url: string, token?: string, body?: string) => new Promise<number>((resolve) => {
  const req = http.request({ host: '127.0.0.1', port: productPort, path: url, method, agent: keepAlive, timeout: 30_000, headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode ?? 0));
  });
  req.on('error', () => resolve(0));
  req.end(body);
});
const openSocket = () => new Promise<net.Socket>((resolve, reject) => {
  const socket = net.connect({ host: '127.0.0.1', port: productPort, noDelay: true }, () => resolve(socket));
  socket.once('error', reject);
});
const prebuiltRequest = (url: string, token: string, body: string) => Buffer.from(
  `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
);
/** The status and the time of a socket's next response, whole (Content-Length framed); status 0 if the socket failed. */
const nextResponse = (socket: net.Socket) => new Promise<{ status: number; at: number }>((resolve) => {
  let got: Buffer | null = null;
  const done = (status: number) => {
    socket.removeAllListeners('data');
    resolve({ status, at: performance.now() });
  };
  socket.on('data', (chunk: Buffer) => {
    got = got ? Buffer.concat([got, chunk]) : chunk;
    const head = got.indexOf('\r\n\r\n');
    if (head < 0) return;
    const headers = got.subarray(0, head).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
    if (got.length >= head + 4 + length) done(Number(headers.slice(9, 12)));
  });
  socket.once('error', () => done(0));
  socket.once('close', () => done(0));
});

/** CPU time (ms) the processes have spent so far; NaN where /proc is not there. */
const cpuMs = async (pids: number[]) => {
  let ns = 0;
  for (const pid of pids) {
    try {
      ns += Number((await fs.readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ')[0]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH' && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      if (pid === productProcess.pid) return Number.NaN;
    }
  }
  return ns / 1e6;
};
const postgresPids = async () => (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity')).rows.map((r) => r.pid);

type TClient = 'fetch, a new connection each' | 'node:http, open connections' | 'pre-built requests, open connections';
const CLIENTS: TClient[] = ['fetch, a new connection each', 'node:http, open connections', 'pre-built requests, open connections'];
type TBurst = { client: TClient; ok: number; median: number; p99: number; clientCpu: number; apiCpu: number; postgresCpu: number };
let burstNo = 0;
const runBurst = async (client: TClient): Promise<TBurst> => {
  const n = ++burstNo;
  const creates = businesses.flatMap((b, i) => Array.from({ length: 6 }, (_, k) => ({
    url: `/api/v1/employee/create/${b.user._id}`, token: b.token,
    body: JSON.stringify({ firstName: 'Burst', lastName: `${i}-${k}`, email: `b${k}n${n}@busy${i}.ng` }),
  })));
  // Made ready before the clock starts: the open connections, and the pre-built requests' bytes.
  let sockets: net.Socket[] = [];
  let requests: Buffer[] = [];
  if (client === 'node:http, open connections') await Promise.all(creates.map(() => send('GET', '/api/v1/health')));
  if (client === 'pre-built requests, open connections') {
    sockets = await Promise.all(creates.map(openSocket));
    requests = creates.map((c) => prebuiltRequest(c.url, c.token, c.body));
  }
  const pgPids = await postgresPids();
  const before = { client: process.cpuUsage(), api: await cpuMs([productProcess.pid!]), postgres: await cpuMs(pgPids) };
  const started = performance.now();
  let results: Array<{ status: number; ms: number }>;
  if (client === 'pre-built requests, open connections') {
    const answers = sockets.map(nextResponse);
    sockets.forEach((socket, i) => socket.write(requests[i]!));
    results = (await Promise.all(answers)).map((a) => ({ status: a.status, ms: a.at - started }));
    for (const socket of sockets) socket.destroy();
  } else {
    results = await Promise.all(creates.map(async (c) => {
      const status = client === 'fetch, a new connection each'
        ? await fetch(`http://127.0.0.1:${productPort}${c.url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` }, body: c.body, signal: AbortSignal.timeout(30_000) }).then(async (r) => (await r.arrayBuffer(), r.status)).catch(() => 0)
        : await send('POST', c.url, c.token, c.body);
      return { status, ms: performance.now() - started };
    }));
  }
  const clientUsage = process.cpuUsage(before.client);
  const after = { api: await cpuMs([productProcess.pid!]), postgres: await cpuMs(pgPids) };
  const ms = results.map((r) => r.ms).sort((x, y) => x - y);
  return {
    client, ok: results.filter((r) => r.status === 201).length, median: ms[35]!, p99: ms[71]!,
    clientCpu: (clientUsage.user + clientUsage.system) / 1000, apiCpu: after.api - before.api, postgresCpu: after.postgres - before.postgres,
  };
};
for (const client of CLIENTS) await runBurst(client); // not counted: warms the 12 new users' sign-ins, counters and code paths
const bursts: TBurst[] = [];
for (let round = 0; round < BURSTS; round++) for (const client of CLIENTS) bursts.push(await runBurst(client));
keepAlive.destroy();
const healthStarted = performance.now();
await fetch(`http://127.0.0.1:${productPort}/api/v1/health`);
const healthMs = performance.now() - healthStarted;

// ---- report ---------------------------------------------------------------------------------------
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const of = (scenario: string, server: string) => results.filter((r) => r.scenario === scenario && r.server === server);
console.log(`\nAPI bench: ${EMPLOYEES} employees, ${ROUNDS} × ${SECONDS} s interleaved runs, product ${compiled ? 'compiled' : 'through tsx'}, ${os.cpus().length} CPUs`);
console.log(`load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
console.log(`${'scenario'.padEnd(28)} ${'product req/s'.padStart(13)} ${'p50'.padStart(5)} ${'p99'.padStart(5)} | ${'reference'.padStart(9)} ${'p50'.padStart(5)} ${'p99'.padStart(5)} | ratio`);
for (const s of BURSTS_ONLY ? [] : scenarios) {
  const p = of(s.name, 'product');
  const r = of(s.name, 'reference');
  const cells = (xs: TRun[]) => `${mean(xs.map((x) => x.rps)).toFixed(0).padStart(9)} ${mean(xs.map((x) => x.p50)).toFixed(0).padStart(5)} ${mean(xs.map((x) => x.p99)).toFixed(0).padStart(5)}`;
  const ratio = r.length ? `${(mean(p.map((x) => x.rps)) / mean(r.map((x) => x.rps))).toFixed(2)}×` : '-';
  console.log(`${s.name.padEnd(28)} ${cells(p).padStart(25)} | ${r.length ? cells(r) : '-'.padStart(21)} | ${ratio}`);
  const u = of(s.name, 'uncached');
  if (u.length) console.log(`${'  same, no page cache'.padEnd(28)} ${cells(u).padStart(25)} | ${cells(r)} | ${(mean(u.map((x) => x.rps)) / mean(r.map((x) => x.rps))).toFixed(2)}×`);
}
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const allCreated = bursts.every((b) => b.ok === 72);
const burstMedian = (client: TClient) => medianOf(bursts.filter((b) => b.client === client).map((b) => b.median));
const fmt = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(0));
console.log(`72 creates at once across 12 businesses, ${BURSTS} bursts per client (median of the bursts' medians; each burst's median; p99 and CPU per burst, medians):`);
for (const client of CLIENTS) {
  const of72 = bursts.filter((b) => b.client === client);
  const m = (pick: (b: TBurst) => number) => fmt(medianOf(of72.map(pick)));
  console.log(`  ${client.padEnd(38)} median ${fmt(burstMedian(client)).padStart(3)} ms (${of72.map((b) => fmt(b.median)).join(' ')}), p99 ${m((b) => b.p99)} ms; CPU: client ${m((b) => b.clientCpu)} ms, API ${m((b) => b.apiCpu)} ms, PostgreSQL ${m((b) => b.postgresCpu)} ms`);
}
console.log(`  ${allCreated ? `all ${bursts.length * 72} creates succeeded` : 'NOT ALL SUCCEEDED'}; /health right after ${healthMs.toFixed(0)} ms`);
const list10 = of(scenarios[0].name, 'product');
console.log(`targets: list ≥ 1.0× reference at 10 and 50 conns; list p99 ≤ 15 ms at 10 conns (now ${BURSTS_ONLY ? '-' : mean(list10.map((x) => x.p99)).toFixed(0)} ms); creates median ≤ 50 ms (now ${CLIENTS.map((c) => `${fmt(burstMedian(c))} ms ${c.split(',')[0]}`).join(', ')})`);

stopChildren();
await db.end();
await new Promise((r) => setTimeout(r, 500));
await embedded?.stop();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(0);
