import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { migrationsFolder } from '../../db/client.ts';

/**
 * The backup archive (docs/deploy.md, "Backups"): a gzip'd tar whose first entry is manifest.json, then one
 * COPY-text file per table in dependency order (db/<schema>.<table>.copy), then the uploaded files (files/<key>),
 * and, when the JWT key was generated into DATA_DIR, secrets/jwt-secret (it seals the authenticator keys).
 */
export const FORMAT = 'bizdesk-backup';
export const FORMAT_VERSION = 1;
/** The schemas whose tables are dumped. pg-boss's own schema is not: its jobs are deliveries in flight (see docs). */
export const APP_SCHEMAS = ['public'];
export const MANIFEST_ENTRY = 'manifest.json';
export const SECRET_ENTRY = 'secrets/jwt-secret';
export const tableEntry = (t: { schema: string; name: string }) => `db/${t.schema}.${t.name}.copy`;
export const fileEntry = (key: string) => `files/${key}`;

export type TTableManifest = {
  schema: string;
  name: string;
  /** The columns in the file, in order (generated columns are left out: the server computes them again). */
  columns: string[];
  rows: number;
  /** Order-independent checksum of the rows: the sum, mod 2^64, of the first 8 bytes of each COPY line's SHA-256 (hex). */
  rowsChecksum: string;
  /** SHA-256 of the entry's bytes, checked on restore. */
  sha256: string;
};
export type TSequenceManifest = { schema: string; name: string; lastValue: string; isCalled: boolean };
export type TMigrationLevel = { count: number; lastTag: string | null; lastCreatedAt: number | null };
export type TManifest = {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  database: { kind: 'embedded' | 'postgres'; serverVersion: string; serverMajor: number; snapshot: 'repeatable read' };
  migrations: TMigrationLevel;
  tables: TTableManifest[];
  sequences: TSequenceManifest[];
  files: { storage: 'local' | 's3'; count: number; bytes: number };
  secrets: { jwtSecret: boolean };
};

/**
 * Session settings under which COPY's text output is the same on every server and every run (dates in UTC and ISO,
 * floats exact), so a checksum computed on the restored database equals the manifest's.
 */
export const COPY_SETTINGS = [
  "SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, YMD'", "SET IntervalStyle = 'postgres'", 'SET extra_float_digits = 3',
  "SET bytea_output = 'hex'", "SET client_encoding = 'UTF8'", 'SET statement_timeout = 0', 'SET idle_in_transaction_session_timeout = 0',
].join('; ');

/** Counts rows and sums their hashes as COPY lines go by (a line is one row: COPY text escapes newlines in values). */
export const createRowHasher = () => {
  const file = createHash('sha256');
  const MOD = 1n << 64n;
  let rows = 0;
  let sum = 0n;
  let partial: Buffer = Buffer.alloc(0);
  const line = (bytes: Buffer) => {
    rows += 1;
    sum = (sum + createHash('sha256').update(bytes).digest().readBigUInt64BE(0)) % MOD;
  };
  return {
    /** Works on bytes, so a character split between two chunks hashes the same as a whole one. */
    update: (chunk: Buffer) => {
      file.update(chunk);
      let data = partial.length > 0 ? Buffer.concat([partial, chunk]) : chunk;
      for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10)) {
        line(data.subarray(0, nl));
        data = data.subarray(nl + 1);
      }
      partial = Buffer.from(data);
    },
    digest: () => {
      if (partial.length > 0) line(partial);
      partial = Buffer.alloc(0);
      return { rows, rowsChecksum: sum.toString(16).padStart(16, '0'), sha256: file.digest('hex') };
    },
  };
};

export type TTable = { schema: string; name: string; columns: string[]; partitioned: boolean };

/**
 * The app's tables in dependency order (a table after those its foreign keys point at; ties and cycles by name),
 * with their stored columns. Partitions are reached through their parent.
 */
export const findTables = async (client: pg.ClientBase): Promise<TTable[]> => {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[]; partitioned: boolean; oid: number }>(`
    SELECT n.nspname AS schema, c.relname AS name, c.oid::int AS oid, c.relkind = 'p' AS partitioned,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     GROUP BY n.nspname, c.relname, c.oid, c.relkind
     ORDER BY n.nspname, c.relname`, [APP_SCHEMAS]);
  const { rows: fks } = await client.query<{ from: number; to: number }>(`
    SELECT conrelid::int AS from, confrelid::int AS to FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid`);
  const byOid = new Map(rows.map((r) => [r.oid, r]));
  const needs = new Map(rows.map((r) => [r.oid, new Set<number>()]));
  for (const fk of fks) if (byOid.has(fk.from) && byOid.has(fk.to)) needs.get(fk.from)!.add(fk.to);
  const ordered: typeof rows = [];
  const done = new Set<number>();
  while (ordered.length < rows.length) {
    const ready = rows.filter((r) => !done.has(r.oid) && [...needs.get(r.oid)!].every((d) => done.has(d)));
    // A cycle: take the first remaining table by name (the restore disables foreign-key checks anyway).
    const next = ready.length > 0 ? ready : [rows.find((r) => !done.has(r.oid))!];
    for (const r of next) {
      done.add(r.oid);
      ordered.push(r);
    }
  }
  return ordered.map(({ schema, name, columns, partitioned }) => ({ schema, name, columns, partitioned }));
};

export const quoteTable = (client: pg.ClientBase, t: { schema: string; name: string }) => `${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.name)}`;
export const columnList = (client: pg.ClientBase, columns: string[]) => columns.map((c) => client.escapeIdentifier(c)).join(', ');

/** The committed migrations of this build, in order, with drizzle's `when` (what __drizzle_migrations.created_at holds). */
export const codeMigrations = () =>
  (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> }).entries;

/** The migrations applied to a database (drizzle's table), as a level the manifest records. */
export const readMigrationLevel = async (client: pg.ClientBase): Promise<TMigrationLevel> => {
  const { rows } = await client.query<{ count: number; last: string | null }>(
    'SELECT count(*)::int AS count, max(created_at)::text AS last FROM drizzle.__drizzle_migrations');
  const last = rows[0].last === null ? null : Number(rows[0].last);
  return { count: rows[0].count, lastCreatedAt: last, lastTag: codeMigrations().find((m) => m.when === last)?.tag ?? null };
};

/** The server package's version, from its package.json (found upwards from this module: src/ or dist/). */
export const appVersion = () => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@bizdesk/server') return pkg.version ?? '0.0.0';
    } catch { /* not here */ }
  }
  return 'unknown';
};

/** The default archive name: sortable, and the time it was taken (UTC). */
export const archiveName = (at = new Date()) => `bizdesk-${at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '')}.tar.gz`;
