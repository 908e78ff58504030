import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import type { Pack } from 'tar-stream';
import type { TStorage } from '../storage/storage.ts';
import {
  APP_SCHEMAS, COPY_SETTINGS, FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, SECRET_ENTRY, appVersion, columnList, createRowHasher, fileEntry,
  findTables, quoteTable, readMigrationLevel, tableEntry, type TManifest, type TSequenceManifest, type TTable, type TTableManifest,
} from './format.ts';

export type TBackupOptions = {
  /** The app's database (the running server's, or DATABASE_URL). */
  url: string;
  kind: TManifest['database']['kind'];
  /** Where the uploads are (local folder or S3); every key it lists is archived. */
  storage: TStorage;
  /** The archive to write (made whole beside it and renamed into place). */
  out: string;
  /** The key that seals authenticator secrets, when it lives in DATA_DIR/secrets.json (not given by JWT_SECRET). */
  jwtSecret?: string | null;
  /** Called after the database snapshot is read, before the files (tests write there to prove the snapshot). */
  onSnapshotRead?: () => Promise<void> | void;
  log?: (line: string) => void;
};

const hashing = (hasher: ReturnType<typeof createRowHasher>) => new Transform({
  transform(chunk: Buffer, _enc, done) {
    hasher.update(chunk);
    done(null, chunk);
  },
});

/** COPY of one table's stored columns into a file, with its row count and checksums. */
export const copyTableOut = async (client: pg.ClientBase, table: TTable, sink: NodeJS.WritableStream): Promise<TTableManifest> => {
  const source = table.partitioned
    ? `(SELECT ${columnList(client, table.columns)} FROM ${quoteTable(client, table)})`
    : `${quoteTable(client, table)} (${columnList(client, table.columns)})`;
  const hasher = createRowHasher();
  const { to: copyTo } = await import('pg-copy-streams'); // loaded by a backup, not at every start
  await pipeline(client.query(copyTo(`COPY ${source} TO STDOUT`)), hashing(hasher), sink);
  return { schema: table.schema, name: table.name, columns: table.columns, ...hasher.digest() };
};

/** Opens a connection with the settings COPY's text output is read and written under. */
export const connectForCopy = async (url: string, applicationName: string) => {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  await client.query(COPY_SETTINGS);
  return client;
};

/** Reads the whole database in one snapshot into `dir`: one file per table, the sequences and the migration level. */
const dumpDatabase = async (opts: TBackupOptions, dir: string) => {
  const client = await connectForCopy(opts.url, 'bizdesk-backup');
  try {
    // One snapshot for every table while the app keeps writing; READ ONLY takes no locks that block writers.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await findTables(client);
    const { rows: [version] } = await client.query<{ v: string; n: number }>("SELECT current_setting('server_version') AS v, current_setting('server_version_num')::int AS n");
    const migrations = await readMigrationLevel(client);
    const manifests: TTableManifest[] = [];
    for (const table of tables) {
      manifests.push(await copyTableOut(client, table, fs.createWriteStream(path.join(dir, tableEntry(table)))));
      opts.log?.(`${table.schema}.${table.name}: ${manifests.at(-1)!.rows} rows`);
    }
    // Sequences are outside snapshots: the value read now is at least the snapshot's, which is what a restore needs.
    const { rows: seqs } = await client.query<{ schema: string; name: string }>(
      'SELECT schemaname AS schema, sequencename AS name FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2', [APP_SCHEMAS]);
    const sequences: TSequenceManifest[] = [];
    for (const s of seqs) {
      const { rows: [v] } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quoteTable(client, s)}`);
      sequences.push({ ...s, lastValue: v.last_value, isCalled: v.is_called });
    }
    await client.query('COMMIT');
    return { tables: manifests, sequences, migrations, version: { serverVersion: version.v, serverMajor: Math.floor(version.n / 10000) } };
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** Writes one file into a tar pack, streamed. */
const addFile = (pack: Pack, name: string, file: string, size: number) => new Promise<void>((resolve, reject) => {
  const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
  fs.createReadStream(file).on('error', reject).pipe(entry);
});
const addBuffer = (pack: Pack, name: string, body: Buffer) => new Promise<void>((resolve, reject) => {
  pack.entry({ name, size: body.length, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve()));
});

/**
 * `npm run backup` and the scheduled backup: the database in one snapshot, then every uploaded file, into one
 * archive (format.ts). The parts are written to a folder beside the archive first (a tar entry needs its size), so the
 * manifest, which holds their counts and checksums, can be the archive's first entry.
 */
export const createBackup = async (opts: TBackupOptions): Promise<{ file: string; manifest: TManifest }> => {
  const out = path.resolve(opts.out);
  await fsp.mkdir(path.dirname(out), { recursive: true });
  const work = `${out}.parts-${process.pid}`;
  await fsp.rm(work, { recursive: true, force: true });
  await fsp.mkdir(path.join(work, 'db'), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial-${process.pid}`;
  try {
    const createdAt = new Date().toISOString();
    const db = await dumpDatabase(opts, work);
    await opts.onSnapshotRead?.();
    // Files after the snapshot: a file uploaded meanwhile is archived without its row (harmless); one deleted
    // meanwhile is missing beside its row, as it would be after the deletion anyway.
    const files: Array<{ key: string; size: number }> = [];
    for await (const key of opts.storage.list()) {
      const stored = await opts.storage.get(key);
      if (!stored) continue;
      const file = path.join(work, fileEntry(key));
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, stored.body, { mode: 0o600 });
      files.push({ key, size: stored.body.length });
    }
    const manifest: TManifest = {
      format: FORMAT, formatVersion: FORMAT_VERSION, appVersion: appVersion(), createdAt,
      database: { kind: opts.kind, ...db.version, snapshot: 'repeatable read' },
      migrations: db.migrations, tables: db.tables, sequences: db.sequences,
      files: { storage: opts.storage.kind, count: files.length, bytes: files.reduce((n, f) => n + f.size, 0) },
      secrets: { jwtSecret: Boolean(opts.jwtSecret) },
    };
    const { default: tar } = await import('tar-stream'); // loaded by a backup, not at every start
    const pack = tar.pack();
    const written = pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { mode: 0o600 }));
    await addBuffer(pack, MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    for (const t of db.tables) {
      const file = path.join(work, tableEntry(t));
      await addFile(pack, tableEntry(t), file, (await fsp.stat(file)).size);
    }
    for (const f of files) await addFile(pack, fileEntry(f.key), path.join(work, fileEntry(f.key)), f.size);
    if (opts.jwtSecret) await addBuffer(pack, SECRET_ENTRY, Buffer.from(opts.jwtSecret));
    pack.finalize();
    await written;
    await fsp.rename(partial, out);
    return { file: out, manifest };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
    await fsp.rm(partial, { force: true });
  }
};
