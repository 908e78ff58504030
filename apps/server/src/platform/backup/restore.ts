import fs from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import type tar from 'tar-stream';
import { closingOf, runMigrations } from '../../db/client.ts';
import { contentTypeOf, type TStorage } from '../storage/storage.ts';
import { connectForCopy, copyTableOut } from './dump.ts';
import {
  APP_SCHEMAS, FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, SECRET_ENTRY, codeMigrations, columnList, createRowHasher, findTables, quoteTable,
  tableEntry, type TManifest, type TTableManifest,
} from './format.ts';

type TArchiveEntry = ReturnType<typeof tar.extract> extends AsyncIterable<infer S> ? S : never;

export class RestoreRefused extends Error {}

/** The archive's entries in order, each read whole or streamed by `onEntry`; stops early when it returns false. */
const readArchive = async (file: string, onEntry: (entry: TArchiveEntry) => Promise<boolean | void>) => {
  const { default: tarStream } = await import('tar-stream'); // loaded by a restore, not at every start
  const extract = tarStream.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  let stopped = false;
  try {
    for await (const entry of extract) {
      if ((await onEntry(entry)) === false) {
        stopped = true;
        entry.resume();
        break;
      }
      entry.resume(); // whatever the callback left unread
    }
  } finally {
    if (stopped) extract.destroy();
    await reading.catch((err: unknown) => {
      if (!stopped) throw err;
    });
  }
};

const readAll = async (stream: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** The archive's manifest (its first entry), checked to be one this version can restore. */
export const readManifest = async (file: string): Promise<TManifest> => {
  let manifest: TManifest | null = null;
  await readArchive(file, async (entry) => {
    if (entry.header.name === MANIFEST_ENTRY) manifest = JSON.parse((await readAll(entry)).toString('utf8')) as TManifest;
    return false;
  }).catch((err: unknown) => {
    throw new RestoreRefused(`${file} is not a Bizdesk backup archive (${err instanceof Error ? err.message : String(err)})`);
  });
  const m = manifest as TManifest | null;
  if (!m || m.format !== FORMAT) throw new RestoreRefused(`${file} is not a Bizdesk backup archive (no manifest first)`);
  if (m.formatVersion > FORMAT_VERSION) {
    throw new RestoreRefused(`${file} is in backup format ${m.formatVersion}, newer than this version of Bizdesk reads (${FORMAT_VERSION}); restore on the same or a newer version`);
  }
  const code = codeMigrations();
  if (m.migrations.lastCreatedAt !== null && !code.some((c) => c.when === m.migrations.lastCreatedAt)) {
    throw new RestoreRefused(`${file} was made by a newer version of Bizdesk (${m.appVersion}, database migration ${m.migrations.lastTag ?? m.migrations.lastCreatedAt}), which this version does not have; restore on the same or a newer version`);
  }
  return m;
};

/** Nothing of the app in the database yet: no table in its schemas, no migration applied. */
const assertEmptyDatabase = async (client: pg.ClientBase) => {
  const { rows } = await client.query<{ n: number; migrated: boolean }>(`
    SELECT (SELECT count(*)::int FROM pg_tables WHERE schemaname = ANY($1)) AS n,
           to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`, [APP_SCHEMAS]);
  if (rows[0].n > 0 || rows[0].migrated) {
    throw new RestoreRefused(`the database is not empty (${rows[0].n} tables); a backup is restored into an empty database only`);
  }
};

/** Each table's rows and checksum as the manifest computes them, read from a database (the restore's check, tests). */
export const fingerprintTables = async (client: pg.ClientBase) => {
  const out = new Map<string, Pick<TTableManifest, 'rows' | 'rowsChecksum'>>();
  const sink = () => new Writable({ write: (_c, _e, done) => done() });
  for (const t of await findTables(client)) {
    const { rows, rowsChecksum } = await copyTableOut(client, t, sink());
    out.set(`${t.schema}.${t.name}`, { rows, rowsChecksum });
  }
  return out;
};

export type TRestoreOptions = {
  /** An empty database (the embedded cluster's fresh `bizdesk`, or an external one made for it). */
  url: string;
  file: string;
  /** Where the uploaded files go. */
  storage: TStorage;
  log?: (line: string) => void;
};

/**
 * Restores an archive into an empty database: the schema migrated to the archive's level, every table's rows copied
 * in with triggers and foreign-key checks off (session_replication_role = replica) in one transaction that also sets
 * the sequences and checks each table's count and checksum against the manifest, then the uploaded files, then the
 * migrations this version has beyond the archive's. Returns the manifest and the JWT key the archive carried.
 */
export const restoreBackup = async (opts: TRestoreOptions) => {
  const log = opts.log ?? (() => undefined);
  const manifest = await readManifest(opts.file);
  const pool = new pg.Pool({ connectionString: opts.url, max: 2, application_name: 'bizdesk-restore' });
  const endPool = closingOf(pool);
  let jwtSecret: string | null = null;
  try {
    const check = await pool.connect();
    try {
      await assertEmptyDatabase(check);
    } finally {
      check.release();
    }
    if (manifest.migrations.lastCreatedAt !== null) await runMigrations({ pool }, { upTo: manifest.migrations.lastCreatedAt });
    log(`schema migrated to ${manifest.migrations.lastTag ?? 'the start'} (${manifest.migrations.count} migrations)`);

    const client = await connectForCopy(opts.url, 'bizdesk-restore');
    try {
      // Superuser only (the embedded server's user is): without it, tables load in dependency order with checks on.
      await client.query("SET session_replication_role = 'replica'").catch((err: Error) => log(`foreign-key checks stay on (${err.message})`));
      await client.query('BEGIN');
      const tables = new Map((await findTables(client)).map((t) => [tableEntry(t), t]));
      const expected = new Map(manifest.tables.map((t) => [tableEntry(t), t]));
      const missing = manifest.tables.filter((t) => !tables.has(tableEntry(t)));
      if (missing.length > 0) throw new RestoreRefused(`the archive's tables ${missing.map((t) => t.name).join(', ')} are not in the migrated schema`);
      // Rows the migrations themselves inserted (reference data) are in the archive as they were then.
      if (tables.size > 0) await client.query(`TRUNCATE ${[...tables.values()].map((t) => quoteTable(client, t)).join(', ')}`);
      let loaded = 0;
      let files = 0;
      await readArchive(opts.file, async (entry) => {
        const name = entry.header.name;
        const table = expected.get(name);
        if (table) {
          const hasher = createRowHasher();
          const hashing = new Transform({ transform: (chunk: Buffer, _e, done) => (hasher.update(chunk), done(null, chunk)) });
          const { from: copyFrom } = await import('pg-copy-streams');
          await pipeline(entry, hashing, client.query(copyFrom(`COPY ${quoteTable(client, table)} (${columnList(client, table.columns)}) FROM STDIN`)));
          const got = hasher.digest();
          if (got.sha256 !== table.sha256 || got.rows !== table.rows) throw new RestoreRefused(`the archive's ${name} is damaged (its checksum does not match the manifest)`);
          loaded += 1;
        } else if (name.startsWith('files/')) {
          const key = name.slice('files/'.length);
          await opts.storage.put(key, await readAll(entry), contentTypeOf(key));
          files += 1;
        } else if (name === SECRET_ENTRY) {
          jwtSecret = (await readAll(entry)).toString('utf8');
        }
      });
      if (loaded !== manifest.tables.length) throw new RestoreRefused(`the archive holds ${loaded} of the manifest's ${manifest.tables.length} tables`);
      if (files !== manifest.files.count) throw new RestoreRefused(`the archive holds ${files} of the manifest's ${manifest.files.count} files`);
      for (const s of manifest.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoteTable(client, s), s.lastValue, s.isCalled]);
      }
      const now = await fingerprintTables(client);
      for (const t of manifest.tables) {
        const got = now.get(`${t.schema}.${t.name}`);
        if (got?.rows !== t.rows || got.rowsChecksum !== t.rowsChecksum) {
          throw new RestoreRefused(`the restored ${t.schema}.${t.name} does not match the archive (${got?.rows ?? 0} rows, ${t.rows} expected)`);
        }
      }
      await client.query('COMMIT');
      log(`restored ${loaded} tables (${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows) and ${files} files; each table's count and checksum match the manifest`);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await client.end().catch(() => undefined);
    }
    // Rows of an older version go through the newer migrations as an upgrade in place would take them.
    await runMigrations({ pool });
  } finally {
    await endPool();
  }
  return { manifest, jwtSecret: jwtSecret as string | null };
};
