import { randomUUID } from 'node:crypto';
import {
  INVENTORY_IMPORT_MAX_ROWS, INVENTORY_IMPORT_MSG, type TImportPreview, type TImportResult, type TImportRowError,
} from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { JobFailure, type TJobRunner } from '../../platform/jobs/jobs.ts';
import { clearStagedRows, createTimeSlicer, stageImportRows } from '../../platform/imports/staging.ts';
import { toImportJob } from '../../platform/imports/import-job.ts';
import type { TSheetUpload } from '../../platform/imports/sheet-upload.ts';
import { readSpreadsheet } from '../../platform/spreadsheets/read-spreadsheet.ts';
import type { TSheetFormat, TSheetLimits, TTable } from '../../platform/spreadsheets/sheet-limits.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import { isUniqueViolation } from './inventory.repo.ts';
import { applyStagedItems, findItemKeys, nameKey, type TStagedItem } from './inventory-import.repo.ts';
import { mapItemHeader, parseItemRow, rowError, type TItemRow } from './inventory-import-rows.ts';
import { isAtReorderLevel, receiptValue, toMilli } from './stock-math.ts';

export const INVENTORY_IMPORT_JOB = 'inventory-import';
const MAX_ERRORS_SHOWN = 1000;
/** Low items named in the import's reorder notice; the rest are counted. */
const LOW_NAMED = 10;
/** A stock list is a handful of short columns; the rest are the platform's defaults (size, texts, time, memory). */
const SHEET_LIMITS: Partial<TSheetLimits> = { maxRows: INVENTORY_IMPORT_MAX_ROWS, maxColumns: 50, maxCellChars: 500 };

type TImportPayload = TTable & { fileName: string; format: TSheetFormat; language: string; userName: string };
type TCandidate = { row: number; item: TItemRow };
export type TImportOptions = { language: string };

/** The staged form of a checked row: a fresh id (so its receipt can point at it), and the opening stock's value. */
const toStaged = ({ row, item }: TCandidate) => {
  const quantityMilli = toMilli(item.quantity);
  const unitCost = item.unitCostMinor ?? 0;
  const data: TStagedItem = {
    id: randomUUID(), tag_name: item.tagName, name: item.name, sku: item.sku, unit: item.unit, category: item.category,
    quantity: String(item.quantity), reorder_level: String(item.reorderLevel),
    stock_value: quantityMilli > 0 ? receiptValue(unitCost, quantityMilli) : 0, last_unit_cost: unitCost,
    // As for one created item: opening stock at or below the level is a crossing, told once (in the import's notice).
    reorder_alerted: quantityMilli > 0 && isAtReorderLevel(quantityMilli, toMilli(item.reorderLevel)),
  };
  return { row, data };
};

/**
 * Inventory import: the employee import's pattern (preview, then a job that stages the checked rows
 * and applies them in one short transaction), always all or nothing. A SKU or a (project, name) that
 * already names a live item is refused with that item's name: an import creates items, it never adds
 * to existing stock (docs/decisions.md, "Inventory import").
 */
export const createInventoryImportService = (deps: TDeps, opts: { notify: TNotify; jobs: TJobRunner }) => {
  const { db } = deps;

  const readSheet = async (upload: TSheetUpload) => {
    const table = await readSpreadsheet(upload.buffer, upload.format, SHEET_LIMITS);
    const header = mapItemHeader(table.header);
    if (header.missing.length) throw badRequest(`The file needs a header row with the columns: ${header.missing.join(', ')}`);
    if (table.rows.length === 0) throw badRequest(INVENTORY_IMPORT_MSG.empty);
    return { table, header };
  };

  /** Judges every row as the create form would, and against the business's items and the file's other rows. */
  const validate = async (tx: DbOrTx, businessId: string, input: { table: TTable; format: TSheetFormat; language: string }, onProgress?: (n: number) => void) => {
    const { columns } = mapItemHeader(input.table.header);
    const existing = await findItemKeys(tx, businessId);
    const seenSku = new Map<string, number>();
    const seenName = new Map<string, number>();
    const errors: TImportRowError[] = [];
    const valid: TCandidate[] = [];
    const slicer = createTimeSlicer();
    for (const [i, cells] of input.table.rows.entries()) {
      if (slicer.isDue()) {
        onProgress?.(i);
        await slicer.yield();
      }
      const row = i + 2;
      const { errors: own, item } = parseItemRow(cells, columns, { row, language: input.language, format: input.format });
      if (item?.sku) {
        const sku = item.sku.toLowerCase();
        const taken = existing.bySku.get(sku);
        if (seenSku.has(sku)) own.push(rowError(row, 'sku', `${item.sku} is also on row ${seenSku.get(sku)}`));
        else if (taken) own.push(rowError(row, 'sku', `${item.sku} already belongs to ${taken.name} (project ${taken.tagName}); receive more stock on that item instead`));
        if (!seenSku.has(sku)) seenSku.set(sku, row);
      }
      if (item) {
        const key = nameKey(item.tagName, item.name);
        if (seenName.has(key)) own.push(rowError(row, 'name', `${item.name} is also on row ${seenName.get(key)} for project ${item.tagName}`));
        else if (existing.byName.has(key)) own.push(rowError(row, 'name', `${item.name} already exists in project ${item.tagName}; receive more stock on that item instead`));
        if (!seenName.has(key)) seenName.set(key, row);
      }
      if (own.length || !item) errors.push(...own);
      else valid.push({ row, item });
    }
    onProgress?.(input.table.rows.length);
    return { valid, errors, invalidRows: new Set(errors.map((e) => e.row)).size };
  };

  const resultOf = (v: { valid: unknown[]; errors: TImportRowError[] }, created: number): TImportResult => ({
    created, skipped: 0, validCount: v.valid.length, errorCount: v.errors.length, errors: v.errors.slice(0, MAX_ERRORS_SHOWN),
  });

  /** Checks, stages in short statements, then creates the items and their opening receipts in one transaction with the audit row, notices and status. */
  opts.jobs.register(INVENTORY_IMPORT_JOB, async ({ job, progress, succeed }) => {
    const payload = job.payload as TImportPayload;
    const total = payload.rows.length;
    const businessId = job.businessId;
    progress({ phase: 'validating', processed: 0, total });
    const checked = await validate(db, businessId, { table: payload, format: payload.format, language: payload.language }, (n) => progress({ phase: 'validating', processed: n, total }));
    if (checked.errors.length) throw new JobFailure(INVENTORY_IMPORT_MSG.nothingImported, resultOf(checked, 0));
    progress({ phase: 'importing', processed: 0, total: checked.valid.length });
    const staged = checked.valid.map(toStaged);
    try {
      await stageImportRows(db, { businessId, jobId: job.id, items: staged, toRow: (s) => s, onProgress: (n) => progress({ phase: 'importing', processed: n, total: staged.length }) });
      await db.transaction(async (tx) => {
        const ids = await applyStagedItems(tx, {
          businessId, jobId: job.id, employeeNumber: payload.userName, actorId: job.createdById!, purpose: `Opening stock, imported from ${payload.fileName}`,
        });
        await clearStagedRows(tx, businessId, job.id);
        const received = staged.filter((s) => Number(s.data.quantity) > 0).length;
        await audit(tx, { kind: 'system', businessId }, 'inventory-item.imported', {
          entity: 'inventory-import', entityId: job.id,
          after: { startedBy: job.createdById, fileName: payload.fileName, created: ids.length, openingReceipts: received, itemIds: ids },
        });
        await opts.notify(tx, businessId, {
          category: 'Inventory', actionType: INVENTORY_IMPORT_MSG.finished,
          message: `${ids.length} item${ids.length === 1 ? '' : 's'} imported from ${payload.fileName}, ${received} with opening stock`,
        });
        const low = staged.filter((s) => s.data.reorder_alerted).map((s) => `${String(s.data.name)} (${String(s.data.tag_name)})`);
        if (low.length) {
          await opts.notify(tx, businessId, {
            category: 'Inventory', actionType: 'Reorder level',
            message: `${low.length} imported item${low.length === 1 ? ' is' : 's are'} at or below the reorder level: ${low.slice(0, LOW_NAMED).join(', ')}${low.length > LOW_NAMED ? ` and ${low.length - LOW_NAMED} more` : ''}`,
          });
        }
        await succeed(tx, resultOf(checked, ids.length));
      });
    } catch (err) {
      await clearStagedRows(db, businessId, job.id).catch(() => undefined);
      if (isUniqueViolation(err, 'inventory_items_business_sku_uq')) throw new JobFailure('An SKU of the file was given to another item while importing, so nothing was imported. Run the import again.');
      throw err;
    }
  });

  return {
    /** The dry run: what an import of this file would do, row by row; nothing is written. */
    preview: async (auth: TUserAuth, upload: TSheetUpload, o: TImportOptions): Promise<TImportPreview> => {
      const { table, header } = await readSheet(upload);
      const checked = await validate(db, auth.businessId, { table, format: upload.format, language: o.language });
      return {
        fileName: upload.fileName, format: upload.format, totalRows: table.rows.length, validCount: checked.valid.length,
        invalidCount: checked.invalidRows, errorCount: checked.errors.length, errors: checked.errors.slice(0, MAX_ERRORS_SHOWN),
        columns: { recognised: header.recognised, ignored: header.ignored },
      };
    },

    /** Queues the import; any bad row (then or by the time it runs) imports nothing. */
    start: async (auth: TUserAuth, upload: TSheetUpload, o: TImportOptions) => {
      const { table } = await readSheet(upload);
      const job = await db.transaction(async (tx) => {
        const created = await opts.jobs.enqueue(tx, {
          businessId: auth.businessId, kind: INVENTORY_IMPORT_JOB, total: table.rows.length, createdById: auth.userId,
          payload: { ...table, fileName: upload.fileName, format: upload.format, language: o.language, userName: auth.userName } satisfies TImportPayload,
        });
        await audit(tx, auth, 'inventory-item.import-started', { entity: 'inventory-import', entityId: created.id, after: { fileName: upload.fileName, rows: table.rows.length } });
        return created;
      });
      opts.jobs.kick();
      return { jobId: job.id, status: 'queued' as const, total: table.rows.length };
    },

    getJob: async (auth: TUserAuth, jobId: string) => {
      const row = await opts.jobs.get(db, auth.businessId, jobId);
      if (!row || row.kind !== INVENTORY_IMPORT_JOB) throw notFound('Import');
      return toImportJob(row);
    },
  };
};
export type TInventoryImportService = ReturnType<typeof createInventoryImportService>;
