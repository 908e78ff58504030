import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir, procStartOf } from '../src/db/data-dir-lock.ts';

describe('the data directory lock', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const d = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-lock-'));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });
  const writeHolder = (dir: string, holder: Record<string, unknown>) => fs.writeFile(path.join(dir, LOCK_FILE), JSON.stringify(holder));

  it('refuses while a live process holds it, naming its pid, and leaves its lock alone', async () => {
    const dir = await tempDir();
    const holder = spawn('sleep', ['30']);
    try {
      await new Promise((r) => holder.once('spawn', r));
      const lock = { pid: holder.pid, host: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', procStart: procStartOf(holder.pid!) };
      await writeHolder(dir, lock);
      const err = await lockDataDir(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect((err as Error).message).toMatch(new RegExp(`is in use by Bizdesk process ${holder.pid} on this host`));
      expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), 'utf8'))).toEqual(lock);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock whose holder is gone, or whose pid now belongs to another process, and releases it', async () => {
    const dir = await tempDir();
    const gone = spawn('true');
    await new Promise((r) => gone.once('exit', r));
    await writeHolder(dir, { pid: gone.pid, host: os.hostname(), startedAt: '', procStart: '1' });
    const lock = await lockDataDir(dir);
    expect(JSON.parse(await fs.readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    lock.release();
    await expect(fs.stat(lock.file)).rejects.toMatchObject({ code: 'ENOENT' });

    // pid reused: alive, but not the process that took the lock (another start time).
    const reused = spawn('sleep', ['30']);
    try {
      await new Promise((r) => reused.once('spawn', r));
      await writeHolder(dir, { pid: reused.pid, host: os.hostname(), startedAt: '', procStart: '12345' });
      const again = await lockDataDir(dir);
      expect(JSON.parse(await fs.readFile(again.file, 'utf8')).pid).toBe(process.pid);
      again.release();
    } finally {
      reused.kill('SIGKILL');
    }
  });
});
