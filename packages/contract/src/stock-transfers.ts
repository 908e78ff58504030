import { z } from 'zod';
import { ZId } from './common.ts';
import { ZPositiveQuantity, ZQuantity } from './inventory.ts';

/**
 * Stock transfers, stock counts and purchase requests (issue 34). Quantities are numbers with at most 3 decimals;
 * money is integer minor units.
 */

// ── transfers ───────────────────────────────────────────────────────────────
export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'cancelled'] as const;
export type TTransferStatus = (typeof TRANSFER_STATUSES)[number];

const ZTransferLineInput = z.object({ stockItemId: ZId, quantity: ZPositiveQuantity });
export const ZTransferInput = z.object({
  fromPlaceId: ZId,
  toPlaceId: ZId,
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  lines: z.array(ZTransferLineInput).min(1, 'add at least one item').max(100, 'at most 100 lines')
    .refine((l) => new Set(l.map((x) => x.stockItemId)).size === l.length, 'lists the same item twice'),
}).refine((v) => v.fromPlaceId !== v.toPlaceId, { message: 'must differ from the place the goods leave', path: ['toPlaceId'] });
export type TTransferInput = z.infer<typeof ZTransferInput>;

export const ZTransferReceipt = z.object({
  lines: z.array(z.object({ lineId: ZId, quantity: ZQuantity })).min(1, 'add at least one item').max(100, 'at most 100 lines').optional()
    .describe('what arrived per line; without it, everything still in transit'),
});
export type TTransferReceipt = z.infer<typeof ZTransferReceipt>;

export const ZTransferLine = z.object({
  _id: ZId,
  stockItemId: ZId,
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** Held at the source now (what a dispatch can take). */
  available: z.number(),
  unitCostMinor: z.number().int(),
  sentValueMinor: z.number().int(),
  receivedQuantity: z.number(),
  returnedQuantity: z.number(),
  inTransitQuantity: z.number(),
  inTransitValueMinor: z.number().int(),
});
export const ZTransfer = z.object({
  _id: ZId,
  number: z.string(),
  fromPlaceId: ZId,
  fromPlace: z.string(),
  toPlaceId: ZId,
  toPlace: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string(),
  requisitionId: ZId.nullable(),
  createdBy: z.string(),
  inTransitValueMinor: z.number().int(),
  lines: z.array(ZTransferLine),
  dispatchedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TTransfer = z.infer<typeof ZTransfer>;
export const ZTransferQuery = z.object({ status: z.enum(TRANSFER_STATUSES, { message: `must be one of: ${TRANSFER_STATUSES.join(', ')}` }).optional() });

// ── stock counts ────────────────────────────────────────────────────────────
export const COUNT_STATUSES = ['draft', 'awaiting_approval', 'posted'] as const;
export const ZCountInput = z.object({ placeId: ZId });
export const ZCountSave = z.object({
  lines: z.array(z.object({
    lineId: ZId,
    countedQuantity: ZQuantity.nullable(),
    reason: z.string().trim().max(300, 'must be at most 300 characters').nullable().optional(),
  })).max(2000, 'at most 2000 lines'),
  reason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export type TCountSave = z.infer<typeof ZCountSave>;
export const ZCountPost = z.object({ reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters') });
export type TCountPost = z.infer<typeof ZCountPost>;
export const ZCountLine = z.object({
  _id: ZId,
  itemId: ZId,
  name: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  expectedQuantity: z.number(),
  countedQuantity: z.number().nullable(),
  varianceQuantity: z.number().nullable(),
  varianceValueMinor: z.number().int().nullable(),
  unitCostMinor: z.number().int(),
  reason: z.string().nullable(),
  /** The row moved after its snapshot: recount it before posting. */
  hasMovedSince: z.boolean(),
});
export const ZStockCount = z.object({
  _id: ZId,
  number: z.string(),
  placeId: ZId,
  place: z.string(),
  status: z.enum(COUNT_STATUSES),
  reason: z.string(),
  createdBy: z.string(),
  counted: z.number().int(),
  /** Sum of the absolute variance values of the counted lines. */
  varianceValueMinor: z.number().int(),
  approvalThresholdMinor: z.number().int(),
  lines: z.array(ZCountLine),
  postedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TStockCount = z.infer<typeof ZStockCount>;
export const ZInventorySettings = z.object({ countApprovalThresholdMinor: z.number().int().min(0, 'must be 0 or more').max(1e15, 'is too large') });
export type TInventorySettings = z.infer<typeof ZInventorySettings>;

// ── requisitions issued from a store, purchase requests ────────────────────
export const ZRequisitionIssue = z.object({
  storeId: ZId.describe('the store the goods leave'),
  lines: z.array(z.object({ lineId: ZId, quantity: ZQuantity })).min(1, 'add at least one item').max(100, 'at most 100 lines'),
  requestPurchase: z.boolean().default(true).describe('what is not issued becomes a purchase request'),
});
export type TRequisitionIssue = z.infer<typeof ZRequisitionIssue>;
export const ZRequisitionIssueResult = z.object({
  status: z.string(),
  transferId: ZId.nullable(),
  transferNumber: z.string().nullable(),
  purchaseRequests: z.array(z.string()),
});

export const PURCHASE_REQUEST_STATUSES = ['open', 'ordered'] as const;
export const ZPurchaseRequest = z.object({
  _id: ZId,
  number: z.string(),
  stockItemId: ZId,
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  placeId: ZId.nullable(),
  place: z.string().nullable(),
  requisitionId: ZId.nullable(),
  requisitionNumber: z.string().nullable(),
  status: z.enum(PURCHASE_REQUEST_STATUSES),
  orderId: ZId.nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type TPurchaseRequest = z.infer<typeof ZPurchaseRequest>;
export const ZPurchaseRequestQuery = z.object({ status: z.enum(PURCHASE_REQUEST_STATUSES, { message: 'must be open or ordered' }).optional() });
export const ZPurchaseRequestOrder = z.object({ orderId: ZId.describe('the purchase order that buys it') });
