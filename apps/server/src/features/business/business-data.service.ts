import {
  BUSINESS_ARCHIVE_MAX_BYTES, BUSINESS_DATA_MSG, BUSINESS_EXPORT_DAYS,
  type TBusinessDataStatus, type TBusinessExport, type TBusinessImportResult,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import type { TJobRow, TJobRunner } from '../../platform/jobs/jobs.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { contentTypeOf } from '../../platform/storage/storage.ts';
import {
  ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveError, fileKeysIn, linesOf, packArchive, sha256, unpackArchive,
  type TArchiveEntry, type TManifest,
} from './business-archive.ts';
import * as repo from './business-data.repo.ts';

export const EXPORT_JOB = 'business-export';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per INSERT on import (a self-referencing table goes in one). */
const INSERT_BATCH = 1000;

type TExportResult = { key: string; bytes: number; sha256: string; expiresAt: string; tables: number; rows: number; files: number; deletedAt?: string };

const resultOf = (row: TJobRow) => (row.result as TExportResult | null) ?? null;

const toExport = (row: TJobRow, now = Date.now()): TBusinessExport => {
  const r = row.status === 'succeeded' ? resultOf(row) : null;
  const isExpired = Boolean(r && (Date.parse(r.expiresAt) <= now || r.deletedAt));
  const ended = row.status === 'succeeded' || row.status === 'failed';
  return {
    _id: row.id, status: row.status as TBusinessExport['status'], phase: row.phase,
    progress: ended ? 100 : row.total > 0 ? Math.min(99, Math.floor((row.processed / row.total) * 100)) : 0,
    message: row.error, createdAt: row.createdAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: r?.expiresAt ?? null, isExpired, bytes: r?.bytes ?? null, tables: r?.tables ?? null, rows: r?.rows ?? null, files: r?.files ?? null,
    downloadPath: r && !isExpired ? `/api/v1/business/export/${row.id}/download` : null,
  };
};

/** Postgres error codes an archive's rows can raise: they are the archive's fault (4xx), and nothing was written. */
const describeDbError = (err: unknown) => {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; constraint?: string; table?: string; message?: string; cause?: { code?: string; constraint?: string; table?: string; message?: string } };
  const pgErr = e.code ? e : e.cause;
  if (!pgErr?.code) return null;
  if (pgErr.code === '23505') return conflict(`The archive conflicts with a record already on this server (${pgErr.constraint ?? pgErr.table ?? 'a unique key'}). Nothing was imported.`);
  if (/^(22|23)/.test(pgErr.code)) return badRequest(`The archive's rows do not fit this server's tables (${pgErr.table ?? pgErr.constraint ?? pgErr.code}: ${String(pgErr.message).slice(0, 160)}). Nothing was imported.`);
  return null;
};

/**
 * A business's own data, out and in (issue 36 item 4). Out: the owner prepares one archive of every record the business
 * holds (business-archive.ts describes it) as a job with progress; it is kept BUSINESS_EXPORT_DAYS days for download.
 * In: the archive replaces a newly registered, empty business on this (another) server, ids and all, in one
 * transaction. The Nigeria Data Protection Act 2023 (s.34 access, s.38 portability) is why this exists.
 */
export const createBusinessDataService = (deps: TDeps, opts: { jobs: TJobRunner }) => {
  const { db, storage } = deps;
  const { jobs } = opts;

  jobs.register(EXPORT_JOB, async ({ job, progress, succeed }) => {
    const businessId = job.businessId;
    const tables = await repo.findBusinessTables(db);
    const level = await repo.getMigrationLevel(db);
    const total = tables.length + 2;
    const entries: TArchiveEntry[] = [];
    const manifestTables: TManifest['tables'] = [];
    const keys = new Set<string>();
    let business = { id: businessId, name: '' };
    let twoFactorUsers = 0;
    // One snapshot for every table: rows written meanwhile are all in or all out.
    const client = await deps.database.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      for (const [i, table] of tables.entries()) {
        const lines: string[] = [];
        await repo.streamRows(client, table, businessId, (batch) => {
          for (const line of batch) {
            lines.push(line);
            for (const key of fileKeysIn(line, businessId)) keys.add(key);
          }
        });
        if (table.name === 'businesses' && lines[0]) business = { id: businessId, name: (JSON.parse(lines[0]) as { name: string }).name };
        const body = Buffer.from(lines.map((l) => `${l}\n`).join(''));
        const file = `tables/${table.name}.jsonl`;
        entries.push({ name: file, body });
        manifestTables.push({ name: table.name, file, columns: table.columns, rows: lines.length, sha256: sha256(body) });
        progress({ phase: 'tables', processed: i + 1, total });
      }
      twoFactorUsers = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM user_two_factor WHERE business_id = $1 AND enabled_at IS NOT NULL', [businessId])).rows[0].n;
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    progress({ phase: 'files', processed: tables.length, total });
    const files: TManifest['files'] = [];
    const missingFiles: string[] = [];
    for (const key of [...keys].sort()) {
      const stored = await storage.get(key);
      if (!stored) {
        missingFiles.push(key);
        continue;
      }
      const file = `files/${key}`;
      entries.push({ name: file, body: stored.body });
      files.push({ key, file, bytes: stored.body.length, sha256: sha256(stored.body) });
    }
    progress({ phase: 'packing', processed: tables.length + 1, total });
    const manifest: TManifest = {
      format: ARCHIVE_FORMAT, formatVersion: ARCHIVE_FORMAT_VERSION, createdAt: new Date().toISOString(), migrations: level, business,
      tables: manifestTables, files, missingFiles, leftBehind: repo.LEFT_BEHIND, twoFactorUsers,
    };
    const archive = await packArchive(manifest, entries);
    const key = `${businessId}/${job.id}.tgz`;
    await storage.put(key, archive, 'application/gzip');
    const result: TExportResult = {
      key, bytes: archive.length, sha256: sha256(archive), expiresAt: new Date(Date.now() + BUSINESS_EXPORT_DAYS * DAY_MS).toISOString(),
      tables: manifestTables.length, rows: manifestTables.reduce((s, t) => s + t.rows, 0), files: files.length,
    };
    await db.transaction(async (tx) => {
      await succeed(tx, result);
      await audit(tx, { kind: 'system', businessId }, 'business.export-prepared', { entity: 'business-export', entityId: job.id, after: { ...result, key: undefined } });
    });
  }, { retryLimit: 1 });

  const getExportRow = async (auth: TUserAuth, id: string) => {
    const row = await jobs.get(db, auth.businessId, id);
    if (!row || row.kind !== EXPORT_JOB) throw notFound('Export');
    return row;
  };

  const isEmpty = async (auth: TUserAuth) => (await repo.findHeldData(db, await repo.findBusinessTables(db), auth.businessId, auth.userId)).length === 0;

  return {
    status: async (auth: TUserAuth): Promise<TBusinessDataStatus> => {
      const latest = await repo.findLatestExportId(db, auth.businessId, EXPORT_JOB);
      return { isEmpty: await isEmpty(auth), latest: latest ? toExport(await getExportRow(auth, latest)) : null };
    },

    /** Starts an export, or answers the one already under way (one at a time per business). */
    startExport: async (auth: TUserAuth) => {
      const row = await db.transaction(async (tx) => {
        await repo.lockBusiness(tx, auth.businessId);
        const open = await repo.findLatestExportId(tx, auth.businessId, EXPORT_JOB, { open: true });
        if (open) return (await jobs.get(tx, auth.businessId, open))!;
        const created = await jobs.enqueue(tx, { businessId: auth.businessId, kind: EXPORT_JOB, payload: {}, total: 0, createdById: auth.userId });
        await audit(tx, auth, 'business.export-requested', { entity: 'business-export', entityId: created.id, after: { requestedBy: auth.email } });
        return created;
      });
      jobs.kick();
      return toExport(row);
    },

    getExport: async (auth: TUserAuth, id: string) => toExport(await getExportRow(auth, id)),

    download: async (auth: TUserAuth, id: string) => {
      const row = await getExportRow(auth, id);
      const view = toExport(row);
      if (row.status !== 'succeeded') throw conflict(BUSINESS_DATA_MSG.notReady).as('exportNotReady');
      if (view.isExpired) throw new AppError('NOT_FOUND', BUSINESS_DATA_MSG.expired, 410).as('exportExpired');
      const stored = await storage.get(resultOf(row)!.key);
      if (!stored) throw new AppError('NOT_FOUND', BUSINESS_DATA_MSG.expired, 410).as('exportExpired');
      await audit(db, auth, 'business.export-downloaded', { entity: 'business-export', entityId: id, after: { bytes: stored.body.length, by: auth.email } });
      const day = row.createdAt.toISOString().slice(0, 10);
      const slug = auth.businessName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'business';
      return { body: stored.body, mime: 'application/gzip', name: `bizdesk-${slug}-${day}.tar.gz` };
    },

    /** Archives past their days, deleted from storage (the job row stays, marked deleted). */
    deleteExpired: async () => {
      const rows = await repo.findExpiredExports(db, EXPORT_JOB);
      for (const r of rows) {
        await storage.delete(r.key);
        await repo.markExportDeleted(db, r.id);
      }
      return rows.length;
    },

    /**
     * Imports an archive into the caller's business, which must be newly registered and empty: the archive's business
     * replaces it (ids kept), with its users and their password hashes. All or nothing: one transaction; files are
     * stored before it commits (a failure leaves at worst unreferenced files under the archive's business id).
     */
    importArchive: async (auth: TUserAuth, upload: Buffer): Promise<TBusinessImportResult> => {
      if (upload.length > BUSINESS_ARCHIVE_MAX_BYTES) throw new AppError('TOO_LARGE', 'The archive is too large', 413);
      const tables = await repo.findBusinessTables(db);
      const heldBefore = await repo.findHeldData(db, tables, auth.businessId, auth.userId);
      if (heldBefore.length) throw conflict(`${BUSINESS_DATA_MSG.notEmpty} (${heldBefore.slice(0, 5).join(', ')})`).as('importNotEmpty');
      const level = await repo.getMigrationLevel(db);
      let unpacked: Awaited<ReturnType<typeof unpackArchive>>;
      try {
        unpacked = await unpackArchive(upload, { maxBytes: 4 * BUSINESS_ARCHIVE_MAX_BYTES, maxEntries: 200_000 });
      } catch (err) {
        if (err instanceof ArchiveError) throw badRequest(`${BUSINESS_DATA_MSG.notArchive} (${err.message})`).as('archiveUnreadable');
        throw err;
      }
      const { manifest, entries } = unpacked;
      if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION || manifest.migrations.lastAt > level.lastAt) throw conflict(BUSINESS_DATA_MSG.newer).as('archiveNewer');
      const byName = new Map(tables.map((t) => [t.name, t]));
      const businessId = manifest.business.id;
      const damaged = (why: string) => badRequest(`${BUSINESS_DATA_MSG.checksum} (${why})`).as('archiveDamaged');
      const rowsByTable = new Map<string, string[]>();
      const emails: string[] = [];
      for (const t of manifest.tables) {
        const server = byName.get(t.name);
        if (!server || t.columns.some((c) => !server.columns.includes(c))) throw conflict(BUSINESS_DATA_MSG.newer).as('archiveNewer');
        const body = entries.get(t.file);
        if (!body || t.file !== `tables/${t.name}.jsonl`) throw damaged(`${t.file} is missing`);
        if (sha256(body) !== t.sha256) throw damaged(`${t.file}`);
        const lines = linesOf(body);
        if (lines.length !== t.rows) throw damaged(`${t.file} has ${lines.length} rows, the manifest says ${t.rows}`);
        // Every row must be the archived business's own: an archive never writes into another business.
        for (const line of lines) {
          let row: Record<string, unknown>;
          try {
            row = JSON.parse(line) as Record<string, unknown>;
          } catch {
            throw damaged(`${t.file} holds a line that is not JSON`);
          }
          if (row === null || typeof row !== 'object' || (t.name === 'businesses' ? row.id : row.business_id) !== businessId) throw damaged(`${t.file} holds a row of another business`);
          if (t.name === 'users' && typeof row.email === 'string') emails.push(row.email);
        }
        rowsByTable.set(t.name, lines);
      }
      if (rowsByTable.get('businesses')?.length !== 1) throw damaged('it must hold exactly one business');
      for (const f of manifest.files) {
        const body = entries.get(f.file);
        if (!body || f.file !== `files/${f.key}` || !f.key.startsWith(`${businessId}/`)) throw damaged(`${f.file} is missing`);
        if (sha256(body) !== f.sha256) throw damaged(f.file);
      }
      const rows = [...rowsByTable.values()].reduce((s, l) => s + l.length, 0);
      try {
        await db.transaction(async (tx) => {
          await repo.lockBusiness(tx, auth.businessId);
          const held = await repo.findHeldData(tx, tables, auth.businessId, auth.userId);
          if (held.length) throw conflict(`${BUSINESS_DATA_MSG.notEmpty} (${held.slice(0, 5).join(', ')})`).as('importNotEmpty');
          if (businessId !== auth.businessId && (await repo.hasBusiness(tx, businessId))) {
            throw conflict('This server already holds the business of this archive. Nothing was imported.').as('importBusinessExists');
          }
          const taken = await repo.findTakenEmails(tx, emails, auth.businessId);
          if (taken.length) {
            throw conflict(`These e-mail addresses already have an account on this server: ${taken.join(', ')}. Nothing was imported; remove or rename those accounts first.`)
              .as('importEmailTaken', { emails: taken.join(', ') });
          }
          await deps.principals.changed(tx, auth.businessId, auth.userId);
          await repo.deleteBusiness(tx, auth.businessId);
          for (const table of tables) {
            const lines = rowsByTable.get(table.name);
            const columns = manifest.tables.find((t) => t.name === table.name)?.columns;
            if (!lines?.length || !columns) continue;
            const size = table.isSelfReferencing ? lines.length : INSERT_BATCH;
            for (let i = 0; i < lines.length; i += size) await repo.insertRows(tx, table, columns, lines.slice(i, i + size));
          }
          const foreign = await repo.findForeignReference(tx, await repo.findBusinessForeignKeys(tx, tables), businessId);
          if (foreign) throw damaged(`a row names a record of another business: ${foreign}`);
          for (const f of manifest.files) await storage.put(f.key, entries.get(f.file)!, contentTypeOf(f.key));
          await audit(tx, { kind: 'system', businessId }, 'business.imported', {
            entity: 'business', entityId: businessId,
            after: { archiveCreatedAt: manifest.createdAt, tables: manifest.tables.length, rows, files: manifest.files.length, importedBy: auth.email, replacedBusinessId: auth.businessId },
          });
        });
      } catch (err) {
        throw describeDbError(err) ?? err;
      }
      deps.principals.forget(auth.userId);
      const businessRow = JSON.parse(rowsByTable.get('businesses')![0]) as { name: string };
      return {
        businessId, businessName: businessRow.name, tables: manifest.tables.length, rows, files: manifest.files.length,
        users: emails.map((e) => e.toLowerCase()).sort(), twoFactorDropped: manifest.twoFactorUsers ?? 0,
      };
    },
  };
};
export type TBusinessDataService = ReturnType<typeof createBusinessDataService>;
