import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG, ORDER_MSG, ZAddOrders, ZAddStanding, ZEmailParams, ZGrnUpdate, ZIdParams, ZInvoice, ZInvoiceInput, ZOk, ZOrder, ZOrderDetail, ZOrderListQuery,
  ZOrderLookup, ZPaged, ZPayment, ZPaymentTrack, ZProcurementSettings, ZProcurementSettingsOut, ZProcurementSummary, ZSchedulePayment, ZStandingCallOff,
  ZUpdateApprovalStatus, STOCK_ITEM_MSG, ZGoodsReturnInput, ZAmendOrder, ZOrderRevision,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TOrdersService } from './orders.service.ts';

/** Who reads orders: buyers, approvers and the accounts people who pay them. */
const READERS = ['Procurement-access', 'Approvals-access', 'Accounts-access'] as const;

export const orderRoutes = (orders: TOrdersService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  app.post('/api/v1/orders/add-orders', {
    schema: { tags, body: ZAddOrders, response: { 201: ZOk(z.array(ZOrderDetail)) }, description: 'One order, or several as { orders: [...] }; totals, VAT and levies are computed by the server; each goes for approval' },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await orders.addOrders(userAuth(req), req.body), MSG.ordersAdded)));

  app.post('/api/v1/orders/add-standing', {
    schema: { tags, body: ZAddStanding, response: { 201: ZOk(ZOrderDetail) } },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await orders.addStanding(userAuth(req), req.body), ORDER_MSG.standingAdded)));

  app.get('/api/v1/orders/get-orders/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZOrderListQuery, response: { 200: ZPaged(ZOrder) } },
    config: allow(...READERS),
  }, async (req) => {
    const { rows, total } = await orders.list(userAuth(req), req.params.email, req.query);
    return paged(rows, total, req.query);
  });

  app.post('/api/v1/orders/order', {
    schema: { tags, body: ZOrderLookup, response: { 200: ZOk(ZOrderDetail) }, description: 'One order by its number (invoiceNumber, e.g. PO-000012)' },
    config: allow(...READERS),
  }, async (req) => ok(await orders.byNumber(userAuth(req), req.body)));

  app.get('/api/v1/orders/detail/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZOrderDetail) } },
    config: allow(...READERS),
  }, async (req) => ok(await orders.detail(userAuth(req), req.params.id)));

  app.put('/api/v1/orders/grn-update', {
    schema: { tags, body: ZGrnUpdate, response: { 200: ZOk(ZOrderDetail) }, description: 'Goods received against an approved regular order; never more than ordered minus already received' },
    config: allow('Procurement-access', 'Inventory-access'),
  }, async (req) => ok(await orders.receive(userAuth(req), req.body.grnData), ORDER_MSG.goodsReceived));

  app.post('/api/v1/orders/:id/returns', {
    schema: { tags, params: ZIdParams, body: ZGoodsReturnInput, response: { 201: ZOk(ZOrderDetail) }, description: 'Goods returned to the supplier against one goods-received note; stock leaves the GRN line\'s location' },
    config: allow('Procurement-access', 'Inventory-access'),
  }, async (req, reply) => reply.code(201).send(ok(await orders.returnGoods(userAuth(req), req.params.id, req.body), STOCK_ITEM_MSG.returned)));

  app.put('/api/v1/orders/standing-po-update', {
    schema: { tags, body: ZStandingCallOff, response: { 200: ZOk(ZOrderDetail) }, description: 'A call-off against an approved standing order, within its ceiling and validity' },
    config: allow('Procurement-access'),
  }, async (req) => ok(await orders.callOff(userAuth(req), req.body), ORDER_MSG.callOffRecorded));

  app.put('/api/v1/orders/update-approval-status', {
    schema: { tags, body: ZUpdateApprovalStatus, response: { 200: ZOk(ZOrderDetail) }, description: 'approved/rejected: the caller\'s decision (Approvals-access); cancelled: cancels the order (Procurement-access)' },
    config: allow('Approvals-access', 'Procurement-access'),
  }, async (req) => ok(await orders.updateApprovalStatus(userAuth(req), req.body), MSG.approvalStatusUpdated));

  app.delete('/api/v1/orders/cancel/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZOrderDetail) }, description: 'Only before goods are received (or call-offs made)' },
    config: allow('Procurement-access'),
  }, async (req) => ok(await orders.cancel(userAuth(req), req.params.id), ORDER_MSG.orderCancelled));

  app.post('/api/v1/orders/:id/amend', {
    schema: {
      tags, params: ZIdParams, body: ZAmendOrder, response: { 200: ZOk(ZOrderDetail) },
      description: 'Amends an approved regular order: lines\' quantity and price (never below received or invoiced), new lines, a reason; totals recomputed, revision + 1, back for approval',
    },
    config: allow('Procurement-access'),
  }, async (req) => ok(await orders.amend(userAuth(req), req.params.id, req.body), ORDER_MSG.orderAmended));

  app.get('/api/v1/orders/:id/revisions', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZOrderRevision)) }, description: 'The order\'s amendments, newest first: reason, who, when, lines and totals before and after' },
    config: allow(...READERS),
  }, async (req) => ok(await orders.revisions(userAuth(req), req.params.id)));

  app.post('/api/v1/orders/invoices', {
    schema: { tags, body: ZInvoiceInput, response: { 201: ZOk(ZInvoice) }, description: 'A vendor invoice against an order, matched three ways' },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await orders.addInvoice(userAuth(req), req.body), ORDER_MSG.invoiceRecorded)));

  app.get('/api/v1/orders/invoices/:email', {
    schema: { tags, params: ZEmailParams, response: { 200: ZOk(z.array(ZInvoice)) } },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req) => ok(await orders.invoices(userAuth(req), req.params.email)));

  app.post('/api/v1/orders/schedule-payment', {
    schema: { tags, body: ZSchedulePayment, response: { 201: ZOk(ZPayment) }, description: 'Never above what is outstanding; goes for approval (service payment)' },
    config: allow('Accounts-access'),
  }, async (req, reply) => reply.code(201).send(ok(await orders.schedulePayment(userAuth(req), req.body), MSG.paymentScheduled)));

  app.get('/api/v1/orders/payment-details/:email', {
    schema: { tags, params: ZEmailParams, response: { 200: ZOk(z.array(ZPayment)) } },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req) => ok(await orders.paymentDetails(userAuth(req), req.params.email)));

  app.post('/api/v1/orders/payment-track', {
    schema: { tags, body: ZPaymentTrack, response: { 200: ZOk(ZPayment) }, description: 'Records an approved, scheduled payment as made' },
    config: allow('Accounts-access'),
  }, async (req) => ok(await orders.paymentTrack(userAuth(req), req.body), MSG.paymentDataSent));

  app.get('/api/v1/orders/settings', {
    schema: { tags, response: { 200: ZOk(ZProcurementSettingsOut) } },
    config: allow(...READERS),
  }, async (req) => ok(await orders.settings(userAuth(req))));

  app.put('/api/v1/orders/settings', {
    schema: { tags, body: ZProcurementSettings, response: { 200: ZOk(ZProcurementSettingsOut) }, description: 'VAT and levy rates in percent (7.5, 15, 6)' },
    config: allow('Settings-access'),
  }, async (req) => ok(await orders.saveSettings(userAuth(req), req.body), ORDER_MSG.settingsSaved));

  app.get('/api/v1/orders/summary', {
    schema: { tags, response: { 200: ZOk(ZProcurementSummary) } },
    config: allow('Procurement-access', 'Management-access'),
  }, async (req) => ok(await orders.summary(userAuth(req))));
};
