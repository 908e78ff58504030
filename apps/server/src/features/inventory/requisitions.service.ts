import { MSG, type TMaterialApproval, type TRequisition, type TRequisitionInput, type TUpdateRequisition } from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, hasRole, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import type { TCollectionPointsService } from '../portal/collection-points.service.ts';
import type { TApprovalsPort } from './approvals-port.ts';
import type { TInventoryService } from './inventory.service.ts';
import * as itemsRepo from './inventory.repo.ts';
import * as repo from './requisitions.repo.ts';
import { toMilli } from './stock-math.ts';
import { assertEmailAtPoint } from './collector-email.ts';

const SERVICE = 'material-requisition' as const;
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type TRequisitionDeps = {
  approvals: TApprovalsPort;
  inventory: Pick<TInventoryService, 'applyMovement'>;
  collectionPoints: Pick<TCollectionPointsService, 'getPoint'>;
};

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
      _id: r.id, number: r.number, tagName: r.tagName, collectionPointId: r.collectionPointId, source: r.source as TRequisition['source'],
      requestedBy: r.requestedBy, employeeNumber: r.employeeNumber, purpose: r.purpose, neededBy: r.neededBy,
      status: r.status as TRequisition['status'],
      approvals: states[i]?.approvals ?? (r.status === 'pending' || r.status === 'rejected' ? 0 : 1),
      approvalsRequired: states[i]?.totalApprovalsRequired ?? 1,
      items: lines.filter((l) => l.requisitionId === r.id).map((l) => ({
        itemId: l.itemId, itemName: l.itemName, unit: l.unit, quantity: Number(l.quantity), available: Number(l.available),
        issuedQuantity: l.issuedQuantity === null ? null : Number(l.issuedQuantity),
      })),
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    }));
  };
  const one = async (tx: DbOrTx, businessId: string, row: repo.TRequisitionRow) => (await view(tx, businessId, [row]))[0];

  /** Every line's item must be this business's and, from a collection point, connected to that point. */
  const checkLines = async (tx: DbOrTx, auth: TAuth, lines: Array<{ itemId: string }>, pointId: string | null) => {
    const items = await itemsRepo.findItems(tx, auth.businessId, { ids: lines.map((l) => l.itemId) });
    lines.forEach((l, i) => {
      const item = items.find((x) => x.id === l.itemId);
      if (!item || (pointId && item.collectionPointId !== pointId)) {
        throw notFound(`items[${i}].itemId: this item${pointId ? ' of the collection point' : ''}`);
      }
    });
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
    const lines = await repo.findLines(tx, auth.businessId, [row.id]);
    for (const l of lines) {
      const { movement } = await opts.inventory.applyMovement(tx, auth, {
        itemId: l.itemId, kind: 'outstock', quantityMilli: toMilli(l.quantity), employeeNumber: row.employeeNumber ?? auth.userName,
        tagName: row.tagName, reference: row.number, purpose: `Requisition ${row.number}: ${row.purpose}`,
        collectionPointId: row.collectionPointId, requisitionId: row.id,
      });
      await repo.setIssued(tx, row.id, l.itemId, String(movement.quantity));
    }
    await repo.updateRequisition(tx, auth.businessId, row.id, { status: 'issued', decidedAt: new Date() });
    await audit(tx, auth, 'material-requisition.issued', { entity: 'material-requisition', entityId: row.id, after: { number: row.number, lines: lines.map((l) => ({ itemId: l.itemId, quantity: Number(l.quantity) })) } });
  });

  return {
    create: async (auth: TAuth, input: TRequisitionInput) => {
      if (input.email) assertEmailAtPoint(auth, input.email, auth.kind === 'collector' ? await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId) : null);
      let tagName = input.tagName;
      let pointId: string | null = null;
      let employeeNumber = input.employeeNumber ?? null;
      let requestedBy: string;
      if (auth.kind === 'collector') {
        const point = await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId);
        if (!point) throw notFound('Collection point');
        if (tagName && !sameText(tagName, point.tagName)) throw forbidden(`This collection point requests only for project ${point.tagName}`).as('pointRequestsOnly', { project: point.tagName });
        tagName = point.tagName;
        pointId = point._id;
        employeeNumber = point.employeeNumber;
        requestedBy = `${point.employeeName} (${point.employeeNumber})`;
      } else if (auth.kind === 'user') {
        requestedBy = auth.userName;
      } else {
        throw forbidden(MSG.forbidden);
      }
      if (!tagName) throw badRequest('tagName: is required');
      return db.transaction(async (tx) => {
        await checkLines(tx, auth, input.items, pointId);
        const number = `MR-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
        const row = await repo.createRequisition(tx, {
          businessId: auth.businessId, number, tagName: tagName!, collectionPointId: pointId, source: auth.kind === 'collector' ? 'collector' : 'office',
          requestedBy, employeeNumber, purpose: input.purpose, neededBy: input.neededBy ?? null,
        });
        await repo.replaceLines(tx, auth.businessId, row.id, input.items);
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
          await checkLines(tx, auth, d.items, before.collectionPointId);
          await repo.replaceLines(tx, auth.businessId, before.id, d.items);
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
