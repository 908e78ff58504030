import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { buildSeedCluster } from '../src/db/seed-cluster.ts';
import { onPostgres } from './helpers/test-app.ts';

const canConnect = async (port: number, password: string, database = 'bizdesk') => {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

const tables = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename IN ('businesses', 'employees', 'users')");
    return rows[0].n;
  } finally {
    await client.end();
  }
};

// The embedded server's own start-up path: nothing to prove on the machine's PostgreSQL run.
describe.skipIf(onPostgres)('a fresh install started from the build\'s seed cluster', () => {
  let root: string;
  let seedDir: string;
  let seedPassword: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-seedtest-'));
    await fs.chmod(root, 0o755);
    seedDir = path.join(root, 'seed');
    expect((await buildSeedCluster(seedDir)).made).toBe(true);
    seedPassword = await fs.readFile(path.join(seedDir, 'password'), 'utf8');
  }, 60_000);
  afterAll(async () => {
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('is kept when nothing it is made from changed', async () => {
    expect((await buildSeedCluster(seedDir)).made).toBe(false);
  });

  it('answers to the install\'s own password only, with every migration applied, and restarts as an existing cluster', async () => {
    const dir = path.join(root, 'install-a', 'pg');
    const seed = { dir: path.join(seedDir, 'pg'), password: seedPassword };
    const server = await startEmbeddedPostgres({ dir, password: 'install-a-own-password', seed });
    try {
      expect(server.seeded).toBe(true);
      expect(server.created).toBe(false);
      expect(await tables(server.url('bizdesk'))).toBe(3);
      expect(await canConnect(server.port, 'install-a-own-password')).toBe(true);
      expect(await canConnect(server.port, seedPassword)).toBe(false);
      await expect(fs.stat(`${dir}.seed-password`)).rejects.toThrow();
    } finally {
      await server.stop();
    }
    const again = await startEmbeddedPostgres({ dir, password: 'install-a-own-password', seed });
    try {
      expect(again.seeded).toBe(false);
      expect(await canConnect(again.port, 'install-a-own-password')).toBe(true);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('gives a copy that a crash left with the seed\'s password its own at the next start', async () => {
    const dir = path.join(root, 'install-b', 'pg');
    await fs.mkdir(path.dirname(dir), { recursive: true });
    // What a start killed between the copy and the password change leaves: the cluster and the note of its password.
    execFileSync('cp', ['-a', path.join(seedDir, 'pg'), dir]);
    await fs.writeFile(`${dir}.seed-password`, seedPassword, { mode: 0o600 });
    const server = await startEmbeddedPostgres({ dir, password: 'install-b-own-password' });
    try {
      expect(await canConnect(server.port, 'install-b-own-password')).toBe(true);
      expect(await canConnect(server.port, seedPassword)).toBe(false);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('initialises its own cluster when the seed is missing', async () => {
    const dir = path.join(root, 'install-c', 'pg');
    const server = await startEmbeddedPostgres({ dir, password: 'install-c-own-password', seed: { dir: path.join(root, 'no-such-seed'), password: 'x' } });
    try {
      expect(server.seeded).toBe(false);
      expect(server.created).toBe(true);
      expect(await canConnect(server.port, 'install-c-own-password', 'postgres')).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
