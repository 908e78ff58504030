import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCertificateInput, ZCertificateParams, ZCertificatePaymentInput, ZOk, ZPaged, ZProjectBudgetInput, ZProjectCertificate, ZProjectContractInput,
  ZIdParams, ZProjectCostEntry, ZProjectCosting, ZProjectEntriesQuery, ZProjectHeadline, ZProjectIdParams,
} from '@bizdesk/contract';
import { z } from 'zod';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TProjectCostingService } from './project-costing.service.ts';

/** Project costing (issue 35): who reads project costs today reads these; Projects-access changes the money settings. */
export const projectCostingRoutes = (costing: TProjectCostingService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const read = allow('Projects-access', 'Management-access');
  const write = allow('Projects-access');

  app.get('/api/v1/projects/costing', {
    schema: { tags, response: { 200: ZOk(z.array(ZProjectHeadline)) }, description: 'Every project with contract value, budget, committed, actual, billed, paid and margin (minor units)' },
    config: read,
  }, async (req) => ok(await costing.list(userAuth(req))));

  app.get('/api/v1/projects/:projectId/costing', {
    schema: { tags, params: ZProjectIdParams, response: { 200: ZOk(ZProjectCosting) }, description: 'Budget vs committed vs actual vs forecast per category, certificates, margin, cost by month and by source' },
    config: read,
  }, async (req) => ok(await costing.costing(userAuth(req), req.params.projectId)));

  app.get('/api/v1/projects/:projectId/cost-entries', {
    schema: { tags, params: ZProjectIdParams, querystring: ZProjectEntriesQuery, response: { 200: ZPaged(ZProjectCostEntry) }, description: 'The project cost ledger, newest first, each entry linking to its source' },
    config: read,
  }, async (req) => {
    const { entries, total } = await costing.entries(userAuth(req), req.params.projectId, req.query);
    return paged(entries, total, req.query);
  });

  app.put('/api/v1/projects/:projectId/budget', {
    schema: { tags, params: ZProjectIdParams, body: ZProjectBudgetInput, response: { 200: ZOk(ZProjectCosting) }, description: 'Budget per cost category (major units; null removes a line)' },
    config: write,
  }, async (req) => ok(await costing.setBudget(userAuth(req), req.params.projectId, req.body), 'Budget saved'));

  app.put('/api/v1/projects/:projectId/contract', {
    schema: { tags, params: ZProjectIdParams, body: ZProjectContractInput, response: { 200: ZOk(ZProjectCosting) }, description: 'Contract value (major units), retention and WHT rates (percent)' },
    config: write,
  }, async (req) => ok(await costing.setContract(userAuth(req), req.params.projectId, req.body), 'Contract saved'));

  app.post('/api/v1/projects/:projectId/certificates', {
    schema: { tags, params: ZProjectIdParams, body: ZCertificateInput, response: { 201: ZOk(ZProjectCertificate) }, description: 'A certificate (valuation) billed to the client; retention and WHT default to the project rates' },
    config: write,
  }, async (req, reply) => reply.code(201).send(ok(await costing.addCertificate(userAuth(req), req.params.projectId, req.body), 'Certificate added')));

  app.put('/api/v1/projects/:projectId/certificates/:id', {
    schema: { tags, params: ZCertificateParams, body: ZCertificateInput, response: { 200: ZOk(ZProjectCertificate) }, description: 'Corrects a certificate (the whole certificate, as on create); 409 when its net would drop below what the client has paid' },
    config: write,
  }, async (req) => ok(await costing.updateCertificate(userAuth(req), req.params.projectId, req.params.id, req.body), 'Certificate saved'));

  app.delete('/api/v1/projects/:projectId/certificates/:id', {
    schema: { tags, params: ZCertificateParams, response: { 200: ZOk(z.object({ _id: z.string() })) }, description: 'Deletes a certificate; 409 once a payment is recorded against it' },
    config: write,
  }, async (req) => ok(await costing.deleteCertificate(userAuth(req), req.params.projectId, req.params.id), 'Certificate deleted'));

  app.post('/api/v1/projects/:projectId/certificates/:id/payments', {
    schema: { tags, params: ZCertificateParams, body: ZCertificatePaymentInput, response: { 201: ZOk(ZProjectCertificate) }, description: 'Money the client paid against a certificate (major units)' },
    config: write,
  }, async (req, reply) => reply.code(201).send(ok(await costing.payCertificate(userAuth(req), req.params.projectId, req.params.id, req.body), 'Payment recorded')));

  // A receipt typed by mistake. Under /cost beside add-payment and guarded like it; served here because removing a
  // certificate's receipt lowers the certificate, which project costing owns (costs cannot call it: it is our peer).
  app.delete('/api/v1/cost/payments/:id', {
    schema: {
      tags: ['costs'], params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string(), certificate: ZProjectCertificate.nullable() })) },
      description: 'Removes a payment received (typed by mistake); a certificate it paid gets the amount back: paid, status and paid date follow the remaining receipts',
    },
    config: write,
  }, async (req) => ok(await costing.removeReceipt(userAuth(req), req.params.id), 'Payment removed'));
};
