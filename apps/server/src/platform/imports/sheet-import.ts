import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZImportPreview, ZImportStarted, ZJob, ZJobIdParams, ZOk, type TImportPreview, type TImportResult, type TImportRowError, type TRole } from '@bizdesk/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { allow, userAuth, type TUserAuth } from '../auth/guard.ts';
import { audit, type AUDIT_ENTITIES } from '../audit.ts';
import { badRequest, notFound } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import { JobFailure, type TJobRow, type TJobRunner } from '../jobs/jobs.ts';
import { readSpreadsheet } from '../spreadsheets/read-spreadsheet.ts';
import type { TSheetFormat, TSheetLimits, TTable } from '../spreadsheets/sheet-limits.ts';
import { toImportJob } from './import-job.ts';
import { readSheetUpload, type TSheetUpload } from './sheet-upload.ts';

const MAX_ERRORS_SHOWN = 1000;

/** What the rows are judged with: the sheet, its format and the language its numbers are written in. */
export type TSheetInput = { table: TTable; format: TSheetFormat; language: string };
/** A queued import: the sheet, and who started it. */
export type TSheetPayload = TTable & { fileName: string; format: TSheetFormat; language: string; userName: string; importValidRows?: boolean };
export type TChecked<TCandidate> = { valid: Array<{ row: number; item: TCandidate }>; errors: TImportRowError[] };

/**
 * An all-or-nothing spreadsheet import of one feature (inventory items, vendors): the employee import's
 * pattern without its "valid rows only" choice. The feature says how to read the header, how to judge
 * the rows (against its data and the file's other rows) and how to apply the checked rows in the
 * transaction that also marks the job done.
 */
export type TSheetImportSpec<TCandidate> = {
  kind: string;
  /** true: the caller may choose to import the valid rows and skip the bad ones (the employee import's choice); default all or nothing. */
  allowValidRows?: boolean;
  limits: Partial<TSheetLimits>;
  messages: { empty: string; nothingImported: string };
  auditEntity: keyof typeof AUDIT_ENTITIES;
  auditAction: string;
  mapHeader: (header: string[]) => { recognised: string[]; ignored: string[]; missing: string[] };
  validate: (db: DbOrTx, businessId: string, input: TSheetInput, onProgress?: (processed: number) => void) => Promise<TChecked<TCandidate>>;
  /** Writes the rows; `finish` (inside `tx`) records the job's result. Throw JobFailure for a clash found while applying. */
  apply: (ctx: {
    job: TJobRow; payload: TSheetPayload; valid: Array<{ row: number; item: TCandidate }>;
    progress: (processed: number) => void; finish: (tx: Tx, created: number) => Promise<void>;
  }) => Promise<void>;
};

const resultOf = (checked: TChecked<unknown>, created: number): TImportResult => ({
  created, skipped: new Set(checked.errors.map((e) => e.row)).size, validCount: checked.valid.length, errorCount: checked.errors.length, errors: checked.errors.slice(0, MAX_ERRORS_SHOWN),
});

export const createSheetImport = <TCandidate>(deps: { db: Db; jobs: TJobRunner }, spec: TSheetImportSpec<TCandidate>) => {
  const { db, jobs } = deps;

  /** Reads the sheet and refuses, as a whole, a file that cannot be this kind of list. */
  const readSheet = async (upload: TSheetUpload) => {
    const table = await readSpreadsheet(upload.buffer, upload.format, spec.limits);
    const header = spec.mapHeader(table.header);
    if (header.missing.length) throw badRequest(`The file needs a header row with the columns: ${header.missing.join(', ')}`).as('importHeaderMissing', { columns: header.missing.join(', ') });
    if (table.rows.length === 0) throw badRequest(spec.messages.empty);
    return { table, header };
  };

  jobs.register(spec.kind, async ({ job, progress, succeed }) => {
    const payload = job.payload as TSheetPayload;
    const total = payload.rows.length;
    progress({ phase: 'validating', processed: 0, total });
    const checked = await spec.validate(db, job.businessId, { table: payload, format: payload.format, language: payload.language }, (n) => progress({ phase: 'validating', processed: n, total }));
    if (checked.errors.length && !(spec.allowValidRows && payload.importValidRows)) throw new JobFailure(spec.messages.nothingImported, { ...resultOf(checked, 0), skipped: 0 });
    progress({ phase: 'importing', processed: 0, total: checked.valid.length });
    await spec.apply({
      job, payload, valid: checked.valid,
      progress: (n) => progress({ phase: 'importing', processed: n, total: checked.valid.length }),
      finish: (tx, created) => succeed(tx, resultOf(checked, created)),
    });
  });

  return {
    /** The dry run: what an import of this file would do, row by row; nothing is written. */
    preview: async (auth: TUserAuth, upload: TSheetUpload, o: { language: string }): Promise<TImportPreview> => {
      const { table, header } = await readSheet(upload);
      const checked = await spec.validate(db, auth.businessId, { table, format: upload.format, language: o.language });
      return {
        fileName: upload.fileName, format: upload.format, totalRows: table.rows.length, validCount: checked.valid.length,
        invalidCount: new Set(checked.errors.map((e) => e.row)).size, errorCount: checked.errors.length, errors: checked.errors.slice(0, MAX_ERRORS_SHOWN),
        columns: { recognised: header.recognised, ignored: header.ignored },
      };
    },

    /** Queues the import; any bad row (then, or by the time it runs) imports nothing. */
    start: async (auth: TUserAuth, upload: TSheetUpload, o: { language: string; importValidRows?: boolean }) => {
      const { table } = await readSheet(upload);
      const job = await db.transaction(async (tx) => {
        const created = await jobs.enqueue(tx, {
          businessId: auth.businessId, kind: spec.kind, total: table.rows.length, createdById: auth.userId,
          payload: { ...table, fileName: upload.fileName, format: upload.format, language: o.language, userName: auth.userName, importValidRows: spec.allowValidRows === true && o.importValidRows === true } satisfies TSheetPayload,
        });
        await audit(tx, auth, spec.auditAction, { entity: spec.auditEntity, entityId: created.id, after: { fileName: upload.fileName, rows: table.rows.length } });
        return created;
      });
      jobs.kick();
      return { jobId: job.id, status: 'queued' as const, total: table.rows.length };
    },

    getJob: async (auth: TUserAuth, jobId: string) => {
      const row = await jobs.get(db, auth.businessId, jobId);
      if (!row || row.kind !== spec.kind) throw notFound('Import');
      return toImportJob(row);
    },
  };
};
export type TSheetImport = ReturnType<typeof createSheetImport>;

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const ZLanguageQuery = z.object({ language: z.string().regex(LANGUAGE, 'must be a language tag such as en, de or fr').optional() });

/**
 * `POST {path}/preview`, `POST {path}` (202, a job) and `GET {path}/{jobId}` for one import. The file's
 * language (how its numbers are written) is a multipart field before the file, or `?language=`; default en.
 */
export const sheetImportRoutes = (opts: { path: string; roles: readonly TRole[]; service: TSheetImport; tags: string[]; baseName: string; columns: string; allowValidRows?: boolean }) =>
  async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const { path, service, tags } = opts;
    const config = allow(...opts.roles);
    const read = async (req: Parameters<typeof readSheetUpload>[0], query: z.infer<typeof ZLanguageQuery>) => {
      const upload = await readSheetUpload(req, opts.baseName);
      const language = upload.fields.language ?? query.language ?? 'en';
      if (!LANGUAGE.test(language) || Intl.NumberFormat.supportedLocalesOf([language]).length === 0) throw badRequest('language: must be a language tag such as en, de or fr');
      return { upload, language };
    };

    app.post(`${path}/preview`, {
      schema: { tags, consumes: ['multipart/form-data'], querystring: ZLanguageQuery, response: { 200: ZOk(ZImportPreview) }, description: `Dry run. multipart: language (optional) then file (CSV or .xlsx, at most 10 MB; header row first). ${opts.columns}. Nothing is written.` },
      config,
    }, async (req) => {
      const { upload, language } = await read(req, req.query);
      return ok(await service.preview(userAuth(req), upload, { language }));
    });

    app.post(path, {
      schema: { tags, consumes: ['multipart/form-data'], querystring: ZLanguageQuery, response: { 202: ZOk(ZImportStarted) }, description: `Starts an all-or-nothing import job (a bad row imports nothing). Poll GET ${path.replace('/api/v1', '')}/{jobId}.` },
      config,
    }, async (req, reply) => {
      const { upload, language } = await read(req, req.query);
      // Only imports that offer the choice read it; "true" imports the valid rows and skips the bad ones.
      const flag = opts.allowValidRows ? upload.fields.importValidRows ?? 'false' : 'false';
      if (flag !== 'true' && flag !== 'false') throw badRequest('importValidRows: must be true or false');
      return reply.code(202).send(ok(await service.start(userAuth(req), upload, { language, importValidRows: flag === 'true' }), MSG.importStarted));
    });

    app.get(`${path}/:jobId`, { schema: { tags, params: ZJobIdParams, response: { 200: ZOk(ZJob) } }, config },
      async (req) => ok(await service.getJob(userAuth(req), req.params.jobId)));
  };
