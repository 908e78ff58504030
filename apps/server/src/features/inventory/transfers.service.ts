import type { TTransfer, TTransferInput, TTransferReceipt, TTransferStatus } from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TInventoryService } from './inventory.service.ts';
import * as repo from './transfers.repo.ts';
import { fromMilli, showQuantity, toMilli } from './stock-math.ts';

export type TTransfersDeps = {
  inventory: Pick<TInventoryService, 'applyMovement' | 'stockRowAt'>;
  places: Pick<TPlacesService, 'get'>;
};

type TPlaceRef = { id: string; name: string };

/** What is still on the road of one line: quantity, and value (nothing is left once every unit arrived or came back). */
const inTransit = (l: repo.TTransferLineRow) => {
  const milli = toMilli(l.quantity) - toMilli(l.receivedQuantity) - toMilli(l.returnedQuantity);
  return { milli, value: milli > 0 ? l.sentValue - l.receivedValue - l.returnedValue : 0 };
};

/**
 * Stock transfers between two places (issue 34). Dispatch takes the goods from the source as 'transfer_out' (the
 * source row's lock refuses more than it holds); each receipt books 'transfer_in' at the destination valued at the
 * transfer_out's unit cost, so the value travels with the goods and the destination's moving average is the source's.
 * Until every unit arrived (or came back on a cancel) the rest is in transit, with its value, on the transfer.
 */
export const createTransfersService = ({ db }: TDeps, opts: TTransfersDeps) => {
  const view = async (tx: DbOrTx, businessId: string, rows: repo.TTransferRow[]): Promise<TTransfer[]> => {
    const lines = await repo.findLines(tx, businessId, rows);
    return rows.map((r) => {
      const mine = lines.filter((l) => l.transferId === r.id).map((l) => {
        const t = inTransit(l);
        return {
          _id: l.id, stockItemId: l.stockItemId, name: l.name, unit: l.unit, quantity: Number(l.quantity), available: Number(l.available ?? 0),
          unitCostMinor: l.unitCost, sentValueMinor: l.sentValue, receivedQuantity: Number(l.receivedQuantity), returnedQuantity: Number(l.returnedQuantity),
          inTransitQuantity: r.status === 'in_transit' ? fromMilli(t.milli) : 0, inTransitValueMinor: r.status === 'in_transit' ? t.value : 0,
        };
      });
      return {
        _id: r.id, number: r.number, fromPlaceId: r.fromPlaceId, fromPlace: r.fromPlace, toPlaceId: r.toPlaceId, toPlace: r.toPlace,
        status: r.status as TTransferStatus, note: r.note, requisitionId: r.requisitionId, createdBy: r.createdBy,
        inTransitValueMinor: mine.reduce((s, l) => s + l.inTransitValueMinor, 0), lines: mine,
        dispatchedAt: r.dispatchedAt?.toISOString() ?? null, receivedAt: r.receivedAt?.toISOString() ?? null, cancelledAt: r.cancelledAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    });
  };
  const one = async (tx: DbOrTx, businessId: string, id: string) => {
    const [row] = await repo.findTransfers(tx, businessId, { ids: [id] });
    if (!row) throw notFound('Transfer');
    return (await view(tx, businessId, [row]))[0];
  };
  const locked = async (tx: Tx, businessId: string, id: string) => {
    const [row] = await repo.findTransfers(tx, businessId, { ids: [id], forUpdate: true });
    if (!row) throw notFound('Transfer');
    return row;
  };
  const placeOf = async (tx: DbOrTx, businessId: string, id: string, field: string): Promise<TPlaceRef> => {
    const place = await opts.places.get(businessId, id, tx);
    if (!place || place.archived) throw notFound(`${field}: this place`);
    return { id: place._id, name: place.name };
  };
  const checkLines = async (tx: DbOrTx, businessId: string, lines: TTransferInput['lines']) => {
    const masters = await repo.findMasters(tx, businessId, lines.map((l) => l.stockItemId));
    lines.forEach((l, i) => {
      if (!masters.some((m) => m.id === l.stockItemId)) throw notFound(`lines[${i}].stockItemId: this item`);
    });
  };

  /** transfer_out of every line at the source; each line keeps the unit cost and value that left. */
  const dispatchRow = async (tx: Tx, auth: TUserAuth, row: repo.TTransferRow) => {
    if (row.status !== 'draft') throw conflict(`Transfer ${row.number} is ${row.status.replace('_', ' ')}; only a draft can be dispatched`);
    const from = { id: row.fromPlaceId, name: row.fromPlace };
    for (const l of await repo.findLines(tx, auth.businessId, [row])) {
      const itemId = await opts.inventory.stockRowAt(tx, auth.businessId, l.stockItemId, from);
      const { movement } = await opts.inventory.applyMovement(tx, auth, {
        itemId, kind: 'transfer_out', quantityMilli: toMilli(l.quantity), employeeNumber: auth.userName, tagName: from.name,
        reference: row.number, purpose: `Transfer ${row.number} to ${row.toPlace}`, requisitionId: row.requisitionId,
      });
      await repo.updateLine(tx, l.id, { unitCost: movement.unitCostMinor, sentValue: movement.valueMinor });
    }
    await repo.updateTransfer(tx, auth.businessId, row.id, { status: 'in_transit', dispatchedAt: new Date() });
    await audit(tx, auth, 'stock-transfer.dispatched', { entity: 'stock-transfer', entityId: row.id, after: { number: row.number, from: row.fromPlace, to: row.toPlace } });
  };

  /** A new draft; inside the caller's transaction (a requisition's issue dispatches it at once). */
  const createIn = async (tx: Tx, auth: TUserAuth, input: TTransferInput & { requisitionId?: string | null }) => {
    const from = await placeOf(tx, auth.businessId, input.fromPlaceId, 'fromPlaceId');
    const to = await placeOf(tx, auth.businessId, input.toPlaceId, 'toPlaceId');
    if (from.id === to.id) throw badRequest('toPlaceId: must differ from the place the goods leave');
    await checkLines(tx, auth.businessId, input.lines);
    const number = await repo.nextNumber(tx, auth.businessId, 'stock_transfers', 'TR');
    const id = await repo.createTransfer(tx, {
      businessId: auth.businessId, number, fromPlaceId: from.id, toPlaceId: to.id, note: input.note ?? '', requisitionId: input.requisitionId ?? null, createdBy: auth.userName,
    });
    await repo.insertLines(tx, input.lines.map((l) => ({ businessId: auth.businessId, transferId: id, stockItemId: l.stockItemId, quantity: String(l.quantity) })));
    await audit(tx, auth, 'stock-transfer.created', { entity: 'stock-transfer', entityId: id, after: { number, from: from.name, to: to.name, lines: input.lines } });
    return { id, number };
  };

  return {
    createIn,
    /** Dispatches a draft inside the caller's transaction. */
    dispatchIn: async (tx: Tx, auth: TUserAuth, id: string) => dispatchRow(tx, auth, await locked(tx, auth.businessId, id)),

    list: async (auth: TUserAuth, q: { status?: TTransferStatus }) => view(db, auth.businessId, await repo.findTransfers(db, auth.businessId, q)),
    get: async (auth: TUserAuth, id: string) => one(db, auth.businessId, id),

    create: async (auth: TUserAuth, input: TTransferInput) =>
      db.transaction(async (tx) => one(tx, auth.businessId, (await createIn(tx, auth, input)).id)),

    update: async (auth: TUserAuth, id: string, input: TTransferInput) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, auth.businessId, id);
        if (row.status !== 'draft') throw conflict(`Transfer ${row.number} is ${row.status.replace('_', ' ')}; only a draft can be changed`);
        const from = await placeOf(tx, auth.businessId, input.fromPlaceId, 'fromPlaceId');
        const to = await placeOf(tx, auth.businessId, input.toPlaceId, 'toPlaceId');
        await checkLines(tx, auth.businessId, input.lines);
        const before = await one(tx, auth.businessId, id);
        await repo.updateTransfer(tx, auth.businessId, id, { fromPlaceId: from.id, toPlaceId: to.id, note: input.note ?? '' });
        await repo.replaceLines(tx, auth.businessId, id, input.lines.map((l) => ({ businessId: auth.businessId, transferId: id, stockItemId: l.stockItemId, quantity: String(l.quantity) })));
        const after = await one(tx, auth.businessId, id);
        await audit(tx, auth, 'stock-transfer.updated', { entity: 'stock-transfer', entityId: id, before, after });
        return after;
      }),

    dispatch: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        await dispatchRow(tx, auth, await locked(tx, auth.businessId, id));
        return one(tx, auth.businessId, id);
      }),

    /** Books what arrived (every line's rest when no lines are given); the transfer is received once nothing is in transit. */
    receive: async (auth: TUserAuth, id: string, input: TTransferReceipt) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, auth.businessId, id);
        if (row.status !== 'in_transit') throw conflict(`Transfer ${row.number} is ${row.status.replace('_', ' ')}; only goods in transit can be received`);
        const lines = await repo.findLines(tx, auth.businessId, [row]);
        const wanted = input.lines ?? lines.map((l) => ({ lineId: l.id, quantity: fromMilli(inTransit(l).milli) }));
        wanted.forEach((w, i) => {
          const l = lines.find((x) => x.id === w.lineId);
          if (!l) throw notFound(`lines[${i}].lineId: this line of the transfer`);
          if (toMilli(w.quantity) > inTransit(l).milli) {
            throw badRequest(`quantity: ${showQuantity(toMilli(w.quantity))} ${l.unit} of ${l.name} is more than the ${showQuantity(inTransit(l).milli)} still in transit`);
          }
        });
        if (!wanted.some((w) => toMilli(w.quantity) > 0)) throw badRequest('quantity: enter what arrived for at least one item');
        const to = { id: row.toPlaceId, name: row.toPlace };
        const reference = `${row.number} receipt ${(await repo.countReceipts(tx, auth.businessId, row.number)) + 1}`;
        for (const w of wanted) {
          const milli = toMilli(w.quantity);
          if (milli === 0) continue;
          const l = lines.find((x) => x.id === w.lineId)!;
          const itemId = await opts.inventory.stockRowAt(tx, auth.businessId, l.stockItemId, to);
          const { movement } = await opts.inventory.applyMovement(tx, auth, {
            itemId, kind: 'transfer_in', quantityMilli: milli, unitCost: l.unitCost, employeeNumber: auth.userName, tagName: to.name,
            reference, purpose: `Transfer ${row.number} from ${row.fromPlace}`, requisitionId: row.requisitionId,
          });
          await repo.updateLine(tx, l.id, { receivedQuantity: String(fromMilli(toMilli(l.receivedQuantity) + milli)), receivedValue: l.receivedValue + movement.valueMinor });
        }
        const after = await repo.findLines(tx, auth.businessId, [row]);
        const isDone = after.every((l) => inTransit(l).milli === 0);
        if (isDone) await repo.updateTransfer(tx, auth.businessId, id, { status: 'received', receivedAt: new Date() });
        else await repo.updateTransfer(tx, auth.businessId, id, {});
        await audit(tx, auth, 'stock-transfer.received', { entity: 'stock-transfer', entityId: id, after: { number: row.number, reference, lines: wanted, isComplete: isDone } });
        return one(tx, auth.businessId, id);
      }),

    /** A draft is dropped; a dispatched transfer brings what is still in transit back to the source at its unit cost. */
    cancel: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, auth.businessId, id);
        if (row.status !== 'draft' && row.status !== 'in_transit') throw conflict(`Transfer ${row.number} is ${row.status}; it can no longer be cancelled`);
        if (row.status === 'in_transit') {
          const from = { id: row.fromPlaceId, name: row.fromPlace };
          for (const l of await repo.findLines(tx, auth.businessId, [row])) {
            const rest = inTransit(l);
            if (rest.milli === 0) continue;
            const itemId = await opts.inventory.stockRowAt(tx, auth.businessId, l.stockItemId, from);
            const { movement } = await opts.inventory.applyMovement(tx, auth, {
              itemId, kind: 'transfer_in', quantityMilli: rest.milli, unitCost: l.unitCost, employeeNumber: auth.userName, tagName: from.name,
              reference: `${row.number} cancelled`, purpose: `Transfer ${row.number} cancelled: back from transit`, requisitionId: row.requisitionId,
            });
            await repo.updateLine(tx, l.id, { returnedQuantity: String(fromMilli(rest.milli)), returnedValue: movement.valueMinor });
          }
        }
        await repo.updateTransfer(tx, auth.businessId, id, { status: 'cancelled', cancelledAt: new Date() });
        await audit(tx, auth, 'stock-transfer.cancelled', { entity: 'stock-transfer', entityId: id, before: { status: row.status }, after: { number: row.number, status: 'cancelled' } });
        return one(tx, auth.businessId, id);
      }),
  };
};
export type TTransfersService = ReturnType<typeof createTransfersService>;
