import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { poolOptions } from '../src/db/open.ts';
import { createDeps } from '../src/platform/deps-factory.ts';
import { buildApp } from '../src/app.ts';
import { readStoredJwtSecret, storeJwtSecret } from '../src/platform/auth/secrets.ts';
import { createLocalStorage } from '../src/platform/storage/storage.ts';
import { createBackup } from '../src/platform/backup/dump.ts';
import { fingerprintTables, readManifest, restoreBackup } from '../src/platform/backup/restore.ts';
import { archiveName, codeMigrations } from '../src/platform/backup/format.ts';
import { createScheduledBackup } from '../src/platform/backup/scheduled.ts';
import { runRestore } from '../src/platform/backup/cli.ts';
import { createJobRunner } from '../src/platform/jobs/jobs.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { seedBusiness, type TSeed } from './helpers/seed.ts';
import { bearer, createTestApp, login, onPostgres, type TTestApp } from './helpers/test-app.ts';

const emptyDatabase = async () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `bizdesk_r_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
};

const countRows = async (url: string, table: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  } finally {
    await c.end();
  }
};

describe('backup and restore', () => {
  let t: TTestApp;
  let seed: TSeed;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await createTestApp();
    seed = await seedBusiness(t.app, 'Backup Works');
  }, 60_000);
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    await t?.close();
  });

  it('restores a backup taken while the app writes: every table as in the snapshot, the files, and sign-in', async () => {
    const url = t.deps.database.url;
    const post = (i: number) => t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: bearer(seed.owner.token), payload: { category: 'Staff news', actionType: `During backup ${i}`, message: `written while the backup ran ${i}` } });
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        expect((await post(written)).statusCode).toBe(201);
        written += 1;
      }
    })();
    const out = path.join(t.dataDir, 'backups', 'test.tar.gz');
    const { manifest } = await createBackup({
      url, kind: onPostgres ? 'postgres' : 'embedded', storage: t.deps.storage, out,
      jwtSecret: await readStoredJwtSecret(t.dataDir),
      // The snapshot is read: whatever commits now is not in the archive.
      onSnapshotRead: async () => {
        for (let i = 0; i < 3; i++) expect((await post(1000 + i)).statusCode).toBe(201);
      },
    });
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);

    // The manifest describes the snapshot, not the state after the writes.
    const notifications = manifest.tables.find((x) => x.name === 'notifications')!;
    expect(await countRows(url, 'notifications')).toBeGreaterThanOrEqual(notifications.rows + 3);
    expect(manifest.migrations.count).toBe(codeMigrations().length);
    expect(manifest.files.count).toBeGreaterThan(0);
    for (const name of ['businesses', 'users', 'employees', 'payroll_runs', 'notifications']) {
      expect(manifest.tables.find((x) => x.name === name)?.rows, name).toBeGreaterThan(0);
    }
    expect((await readManifest(out)).tables).toEqual(manifest.tables);

    // Restore into an empty database and an empty uploads folder.
    const target = await emptyDatabase();
    cleanups.push(target.drop);
    const dataDir = await fs.mkdtemp(path.join(path.dirname(t.dataDir), 'bizdesk-restored-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const restored = await restoreBackup({ url: target.url, file: out, storage: createLocalStorage(path.join(dataDir, 'uploads')) });
    expect(restored.jwtSecret).toBeTruthy();
    await storeJwtSecret(dataDir, restored.jwtSecret!);

    // Every table's count and checksum, computed again from the restored database, equal the manifest's.
    const c = new pg.Client({ connectionString: target.url });
    await c.connect();
    await c.query("SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 3; SET bytea_output = 'hex'");
    const now = await fingerprintTables(c).finally(() => c.end());
    expect(now.size).toBe(manifest.tables.length);
    for (const table of manifest.tables) expect(now.get(`${table.schema}.${table.name}`), table.name).toEqual({ rows: table.rows, rowsChecksum: table.rowsChecksum });

    // The app runs on it: the owner signs in and sees their staff and their logo.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://bizdesk.test', WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
    const database = await openPostgres(target.url, { ...poolOptions(config), kind: onPostgres ? 'postgres' : 'embedded' });
    const deps = await createDeps(config, database, pino({ level: 'silent' }));
    const app = await buildApp(deps);
    try {
      await app.ready();
      const owner = await login(app, seed.owner.user.email, 'correct horse 1');
      const employee = await app.inject({ method: 'GET', url: `/api/v1/employee/detail/${seed.people.employee._id}`, headers: bearer(owner.token) });
      expect(employee.statusCode).toBe(200);
      const logo = await app.inject({ method: 'GET', url: `/api/v1/files/${seed.owner.user.businessId}/${seed.logoName}`, headers: bearer(owner.token) });
      expect(logo.statusCode).toBe(200);
      // A token issued before the backup still opens (the archive carried the key it was signed with).
      expect((await app.inject({ method: 'GET', url: `/api/v1/employee/detail/${seed.people.employee._id}`, headers: bearer(seed.owner.token) })).statusCode).toBe(200);
    } finally {
      await app.close();
      await deps.events.close();
      await database.close();
    }
  }, 60_000);

  it('refuses a database that is not empty, naming it', async () => {
    const out = path.join(t.dataDir, 'backups', 'again.tar.gz');
    await createBackup({ url: t.deps.database.url, kind: 'postgres', storage: t.deps.storage, out });
    await expect(restoreBackup({ url: t.deps.database.url, file: out, storage: createLocalStorage(path.join(t.dataDir, 'x')) })).rejects.toThrow(/is not empty/);
  }, 30_000);

  it('writes the scheduled backup to BACKUP_DIR and deletes archives past the retention days, and only those', async () => {
    const backupDir = path.join(t.dataDir, 'scheduled');
    await fs.mkdir(backupDir, { recursive: true });
    const now = new Date();
    const old = archiveName(new Date(now.getTime() - 8 * 86_400_000));
    const recent = archiveName(new Date(now.getTime() - 6 * 86_400_000));
    for (const name of [old, recent, 'notes.txt']) await fs.writeFile(path.join(backupDir, name), 'x');
    const backups = createScheduledBackup({ ...t.deps, config: { ...t.deps.config, backupDir, BACKUP_RETENTION_DAYS: 7 } }, { notify: createNotificationsService(t.deps).notify });
    const result = await backups.run(now);
    expect(result?.deleted).toEqual([old]);
    expect((await fs.readdir(backupDir)).sort()).toEqual([archiveName(now), recent, 'notes.txt'].sort());
    expect((await readManifest(path.join(backupDir, archiveName(now)))).tables.length).toBeGreaterThan(50);
  }, 30_000);

  it('tells the owner when the scheduled backup fails, and not a clerk without settings access', async () => {
    const blocked = path.join(t.dataDir, 'not-a-folder');
    await fs.writeFile(blocked, 'a file where the backup folder should be');
    const backups = createScheduledBackup({ ...t.deps, config: { ...t.deps.config, backupDir: blocked } }, { notify: createNotificationsService(t.deps).notify });
    expect(await backups.run()).toBeNull();
    const read = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${seed.owner.user.email}`, headers: bearer(token) })).json().data
      .filter((n: { messageKey?: string }) => n.messageKey === 'backup.failed') as Array<{ actionType: string; message: string; subject: string }>;
    const forOwner = await read(seed.owner.token);
    expect(forOwner).toHaveLength(1);
    expect(forOwner[0]).toMatchObject({ actionType: 'Backup failed', subject: 'settings' });
    expect(forOwner[0].message).toMatch(/^The scheduled backup could not be written: .*not-a-folder/);
    expect(await read(seed.staff.token)).toHaveLength(0);
  }, 30_000);

  it('refuses an archive made by a newer version, and a data directory that is not empty, naming it', async () => {
    const code = codeMigrations();
    const future = path.join(t.dataDir, 'future.tar.gz');
    const pack = tar.pack();
    const manifest = { format: 'bizdesk-backup', formatVersion: 1, appVersion: '99.0.0', migrations: { count: code.length + 1, lastTag: '9999_future', lastCreatedAt: code.at(-1)!.when + 1000 } };
    pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest));
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
    await fs.writeFile(future, zlib.gzipSync(Buffer.concat(chunks)));
    await expect(readManifest(future)).rejects.toThrow(/made by a newer version of Bizdesk \(99\.0\.0, database migration 9999_future\).*restore on the same or a newer version/);

    const archive = path.join(t.dataDir, 'backups', 'cli.tar.gz');
    await createBackup({ url: t.deps.database.url, kind: 'postgres', storage: t.deps.storage, out: archive });
    // The test app's own data directory holds its uploads and secrets: the restore leaves it as it was.
    const before = (await fs.readdir(t.dataDir)).sort();
    await expect(runRestore(t.deps.config, archive)).rejects.toThrow(`the data directory ${t.dataDir} is not empty`);
    expect((await fs.readdir(t.dataDir)).sort()).toEqual(before);
  }, 30_000);

  it('schedules the backup daily at 02:00 on the embedded database; BACKUP_SCHEDULE=off removes an entry an earlier start stored', async () => {
    expect(loadConfig({ DATA_DIR: t.dataDir }).backupCron).toBe('0 2 * * *');
    expect(loadConfig({ DATA_DIR: t.dataDir, DATABASE_URL: 'postgres://db/bizdesk' }).backupCron).toBeNull();
    expect(loadConfig({ BACKUP_SCHEDULE: '30 1 * * 0', DATABASE_URL: 'postgres://db/bizdesk' }).backupCron).toBe('30 1 * * 0');
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'nightly' })).toThrow('Invalid configuration: BACKUP_SCHEDULE must be a cron expression');
    const schedulesOf = async (off: boolean) => {
      const runner = createJobRunner(t.deps);
      if (off) runner.unschedule('backup');
      await runner.start();
      try {
        return (await runner.findSchedules()).filter((s) => s.name === 'backup');
      } finally {
        await runner.close();
      }
    };
    // The test app started with the default setting and stored the entry.
    expect(await schedulesOf(false)).toEqual([{ name: 'backup', cron: '0 2 * * *', timezone: 'UTC' }]);
    expect(await schedulesOf(true)).toEqual([]);
  }, 30_000);
});



