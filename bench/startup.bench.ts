// Start-up and idle memory of the product as `npm start` runs it (compiled server, embedded PostgreSQL):
// a fresh install to healthy, a restart to healthy, and the memory of the API and its database server
// together once idle (PSS, so pages the PostgreSQL processes share are counted once).
// Bounded: three rounds, a hard stop. Run: npm run bench:startup (after `npm run build`).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HARD_STOP_MS = 180_000;
setTimeout(() => {
  console.error(`benchmark stopped: still running after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS).unref();

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const start = async (dataDir: string) => {
  const port = await freePort();
  const t0 = performance.now();
  const proc: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' }, stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break;
    } catch { /* not yet */ }
    if (performance.now() - t0 > 60_000) throw new Error('not healthy within 60 s');
    await sleep(20);
  }
  return { proc, ms: performance.now() - t0 };
};

const stop = (proc: ChildProcess) => new Promise<void>((resolve) => {
  proc.once('exit', () => resolve());
  proc.kill('SIGTERM');
});

/** The process and every descendant (the postmaster and its backends). */
const tree = async (pid: number): Promise<number[]> => {
  const all = (await fs.readdir('/proc')).filter((d) => /^\d+$/.test(d));
  const parent = new Map<number, number>();
  for (const d of all) {
    const stat = await fs.readFile(`/proc/${d}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parent.set(Number(d), ppid);
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parent) if (pp === out[i]) out.push(p);
  return out;
};
const pssMb = async (pid: number) => {
  let kb = 0;
  for (const p of await tree(pid)) {
    const text = await fs.readFile(`/proc/${p}/smaps_rollup`, 'utf8').catch(() => '');
    kb += Number(/^Pss:\s+(\d+)/m.exec(text)?.[1] ?? 0);
  }
  return kb / 1024;
};

await fs.access(entry).catch(() => {
  console.error(`${entry} is missing: run \`npm run build\` first`);
  process.exit(1);
});
// Data directories where an install keeps its own (DATA_DIR defaults to ./data in the app's folder): bench/tmp,
// not the system's temp folder, which the test runs fill and empty. BENCH_DATA_PARENT picks another parent.
const dataParent = process.env.BENCH_DATA_PARENT ?? path.join(root, 'bench', 'tmp');
await fs.mkdir(dataParent, { recursive: true });
console.log(`Bizdesk start-up — Node ${process.version}, data under ${path.relative(root, dataParent) || dataParent}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const fresh: number[] = [];
const restart: number[] = [];
const memory: number[] = [];
const dataDirs: string[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const dataDir = await fs.mkdtemp(path.join(dataParent, 'startbench-'));
  const first = await start(dataDir);
  fresh.push(first.ms);
  await stop(first.proc);
  const second = await start(dataDir);
  restart.push(second.ms);
  await sleep(3000); // idle: start-up work done, pools settled
  memory.push(await pssMb(second.proc.pid!));
  await stop(second.proc);
  dataDirs.push(dataDir);
}
// Removed at the end, not between rounds: this disk discards freed blocks online, and files created right after a
// cluster's ~1,300 files were deleted waited for that (a copy of the seed took 1.2–1.7 s instead of 0.12–0.14 s),
// which a fresh install does not have to do.
for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`  fresh install to healthy  median ${median(fresh).toFixed(0)} ms  (${fresh.map((x) => x.toFixed(0)).join(', ')})   target ≤ 3000 ms`);
console.log(`  restart to healthy        median ${median(restart).toFixed(0)} ms  (${restart.map((x) => x.toFixed(0)).join(', ')})   target ≤ 2000 ms`);
console.log(`  idle memory, API + db     median ${median(memory).toFixed(0)} MB  (${memory.map((x) => x.toFixed(0)).join(', ')})   target ≤ 300 MB`);
console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
process.exit(0);
