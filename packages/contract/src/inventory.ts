import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName, ZPageQuery } from './common.ts';
import { ZEmployeeNumberInput, ZMajorAmount } from './employees.ts';

/** Inventory's own texts (the spec's verbatim ones are in MSG). */
export const INVENTORY_MSG = {
  itemCreated: 'Item added to the inventory',
  itemUpdated: 'Item updated',
  itemDeleted: 'Item deleted',
  itemConnected: 'Item connected to the collection point',
  itemDisconnected: 'Item disconnected from its collection point',
  departmentUpdated: 'Department updated for the selected items',
  stockIn: 'Stock received',
  stockOut: 'Stock issued',
  stockUsed: 'Stock use recorded',
  stockReplayed: 'This movement was already recorded; nothing changed',
  energySaved: 'Energy entry saved',
  reportWritten: 'Energy report written',
  truckCreated: 'Truck added to the fleet',
  truckAssigned: 'Truck assigned to the project',
  truckReleased: 'Truck released from its project',
  truckDeleted: 'Truck removed from the fleet',
  truckEntrySaved: 'Truck entry saved',
  fleetRequisitionCreated: 'Fleet requisition submitted',
  fleetRequisitionApproved: 'Fleet requisition approved and the truck booked',
  approvalRecorded: 'Your approval is recorded; more approvals are needed',
} as const;

const QTY_TEXT = /^\d{1,11}(\.\d{1,3})?$/;
/** A quantity (bags, litres, tonnes): up to 3 decimals, as a number or text. Zero allowed where said. */
export const ZQuantity = z.union([
  z.number().refine((n) => n >= 0 && QTY_TEXT.test(String(n)), 'must be a quantity of 0 or more with at most 3 decimal places'),
  z.string().trim().regex(QTY_TEXT, 'must be a quantity of 0 or more with at most 3 decimal places, such as 12 or 12.5'),
]).transform((v) => Number(v));
export const ZPositiveQuantity = ZQuantity.refine((n) => n > 0, 'must be more than 0');

export const ZTagName = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters')
  .refine((v) => !/[/\\]/.test(v), 'must not contain / or \\');
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();

/** POST /inventory/create. Context fields of the spec (ownerEmail, businessName, employeeNumber) are optional; ownerEmail is checked when sent. */
export const ZInventoryItemInput = z.object({
  ownerEmail: ZEmail.optional(),
  businessName: z.string().trim().max(200).optional(),
  employeeNumber: ZEmployeeNumberInput.optional().describe('who records the opening stock (defaults to the user)'),
  tagName: ZTagName.describe('the project the stock belongs to'),
  name: ZName(160),
  sku: optionalText(60),
  unit: ZName(30).describe('unit of measure: bags, litres, pieces…'),
  category: optionalText(80),
  reorderLevel: ZQuantity.optional().describe('a notice goes out when stock falls to this level'),
  quantity: ZQuantity.optional().describe('opening stock, recorded as a receipt'),
  unitCost: ZMajorAmount.optional().describe('cost of one unit of the opening stock, in major units'),
  collectionPointId: ZId.nullish(),
});
export type TInventoryItemInput = z.infer<typeof ZInventoryItemInput>;

/** POST /inventory/update/{id}: any of name, sku, unit, category, reorder level, project. Stock changes only by movements. */
export const ZInventoryItemUpdate = z.object({
  tagName: ZTagName.optional(),
  name: ZName(160).optional(),
  sku: z.string().trim().max(60, 'must be at most 60 characters').optional().describe('empty clears it'),
  unit: ZName(30).optional(),
  category: z.string().trim().max(80, 'must be at most 80 characters').optional().describe('empty clears it'),
  reorderLevel: ZQuantity.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export type TInventoryItemUpdate = z.infer<typeof ZInventoryItemUpdate>;

export const ZInventoryItem = z.object({
  _id: ZId,
  /** The master item this stock row holds (issue 34): transfers and requisitions name it. */
  stockItemId: ZId,
  tagName: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  category: z.string().nullable(),
  quantity: z.number(),
  reorderLevel: z.number(),
  averageCostMinor: z.number().int().describe('moving-average cost of one unit, minor units'),
  stockValueMinor: z.number().int().describe('quantity × average cost, minor units'),
  isAtReorderLevel: z.boolean(),
  collectionPointId: ZId.nullable(),
  collectionPointName: z.string().nullable(),
  departmentId: ZId.nullable(),
  department: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  locationId: ZId.optional().describe('the store, site or project holding it'),
});
export type TInventoryItem = z.infer<typeof ZInventoryItem>;

export const ZEmailBody = z.object({ email: ZEmail });
export const ZStockBalanceBody = z.object({ email: ZEmail, tagName: ZTagName.optional() });
export const ZPointParams = z.object({ email: ZEmail, tag: ZTagName });
export const ZProjectParams = z.object({ email: ZEmail, project: ZTagName });

export const ZItemCount = z.object({ tagName: z.string(), items: z.number().int(), totalQuantity: z.number(), atReorderLevel: z.number().int() });
export type TItemCount = z.infer<typeof ZItemCount>;
export const ZTotalValue = z.object({
  totalValueMinor: z.number().int(),
  items: z.number().int(),
  byProject: z.array(z.object({ tagName: z.string(), valueMinor: z.number().int(), items: z.number().int() })),
});
export type TTotalValue = z.infer<typeof ZTotalValue>;
/** per-item/{email}/{project}: each item of the project with what moved. */
export const ZPerItem = z.object({
  _id: ZId, name: z.string(), unit: z.string(), quantity: z.number(),
  received: z.number(), issued: z.number(), used: z.number(), stockValueMinor: z.number().int(),
});
export type TPerItem = z.infer<typeof ZPerItem>;

export const ZConnectItem = z.object({
  itemId: ZId,
  collectionPointId: ZId.optional(),
  disconnect: z.literal(true, { message: 'must be true' }).optional().describe('true disconnects the item from its point'),
}).refine((v) => Boolean(v.collectionPointId) !== Boolean(v.disconnect), 'send either collectionPointId or disconnect: true');
export type TConnectItem = z.infer<typeof ZConnectItem>;
export const ZItemDepartment = z.object({
  itemIds: z.array(ZId).min(1, 'choose at least one item').max(500, 'at most 500 items at once'),
  departmentId: ZId.optional(),
  clear: z.literal(true, { message: 'must be true' }).optional().describe('true clears the items\' department'),
}).refine((v) => Boolean(v.departmentId) !== Boolean(v.clear), 'send either departmentId or clear: true');
export type TItemDepartment = z.infer<typeof ZItemDepartment>;

// ── movements ────────────────────────────────────────────────────────────────
/**
 * instock, outstock and usedstock are the spec's; issue 34 adds a transfer's two legs (out of one location, into
 * another), a count's adjustments up and down, and a return to the supplier against a goods-received note.
 */
export const MOVEMENT_KINDS = ['instock', 'outstock', 'usedstock', 'transfer_out', 'transfer_in', 'adjustment_in', 'adjustment_out', 'return'] as const;
export type TMovementKind = (typeof MOVEMENT_KINDS)[number];
/** The kinds that add stock (valued at their unit cost); every other kind takes stock at the moving average. */
export const RECEIPT_KINDS: readonly TMovementKind[] = ['instock', 'transfer_in', 'adjustment_in'];
const ZReference = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
const ZNums = ZEmployeeNumberInput;
const ZPathQuantity = z.string().trim().regex(QTY_TEXT, 'must be a quantity with at most 3 decimal places, such as 12 or 12.5')
  .transform(Number).refine((n) => n > 0, 'must be more than 0');

export const ZInstockParams = z.object({ email: ZEmail, id: ZId, nums: ZNums, quantity: ZPathQuantity, tag: ZTagName });
export const ZInstockQuery = z.object({
  unitCost: ZMajorAmount.optional().describe('cost of one unit received, in major units; without it the receipt is valued at the current average cost'),
  reference: ZReference.optional().describe('delivery or GRN number: a retried receipt with the same reference is not counted twice'),
});
export const ZOutstockParams = z.object({ email: ZEmail, id: ZId, nums: ZNums, quantity: ZPathQuantity, order: ZReference, tag: ZTagName });
export const ZUsedstockParams = ZOutstockParams.extend({ used: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters') });

export const ZStockMovement = z.object({
  _id: ZId,
  itemId: ZId,
  itemName: z.string(),
  unit: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  quantity: z.number(),
  unitCostMinor: z.number().int(),
  valueMinor: z.number().int(),
  balanceAfter: z.number(),
  reference: z.string().nullable(),
  purpose: z.string().nullable(),
  employeeNumber: z.string(),
  employeeName: z.string().nullable().describe('the employee who received or used the stock'),
  tagName: z.string(),
  locationId: ZId.optional(),
  collectionPointId: ZId.nullable(),
  requisitionId: ZId.nullable(),
  recordedBy: z.string().describe('user, portal, collector or system'),
  recordedByName: z.string().nullable().describe('who recorded it: the signed-in user\'s name, the collection point'),
  referenceLabel: z.string().nullable().describe('the reference as a person reads it (a GRN: order number and date)'),
  createdAt: z.string(),
});
export type TStockMovement = z.infer<typeof ZStockMovement>;
export const ZMovementResult = z.object({ movement: ZStockMovement, item: ZInventoryItem, isReplay: z.boolean() });
export type TMovementResult = z.infer<typeof ZMovementResult>;

export const ZLogQuery = ZPageQuery.extend({
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(500, 'must be at most 500').default(50),
  kind: z.enum(MOVEMENT_KINDS, { message: `must be one of: ${MOVEMENT_KINDS.join(', ')}` }).optional(),
  itemId: ZId.optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
  search: z.string().trim().max(100).optional(),
});
export type TLogQuery = z.infer<typeof ZLogQuery>;
export const ZLogsGParams = z.object({ email: ZEmail });

// ── material requisitions ───────────────────────────────────────────────────
export const REQUISITION_STATUSES = ['pending', 'approved', 'rejected', 'issued'] as const;
/** A line names a stock row (itemId, the spec's) or any master item (stockItemId, issue 34), even one the project does not hold. */
export const ZRequisitionLineInput = z.object({
  itemId: ZId.optional(), stockItemId: ZId.optional().describe('any item of the item master'), quantity: ZPositiveQuantity,
}).refine((l) => Boolean(l.itemId) !== Boolean(l.stockItemId), { message: 'give either itemId or stockItemId', path: ['itemId'] });
const ZLines = z.array(ZRequisitionLineInput).min(1, 'add at least one item').max(100, 'at most 100 lines')
  .refine((lines) => new Set(lines.map((l) => l.itemId ?? l.stockItemId)).size === lines.length, 'lists the same item twice');
export const ZRequisitionInput = z.object({
  email: ZEmail.optional(),
  tagName: ZTagName.optional().describe('the project; a collector\'s requisition is always for its own point'),
  placeId: ZId.optional().describe('the site or project the goods go to (instead of tagName)'),
  employeeNumber: ZNums.optional(),
  purpose: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  neededBy: ZDate.optional(),
  items: ZLines,
});
export type TRequisitionInput = z.infer<typeof ZRequisitionInput>;
export const ZRequisitionData = z.object({
  purpose: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters').optional(),
  neededBy: ZDate.nullable().optional(),
  items: ZLines.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export const ZUpdateRequisition = z.object({ requisitionId: ZId, requisitionData: ZRequisitionData });
export type TUpdateRequisition = z.infer<typeof ZUpdateRequisition>;
export const ZGetRequisitions = z.object({ tagName: ZTagName, email: ZEmail });
export const ZMaterialApproval = z.object({
  requestId: ZId,
  ownerEmail: ZEmail,
  service: z.literal('material-requisition', { message: 'must be material-requisition' }),
  userId: ZId,
  approvalSource: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters').describe('where the decision was taken, e.g. web, email'),
  decision: z.enum(['approved', 'rejected'], { message: 'must be approved or rejected' }).optional().describe('defaults to approved'),
  reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters').optional().describe('why it is rejected'),
});
export type TMaterialApproval = z.infer<typeof ZMaterialApproval>;

export const ZRequisitionLine = z.object({
  lineId: ZId, stockItemId: ZId.nullable(), itemId: ZId.nullable(), itemName: z.string(), unit: z.string(), quantity: z.number(), available: z.number(), issuedQuantity: z.number().nullable(),
});
export const ZRequisition = z.object({
  _id: ZId,
  number: z.string(),
  tagName: z.string(),
  placeId: ZId.nullable(),
  collectionPointId: ZId.nullable(),
  source: z.enum(['office', 'collector']),
  requestedBy: z.string(),
  employeeNumber: z.string().nullable(),
  purpose: z.string(),
  neededBy: z.string().nullable(),
  status: z.enum(REQUISITION_STATUSES),
  approvals: z.number().int().describe('approvals recorded so far'),
  approvalsRequired: z.number().int(),
  items: z.array(ZRequisitionLine),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRequisition = z.infer<typeof ZRequisition>;

export const STOCK_CSV_HEADER = ['Name', 'SKU', 'Unit', 'Category', 'Project', 'Quantity', 'Reorder level', 'Average cost', 'Stock value'] as const;
export const ZInventoryExportQuery = z.object({ format: z.enum(['csv', 'xlsx'], { message: 'must be csv or xlsx' }).default('csv') });

// Import (CSV or XLSX): preview, then an all-or-nothing job; the preview and job shapes are the employee import's.
/** The template's header row, in the order of the create form; header names are matched without case, spaces or punctuation. */
export const INVENTORY_IMPORT_HEADER = ['Project', 'Name', 'SKU', 'Unit', 'Category', 'Quantity', 'Reorder level', 'Unit cost'] as const;
/** Rows one import may hold: a stock list, not a transaction log. */
export const INVENTORY_IMPORT_MAX_ROWS = 5_000;
export const INVENTORY_IMPORT_MSG = {
  empty: 'The file has a header row but no items below it',
  nothingImported: 'Some rows have errors, so nothing was imported. Fix them and upload the file again.',
  finished: 'Inventory import finished',
} as const;
