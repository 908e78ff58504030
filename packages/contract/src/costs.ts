import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName, ZPageQuery } from './common.ts';
import { ZMajorAmount } from './employees.ts';

/** Rows one call may carry (overhead-cost, backlog, backlog-hashes, categorybacklog). */
export const COST_ROWS_MAX = 2000;
/** Rows a spreadsheet preview may hold; the web sends them on in chunks of BACKLOG_CHUNK. */
export const BACKLOG_PREVIEW_MAX_ROWS = 5000;
export const BACKLOG_CHUNK = 50;
export const BACKLOG_MAX_BYTES = 5 * 1024 * 1024;
/** A project's name within its business (`tagName`, `tag`). */
/** A project's name as the cost calls carry it (the inventory contract's, shared). */
import { ZTagName } from './inventory.ts';
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const ZPositiveAmount = ZMajorAmount.refine((v) => Number(v) > 0, 'must be more than 0');

/** One overhead row: what was spent, on what, how much (major units) and when. */
/**
 * An amount as people and spreadsheets write it ("162,500.00", "162500", "₦162,500", "GHS 1 500", 162500, "1.500,50")
 * → integer minor units, read from its text (never through a float); null when it is not an amount of 0 or more with at
 * most two decimals. A lone "," or "." before one or two digits is a decimal mark; in groups of three it groups.
 */
export const costAmountMinor = (amount: string | number): number | null => {
  let text = String(amount).replace(/[\s\u00a0\u202f']/g, '').replace(/^[^\d.,-]+|[^\d]+$/g, '');
  if (!text || text.startsWith('-')) return null;
  const dot = text.lastIndexOf('.');
  const comma = text.lastIndexOf(',');
  let whole: string;
  let frac = '';
  if (dot >= 0 && comma >= 0) {
    const [decimal, group] = dot > comma ? ['.', ','] : [',', '.'];
    text = text.split(group).join('');
    [whole, frac = ''] = text.split(decimal);
  } else if (comma >= 0 || dot >= 0) {
    const mark = comma >= 0 ? ',' : '.';
    const grouped = new RegExp(`^\\d{1,3}(\\${mark}\\d{3})+$`);
    const decimal = new RegExp(`^\\d*\\${mark}\\d{1,2}$`);
    if (decimal.test(text)) [whole, frac = ''] = text.split(mark);
    else if (grouped.test(text)) whole = text.split(mark).join('');
    else return null;
  } else whole = text;
  if (!/^\d{0,13}$/.test(whole) || !/^\d{0,2}$/.test(frac) || whole + frac === '') return null;
  return Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
};

/** Minor units → the API's major-unit text ("162500.00"). */
export const minorToMajorText = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** Text as compared for duplicates: trimmed, lower-cased, inner runs of white space made one space. */
export const normaliseCostText = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A cost amount: plain or formatted ("162,500.00", "₦162,500"); read to the canonical major text the server parses. */
const API_AMOUNT = /^(\d{1,13}|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/;
export const ZCostAmount = z.union([z.number(), z.string().trim()])
  .superRefine((v, ctx) => {
    // The API reads "." as the decimal mark and "," as a thousands group (with an optional currency sign); an ambiguous
    // "12.345" stays refused rather than guessed.
    const bare = String(v).replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d]+/, '');
    const minor = API_AMOUNT.test(bare) ? costAmountMinor(v) : null;
    if (minor === null) ctx.addIssue({ code: 'custom', message: 'must be an amount with at most 2 decimal places, such as 1500000 or 38686.67' });
    else if (minor <= 0) ctx.addIssue({ code: 'custom', message: 'must be more than 0' });
  })
  .transform((v) => minorToMajorText(costAmountMinor(v) ?? 0));

export const ZCostRowInput = z.object({
  description: ZName(300),
  category: ZName(80),
  amount: ZCostAmount.describe('major units, e.g. 15000, "15000.50" or "162,500.00" (thousands separators and a currency sign are read)'),
  date: ZDate,
});
export type TCostRowInput = z.infer<typeof ZCostRowInput>;

export const COST_SOURCES = ['manual', 'backlog', 'ocr', 'expense-claim'] as const;
export const ZCostRecord = z.object({
  _id: ZId,
  tagName: z.string(),
  description: z.string(),
  category: z.string(),
  amountMinor: z.number().int().describe('integer minor units (kobo, pesewa)'),
  date: z.string(),
  employeeName: z.string(),
  source: z.enum(COST_SOURCES),
  createdAt: z.string(),
  /** Issue 35: an OCR'd supplier invoice already entered on a purchase order — "Already in procurement as PO-… invoice …"; it adds no cost. */
  linkedTo: z.string().nullable().optional(),
});
export type TCostRecord = z.infer<typeof ZCostRecord>;

const projectFields = {
  email: ZEmail,
  tagName: ZTagName,
  projectDescription: text(2000).default(''),
  projectScope: text(2000).default(''),
};

export const ZOverheadCostInput = z.object({
  ...projectFields,
  employeeName: ZName(120),
  records: z.array(ZCostRowInput).min(1, 'must hold at least one row').max(COST_ROWS_MAX, `must hold at most ${COST_ROWS_MAX} rows`),
  source: z.enum(['manual', 'ocr']).optional().describe('ocr: the rows were read from a receipt and confirmed by the user'),
  vendorName: z.string().trim().max(200, 'must be at most 200 characters').optional().describe('ocr: the supplier on the receipt (issue 35: matched against vendor invoices on orders)'),
  invoiceNumber: z.string().trim().max(80, 'must be at most 80 characters').optional().describe('ocr: the supplier\'s invoice number on the receipt'),
});
export type TOverheadCostInput = z.infer<typeof ZOverheadCostInput>;

export const ZBacklogInput = z.object({
  ...projectFields,
  formattedData: z.array(ZCostRowInput).min(1, 'must hold at least one row').max(COST_ROWS_MAX, `must hold at most ${COST_ROWS_MAX} rows`),
  // Issue 35: one file sent in chunks is one import batch: the first chunk names the file, the next ones carry its batchId.
  fileName: text(200).optional().describe('the imported file\'s name (shown in the list of imports)'),
  batchId: ZId.optional().describe('the batch the first chunk of this file opened (answer of that call)'),
});
export type TBacklogInput = z.infer<typeof ZBacklogInput>;

/** A row's identity: SHA-256 (hex) of backlogRowKey. */
export const ZRowHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hash in hex (64 characters)');
export const ZBacklogHashesInput = ZBacklogInput.extend({
  hashes: z.array(ZRowHash).max(COST_ROWS_MAX),
}).refine((v) => v.hashes.length === v.formattedData.length, { path: ['hashes'], message: 'must hold one hash per row of formattedData' });
export type TBacklogHashesInput = z.infer<typeof ZBacklogHashesInput>;

export const ZCategoryBacklogInput = z.object({
  email: ZEmail,
  tagName: ZTagName,
  employeeName: ZName(120),
  entries: z.array(ZCostRowInput).min(1, 'must hold at least one row').max(COST_ROWS_MAX, `must hold at most ${COST_ROWS_MAX} rows`),
});
export type TCategoryBacklogInput = z.infer<typeof ZCategoryBacklogInput>;

/**
 * The text a backlog row is hashed from: its normalised fields (ISO date; description and category trimmed, lower-cased,
 * inner spaces collapsed; the amount in minor units, so "162,500.00", "162500" and "₦162,500" are one) plus how many identical rows came
 * before it in the same file, so two real purchases alike in every field stay two rows while a
 * second import of the same file matches the first one row for row.
 */
export const backlogRowKey = (row: { date: string; description: string; category: string; amount: string | number }, occurrence: number) =>
  [row.date.trim().slice(0, 10), normaliseCostText(row.description), normaliseCostText(row.category), String(costAmountMinor(row.amount) ?? String(row.amount).trim()), String(occurrence)].join('\u001f');

export const ZBacklogResult = z.object({
  tagName: z.string(),
  received: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int().describe('rows already imported earlier (same hash)'),
  batchId: z.string().optional().describe('the import batch the rows were added to (send it with the next chunk of the file)'),
});
export type TBacklogResult = z.infer<typeof ZBacklogResult>;

export const ZTagParams = z.object({ email: ZEmail, tag: ZTagName });
/**
 * all-records / filtered-record: the spec's page and limit, plus (issue 35) a search and filters applied on the server
 * over every page; the answer adds `totalAmountMinor`, the sum of ALL matching rows.
 */
export const ZCostListQuery = ZPageQuery.extend({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional().describe('text in the description, category or employee name'),
  category: z.string().trim().max(80, 'must be at most 80 characters').optional(),
  source: z.enum(COST_SOURCES).optional(),
  from: ZDate.optional().describe('first date, YYYY-MM-DD'),
  to: ZDate.optional().describe('last date, YYYY-MM-DD'),
  min: ZMajorAmount.optional().describe('smallest amount, major units'),
  max: ZMajorAmount.optional().describe('largest amount, major units'),
  batchId: ZId.optional().describe('records of one import batch'),
});
export type TCostListQuery = z.infer<typeof ZCostListQuery>;

/** An import of a spreadsheet into a project (issue 35): listed, and undone as a whole. */
export const COST_BATCH_STATUSES = ['active', 'undone'] as const;
export const ZCostImportBatch = z.object({
  _id: ZId,
  tagName: z.string(),
  fileName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  received: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** Records of the batch still on the project (fewer than imported once some were deleted one by one). */
  remaining: z.number().int(),
  amountMinor: z.number().int().describe('sum of the batch\'s remaining records'),
  status: z.enum(COST_BATCH_STATUSES),
  undoneBy: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type TCostImportBatch = z.infer<typeof ZCostImportBatch>;
export const ZCostBatchQuery = z.object({ tagName: ZTagName.optional() });
export const ZCostBatchParams = z.object({ email: ZEmail, id: ZId });
export const ZCostBatchUndone = z.object({ batch: ZCostImportBatch, deleted: z.number().int() });
export const COST_BATCH_MSG = {
  undone: 'Import undone',
  alreadyUndone: 'This import was already undone',
} as const;

export const ZUpdateRecord = z.object({
  id: ZId,
  description: ZName(300).optional(),
  category: ZName(80).optional(),
  amount: ZPositiveAmount.optional(),
  date: ZDate.optional(),
}).refine((v) => [v.description, v.category, v.amount, v.date].some((x) => x !== undefined), 'send at least one field to change');
export type TUpdateRecord = z.infer<typeof ZUpdateRecord>;

export const ZGroupDelete = z.object({
  email: ZEmail,
  recordIds: z.array(ZId).min(1, 'must hold at least one id').max(1000, 'must hold at most 1000 ids'),
});

/** A project's records with their totals (records/{email}/{tag}). */
export const ZProjectRecords = z.object({
  tagName: z.string(),
  projectDescription: z.string(),
  projectScope: z.string(),
  totalMinor: z.number().int(),
  records: z.array(ZCostRecord),
});

export const ZAddPayment = z.object({
  email: ZEmail,
  tagName: ZTagName,
  newPaymentEntry: z.object({ amount: ZPositiveAmount, date: ZDate }),
});
export type TAddPayment = z.infer<typeof ZAddPayment>;
export const ZProjectPayment = z.object({
  _id: ZId, tagName: z.string(), amountMinor: z.number().int(), date: z.string(), createdAt: z.string(),
  certificateId: ZId.nullable().optional().describe('the certificate this receipt pays; null for a plain payment'),
  certificateNumber: z.string().nullable().optional().describe("that certificate's number"),
});
export type TProjectPayment = z.infer<typeof ZProjectPayment>;
export const ZPaymentQuery = z.object({ email: ZEmail, tagName: ZTagName.optional() });

/** A project with its money: what it may spend, what it spent, what it was paid. */
export const ZProjectFigures = z.object({
  tagName: z.string(),
  dept: z.string(),
  projectDescription: z.string(),
  projectScope: z.string(),
  budgetMinor: z.number().int().nullable(),
  overheadsMinor: z.number().int(),
  paymentsMinor: z.number().int(),
  stockUsedMinor: z.number().int().nullable().describe('stock used or issued on the project (project cost ledger, at moving-average cost)'),
  payrollMinor: z.number().int().describe('payroll labour charged to the project (project cost ledger)'),
  marginMinor: z.number().int().describe('payments − overheads − stock used'),
  recordCount: z.number().int(),
  lastRecordDate: z.string().nullable(),
});
export type TProjectFigures = z.infer<typeof ZProjectFigures>;
export const ZProjectsQuery = z.object({ dept: ZName(120).optional() });

export const ZProjectSettings = z.object({
  email: ZEmail,
  tagName: ZTagName,
  dept: ZName(120).default('default'),
  projectDescription: text(2000).optional(),
  projectScope: text(2000).optional(),
  budget: ZMajorAmount.nullable().optional().describe('major units; null clears it'),
});
export type TProjectSettings = z.infer<typeof ZProjectSettings>;

export const ZMonthFigure = z.object({ month: z.string().describe('YYYY-MM'), overheadsMinor: z.number().int(), paymentsMinor: z.number().int() });
export const ZCategoryFigure = z.object({ category: z.string(), totalMinor: z.number().int() });
export const ZManagementView = z.object({
  totals: z.object({ overheadsMinor: z.number().int(), paymentsMinor: z.number().int(), stockUsedMinor: z.number().int().nullable(), payrollMinor: z.number().int().nullable(), marginMinor: z.number().int() }),
  projects: z.array(ZProjectFigures),
  months: z.array(ZMonthFigure),
  categories: z.array(ZCategoryFigure),
});
export type TManagementView = z.infer<typeof ZManagementView>;

export const ZBacklogPreview = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  truncated: z.boolean(),
  /** Rows of the file alike once normalised (amounts, dates, text), as sheet row numbers (header = 1), per group. */
  duplicates: z.array(z.array(z.number().int())).optional(),
});
export type TBacklogPreview = z.infer<typeof ZBacklogPreview>;
