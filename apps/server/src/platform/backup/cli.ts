// `npm run backup [FILE]` and `npm run restore FILE` (docs/deploy.md, "Backups"). Run from the repository root with
// the same environment as `npm start` (DATA_DIR, DATABASE_URL, S3_*).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type TConfig } from '../../config.ts';
import { LOCK_FILE } from '../../db/data-dir-lock.ts';
import { isAlive } from '../../db/embedded.ts';
import { EMBEDDED_DATABASE, startDatabase, type TDatabaseServer } from '../../db/open.ts';
import { readStoredJwtSecret, storeJwtSecret } from '../auth/secrets.ts';
import { createConfiguredStorage } from '../storage/storage.ts';
import { createBackup } from './dump.ts';
import { archiveName } from './format.ts';
import { readManifest, restoreBackup, RestoreRefused } from './restore.ts';

const say = (line: string) => console.log(line);
const exists = (file: string) => fs.stat(file).then(() => true, () => false);

/**
 * The embedded server of an API running on this DATA_DIR, reached as the API reaches it: the port from the
 * postmaster's pid file, the password from secrets.json. Null when no live API holds the data directory.
 */
export const findRunningEmbedded = async (dataDir: string) => {
  const lock = await fs.readFile(path.join(dataDir, LOCK_FILE), 'utf8').catch(() => null);
  const holder = lock ? (JSON.parse(lock) as { pid?: number; host?: string }) : null;
  if (!holder?.pid || holder.host !== os.hostname() || !isAlive(holder.pid)) return null;
  const pidFile = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => null);
  const [pid, , , port] = pidFile?.split('\n') ?? [];
  if (!pidFile || !isAlive(Number(pid)) || !Number(port)) {
    throw new Error(`Bizdesk (process ${holder.pid}) holds ${dataDir} but its database is not up yet; try again in a moment`);
  }
  const secrets = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { databasePassword: string };
  return `postgres://postgres:${encodeURIComponent(secrets.databasePassword)}@127.0.0.1:${Number(port)}/${EMBEDDED_DATABASE}`;
};

/** The database to back up: DATABASE_URL, the running API's embedded server, or the embedded server started here. */
const openSource = async (config: TConfig): Promise<{ url: string; kind: 'embedded' | 'postgres'; stop?: () => Promise<void> }> => {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, kind: 'postgres' };
  const running = await findRunningEmbedded(config.dataDir);
  if (running) return { url: running, kind: 'embedded' };
  if (!(await exists(path.join(config.dataDir, 'pg', 'PG_VERSION')))) throw new Error(`there is no Bizdesk database in ${config.dataDir} (set DATA_DIR or DATABASE_URL)`);
  const server = await startDatabase(config, () => undefined, { seed: false });
  return { url: server.url, kind: 'embedded', stop: server.stop };
};

export const runBackup = async (config: TConfig, out?: string) => {
  const source = await openSource(config);
  try {
    const started = performance.now();
    const { file, manifest } = await createBackup({
      url: source.url, kind: source.kind, storage: createConfiguredStorage(config),
      out: path.resolve(out ?? path.join(config.dataDir, 'backups', archiveName())),
      jwtSecret: config.JWT_SECRET ? null : await readStoredJwtSecret(config.dataDir),
    });
    const { size } = await fs.stat(file);
    say(`Backup written: ${file} (${(size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    say(`  database: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows, PostgreSQL ${manifest.database.serverVersion}, migration ${manifest.migrations.lastTag}`);
    say(`  files: ${manifest.files.count} (${(manifest.files.bytes / 1024 / 1024).toFixed(1)} MB) from ${manifest.files.storage === 's3' ? 'the S3 bucket' : 'DATA_DIR/uploads'}`);
    if (source.kind === 'postgres') say('  For an external PostgreSQL, also keep its own backups (pg_dump or point-in-time recovery): docs/deploy.md, "Backups".');
    return { file, manifest };
  } finally {
    await source.stop?.();
  }
};

/** Restores into an empty DATA_DIR (the embedded default) or an empty DATABASE_URL database; undoes a failed one. */
export const runRestore = async (config: TConfig, file: string) => {
  const archive = path.resolve(file);
  const manifest = await readManifest(archive);
  say(`Restoring ${archive}: made ${manifest.createdAt} by Bizdesk ${manifest.appVersion} (migration ${manifest.migrations.lastTag}), ${manifest.tables.length} tables, ${manifest.files.count} files`);
  const storage = createConfiguredStorage(config);
  const log = (line: string) => say(`  ${line}`);
  if (config.DATABASE_URL) {
    const { jwtSecret } = await restoreBackup({ url: config.DATABASE_URL, file: archive, storage, log });
    if (jwtSecret && jwtSecret !== config.JWT_SECRET) {
      await storeJwtSecret(config.dataDir, jwtSecret);
      say(`  The archive's JWT key is now in ${path.join(config.dataDir, 'secrets.json')} (jwtSecret): ${config.JWT_SECRET ? 'JWT_SECRET differs from it; set' : 'with several instances, set'} JWT_SECRET to it on every instance so authenticator (two-factor) sign-ins keep working.`);
    }
    say('Restored. Start Bizdesk with this DATABASE_URL.');
    return;
  }
  const dir = config.dataDir;
  const dirExisted = await exists(dir);
  const entries = dirExisted ? await fs.readdir(dir) : [];
  if (entries.length > 0) {
    throw new RestoreRefused(`the data directory ${dir} is not empty (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}); restore into an empty one: set DATA_DIR to a new folder`);
  }
  let server: TDatabaseServer | null = null;
  try {
    await fs.mkdir(dir, { recursive: true });
    server = await startDatabase(config, () => undefined, { seed: false });
    const { jwtSecret } = await restoreBackup({ url: server.url, file: archive, storage, log });
    if (jwtSecret && !config.JWT_SECRET) await storeJwtSecret(dir, jwtSecret);
    await server.stop?.();
    server = null;
    say(`Restored into ${dir}. Start Bizdesk on it: DATA_DIR=${dir} npm start`);
  } catch (err) {
    await server?.stop?.().catch(() => undefined);
    // Only what this restore made: the folder was empty (or absent) when it began.
    if (dirExisted) for (const entry of await fs.readdir(dir)) await fs.rm(path.join(dir, entry), { recursive: true, force: true });
    else await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
};

const main = async () => {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') await runBackup(config, file);
  else if (command === 'restore' && file) await runRestore(config, file);
  else throw new RestoreRefused('usage: npm run backup [FILE] | npm run restore FILE');
};

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('backup', 'cli.ts'))) {
  main().then(() => process.exit(0), (err: unknown) => {
    const known = err instanceof RestoreRefused || err instanceof ConfigError;
    console.error(known || !(err instanceof Error) ? `${(err as Error).message ?? err}` : `Bizdesk ${process.argv[2] ?? ''} failed: ${err.message}`);
    process.exit(1);
  });
}
