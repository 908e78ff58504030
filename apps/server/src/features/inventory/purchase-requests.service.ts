import type { TPurchaseRequest } from '@bizdesk/contract';
import type { Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import type { TOrdersService } from '../orders/orders.service.ts';
import * as repo from './purchase-requests.repo.ts';
import { nextNumber } from './transfers.repo.ts';
import { fromMilli } from './stock-math.ts';

export type TPurchaseRequestsDeps = { orders: Pick<TOrdersService, 'detail'> };

const toRequest = (r: repo.TPurchaseRequestRow): TPurchaseRequest => ({
  _id: r.id, number: r.number, stockItemId: r.stockItemId, name: r.name, unit: r.unit, quantity: Number(r.quantity), placeId: r.placeId, place: r.place,
  requisitionId: r.requisitionId, requisitionNumber: r.requisitionNumber, status: r.status, orderId: r.orderId, orderNumber: r.orderNumber, createdAt: r.createdAt.toISOString(),
});

/**
 * Purchase requests (issue 34): what a requisition could not get from the store. Buyers see the open ones and mark
 * each ordered on the purchase order that buys it (the order is made on the orders screen with its vendor and prices).
 */
export const createPurchaseRequestsService = ({ db }: TDeps, opts: TPurchaseRequestsDeps) => ({
  /** Inside the caller's transaction (a requisition's issue). */
  createIn: async (tx: Tx, auth: TUserAuth, input: { stockItemId: string; quantityMilli: number; placeId: string | null; requisitionId: string; requisitionLineId: string }) => {
    const number = await nextNumber(tx, auth.businessId, 'purchase_requests', 'PR');
    const row = await repo.createRequest(tx, {
      businessId: auth.businessId, number, stockItemId: input.stockItemId, quantity: String(fromMilli(input.quantityMilli)), placeId: input.placeId,
      requisitionId: input.requisitionId, requisitionLineId: input.requisitionLineId,
    });
    await audit(tx, auth, 'purchase-request.created', { entity: 'purchase-request', entityId: row.id, after: { number, ...input } });
    return row;
  },

  list: async (auth: TUserAuth, q: { status?: 'open' | 'ordered' }) => (await repo.findRequests(db, auth.businessId, q)).map(toRequest),

  /** Marks an open request ordered on one of the business's purchase orders. */
  order: async (auth: TUserAuth, id: string, orderId: string) => {
    const order = await opts.orders.detail(auth, orderId);
    return db.transaction(async (tx) => {
      const [row] = await repo.findRequests(tx, auth.businessId, { ids: [id], forUpdate: true });
      if (!row) throw notFound('Purchase request');
      if (row.status !== 'open') throw conflict(`Purchase request ${row.number} is already ordered on ${row.orderNumber ?? 'an order'}`);
      await repo.updateRequest(tx, auth.businessId, id, { status: 'ordered', orderId: order._id });
      await audit(tx, auth, 'purchase-request.ordered', { entity: 'purchase-request', entityId: id, before: { status: 'open' }, after: { status: 'ordered', order: order.invoiceNumber } });
      return toRequest((await repo.findRequests(tx, auth.businessId, { ids: [id] }))[0]);
    });
  },
});
export type TPurchaseRequestsService = ReturnType<typeof createPurchaseRequestsService>;
