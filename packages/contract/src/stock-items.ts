import { z } from 'zod';
import { ZId, ZName, ZPageQuery } from './common.ts';
import { ZPersonRef } from './employees.ts';
import { ZQuantity } from './inventory.ts';

/** The item master (issue 34): what an item is, once; its stock is kept per location (a stock row each). */
export const STOCK_ITEM_MSG = {
  created: 'Item added to the item master',
  updated: 'Item updated at every location',
  stocked: 'The item is now kept at this location',
  returned: 'Goods returned to the supplier',
} as const;

const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();
/** 1 tonne = 20 bags: `{ unit: 'tonne', factor: 20 }` for an item counted in bags. */
export const ZConversion = z.object({
  unit: ZName(30),
  factor: z.number().positive('must be more than 0').max(1_000_000, 'must be at most 1000000'),
});
export type TConversion = z.infer<typeof ZConversion>;
const ZConversions = z.array(ZConversion).max(10, 'at most 10 conversion units')
  .refine((list) => new Set(list.map((c) => c.unit.toLowerCase())).size === list.length, 'lists the same unit twice');

export const ZStockItemInput = z.object({
  name: ZName(160),
  sku: optionalText(60),
  unit: ZName(30).describe('the unit stock is counted in: bags, litres, pieces…'),
  category: optionalText(80),
  conversions: ZConversions.optional(),
});
export type TStockItemInput = z.infer<typeof ZStockItemInput>;
export const ZStockItemUpdate = z.object({
  name: ZName(160).optional(),
  sku: z.string().trim().max(60, 'must be at most 60 characters').optional().describe('empty clears it'),
  unit: ZName(30).optional(),
  category: z.string().trim().max(80, 'must be at most 80 characters').optional().describe('empty clears it'),
  conversions: ZConversions.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export type TStockItemUpdate = z.infer<typeof ZStockItemUpdate>;

/** POST /stock-items/{id}/locations: keep the item at another store or site, with that place's own reorder level. */
export const ZStockAtLocation = z.object({ locationId: ZId, reorderLevel: ZQuantity.optional() });
export type TStockAtLocation = z.infer<typeof ZStockAtLocation>;

export const ZStockItemQuery = ZPageQuery.extend({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  locationId: ZId.optional().describe('only items kept at this place'),
});
export type TStockItemQuery = z.infer<typeof ZStockItemQuery>;

export const ZStockAtPlace = z.object({
  _id: ZId.describe('the stock row (the spec\'s {id} in inventory paths)'),
  locationId: ZId,
  locationName: z.string(),
  quantity: z.number(),
  reorderLevel: z.number(),
  stockValueMinor: z.number().int(),
  isAtReorderLevel: z.boolean(),
});
export const ZStockItem = z.object({
  _id: ZId,
  name: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  category: z.string().nullable(),
  conversions: z.array(ZConversion),
  totalQuantity: z.number(),
  totalValueMinor: z.number().int(),
  stock: z.array(ZStockAtPlace),
});
export type TStockItem = z.infer<typeof ZStockItem>;

/** Who may be named as having received or used stock: staff as name + number, and the signed-in user's own employee. */
export const ZStockStaffQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(50),
});
export const ZStockStaff = z.object({ rows: z.array(ZPersonRef), mine: ZPersonRef.nullable() });
export type TStockStaff = z.infer<typeof ZStockStaff>;
