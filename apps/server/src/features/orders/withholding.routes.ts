import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZIdParams, ZOk, ZPayablesAgeing, ZPayablesAgeingQuery, ZWhtPreview, ZWhtPreviewQuery, ZWhtSchedule, ZWhtScheduleQuery,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { sendDownload } from '../../platform/http/downloads.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TWithholdingService } from './withholding.service.ts';

/** Who reads orders and their documents: buyers, approvers and the accounts people who pay them (as orders.routes). */
const READERS = ['Procurement-access', 'Approvals-access', 'Accounts-access'] as const;
const PDF = 'application/pdf';

/** Withholding tax, payables ageing and the printable supplier documents (issue 35, lane wht). */
export const withholdingRoutes = (wht: TWithholdingService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  app.get('/api/v1/orders/payments/:id/withholding', {
    schema: { tags, params: ZIdParams, querystring: ZWhtPreviewQuery, response: { 200: ZOk(ZWhtPreview) }, description: 'Gross, withholding tax and net of a payment at the rate in force on paidDate (default today); a paid payment answers what was stored' },
    config: allow('Accounts-access'),
  }, async (req) => ok(await wht.preview(userAuth(req), req.params.id, req.query.paidDate)));

  app.get('/api/v1/orders/wht-schedule', {
    schema: { tags, querystring: ZWhtScheduleQuery, description: 'The month\'s withholding tax per authority (FIRS, State IRS, GRA) with its due date; format=csv|xlsx downloads it' },
    config: allow('Accounts-access'),
  }, async (req, reply) => {
    const auth = userAuth(req);
    if (req.query.format === 'json') return reply.send(ok(ZWhtSchedule.parse(await wht.schedule(auth, req.query))));
    const file = await wht.scheduleFile(auth, { ...req.query, format: req.query.format });
    return sendDownload(reply, { body: file.body, mime: file.mime, name: file.fileName });
  });

  app.get('/api/v1/orders/payables-ageing', {
    schema: { tags, querystring: ZPayablesAgeingQuery, response: { 200: ZOk(ZPayablesAgeing) }, description: 'Outstanding per vendor in buckets current / 1–30 / 31–60 / 61–90 / 90+ days past due, with the invoices' },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req) => ok(await wht.ageing(userAuth(req), req.query.asOf)));

  app.get('/api/v1/orders/:id/pdf', {
    schema: { tags, params: ZIdParams, description: 'The purchase order as a PDF; anything not approved carries a NOT APPROVED mark' },
    config: allow(...READERS),
  }, async (req, reply) => sendDownload(reply, { ...await wht.orderPdf(userAuth(req), req.params.id), mime: PDF }));

  app.get('/api/v1/orders/grns/:id/pdf', {
    schema: { tags, params: ZIdParams, description: 'A goods-received note as a PDF' },
    config: allow(...READERS, 'Inventory-access'),
  }, async (req, reply) => sendDownload(reply, { ...await wht.grnPdf(userAuth(req), req.params.id), mime: PDF }));

  app.get('/api/v1/orders/payments/:id/advice-pdf', {
    schema: { tags, params: ZIdParams, description: 'The payment advice as a PDF: gross, withholding tax, net, bank, approvers' },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req, reply) => sendDownload(reply, { ...await wht.advicePdf(userAuth(req), req.params.id), mime: PDF }));

  app.get('/api/v1/orders/payments/:id/wht-receipt', {
    schema: { tags, params: ZIdParams, description: 'The WHT credit note (receipt for the tax withheld) of a paid payment, as a PDF' },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req, reply) => sendDownload(reply, { ...await wht.whtReceipt(userAuth(req), req.params.id), mime: PDF }));
};
