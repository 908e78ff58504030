import { randomUUID } from 'node:crypto';
import { INVENTORY_IMPORT_MAX_ROWS, INVENTORY_IMPORT_MSG, type TImportRowError } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { audit } from '../../platform/audit.ts';
import { JobFailure, type TJobRunner } from '../../platform/jobs/jobs.ts';
import { clearStagedRows, createTimeSlicer, stageImportRows } from '../../platform/imports/staging.ts';
import { rowError } from '../../platform/imports/sheet-columns.ts';
import { createSheetImport, type TSheetInput } from '../../platform/imports/sheet-import.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import { isUniqueViolation } from './inventory.repo.ts';
import { applyStagedItems, findItemKeys, nameKey, type TStagedItem } from './inventory-import.repo.ts';
import { mapItemHeader, parseItemRow, type TItemRow } from './inventory-import-rows.ts';
import { isAtReorderLevel, receiptValue, toMilli } from './stock-math.ts';

export const INVENTORY_IMPORT_JOB = 'inventory-import';
/** Low items named in the import's reorder notice; the rest are counted. */
const LOW_NAMED = 10;

/** The staged form of a checked row: a fresh id (so its receipt can point at it), and the opening stock's value. */
const toStaged = ({ row, item }: { row: number; item: TItemRow }) => {
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

/** Judges every row as the create form would, and against the business's items and the file's other rows. */
const validate = async (tx: DbOrTx, businessId: string, input: TSheetInput, onProgress?: (n: number) => void) => {
  const { columns } = mapItemHeader(input.table.header);
  const existing = await findItemKeys(tx, businessId);
  const seenSku = new Map<string, number>();
  const seenName = new Map<string, number>();
  const errors: TImportRowError[] = [];
  const valid: Array<{ row: number; item: TItemRow }> = [];
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
  return { valid, errors };
};

/**
 * Inventory import (platform/imports/sheet-import.ts: preview, then an all-or-nothing job). The checked
 * rows are staged in short statements, then the items and their opening receipts are created in one
 * transaction with the audit row, the notices and the job's status. A SKU or a (project, name) that
 * already names a live item is refused with that item's name: an import creates items, it never adds to
 * existing stock (docs/decisions.md, "Inventory import").
 */
export const createInventoryImportService = (deps: TDeps, opts: { notify: TNotify; jobs: TJobRunner }) => {
  const { db } = deps;
  return createSheetImport<TItemRow>({ db, jobs: opts.jobs }, {
    kind: INVENTORY_IMPORT_JOB,
    // A stock list is a handful of short columns; the rest are the platform's defaults (size, texts, time, memory).
    limits: { maxRows: INVENTORY_IMPORT_MAX_ROWS, maxColumns: 50, maxCellChars: 500 },
    messages: { empty: INVENTORY_IMPORT_MSG.empty, nothingImported: INVENTORY_IMPORT_MSG.nothingImported },
    auditEntity: 'inventory-import',
    auditAction: 'inventory-item.import-started',
    mapHeader: mapItemHeader,
    validate,
    apply: async ({ job, payload, valid, progress, finish }) => {
      const businessId = job.businessId;
      const staged = valid.map(toStaged);
      try {
        await stageImportRows(db, { businessId, jobId: job.id, items: staged, toRow: (s) => s, onProgress: progress });
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
            category: 'Inventory', actionType: INVENTORY_IMPORT_MSG.finished, link: { screen: 'inventory', id: null },
            message: `${ids.length} item${ids.length === 1 ? '' : 's'} imported from ${payload.fileName}, ${received} with opening stock`,
          });
          const low = staged.filter((s) => s.data.reorder_alerted).map((s) => `${String(s.data.name)} (${String(s.data.tag_name)})`);
          if (low.length) {
            await opts.notify(tx, businessId, {
              category: 'Inventory', actionType: 'Reorder level', link: { screen: 'inventory', id: null },
              message: `${low.length} imported item${low.length === 1 ? ' is' : 's are'} at or below the reorder level: ${low.slice(0, LOW_NAMED).join(', ')}${low.length > LOW_NAMED ? ` and ${low.length - LOW_NAMED} more` : ''}`,
            });
          }
          await finish(tx, ids.length);
        });
      } catch (err) {
        await clearStagedRows(db, businessId, job.id).catch(() => undefined);
        if (isUniqueViolation(err, 'stock_items_business_sku_uq')) throw new JobFailure('An SKU of the file was given to another item while importing, so nothing was imported. Run the import again.');
        throw err;
      }
    },
  });
};
