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
export const ZCostRowInput = z.object({
  description: ZName(300),
  category: ZName(80),
  amount: ZPositiveAmount.describe('major units, e.g. 15000 or "15000.50"'),
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
});
export type TOverheadCostInput = z.infer<typeof ZOverheadCostInput>;

export const ZBacklogInput = z.object({
  ...projectFields,
  formattedData: z.array(ZCostRowInput).min(1, 'must hold at least one row').max(COST_ROWS_MAX, `must hold at most ${COST_ROWS_MAX} rows`),
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
 * The text a backlog row is hashed from: its normalised fields plus how many identical rows came
 * before it in the same file, so two real purchases alike in every field stay two rows while a
 * second import of the same file matches the first one row for row.
 */
export const backlogRowKey = (row: { date: string; description: string; category: string; amount: string | number }, occurrence: number) =>
  [row.date.trim(), row.description.trim().toLowerCase(), row.category.trim().toLowerCase(), String(row.amount).trim(), String(occurrence)].join('\u001f');

export const ZBacklogResult = z.object({
  tagName: z.string(),
  received: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int().describe('rows already imported earlier (same hash)'),
});
export type TBacklogResult = z.infer<typeof ZBacklogResult>;

export const ZTagParams = z.object({ email: ZEmail, tag: ZTagName });
export const ZCostListQuery = ZPageQuery;

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
export const ZProjectPayment = z.object({ _id: ZId, tagName: z.string(), amountMinor: z.number().int(), date: z.string(), createdAt: z.string() });
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
});
export type TBacklogPreview = z.infer<typeof ZBacklogPreview>;
