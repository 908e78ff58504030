import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startScratchPostgres } from '@bizdesk/server/src/db/embedded.ts';

const server = await startScratchPostgres(undefined, { durable: true });
const a = new pg.Client({ connectionString: server.url() }); await a.connect(); await a.query('CREATE DATABASE prof'); await a.end();
const url = server.url('prof');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'prof-'));
const proc = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', 'apps/server/dist/main.js'], { cwd: path.resolve('..'), env: { ...process.env, PORT: '4120', HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, stdio: 'inherit' });
for (;;) { try { if ((await fetch('http://127.0.0.1:4120/api/v1/health')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
const post = (u: string, body: unknown, token?: string) => fetch(`http://127.0.0.1:4120${u}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
await post('/api/v1/auth/register', { businessName: 'Prof Ltd', userName: 'Pro Filer', email: 'p@prof.ng', password: 'plum tiger orbit 77' });
const c = new pg.Client({ connectionString: url }); await c.connect(); await c.query('UPDATE users SET email_confirmed_at = now()'); await c.end();
const login = await (await post('/api/v1/auth/login', { email: 'p@prof.ng', password: 'plum tiger orbit 77' })).json();
for (let i = 0; i < 60; i++) await post(`/api/v1/employee/create/${login.data._id}`, { firstName: 'Pro', lastName: `F${i}`, email: `e${i}@prof.ng` }, login.token);
let n = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: 10 }, async () => {
  while (n < 6000) {
    n++;
    const r = await fetch('http://127.0.0.1:4120/api/v1/employee/employees/p@prof.ng?page=1&limit=50', { headers: { authorization: `Bearer ${login.token}` } });
    if (r.status !== 200) throw new Error(await r.text());
    await r.arrayBuffer();
  }
}));
console.log(`6000 lists in ${(performance.now() - t0).toFixed(0)} ms; load ${os.loadavg()[0]}`);
proc.kill('SIGTERM');
await new Promise((r) => proc.on('exit', r));
await server.stop();
process.exit(0);
