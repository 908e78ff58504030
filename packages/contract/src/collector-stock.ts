import { z } from 'zod';
import { ZId } from './common.ts';
import { ZEmployeeNumberInput } from './employees.ts';
import { ZInventoryItem, ZQuantity, ZStockMovement } from './inventory.ts';

/**
 * Issue 34 item 4: a collection point's site phone records stock at its own place (the site or project the point
 * records for): receipts, use and counts, each with the employee who did it, queued on the phone while offline.
 */
export const COLLECTOR_ACTIONS = ['receive', 'use', 'count'] as const;
export type TCollectorAction = (typeof COLLECTOR_ACTIONS)[number];

export const COLLECTOR_STOCK_MSG = {
  received: 'Receipt recorded',
  used: 'Use recorded',
  counted: 'Count recorded',
  countMatched: 'Count recorded: the stock already matched',
  replayed: 'Already recorded; nothing changed',
} as const;

/** POST /inventory/collector/movements: one movement the phone made, maybe long ago while offline. */
export const ZCollectorMovementInput = z.object({
  itemId: ZId,
  action: z.enum(COLLECTOR_ACTIONS),
  /** receive and use: how much moved (more than 0); count: how much is on site now (0 allowed). */
  quantity: ZQuantity,
  employeeNumber: ZEmployeeNumberInput.describe('who received, used or counted it: one of the business\'s employees'),
  reference: z.string().trim().regex(/^[A-Za-z0-9._:-]{8,80}$/, 'must be 8 to 80 letters, digits, dots, dashes or colons')
    .describe('made by the phone once per movement: sending it again (a retried sync) changes nothing'),
  deviceTime: z.iso.datetime({ offset: true, message: 'must be a date and time, such as 2026-11-26T08:30:00Z' }).describe('when it happened, by the phone\'s clock'),
  note: z.string().trim().max(300, 'must be at most 300 characters').optional().describe('what it was used for, or a remark'),
});
export type TCollectorMovementInput = z.input<typeof ZCollectorMovementInput>;

export const ZCollectorMovementResult = z.object({
  action: z.enum(COLLECTOR_ACTIONS),
  /** null: a count that matched the stock (nothing to post). */
  movement: ZStockMovement.nullable(),
  item: ZInventoryItem,
  isReplay: z.boolean(),
});
export type TCollectorMovementResult = z.infer<typeof ZCollectorMovementResult>;

/** GET /inventory/collector/employees: the site's staff list for the picker, names and numbers only. */
export const ZCollectorStaff = z.object({ name: z.string(), employeeNumber: z.string() });
export type TCollectorStaff = z.infer<typeof ZCollectorStaff>;
