import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_MAX_BYTES, INVOICE_DOCUMENT_TYPES, MATCH_MSG, ZCreditNoteInput, ZIdParams, ZInvoice, ZInvoiceOverride, ZOk } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { readUpload } from '../../platform/http/uploads.ts';
import { sendDownload } from '../../platform/http/downloads.ts';
import type { TInvoiceHoldsService } from './match.service.ts';

/** Held invoices (issue 35): one invoice with its match, an override with a reason, a vendor credit note. */
const isInvoiceDocumentType = (mime: string) => (INVOICE_DOCUMENT_TYPES as readonly string[]).includes(mime);

export const invoiceHoldRoutes = (holds: TInvoiceHoldsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  app.get('/api/v1/orders/invoice/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZInvoice) }, description: 'One invoice with its three-way match, hold, credit notes and outstanding amount' },
    config: allow('Accounts-access', 'Procurement-access', 'Approvals-access'),
  }, async (req) => ok(await holds.invoice(userAuth(req), req.params.id)));

  app.post('/api/v1/orders/invoices/:id/override', {
    schema: { tags, params: ZIdParams, body: ZInvoiceOverride, response: { 200: ZOk(ZInvoice) }, description: 'Releases a held invoice for payment; the reason is kept on the invoice and audited' },
    config: allow('Approvals-access'),
  }, async (req) => ok(await holds.override(userAuth(req), req.params.id, req.body), MATCH_MSG.overridden));

  app.post('/api/v1/orders/invoices/:id/credit-notes', {
    schema: { tags, params: ZIdParams, body: ZCreditNoteInput, response: { 201: ZOk(ZInvoice) }, description: 'A vendor credit note against the invoice; reduces what is payable and may clear a hold' },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await holds.addCreditNote(userAuth(req), req.params.id, req.body), MATCH_MSG.creditNoteAdded)));

  app.post('/api/v1/orders/invoices/:id/document', {
    schema: { tags, params: ZIdParams, consumes: ['multipart/form-data'], response: { 201: ZOk(ZInvoice) }, description: 'multipart: file (the vendor\'s invoice: PDF, JPEG or PNG, at most 10 MB); replaces an earlier one until the invoice is paid' },
    config: allow('Accounts-access', 'Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await holds.attachDocument(userAuth(req), req.params.id,
    await readUpload(req, { maxBytes: DOCUMENT_MAX_BYTES, accept: isInvoiceDocumentType, wrongTypeMessage: MATCH_MSG.documentType })), MATCH_MSG.documentAttached)));

  app.get('/api/v1/orders/invoices/:id/document', {
    schema: { tags, params: ZIdParams, description: 'The vendor\'s invoice document as an attachment; send the bearer token' },
    config: allow('Accounts-access', 'Procurement-access', 'Approvals-access'),
  }, async (req, reply) => sendDownload(reply, await holds.document(userAuth(req), req.params.id)));
};
