import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVENTORY_MSG, MSG, ZConnectItem, ZEmailBody, ZEmailParams, ZGetRequisitions, ZIdParams, ZInstockParams, ZInstockQuery, ZInventoryExportQuery,
  ZInventoryItem, ZInventoryItemInput, ZInventoryItemUpdate, ZItemCount, ZItemDepartment, ZLogQuery, ZMaterialApproval, ZMovementResult, ZOk,
  ZOutstockParams, ZPaged, ZPerItem, ZPointParams, ZProjectParams, ZRequisition, ZRequisitionInput, ZStockBalanceBody, ZStockMovement, ZTotalValue,
  ZUpdateRequisition, ZUsedstockParams, STOCK_ITEM_MSG, ZStockAtLocation, ZStockItem, ZStockItemInput, ZStockItemQuery, ZStockItemUpdate, ZStockStaff,
  ZStockStaffQuery,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { majorToMinor } from '../../platform/money.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TInventoryService } from './inventory.service.ts';
import type { TRequisitionsService } from './requisitions.service.ts';

const STOCK = ['Inventory-access'] as const;
const REQUESTERS = ['Inventory-access', 'Procurement-access'] as const;

export const inventoryRoutes = (inventory: TInventoryService, requisitions: TRequisitionsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];
  const moved = (r: Awaited<ReturnType<TInventoryService['move']>>, message: string) => ok(r, r.isReplay ? INVENTORY_MSG.stockReplayed : message);

  app.post('/api/v1/inventory/all-inventory', { schema: { tags, body: ZEmailBody, response: { 200: ZOk(z.array(ZInventoryItem)) } }, config: allow(...STOCK, 'Procurement-access') },
    async (req) => ok(await inventory.listAll(userAuth(req), req.body.email)));

  app.get('/api/v1/inventory/inventory-point/:email/:tag', {
    schema: { tags, params: ZPointParams, response: { 200: ZOk(z.array(ZInventoryItem)) }, description: 'One project\'s items; a collector token gets the items connected to its point' },
    config: allow(...STOCK, 'Procurement-access', 'collector'),
  }, async (req) => ok(await inventory.listPoint(req.auth!, req.params.email, req.params.tag)));

  app.get('/api/v1/inventory/export/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZInventoryExportQuery, description: 'Every item with its stock and value, as CSV or XLSX' },
    config: allow(...STOCK),
  }, async (req, reply) => {
    const file = await inventory.exportStock(userAuth(req), req.params.email, req.query.format);
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
  });

  app.get('/api/v1/inventory/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk(ZInventoryItem) } }, config: allow(...STOCK, 'Procurement-access', 'collector') },
    async (req) => ok(await inventory.get(req.auth!, req.params.id)));

  app.post('/api/v1/inventory/create', { schema: { tags, body: ZInventoryItemInput, response: { 201: ZOk(ZInventoryItem) } }, config: allow(...STOCK) },
    async (req, reply) => reply.code(201).send(ok(await inventory.create(userAuth(req), req.body), INVENTORY_MSG.itemCreated)));

  app.get('/api/v1/inventory/per-item/:email/:project', { schema: { tags, params: ZProjectParams, response: { 200: ZOk(z.array(ZPerItem)) } }, config: allow(...STOCK) },
    async (req) => ok(await inventory.perItem(userAuth(req), req.params.email, req.params.project)));

  app.get('/api/v1/inventory/count/:email/:project', { schema: { tags, params: ZProjectParams, response: { 200: ZOk(ZItemCount) } }, config: allow(...STOCK) },
    async (req) => ok(await inventory.count(userAuth(req), req.params.email, req.params.project)));

  app.get('/api/v1/inventory/total-value/:email', { schema: { tags, params: ZEmailParams, response: { 200: ZOk(ZTotalValue) } }, config: allow(...STOCK) },
    async (req) => ok(await inventory.totalValue(userAuth(req), req.params.email)));

  app.get('/api/v1/inventory/instock/:email/:id/:nums/:quantity/:tag', {
    schema: { tags, params: ZInstockParams, querystring: ZInstockQuery, response: { 200: ZOk(ZMovementResult) }, description: 'Receives {quantity} of item {id} into project {tag}, recorded by employee number {nums}. Not cached.' },
    config: allow(...STOCK),
  }, async (req) => {
    const p = req.params;
    const unitCost = req.query.unitCost === undefined ? undefined : majorToMinor(req.query.unitCost, 'unitCost');
    return moved(await inventory.move(req.auth!, p.email, { itemId: p.id, kind: 'instock', quantity: p.quantity, employeeNumber: p.nums, tagName: p.tag, unitCost, reference: req.query.reference ?? null }), INVENTORY_MSG.stockIn);
  });

  app.get('/api/v1/inventory/outstock/:email/:id/:nums/:quantity/:order/:tag', {
    schema: { tags, params: ZOutstockParams, response: { 200: ZOk(ZMovementResult) }, description: 'Issues stock against {order}; the same {order} again changes nothing. 409 with the available quantity when short.' },
    config: allow(...STOCK),
  }, async (req) => {
    const p = req.params;
    return moved(await inventory.move(req.auth!, p.email, { itemId: p.id, kind: 'outstock', quantity: p.quantity, employeeNumber: p.nums, tagName: p.tag, reference: p.order }), INVENTORY_MSG.stockOut);
  });

  app.get('/api/v1/inventory/usedstock/:email/:id/:nums/:quantity/:used/:order/:tag', {
    schema: { tags, params: ZUsedstockParams, response: { 200: ZOk(ZMovementResult) }, description: 'Records stock used for {used} against {order}; idempotent per {order}.' },
    config: allow(...STOCK, 'collector'),
  }, async (req) => {
    const p = req.params;
    return moved(await inventory.move(req.auth!, p.email, { itemId: p.id, kind: 'usedstock', quantity: p.quantity, employeeNumber: p.nums, tagName: p.tag, reference: p.order, purpose: p.used }), INVENTORY_MSG.stockUsed);
  });

  app.post('/api/v1/inventory/stockbalance', { schema: { tags, body: ZStockBalanceBody, response: { 200: ZOk(z.array(ZInventoryItem)) } }, config: allow(...STOCK, 'Procurement-access') },
    async (req) => ok(await inventory.stockBalance(userAuth(req), req.body.email, req.body.tagName)));

  app.post('/api/v1/inventory/update/:id', { schema: { tags, params: ZIdParams, body: ZInventoryItemUpdate, response: { 200: ZOk(ZInventoryItem) } }, config: allow(...STOCK) },
    async (req) => ok(await inventory.update(userAuth(req), req.params.id, req.body), INVENTORY_MSG.itemUpdated));

  app.post('/api/v1/inventory/connect', { schema: { tags, body: ZConnectItem, response: { 200: ZOk(ZInventoryItem) } }, config: allow(...STOCK) },
    async (req) => ok(await inventory.connect(userAuth(req), req.body), req.body.disconnect ? INVENTORY_MSG.itemDisconnected : INVENTORY_MSG.itemConnected));

  app.delete('/api/v1/inventory/delete/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } }, config: allow(...STOCK) },
    async (req) => ok(await inventory.delete(userAuth(req), req.params.id), INVENTORY_MSG.itemDeleted));

  app.put('/api/v1/inventory/update-department', { schema: { tags, body: ZItemDepartment, response: { 200: ZOk(z.array(ZInventoryItem)) } }, config: allow(...STOCK) },
    async (req) => ok(await inventory.updateDepartment(userAuth(req), req.body), INVENTORY_MSG.departmentUpdated));

  app.get('/api/v1/inventory/logs/:email/:tag', { schema: { tags, params: ZPointParams, querystring: ZLogQuery, response: { 200: ZPaged(ZStockMovement) } }, config: allow(...STOCK, 'collector') },
    async (req) => {
      const { rows, totalRecords } = await inventory.logs(req.auth!, req.params.email, req.params.tag, req.query);
      return paged(rows, totalRecords, req.query);
    });

  app.get('/api/v1/inventory/logsG/:email', { schema: { tags, params: ZEmailParams, querystring: ZLogQuery, response: { 200: ZPaged(ZStockMovement) } }, config: allow(...STOCK) },
    async (req) => {
      const { rows, totalRecords } = await inventory.logs(req.auth!, req.params.email, undefined, req.query);
      return paged(rows, totalRecords, req.query);
    });

  // ── item master and stock per location (issue 34) ──
  app.get('/api/v1/stock-items', {
    schema: { tags, querystring: ZStockItemQuery, response: { 200: ZPaged(ZStockItem) }, description: 'Master items with their stock at each location; q searches name and SKU' },
    config: allow(...STOCK, 'Procurement-access'),
  }, async (req) => {
    const { rows, totalRecords } = await inventory.listMasters(userAuth(req), req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.post('/api/v1/stock-items', { schema: { tags, body: ZStockItemInput, response: { 201: ZOk(ZStockItem) }, description: 'A master item (no stock yet); keep it at places with POST /stock-items/{id}/locations' }, config: allow(...STOCK) },
    async (req, reply) => reply.code(201).send(ok(await inventory.createMaster(userAuth(req), req.body), STOCK_ITEM_MSG.created)));

  app.put('/api/v1/stock-items/:id', { schema: { tags, params: ZIdParams, body: ZStockItemUpdate, response: { 200: ZOk(ZStockItem) }, description: 'Name, SKU, unit, category and conversions, the same at every location' }, config: allow(...STOCK) },
    async (req) => ok(await inventory.updateMaster(userAuth(req), req.params.id, req.body), STOCK_ITEM_MSG.updated));

  app.post('/api/v1/stock-items/:id/locations', {
    schema: { tags, params: ZIdParams, body: ZStockAtLocation, response: { 201: ZOk(ZStockItem) }, description: 'Keeps the item at another store or site (an empty stock row there, with its own reorder level)' },
    config: allow(...STOCK),
  }, async (req, reply) => reply.code(201).send(ok(await inventory.addLocation(userAuth(req), req.params.id, req.body), STOCK_ITEM_MSG.stocked)));

  app.get('/api/v1/stock-staff', {
    schema: { tags, querystring: ZStockStaffQuery, response: { 200: ZOk(ZStockStaff) }, description: 'Employees (name + number) who may be named on a stock movement, and the caller\'s own employee' },
    config: allow(...STOCK),
  }, async (req) => ok(await inventory.staff(userAuth(req), req.query.q, req.query.limit)));

  // ── material requisitions ──
  app.post('/api/v1/inventory/requisitions', { schema: { tags, body: ZRequisitionInput, response: { 201: ZOk(ZRequisition) } }, config: allow(...REQUESTERS, 'collector') },
    async (req, reply) => reply.code(201).send(ok(await requisitions.create(req.auth!, req.body), MSG.requisitionSubmitted)));

  app.post('/api/v1/inventory/get-requisitions', { schema: { tags, body: ZGetRequisitions, response: { 200: ZOk(z.array(ZRequisition)) } }, config: allow(...REQUESTERS, 'Approvals-access', 'collector') },
    async (req) => ok(await requisitions.listForProject(req.auth!, req.body)));

  app.post('/api/v1/inventory/get-all-requisitions', { schema: { tags, body: ZEmailBody, response: { 200: ZOk(z.array(ZRequisition)) } }, config: allow(...REQUESTERS, 'Approvals-access') },
    async (req) => ok(await requisitions.listAll(userAuth(req), req.body.email)));

  app.delete('/api/v1/inventory/requisitions/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) }, description: 'Deletes a pending requisition' }, config: allow(...REQUESTERS, 'collector') },
    async (req) => ok(await requisitions.delete(req.auth!, req.params.id), MSG.requisitionDeleted));

  app.put('/api/v1/orders/update-requisition', { schema: { tags, body: ZUpdateRequisition, response: { 200: ZOk(ZRequisition) } }, config: allow(...REQUESTERS) },
    async (req) => ok(await requisitions.update(userAuth(req), req.body), MSG.requisitionUpdated));

  app.put('/api/v1/orders/update-material-approval-status', {
    schema: { tags, body: ZMaterialApproval, response: { 200: ZOk(ZRequisition) }, description: 'The caller\'s approval (or rejection) of a material requisition; the last approval needed issues the stock' },
    config: allow('Approvals-access'),
  }, async (req) => ok(await requisitions.decide(userAuth(req), req.body), MSG.approvalStatusUpdated));
};
