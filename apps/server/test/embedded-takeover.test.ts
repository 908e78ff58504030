import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isAlive, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { onPostgres } from './helpers/test-app.ts';

const postmasterPid = async (dir: string) => Number((await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
const answers = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0].one;
  } finally {
    await client.end();
  }
};

// A restart after kill -9 finds the killed API's postmaster still running (the data-directory lock has already
// judged its API gone). Here the "earlier start" is a server this test started and never stopped: a second start on
// the same directory meets it as the API's next life would.
describe.skipIf(onPostgres || process.platform !== 'linux')('the database server a killed start left running', () => {
  const roots: string[] = [];
  // By pid: the first server's own stop() would wait for an exit it has already had (the second start stopped it).
  const pids: number[] = [];
  afterAll(async () => {
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGINT');
    for (let i = 0; i < 200 && pids.some(isAlive); i++) await new Promise((r) => setTimeout(r, 50));
    for (const root of roots) await fs.rm(root, { recursive: true, force: true });
  });
  const scratch = async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-takeover-'));
    await fs.chmod(root, 0o755);
    roots.push(root);
    return path.join(root, 'pg');
  };

  it('is kept when it runs as this start would run it, answers on its port, and stop() ends it', async () => {
    const dir = await scratch();
    const first = await startEmbeddedPostgres({ dir, password: 'takeover-pass', durable: false });
    const pid = await postmasterPid(dir);
    pids.push(pid);
    const steps: string[] = [];
    const second = await startEmbeddedPostgres({ dir, password: 'takeover-pass', durable: false, step: (s) => steps.push(s) });
    pids.push(await postmasterPid(dir));
    expect(steps).toEqual(['takenOver']);
    expect(second.port).toBe(first.port);
    expect(await postmasterPid(dir)).toBe(pid);
    expect(await answers(second.url())).toBe(1);
    await second.stop();
    expect(isAlive(pid)).toBe(false);
  }, 60_000);

  it('is stopped and a new one started when its settings differ (another port asked for)', async () => {
    const dir = await scratch();
    const first = await startEmbeddedPostgres({ dir, password: 'takeover-pass', durable: false });
    const pid = await postmasterPid(dir);
    pids.push(pid);
    const port = await freePort();
    expect(port).not.toBe(first.port);
    const steps: string[] = [];
    const second = await startEmbeddedPostgres({ dir, password: 'takeover-pass', durable: false, port, step: (s) => steps.push(s) });
    pids.push(await postmasterPid(dir));
    expect(steps).toEqual(['orphanStopping', 'orphanStopped', 'starting', 'started', 'rekeyed']);
    expect(isAlive(pid)).toBe(false);
    expect(second.port).toBe(port);
    expect(await postmasterPid(dir)).not.toBe(pid);
    expect(await answers(second.url())).toBe(1);
  }, 60_000);
});
