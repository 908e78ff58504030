import type { TCountPost, TCountSave, TInventorySettings, TStockCount } from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TApprovalsPort } from './approvals-port.ts';
import type { TInventoryService } from './inventory.service.ts';
import * as repo from './counts.repo.ts';
import { nextNumber } from './transfers.repo.ts';
import { averageCost, fromMilli, receiptValue, toMilli } from './stock-math.ts';

const SERVICE = 'stock-count' as const;

export type TCountsDeps = {
  approvals: TApprovalsPort;
  inventory: Pick<TInventoryService, 'applyMovement'>;
  places: Pick<TPlacesService, 'get'>;
};

/** The variance of a counted line: quantity (thousandths) and value at the snapshot's average cost. */
const varianceOf = (l: repo.TCountLineRow) => {
  if (l.countedQuantity === null) return null;
  const milli = toMilli(l.countedQuantity) - toMilli(l.expectedQuantity);
  return { milli, value: Math.sign(milli) * receiptValue(l.unitCost, Math.abs(milli)) };
};
const absoluteValue = (lines: repo.TCountLineRow[]) => lines.reduce((s, l) => s + Math.abs(varianceOf(l)?.value ?? 0), 0);

/**
 * Stock counts (issue 34): a count sheet snapshots every stock row of a place; counted quantities are saved and
 * resumed; posting books each variance as adjustment_in / adjustment_out with the reason. Above the business's
 * threshold (absolute variance value, default ₦50,000) the post waits for the approvals engine and the final
 * approval books it. A row that moved after its snapshot is not posted: the sheet asks for a recount of those lines
 * (refresh takes a new snapshot of them), because a variance against a stale expectation would undo real movements.
 */
export const createCountsService = ({ db }: TDeps, opts: TCountsDeps) => {
  const view = async (tx: DbOrTx, businessId: string, rows: repo.TCountRow[]): Promise<TStockCount[]> => {
    const lines = await repo.findLines(tx, businessId, rows.map((r) => r.id));
    const threshold = await repo.getThreshold(tx, businessId);
    return rows.map((r) => {
      const mine = lines.filter((l) => l.countId === r.id);
      return {
        _id: r.id, number: r.number, placeId: r.placeId, place: r.place, status: r.status as TStockCount['status'], reason: r.reason, createdBy: r.createdBy,
        counted: mine.filter((l) => l.countedQuantity !== null).length,
        varianceValueMinor: r.status === 'posted' ? r.varianceValue : absoluteValue(mine),
        approvalThresholdMinor: threshold,
        lines: mine.map((l) => {
          const v = varianceOf(l);
          return {
            _id: l.id, itemId: l.itemId, name: l.name, sku: l.sku, unit: l.unit, expectedQuantity: Number(l.expectedQuantity),
            countedQuantity: l.countedQuantity === null ? null : Number(l.countedQuantity),
            varianceQuantity: v ? fromMilli(v.milli) : null, varianceValueMinor: v ? v.value : null, unitCostMinor: l.unitCost, reason: l.reason,
            hasMovedSince: r.status !== 'posted' && l.hasMovedSince,
          };
        }),
        postedAt: r.postedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
      };
    });
  };
  const one = async (tx: DbOrTx, businessId: string, id: string) => {
    const [row] = await repo.findCounts(tx, businessId, { ids: [id] });
    if (!row) throw notFound('Stock count');
    return (await view(tx, businessId, [row]))[0];
  };
  const locked = async (tx: Tx, businessId: string, id: string) => {
    const [row] = await repo.findCounts(tx, businessId, { ids: [id], forUpdate: true });
    if (!row) throw notFound('Stock count');
    return row;
  };
  const assertNoneMoved = (row: repo.TCountRow, lines: repo.TCountLineRow[]) => {
    const moved = lines.filter((l) => l.countedQuantity !== null && l.hasMovedSince);
    if (moved.length) {
      throw conflict(`${moved.map((l) => l.name).join(', ')} moved after count ${row.number} was made; recount ${moved.length === 1 ? 'that line' : 'those lines'} before posting`)
        .as('countMovedSince', { items: moved.map((l) => l.name).join(', ') });
    }
  };

  /** Books every counted variance; the reference is the count's number, so the log names the sheet. */
  const book = async (tx: Tx, auth: TUserAuth, row: repo.TCountRow) => {
    const lines = await repo.findLines(tx, auth.businessId, [row.id]);
    assertNoneMoved(row, lines);
    for (const l of lines) {
      const v = varianceOf(l);
      if (!v || v.milli === 0) continue;
      await opts.inventory.applyMovement(tx, auth, {
        itemId: l.itemId, kind: v.milli > 0 ? 'adjustment_in' : 'adjustment_out', quantityMilli: Math.abs(v.milli),
        ...(v.milli > 0 ? { unitCost: l.unitCost } : {}), employeeNumber: auth.userName, tagName: row.place, reference: row.number,
        purpose: `Count ${row.number}: ${l.reason || row.reason}`,
      });
    }
    await repo.updateCount(tx, auth.businessId, row.id, { status: 'posted', postedAt: new Date(), varianceValue: absoluteValue(lines) });
    await audit(tx, auth, 'stock-count.posted', { entity: 'stock-count', entityId: row.id, after: { number: row.number, place: row.place, varianceValueMinor: absoluteValue(lines), reason: row.reason } });
  };

  opts.approvals.describeSubject(SERVICE, async (auth, subjectId) => {
    const [row] = await repo.findCounts(db, auth.businessId, { ids: [subjectId] });
    return row ? { kind: SERVICE, count: (await view(db, auth.businessId, [row]))[0] } : null;
  });

  /** The final approval books the count; a rejection sends the sheet back to draft for a recount. */
  opts.approvals.onDecided(SERVICE, async (tx, request, auth) => {
    const row = await locked(tx, auth.businessId, request.subjectId);
    if (row.status !== 'awaiting_approval') return;
    if (request.status === 'approved') await book(tx, auth, row);
    else {
      await repo.updateCount(tx, auth.businessId, row.id, { status: 'draft' });
      await audit(tx, auth, 'stock-count.rejected', { entity: 'stock-count', entityId: row.id, after: { number: row.number, status: 'draft' } });
    }
  });

  return {
    list: async (auth: TUserAuth) => view(db, auth.businessId, await repo.findCounts(db, auth.businessId)),
    get: async (auth: TUserAuth, id: string) => one(db, auth.businessId, id),

    /** A new sheet of a place: one line per stock row there, expecting what it holds now. */
    create: async (auth: TUserAuth, placeId: string) =>
      db.transaction(async (tx) => {
        const place = await opts.places.get(auth.businessId, placeId, tx);
        if (!place || place.archived) throw notFound('placeId: this place');
        const [open] = await repo.findCounts(tx, auth.businessId, { placeId, open: true });
        if (open) throw conflict(`Count ${open.number} of ${place.name} is still open; finish it first`).as('countStillOpen', { number: open.number, place: place.name });
        const rows = await repo.findRowsAt(tx, auth.businessId, placeId);
        if (!rows.length) throw badRequest(`placeId: ${place.name} holds no stock items to count`);
        const number = await nextNumber(tx, auth.businessId, 'stock_counts', 'SC');
        const id = await repo.createCount(tx, { businessId: auth.businessId, number, placeId, createdBy: auth.userName });
        await repo.insertLines(tx, rows.map((r) => ({
          businessId: auth.businessId, countId: id, itemId: r.id, expectedQuantity: r.quantity, unitCost: averageCost(r.stockValue, toMilli(r.quantity), r.lastUnitCost),
        })));
        await audit(tx, auth, 'stock-count.created', { entity: 'stock-count', entityId: id, after: { number, place: place.name, lines: rows.length } });
        return one(tx, auth.businessId, id);
      }),

    /** Saves counted quantities (null clears one); the sheet can be resumed later. */
    save: async (auth: TUserAuth, id: string, input: TCountSave) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, auth.businessId, id);
        if (row.status !== 'draft') throw conflict(`Count ${row.number} is ${row.status.replace('_', ' ')}; it can no longer be changed`);
        const lines = await repo.findLines(tx, auth.businessId, [id]);
        for (const [i, l] of input.lines.entries()) {
          if (!lines.some((x) => x.id === l.lineId)) throw notFound(`lines[${i}].lineId: this line of the count`);
          await repo.updateLine(tx, id, l.lineId, {
            countedQuantity: l.countedQuantity === null ? null : String(l.countedQuantity), ...(l.reason !== undefined ? { reason: l.reason || null } : {}),
          });
        }
        await repo.updateCount(tx, auth.businessId, id, input.reason !== undefined ? { reason: input.reason } : {});
        await audit(tx, auth, 'stock-count.saved', { entity: 'stock-count', entityId: id, after: { number: row.number, lines: input.lines } });
        return one(tx, auth.businessId, id);
      }),

    /** New snapshot of the lines that moved since theirs: their expected quantity is today's and they are to be counted again. */
    refresh: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, auth.businessId, id);
        if (row.status !== 'draft') throw conflict(`Count ${row.number} is ${row.status.replace('_', ' ')}; it can no longer be changed`);
        const moved = (await repo.findLines(tx, auth.businessId, [id])).filter((l) => l.hasMovedSince);
        const rows = await repo.findRowsAt(tx, auth.businessId, row.placeId);
        for (const l of moved) {
          const r = rows.find((x) => x.id === l.itemId);
          await repo.updateLine(tx, id, l.id, {
            expectedQuantity: r?.quantity ?? '0', unitCost: r ? averageCost(r.stockValue, toMilli(r.quantity), r.lastUnitCost) : l.unitCost, countedQuantity: null, snapshotAt: new Date(),
          });
        }
        await audit(tx, auth, 'stock-count.refreshed', { entity: 'stock-count', entityId: id, after: { number: row.number, recount: moved.map((l) => l.name) } });
        return one(tx, auth.businessId, id);
      }),

    /** Posts the variances, or sends the count for approval when their value is above the threshold. */
    post: async (auth: TUserAuth, id: string, input: TCountPost) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, auth.businessId, id);
        if (row.status !== 'draft') throw conflict(`Count ${row.number} is ${row.status.replace('_', ' ')}; it cannot be posted again`);
        await repo.updateCount(tx, auth.businessId, id, { reason: input.reason });
        const lines = await repo.findLines(tx, auth.businessId, [id]);
        if (!lines.some((l) => l.countedQuantity !== null)) throw badRequest('lines: enter the counted quantity of at least one item');
        assertNoneMoved(row, lines);
        const value = absoluteValue(lines);
        const threshold = await repo.getThreshold(tx, auth.businessId);
        const current = { ...row, reason: input.reason };
        if (value > threshold) {
          await repo.updateCount(tx, auth.businessId, id, { status: 'awaiting_approval', varianceValue: value });
          await opts.approvals.request(tx, auth, { service: SERVICE, subjectId: id, title: `stock count ${row.number} of ${row.place}`, amount: value });
          await audit(tx, auth, 'stock-count.submitted', { entity: 'stock-count', entityId: id, after: { number: row.number, varianceValueMinor: value, thresholdMinor: threshold } });
        } else {
          await book(tx, auth, current);
        }
        return one(tx, auth.businessId, id);
      }),

    settings: async (auth: TUserAuth): Promise<TInventorySettings> => ({ countApprovalThresholdMinor: await repo.getThreshold(db, auth.businessId) }),
    saveSettings: async (auth: TUserAuth, input: TInventorySettings) =>
      db.transaction(async (tx) => {
        const before = await repo.getThreshold(tx, auth.businessId);
        await repo.saveThreshold(tx, auth.businessId, input.countApprovalThresholdMinor);
        await audit(tx, auth, 'inventory-settings.updated', { entity: 'inventory-settings', entityId: auth.businessId, before: { countApprovalThresholdMinor: before }, after: input });
        return input;
      }),
  };
};
export type TCountsService = ReturnType<typeof createCountsService>;
