import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES, MSG, REMITTANCE_MSG, REMITTANCE_RECEIPT_FIELD, ZIdParams, ZOk, ZRemittanceList, ZRemittanceListQuery, ZRemittancePayment,
  ZVoidRemittance,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { isDocumentType, readForm } from '../../platform/http/uploads.ts';
import { sendDownload } from '../../platform/http/downloads.ts';
import type { TRemittancesService } from './remittances.service.ts';

/** The remittance tracker: pay data, so Accounts-access (the owner passes every role). */
export const remittanceRoutes = (remittances: TRemittancesService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['remittances'];

  app.get('/api/v1/remittances', {
    schema: {
      tags, querystring: ZRemittanceListQuery, response: { 200: ZOk(ZRemittanceList) },
      description: 'What each authority is owed per period from the approved runs (the last 12 months by default; ITF for the years they touch), with due dates, payments and status',
    },
    config: allow('Accounts-access'),
  }, async (req) => ok(await remittances.list(userAuth(req), req.query)));

  app.post('/api/v1/remittances/payments', {
    schema: {
      tags, consumes: ['multipart/form-data'], response: { 201: ZOk(ZRemittancePayment) },
      description: `multipart: kind, payee ('' for a single authority), period, amount (major units as text), reference, paidOn (YYYY-MM-DD), note?; then the optional \`${REMITTANCE_RECEIPT_FIELD}\` file (PDF, image or office file, at most 10 MB)`,
    },
    config: allow('Accounts-access'),
  }, async (req, reply) => {
    const form = await readForm(req, { field: REMITTANCE_RECEIPT_FIELD, maxBytes: DOCUMENT_MAX_BYTES, accept: isDocumentType, wrongTypeMessage: MSG.documentTypeNotAllowed });
    return reply.code(201).send(ok(await remittances.record(userAuth(req), form.fields, form.file), REMITTANCE_MSG.recorded));
  });

  app.get('/api/v1/remittances/payments/:id/receipt', {
    schema: { tags, params: ZIdParams, description: "The payment's receipt as an attachment; send the bearer token" },
    config: allow('Accounts-access'),
  }, async (req, reply) => sendDownload(reply, await remittances.receipt(userAuth(req), req.params.id)));

  app.post('/api/v1/remittances/payments/:id/void', {
    schema: { tags, params: ZIdParams, body: ZVoidRemittance, response: { 200: ZOk(ZRemittancePayment) }, description: 'Voids a payment with a reason: it stays listed and counts for nothing' },
    config: allow('Accounts-access'),
  }, async (req) => ok(await remittances.void(userAuth(req), req.params.id, req.body.reason), REMITTANCE_MSG.voided));
};
