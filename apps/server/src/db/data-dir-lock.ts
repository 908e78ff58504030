import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isAlive } from './embedded.ts';

/** Beside pg/ and secrets.json: whoever holds it owns the data directory's embedded database. */
export const LOCK_FILE = 'bizdesk.lock';

export type TLockHolder = { pid: number; host: string; startedAt: string; procStart: string | null };

export class DataDirInUseError extends Error {}

/**
 * When the kernel started a process (field 22 of /proc/<pid>/stat, in clock ticks since boot), so a pid reused by an
 * unrelated process after the holder died is not taken for the holder. Null where /proc is not there.
 */
export const procStartOf = (pid: number): string | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')', which ends it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

const parse = (text: string): TLockHolder | null => {
  try {
    const h = JSON.parse(text) as Partial<TLockHolder>;
    return Number.isInteger(h.pid) && typeof h.host === 'string' ? { pid: h.pid!, host: h.host, startedAt: String(h.startedAt ?? ''), procStart: h.procStart ?? null } : null;
  } catch {
    return null;
  }
};

/**
 * Whether the process named in a lock still holds it. A holder on another host (a data directory on a shared volume)
 * cannot be checked from here and counts as holding; on this host it holds while its pid is alive and is the same
 * process (same start time). Our own pid is a previous life of this process (pid 1 in a restarted container).
 */
const isHolding = (holder: TLockHolder) => {
  if (holder.host !== os.hostname()) return true;
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  if (!holder.procStart) return true;
  const now = procStartOf(holder.pid);
  return now === null || now === holder.procStart;
};

const describeHolder = (dataDir: string, file: string, h: TLockHolder) =>
  `the data directory ${dataDir} is in use by Bizdesk process ${h.pid} on ${h.host === os.hostname() ? 'this host' : `host ${h.host}`}`
  + `${h.startedAt ? ` (started ${h.startedAt})` : ''}; stop that process first or set another DATA_DIR`
  + (h.host === os.hostname() ? '' : ` (if it is gone, delete ${file})`);

/**
 * Takes the data directory for this process: one API per DATA_DIR runs the embedded database. The lock file is
 * made whole beside its place and hard-linked into it (creating it only if absent, atomically). A lock whose holder is
 * gone (kill -9, a crash) is taken over: moved aside by rename (atomic), and put back if what was moved is not the
 * lock judged stale (another start took it over in between). A live holder: DataDirInUseError naming it, nothing
 * touched. The lock is released when the process exits, however it exits (short of kill -9, which the next start
 * recognises).
 */
export const lockDataDir = async (dataDir: string, log: (line: string) => void = () => undefined) => {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const uptimeMs = process.uptime() * 1000;
  const me: TLockHolder = { pid: process.pid, host: os.hostname(), startedAt: new Date(Date.now() - uptimeMs).toISOString(), procStart: procStartOf(process.pid) };
  const body = `${JSON.stringify(me)}\n`;
  const tmp = `${file}.${process.pid}.tmp`;
  await fsp.writeFile(tmp, body, { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await fsp.link(tmp, file);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          process.off('exit', release);
          try {
            if (fs.readFileSync(file, 'utf8') === body) fs.unlinkSync(file);
          } catch { /* already gone */ }
        };
        process.on('exit', release);
        return { file, release };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = await fsp.readFile(file, 'utf8').catch(() => null);
      if (text === null) continue; // released in between
      const holder = parse(text);
      if (holder && isHolding(holder)) throw new DataDirInUseError(describeHolder(dir, file, holder));
      const aside = `${file}.stale-${process.pid}`;
      if (!(await fsp.rename(file, aside).then(() => true, () => false))) continue;
      const moved = await fsp.readFile(aside, 'utf8').catch(() => null);
      if (moved !== null && moved !== text) await fsp.link(aside, file).catch(() => undefined); // not the one judged stale
      else log(`taking over the data directory from an earlier start that is gone (pid ${holder?.pid ?? 'unknown'})`);
      await fsp.rm(aside, { force: true });
    }
    throw new Error(`the data directory ${dir} could not be locked (${LOCK_FILE} keeps changing)`);
  } finally {
    await fsp.rm(tmp, { force: true });
  }
};
export type TDataDirLock = Awaited<ReturnType<typeof lockDataDir>>;
