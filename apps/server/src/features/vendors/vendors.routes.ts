import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VENDOR_MSG, ZAddVendors, ZAwardLines, ZAwardPreview, ZBoqDetail, ZSentToContractor, ZBoqInput, ZBoqSummary, ZClient, ZClientInput, ZContractParams, ZEmailParams, ZIdParams, ZOk, ZOrderDetail,
  ZQuote, ZQuoteInvitation, ZQuoteInvitationQuery, ZSendToContractor, ZSubmitQuote, ZUploadQuotes, ZVendor, ZVendorInput, ZVendorListQuery,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, publicRoute, userAuth } from '../../platform/auth/guard.ts';
import { attemptsPerMinute } from '../../platform/http/rate-limit.ts';
import type { TVendorsService } from './vendors.service.ts';

const ZDeleted = z.object({ _id: z.string() });

export const vendorRoutes = (vendors: TVendorsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['vendors'];

  app.post('/api/v1/vendors/add-vendors', {
    schema: { tags, body: ZAddVendors, response: { 201: ZOk(z.array(ZVendor)) }, description: 'One vendor, or several as { vendors: [...] } (all or nothing)' },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await vendors.addVendors(userAuth(req), req.body), VENDOR_MSG.vendorsAdded)));

  app.get('/api/v1/vendors/fetch-vendors/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZVendorListQuery, response: { 200: ZOk(z.array(ZVendor)) } },
    config: allow('Procurement-access', 'Accounts-access'),
  }, async (req) => ok(await vendors.listVendors(userAuth(req), req.params.email, req.query.search)));

  app.put('/api/v1/vendors/update/:id', {
    schema: { tags, params: ZIdParams, body: ZVendorInput, response: { 200: ZOk(ZVendor) } },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.updateVendor(userAuth(req), req.params.id, req.body), VENDOR_MSG.vendorUpdated));

  app.delete('/api/v1/vendors/delete/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZDeleted) }, description: 'Leaves the list; stays on its orders' },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.deleteVendor(userAuth(req), req.params.id), VENDOR_MSG.vendorDeleted));

  app.get('/api/v1/vendors/clients', {
    schema: { tags, response: { 200: ZOk(z.array(ZClient)) } },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.listClients(userAuth(req))));

  app.post('/api/v1/vendors/clients', {
    schema: { tags, body: ZClientInput, response: { 201: ZOk(ZClient) } },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await vendors.saveClient(userAuth(req), req.body), VENDOR_MSG.clientSaved)));

  app.put('/api/v1/vendors/clients/:id', {
    schema: { tags, params: ZIdParams, body: ZClientInput, response: { 200: ZOk(ZClient) } },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.saveClient(userAuth(req), req.body, req.params.id), VENDOR_MSG.clientSaved));

  app.delete('/api/v1/vendors/clients/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZDeleted) } },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.deleteClient(userAuth(req), req.params.id), VENDOR_MSG.clientDeleted));

  app.post('/api/v1/vendors/add-boq', {
    schema: { tags, body: ZBoqInput, response: { 201: ZOk(ZBoqDetail) }, description: 'A BOQ entry: contractId, businessName, projectTitle and its lines' },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await vendors.addBoq(userAuth(req), req.body), VENDOR_MSG.boqSaved)));

  app.get('/api/v1/vendors/fetch-boq-entry/:email', {
    schema: { tags, params: ZEmailParams, response: { 200: ZOk(z.array(ZBoqSummary)) } },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.listBoqs(userAuth(req), req.params.email)));

  app.get('/api/v1/vendors/fetch-boq/:contract', {
    schema: { tags, params: ZContractParams, response: { 200: ZOk(ZBoqDetail) }, description: 'One BOQ with its quotes side by side; the cheapest per line and in total named' },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.boq(userAuth(req), req.params.contract)));

  app.delete('/api/v1/vendors/deleteBOQ/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZDeleted) } },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.deleteBoq(userAuth(req), req.params.id), VENDOR_MSG.boqDeleted));

  app.post('/api/v1/vendors/send-to-contractor', {
    schema: { tags, body: ZSendToContractor, response: { 200: ZOk(ZSentToContractor) }, description: 'Makes a single-use, expiring link to /create-quote/{contractId}, returns it (to copy or share) and e-mails it; mailStatus says honestly whether the e-mail was sent' },
    config: allow('Procurement-access'),
  }, async (req) => {
    const sent = await vendors.sendToContractor(userAuth(req), req.body);
    const message = { sent: VENDOR_MSG.sentToContractor, failed: VENDOR_MSG.linkMailFailed, 'not-configured': VENDOR_MSG.linkMailNotConfigured }[sent.mailStatus];
    return ok(sent, message);
  });

  app.post('/api/v1/vendors/quote-invitation', {
    schema: { tags, body: ZQuoteInvitationQuery, response: { 200: ZOk(ZQuoteInvitation) }, description: 'Public: the BOQ a quote link reaches, while the link is unused and unexpired' },
    config: { ...publicRoute, ...attemptsPerMinute(30) },
  }, async (req) => ok(await vendors.invitation(req.body.contractId, req.body.token)));

  app.post('/api/v1/vendors/submit-quote', {
    schema: { tags, body: ZSubmitQuote, response: { 201: ZOk(z.object({ _id: z.string(), totalMinor: z.number().int(), currency: z.string() })) }, description: 'Public, through the e-mailed link: once, before it expires; every line priced' },
    config: { ...publicRoute, ...attemptsPerMinute(20) },
  }, async (req, reply) => reply.code(201).send(ok(await vendors.submitQuote(req.body), VENDOR_MSG.quoteSubmitted)));

  app.post('/api/v1/vendors/upload-quotes/:email', {
    schema: { tags, params: ZEmailParams, body: ZUploadQuotes, response: { 201: ZOk(ZQuote) }, description: 'A quote received elsewhere: quotesData {contractId, contractorName, vendorId?, lines}, email of the contractor' },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await vendors.uploadQuote(userAuth(req), req.params.email, req.body), VENDOR_MSG.quoteUploaded)));

  app.get('/api/v1/vendors/fetch-quotes/:email', {
    schema: { tags, params: ZEmailParams, response: { 200: ZOk(z.array(ZQuote)) } },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.listQuotes(userAuth(req), req.params.email)));

  app.post('/api/v1/vendors/award-quote/:id', {
    schema: { tags, params: ZIdParams, response: { 201: ZOk(ZOrderDetail) }, description: 'The quote becomes a purchase order (sent for approval) in one step' },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await vendors.awardQuote(userAuth(req), req.params.id), VENDOR_MSG.quoteAwarded)));

  app.post('/api/v1/vendors/award-preview/:id', {
    schema: { tags, params: ZIdParams, body: ZAwardLines, response: { 200: ZOk(ZAwardPreview) }, description: 'What a per-line award of BOQ {id} would create: one order per supplier with subtotal, VAT and total, and the vendor each supplier matches (or that the buyer must choose)' },
    config: allow('Procurement-access'),
  }, async (req) => ok(await vendors.previewAward(userAuth(req), req.params.id, req.body)));

  app.post('/api/v1/vendors/award-lines/:id', {
    schema: { tags, params: ZIdParams, body: ZAwardLines, response: { 201: ZOk(z.array(ZOrderDetail)) }, description: 'Per-line award of BOQ {id}: one purchase order per supplier with its awarded lines, each sent for approval' },
    config: allow('Procurement-access'),
  }, async (req, reply) => reply.code(201).send(ok(await vendors.awardLines(userAuth(req), req.params.id, req.body), VENDOR_MSG.linesAwarded)));
};
