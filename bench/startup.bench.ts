// Start-up and idle memory of the product (embedded PostgreSQL), two ways:
// - through the README command, `npm start` (scripts/start.mjs: builds what is not current, then runs the server):
//   a fresh checkout to healthy (no build yet, empty data directory: what follows `npm install`, whose download time
//   is the network's) and a restart after `kill -9` of the server to healthy (build current, the database server
//   left running over, the data-directory lock taken over);
// - the compiled server alone (node apps/server/dist/main.js): a fresh data directory to healthy, a restart to
//   healthy, and the memory of the API and its database server together once idle (PSS, so pages the PostgreSQL
//   processes share are counted once).
// Bounded: one fresh build, three rounds of each, a hard stop. Run: npm run bench:startup. BENCH_FRESH=0 skips the
// fresh-checkout figure (it rebuilds the web app and the server in place: 15–40 s).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HARD_STOP_MS = 300_000;
const FRESH = process.env.BENCH_FRESH !== '0';
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

/** `npm start` in the checkout, in its own process group; healthy when /api/v1/health answers 200. */
const npmStart = async (dataDir: string, port: number) => {
  const t0 = performance.now();
  let out = '';
  const proc = spawn('npm', ['start', '--silent'], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  proc.stdout!.on('data', (c) => (out += c));
  proc.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break;
    } catch { /* not yet */ }
    if (proc.exitCode !== null || performance.now() - t0 > 120_000) throw new Error(`npm start: not healthy (${proc.exitCode === null ? 'after 120 s' : `exited ${proc.exitCode}`}):\n${out.slice(-2000)}`);
    await sleep(20);
  }
  return { proc, exited, ms: performance.now() - t0, output: () => out };
};
/** kill -9 of the server process (the data directory's lock names it), as a crash would: its database server stays. */
const crash = async (dataDir: string, run: { exited: Promise<void> }) => {
  const { pid } = JSON.parse(await fs.readFile(path.join(dataDir, 'bizdesk.lock'), 'utf8')) as { pid: number };
  process.kill(pid, 'SIGKILL');
  await run.exited; // npm follows its child
};
const stopGroup = async (run: { proc: ChildProcess; exited: Promise<void> }) => {
  try { process.kill(-run.proc.pid!, 'SIGTERM'); } catch { /* gone */ }
  await run.exited;
  await sleep(300); // the server drains and stops its database after npm has gone
};

// Data directories where an install keeps its own (DATA_DIR defaults to ./data in the app's folder): bench/tmp,
// not the system's temp folder, which the test runs fill and empty. BENCH_DATA_PARENT picks another parent.
const dataParent = process.env.BENCH_DATA_PARENT ?? path.join(root, 'bench', 'tmp');
await fs.mkdir(dataParent, { recursive: true });
console.log(`Bizdesk start-up — Node ${process.version}, ${os.cpus().length} cores, data under ${path.relative(root, dataParent) || dataParent}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const readmeDirs: string[] = [];
{
  const dataDir = await fs.mkdtemp(path.join(dataParent, 'npmstart-'));
  readmeDirs.push(dataDir);
  if (FRESH) {
    // A fresh checkout: no build stamps (scripts/start.mjs rebuilds both), no data.
    await fs.rm(path.join(root, 'apps/web/dist/.build-stamp'), { force: true });
    await fs.rm(path.join(root, 'apps/server/dist/.build-stamp'), { force: true });
  }
  const first = await npmStart(dataDir, await freePort());
  if (FRESH) console.log(`  npm start, fresh checkout to healthy        ${first.ms.toFixed(0)} ms   (builds web + server, initialises the database; npm install not counted)`);
  const restarts: number[] = [];
  const entries: number[] = [];
  let lastTook: unknown = null;
  let run = first;
  for (let round = 0; round < ROUNDS; round++) {
    await crash(dataDir, run);
    run = await npmStart(dataDir, await freePort());
    restarts.push(run.ms);
    // The server's "Bizdesk is running" line: took.entry is the node process's age when the server's code began
    // (node's own start and the build check of scripts/start.mjs; npm's start before it is not counted).
    await sleep(200);
    const running = run.output().split('\n').map((l) => { try { return JSON.parse(l); } catch { return null; } }).find((l) => l?.msg === 'Bizdesk is running');
    if (running?.took?.entry !== undefined) entries.push(running.took.entry);
    lastTook = running?.took ?? lastTook;
  }
  await stopGroup(run);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`  npm start, restart after kill -9 to healthy median ${median(restarts).toFixed(0)} ms  (${restarts.map((x) => x.toFixed(0)).join(', ')})   target ≤ 3000 ms`);
  if (entries.length) console.log(`    of which node start + build check, before the server's code  median ${median(entries).toFixed(0)} ms  (${entries.join(', ')})`);
  if (lastTook) console.log(`    the last restart's parts (ms): ${JSON.stringify(lastTook)}`);
}

await fs.access(entry).catch(() => {
  console.error(`${entry} is missing: run \`npm run build\` first`);
  process.exit(1);
});
const fresh: number[] = [];
const restart: number[] = [];
const memory: number[] = [];
const dataDirs: string[] = [...readmeDirs];
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
console.log('  node apps/server/dist/main.js (compiled server alone):');
console.log(`  fresh install to healthy  median ${median(fresh).toFixed(0)} ms  (${fresh.map((x) => x.toFixed(0)).join(', ')})   target ≤ 3000 ms`);
console.log(`  restart to healthy        median ${median(restart).toFixed(0)} ms  (${restart.map((x) => x.toFixed(0)).join(', ')})   target ≤ 2000 ms`);
console.log(`  idle memory, API + db     median ${median(memory).toFixed(0)} MB  (${memory.map((x) => x.toFixed(0)).join(', ')})   target ≤ 300 MB`);
console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
process.exit(0);
