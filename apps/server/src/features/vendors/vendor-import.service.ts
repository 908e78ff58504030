import { VENDOR_IMPORT_MAX_ROWS, VENDOR_IMPORT_MSG, ZVendorInput, type TImportRowError, type TVendorInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { audit } from '../../platform/audit.ts';
import { JobFailure, type TJobRunner } from '../../platform/jobs/jobs.ts';
import { createTimeSlicer } from '../../platform/imports/staging.ts';
import { cellOf, mapColumns, rowError } from '../../platform/imports/sheet-columns.ts';
import { createSheetImport, type TSheetInput } from '../../platform/imports/sheet-import.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import * as repo from './vendors.repo.ts';
import { vendorValues } from './vendors.service.ts';

export const VENDOR_IMPORT_JOB = 'vendor-import';

type TVendorField = 'name' | 'contactName' | 'email' | 'phone' | 'address' | 'bankName' | 'bankAccountNumber' | 'bankAccountName' | 'taxId' | 'categories' | 'rating' | 'notes';
/** Header names people use, compared in lower case without spaces or punctuation. */
const ALIASES: Record<TVendorField, string[]> = {
  name: ['name', 'vendor', 'vendorname', 'supplier', 'suppliername', 'company', 'companyname'],
  contactName: ['contactname', 'contact', 'contactperson'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'mobile', 'telephone', 'tel'],
  address: ['address'],
  bankName: ['bankname', 'bank'],
  bankAccountNumber: ['bankaccountnumber', 'accountnumber', 'accountno', 'nuban'],
  bankAccountName: ['bankaccountname', 'accountname'],
  taxId: ['taxid', 'tin', 'taxidentificationnumber', 'taxnumber'],
  categories: ['categories', 'category'],
  rating: ['rating', 'stars'],
  notes: ['notes', 'note', 'remarks', 'comments'],
};
export const mapVendorHeader = (header: string[]) => mapColumns(header, ALIASES, { fields: ['name'], labels: { name: 'Name' } });

/** One row's cells judged by the vendor form's schema; categories are separated by , ; or |. */
const parseVendorRow = (cells: string[], columns: Partial<Record<TVendorField, number>>, row: number) => {
  const get = cellOf(cells, columns);
  const rating = get('rating');
  const errors: TImportRowError[] = [];
  if (rating !== undefined && !/^[1-5](\.0+)?$/.test(rating)) errors.push(rowError(row, 'rating', `"${rating}" must be a whole number from 1 to 5`));
  const parsed = ZVendorInput.safeParse({
    name: get('name') ?? '', contactName: get('contactName'), email: get('email'), phone: get('phone'), address: get('address'),
    bankName: get('bankName'), bankAccountNumber: get('bankAccountNumber')?.replace(/[\s-]/g, ''), bankAccountName: get('bankAccountName'), taxId: get('taxId'),
    categories: get('categories')?.split(/[,;|]/).map((c) => c.trim()).filter(Boolean), rating: rating && errors.length === 0 ? Number(rating) : undefined, notes: get('notes'),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (!errors.some((e) => e.field === field)) errors.push(rowError(row, field, issue.message));
    }
  }
  return { errors, vendor: parsed.success && errors.length === 0 ? (parsed.data as TVendorInput) : null };
};

/** Judges every row, and a name against the business's vendors and the file's other rows (names are unique, as for add-vendors). */
const validate = async (tx: DbOrTx, businessId: string, input: TSheetInput, onProgress?: (n: number) => void) => {
  const { columns } = mapVendorHeader(input.table.header);
  const nameAt = columns.name;
  const names = nameAt === undefined ? [] : [...new Set(input.table.rows.map((r) => (r[nameAt] ?? '').trim()).filter(Boolean))];
  const taken = new Map((await repo.findVendorsNamed(tx, businessId, names)).map((v) => [v.name.toLowerCase(), v.name]));
  const seen = new Map<string, number>();
  const errors: TImportRowError[] = [];
  const valid: Array<{ row: number; item: TVendorInput }> = [];
  const slicer = createTimeSlicer();
  for (const [i, cells] of input.table.rows.entries()) {
    if (slicer.isDue()) {
      onProgress?.(i);
      await slicer.yield();
    }
    const row = i + 2;
    const { errors: own, vendor } = parseVendorRow(cells, columns, row);
    if (vendor) {
      const key = vendor.name.toLowerCase();
      if (seen.has(key)) own.push(rowError(row, 'name', `${vendor.name} is also on row ${seen.get(key)}`));
      else if (taken.has(key)) own.push(rowError(row, 'name', `a vendor named "${taken.get(key)}" already exists`));
      if (!seen.has(key)) seen.set(key, row);
    }
    if (own.length || !vendor) errors.push(...own);
    else valid.push({ row, item: vendor });
  }
  onProgress?.(input.table.rows.length);
  return { valid, errors };
};

/** Vendor import: the columns of the vendor form, all rows or none (platform/imports/sheet-import.ts). */
export const createVendorImportService = (deps: TDeps, opts: { notify: TNotify; jobs: TJobRunner }) => {
  const { db } = deps;
  return createSheetImport<TVendorInput>({ db, jobs: opts.jobs }, {
    kind: VENDOR_IMPORT_JOB,
    limits: { maxRows: VENDOR_IMPORT_MAX_ROWS, maxColumns: 50, maxCellChars: 2_000 },
    messages: { empty: VENDOR_IMPORT_MSG.empty, nothingImported: VENDOR_IMPORT_MSG.nothingImported },
    auditEntity: 'vendor-import',
    auditAction: 'vendor.import-started',
    mapHeader: mapVendorHeader,
    validate,
    // At most 2,000 short rows: one multi-row INSERT in the job's transaction, no staging needed.
    apply: async ({ job, payload, valid, finish }) => {
      const businessId = job.businessId;
      await db.transaction(async (tx) => {
        const clash = await repo.findVendorsNamed(tx, businessId, valid.map((v) => v.item.name));
        if (clash.length) throw new JobFailure(`A vendor named "${clash[0].name}" was added while importing, so nothing was imported. Run the import again.`);
        const rows = await repo.createVendors(tx, valid.map((v) => ({ businessId, ...vendorValues(v.item) })));
        await audit(tx, { kind: 'system', businessId }, 'vendor.created', rows.map((r) => ({ entity: 'vendor' as const, entityId: r.id, after: repo.toVendor(r) })));
        await audit(tx, { kind: 'system', businessId }, 'vendor.imported', {
          entity: 'vendor-import', entityId: job.id, after: { startedBy: job.createdById, fileName: payload.fileName, created: rows.length, vendorIds: rows.map((r) => r.id) },
        });
        await opts.notify(tx, businessId, {
          category: 'Procurement', actionType: VENDOR_IMPORT_MSG.finished,
          message: `${rows.length} vendor${rows.length === 1 ? '' : 's'} imported from ${payload.fileName}`, link: { screen: 'vendors', id: null },
        });
        await finish(tx, rows.length);
      });
    },
  });
};
