import { MSG, type TMaterialApproval, type TRequisition, type TRequisitionInput, type TRequisitionIssue, type TUpdateRequisition } from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, hasRole, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import type { TCollectionPointsService } from '../portal/collection-points.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TTransfersService } from './transfers.service.ts';
import type { TPurchaseRequestsService } from './purchase-requests.service.ts';
import type { TApprovalsPort } from './approvals-port.ts';
import type { TInventoryService } from './inventory.service.ts';
import * as itemsRepo from './inventory.repo.ts';
import * as repo from './requisitions.repo.ts';
import * as transfersRepo from './transfers.repo.ts';
import { fromMilli, showQuantity, toMilli } from './stock-math.ts';
import { assertEmailAtPoint } from './collector-email.ts';

const SERVICE = 'material-requisition' as const;
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type TRequisitionDeps = {
  approvals: TApprovalsPort;
  inventory: Pick<TInventoryService, 'applyMovement'>;
  collectionPoints: Pick<TCollectionPointsService, 'getPoint'>;
  places: Pick<TPlacesService, 'get' | 'ensure'>;
  transfers: Pick<TTransfersService, 'createIn' | 'dispatchIn'>;
  purchaseRequests: Pick<TPurchaseRequestsService, 'createIn'>;
};
type TLineInput = { itemId?: string; stockItemId?: string; quantity: number };
type TIssueResult = { status: string; transferId: string | null; transferNumber: string | null; purchaseRequests: string[] };

/**
 * Material requisitions: asked for from the office or a collection point, decided through the
 * approvals engine; when approved, every line is issued from stock as an outstock whose reference is
 * the requisition's number, so the issue happens once whatever retries.
 */
export const createRequisitionsService = ({ db }: TDeps, opts: TRequisitionDeps) => {
  const view = async (tx: DbOrTx, businessId: string, rows: repo.TRequisitionRow[]): Promise<TRequisition[]> => {
    const lines = await repo.findLines(tx, businessId, rows.map((r) => r.id));
    const states = await Promise.all(rows.map((r) => opts.approvals.statusOf(tx as Tx, businessId, SERVICE, r.id)));
    return rows.map((r, i) => ({
      _id: r.id, number: r.number, tagName: r.tagName, placeId: r.placeId, collectionPointId: r.collectionPointId, source: r.source as TRequisition['source'],
      requestedBy: r.requestedBy, employeeNumber: r.employeeNumber, purpose: r.purpose, neededBy: r.neededBy,
      status: r.status as TRequisition['status'],
      approvals: states[i]?.approvals ?? (r.status === 'pending' || r.status === 'rejected' ? 0 : 1),
      approvalsRequired: states[i]?.totalApprovalsRequired ?? 1,
      items: lines.filter((l) => l.requisitionId === r.id).map((l) => ({
        lineId: l.id, stockItemId: l.stockItemId, itemId: l.itemId, itemName: l.itemName, unit: l.unit, quantity: Number(l.quantity), available: Number(l.available ?? 0),
        issuedQuantity: l.issuedQuantity === null ? null : Number(l.issuedQuantity),
      })),
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    }));
  };
  const one = async (tx: DbOrTx, businessId: string, row: repo.TRequisitionRow) => (await view(tx, businessId, [row]))[0];

  /**
   * Every line's item must be this business's and, from a collection point, held at the point's place or connected to
   * the point (issue 34: a site phone sees every stock row of its site). A line may
   * name any master item instead (stockItemId, office requisitions): the project need not hold it.
   */
  const checkLines = async (tx: DbOrTx, auth: TAuth, lines: TLineInput[], pointId: string | null, pointPlaceId: string | null = null) => {
    const items = await itemsRepo.findItems(tx, auth.businessId, { ids: lines.flatMap((l) => (l.itemId ? [l.itemId] : [])) });
    const masters = await transfersRepo.findMasters(tx, auth.businessId, lines.flatMap((l) => (l.stockItemId ? [l.stockItemId] : [])));
    return lines.map((l, i) => {
      if (l.stockItemId) {
        if (pointId || !masters.some((m) => m.id === l.stockItemId)) throw notFound(`items[${i}].stockItemId: this item`);
        return { itemId: null, stockItemId: l.stockItemId, quantity: l.quantity };
      }
      const item = items.find((x) => x.id === l.itemId);
      if (!item || (pointId && item.collectionPointId !== pointId && (!pointPlaceId || item.locationId !== pointPlaceId))) {
        throw notFound(`items[${i}].itemId: this item${pointId ? ' of the collection point' : ''}`);
      }
      return { itemId: item.id, stockItemId: item.stockItemId, quantity: l.quantity };
    });
  };

  /** The issue plan of the decision being taken in this transaction (read by the final approval's handler). */
  const plans = new WeakMap<Tx, TRequisitionIssue & { result?: TIssueResult }>();

  /**
   * Issues from the chosen store: the issued part travels as one transfer store → the requisition's place
   * (dispatched at once); what the store cannot give becomes purchase requests when asked.
   */
  const issueFromStore = async (tx: Tx, auth: TUserAuth, row: repo.TRequisitionRow, plan: TRequisitionIssue): Promise<TIssueResult> => {
    const store = await opts.places.get(auth.businessId, plan.storeId, tx);
    if (!store || store.archived) throw notFound('storeId: this store');
    const site = row.placeId ? await opts.places.get(auth.businessId, row.placeId, tx) : await opts.places.ensure(tx, auth.businessId, row.tagName);
    if (!site) throw notFound('Place');
    const siteId = '_id' in site ? site._id : (site as { id: string }).id;
    const lines = await repo.findLines(tx, auth.businessId, [row.id]);
    const wanted = lines.map((l) => {
      const p = plan.lines.find((x) => x.lineId === l.id);
      const milli = p ? toMilli(p.quantity) : 0;
      if (milli > toMilli(l.quantity)) throw badRequest(`quantity: ${showQuantity(milli)} ${l.unit} of ${l.itemName} is more than the ${showQuantity(toMilli(l.quantity))} asked for`);
      return { line: l, milli };
    });
    plan.lines.forEach((p, i) => {
      if (!lines.some((l) => l.id === p.lineId)) throw notFound(`lines[${i}].lineId: this line of the requisition`);
    });
    const issued = wanted.filter((w) => w.milli > 0 && w.line.stockItemId);
    let transfer: { id: string; number: string } | null = null;
    if (issued.length) {
      if (store._id === siteId) throw badRequest('storeId: the goods would stay where they are; choose another store');
      transfer = await opts.transfers.createIn(tx, auth, {
        fromPlaceId: store._id, toPlaceId: siteId, note: `Requisition ${row.number}`, requisitionId: row.id,
        lines: issued.map((w) => ({ stockItemId: w.line.stockItemId!, quantity: fromMilli(w.milli) })),
      });
      await opts.transfers.dispatchIn(tx, auth, transfer.id);
    }
    const requests: string[] = [];
    for (const w of wanted) {
      await repo.setIssued(tx, row.id, w.line.id, String(fromMilli(w.milli)));
      const rest = toMilli(w.line.quantity) - w.milli;
      if (plan.requestPurchase && rest > 0 && w.line.stockItemId) {
        const pr = await opts.purchaseRequests.createIn(tx, auth, { stockItemId: w.line.stockItemId, quantityMilli: rest, placeId: siteId, requisitionId: row.id, requisitionLineId: w.line.id });
        requests.push(pr.number);
      }
    }
    await repo.updateRequisition(tx, auth.businessId, row.id, { status: 'issued', decidedAt: new Date(), placeId: siteId });
    await audit(tx, auth, 'material-requisition.issued', {
      entity: 'material-requisition', entityId: row.id,
      after: { number: row.number, store: store.name, transfer: transfer?.number ?? null, lines: wanted.map((w) => ({ item: w.line.itemName, issued: fromMilli(w.milli) })), purchaseRequests: requests },
    });
    return { status: 'issued', transferId: transfer?.id ?? null, transferNumber: transfer?.number ?? null, purchaseRequests: requests };
  };

  const getFor = async (tx: DbOrTx, auth: TAuth, id: string, forUpdate = false) => {
    const row = await repo.getRequisition(tx, auth.businessId, id, { forUpdate });
    if (!row || (auth.kind === 'collector' && row.collectionPointId !== auth.collectionPointId)) throw notFound('Requisition');
    return row;
  };

  opts.approvals.describeSubject(SERVICE, async (auth, subjectId) => {
    const row = await repo.getRequisition(db, auth.businessId, subjectId);
    return row ? { kind: SERVICE, requisition: await one(db, auth.businessId, row) } : null;
  });

  /** Approved: issue every line from stock (one outstock per line, reference = the requisition number). */
  opts.approvals.onDecided(SERVICE, async (tx, request, auth) => {
    const row = await repo.getRequisition(tx, auth.businessId, request.subjectId, { forUpdate: true });
    if (!row || row.status !== 'pending') return;
    if (request.status !== 'approved') {
      await repo.updateRequisition(tx, auth.businessId, row.id, { status: 'rejected', decidedAt: new Date() });
      return;
    }
    const plan = plans.get(tx);
    if (plan) {
      plan.result = await issueFromStore(tx, auth, row, plan);
      return;
    }
    const lines = await repo.findLines(tx, auth.businessId, [row.id]);
    if (lines.some((l) => !l.itemId)) {
      // A line for an item the project does not hold: the storekeeper issues it from a store (issue).
      await repo.updateRequisition(tx, auth.businessId, row.id, { status: 'approved', decidedAt: new Date() });
      return;
    }
    for (const l of lines) {
      const { movement } = await opts.inventory.applyMovement(tx, auth, {
        itemId: l.itemId!, kind: 'outstock', quantityMilli: toMilli(l.quantity), employeeNumber: row.employeeNumber ?? auth.userName,
        tagName: row.tagName, reference: row.number, purpose: `Requisition ${row.number}: ${row.purpose}`,
        collectionPointId: row.collectionPointId, requisitionId: row.id,
      });
      await repo.setIssued(tx, row.id, l.id, String(movement.quantity));
    }
    await repo.updateRequisition(tx, auth.businessId, row.id, { status: 'issued', decidedAt: new Date() });
    await audit(tx, auth, 'material-requisition.issued', { entity: 'material-requisition', entityId: row.id, after: { number: row.number, lines: lines.map((l) => ({ itemId: l.itemId, quantity: Number(l.quantity) })) } });
  });

  return {
    /**
     * Issues an approved requisition from a store, or, still pending, records the caller's approval with this plan:
     * the final approval issues it. Answers what happened (still pending when more approvals are needed).
     */
    issue: async (auth: TUserAuth, id: string, input: TRequisitionIssue): Promise<TIssueResult> =>
      db.transaction(async (tx) => {
        const row = await getFor(tx, auth, id, true);
        if (row.status === 'approved') return issueFromStore(tx, auth, row, input);
        if (row.status !== 'pending') throw conflict(`Requisition ${row.number} is already ${row.status}`);
        if (!hasRole(auth, 'Approvals-access')) throw forbidden(MSG.forbidden);
        const plan = { ...input } as TRequisitionIssue & { result?: TIssueResult };
        plans.set(tx, plan);
        await opts.approvals.decide(tx, auth, { service: SERVICE, subjectId: row.id, decision: 'approved', reason: null });
        plans.delete(tx);
        return plan.result ?? { status: (await repo.getRequisition(tx, auth.businessId, row.id))!.status, transferId: null, transferNumber: null, purchaseRequests: [] };
      }),

    create: async (auth: TAuth, input: TRequisitionInput) => {
      if (input.email) assertEmailAtPoint(auth, input.email, auth.kind === 'collector' ? await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId) : null);
      let tagName = input.tagName;
      let pointId: string | null = null;
      let pointPlaceId: string | null = null;
      let employeeNumber = input.employeeNumber ?? null;
      let requestedBy: string;
      if (auth.kind === 'collector') {
        const point = await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId);
        if (!point) throw notFound('Collection point');
        if (tagName && !sameText(tagName, point.tagName)) throw forbidden(`This collection point requests only for project ${point.tagName}`).as('pointRequestsOnly', { project: point.tagName });
        tagName = point.tagName;
        pointId = point._id;
        employeeNumber = point.employeeNumber;
        pointPlaceId = point.placeId ?? null;
        requestedBy = `${point.employeeName} (${point.employeeNumber})`;
      } else if (auth.kind === 'user') {
        requestedBy = auth.userName;
      } else {
        throw forbidden(MSG.forbidden);
      }
      if (!tagName && !input.placeId) throw badRequest('tagName: is required');
      return db.transaction(async (tx) => {
        let placeId: string | null = null;
        if (input.placeId && !pointId) {
          const place = await opts.places.get(auth.businessId, input.placeId, tx);
          if (!place || place.archived) throw notFound('placeId: this place');
          placeId = place._id;
          tagName = place.name;
        } else {
          placeId = (await opts.places.ensure(tx, auth.businessId, tagName!)).id;
        }
        const lines = await checkLines(tx, auth, input.items, pointId, pointPlaceId);
        const number = `MR-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
        const row = await repo.createRequisition(tx, {
          businessId: auth.businessId, number, tagName: tagName!, placeId, collectionPointId: pointId, source: auth.kind === 'collector' ? 'collector' : 'office',
          requestedBy, employeeNumber, purpose: input.purpose, neededBy: input.neededBy ?? null,
        });
        await repo.replaceLines(tx, auth.businessId, row.id, lines);
        await opts.approvals.request(tx, auth, { service: SERVICE, subjectId: row.id, title: `material requisition ${number} for ${tagName}` });
        const out = await one(tx, auth.businessId, row);
        await audit(tx, auth, 'material-requisition.created', { entity: 'material-requisition', entityId: row.id, after: out });
        return out;
      });
    },

    /** get-requisitions: one project's; a collector only its own point's. */
    listForProject: async (auth: TAuth, input: { tagName: string; email: string }) => {
      assertEmailAtPoint(auth, input.email, auth.kind === 'collector' ? await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId) : null);
      const rows = await repo.findRequisitions(db, auth.businessId, auth.kind === 'collector' ? { collectionPointId: auth.collectionPointId, tagName: input.tagName } : { tagName: input.tagName });
      return view(db, auth.businessId, rows);
    },

    listAll: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return view(db, auth.businessId, await repo.findRequisitions(db, auth.businessId));
    },

    /** orders/update-requisition: changes a requisition still pending; the answer replaces it by id. */
    update: async (auth: TUserAuth, input: TUpdateRequisition) =>
      db.transaction(async (tx) => {
        const before = await getFor(tx, auth, input.requisitionId, true);
        if (before.status !== 'pending') throw conflict(`Requisition ${before.number} is ${before.status} and can no longer be changed`);
        const d = input.requisitionData;
        if (d.items) {
          await repo.replaceLines(tx, auth.businessId, before.id, await checkLines(tx, auth, d.items, before.collectionPointId, before.collectionPointId ? before.placeId : null));
        }
        const row = await repo.updateRequisition(tx, auth.businessId, before.id, {
          ...(d.purpose !== undefined ? { purpose: d.purpose } : {}), ...(d.neededBy !== undefined ? { neededBy: d.neededBy } : {}),
        });
        const out = await one(tx, auth.businessId, row);
        await audit(tx, auth, 'material-requisition.updated', { entity: 'material-requisition', entityId: row.id, before, after: out });
        return out;
      }),

    /** Deletes a requisition not yet decided (its approval request is cancelled with it). */
    delete: async (auth: TAuth, id: string) =>
      db.transaction(async (tx) => {
        const row = await getFor(tx, auth, id, true);
        if (row.status !== 'pending') throw conflict(`Requisition ${row.number} is ${row.status}; only a pending requisition can be deleted`);
        if (auth.kind === 'portal') throw forbidden(MSG.forbidden);
        await opts.approvals.cancel(tx, auth, { service: SERVICE, subjectId: row.id, reason: 'The requisition was deleted' });
        await repo.deleteRequisition(tx, auth.businessId, row.id);
        await audit(tx, auth, 'material-requisition.deleted', { entity: 'material-requisition', entityId: row.id, before: row });
        return { _id: row.id };
      }),

    /** orders/update-material-approval-status: the caller's decision; the last approval needed issues the stock. */
    decide: async (auth: TUserAuth, input: TMaterialApproval) => {
      assertBusinessEmail(auth, input.ownerEmail);
      if (input.userId.toLowerCase() !== auth.userId) throw forbidden('userId must be your own: a decision is made by the signed-in approver').as('decisionOwnUser');
      if (!hasRole(auth, 'Approvals-access')) throw forbidden(MSG.forbidden);
      return db.transaction(async (tx) => {
        const row = await getFor(tx, auth, input.requestId);
        if (row.status !== 'pending') throw conflict(`Requisition ${row.number} is already ${row.status}`);
        await opts.approvals.decide(tx, auth, { service: SERVICE, subjectId: row.id, decision: input.decision ?? 'approved', reason: input.decision === 'rejected' ? input.reason ?? `Rejected (${input.approvalSource})` : input.reason ?? null });
        return one(tx, auth.businessId, (await repo.getRequisition(tx, auth.businessId, row.id))!);
      });
    },
  };
};
export type TRequisitionsService = ReturnType<typeof createRequisitionsService>;
