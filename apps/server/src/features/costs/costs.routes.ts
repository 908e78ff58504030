import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COST_BATCH_MSG, MSG, ZAddPayment, ZCostBatchParams, ZCostBatchQuery, ZCostBatchUndone, ZCostImportBatch, ZBacklogHashesInput, ZBacklogPreview, ZBacklogInput, ZBacklogResult, ZCategoryBacklogInput, ZCostListQuery, ZCostRecord,
  ZEmailParams, ZGroupDelete, ZIdParams, ZManagementView, ZOk, ZOverheadCostInput, ZPaged, ZPaymentQuery, ZProjectFigures,
  ZProjectPayment, ZProjectRecords, ZProjectSettings, ZProjectsQuery, ZTagParams, ZUpdateRecord,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import type { TCostsService } from './costs.service.ts';
import { readBacklogPreview } from './backlog-preview.ts';

const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
/**
 * categorybacklog answers the spec's own message when email, tagName or entries is missing; any other
 * bad value is the usual validation error naming its field.
 */
const categoryBacklogBody = (req: FastifyRequest) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body) || isBlank(body.email) || isBlank(body.tagName) || !Array.isArray(body.entries)) {
    throw badRequest(MSG.backlogMissingFields);
  }
  if (req.validationError) throw req.validationError;
  return req.body as z.infer<typeof ZCategoryBacklogInput>;
};

/** The spec's page envelope plus the total amount of every matching row (issue 35). */
const ZRecordPage = ZPaged(ZCostRecord).extend({ totalAmountMinor: z.number().int().describe('sum of ALL records matching the search and filters, not only this page') });

export const costRoutes = (costs: TCostsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['costs'];
  const access = allow('Projects-access');

  app.post('/api/v1/cost/overhead-cost', {
    schema: { tags, body: ZOverheadCostInput, response: { 201: ZOk(z.array(ZCostRecord)) }, description: 'Adds overhead rows to a project (made when new); amounts in major units' },
    config: access,
  }, async (req, reply) => reply.code(201).send(ok(await costs.createOverheads(userAuth(req), req.body), 'Records saved')));

  app.get('/api/v1/cost/records/:email/:tag', {
    schema: { tags, params: ZTagParams, response: { 200: ZOk(ZProjectRecords) }, description: "One project's records with their total" },
    config: access,
  }, async (req) => ok(await costs.projectRecords(userAuth(req), req.params.email, req.params.tag)));

  app.get('/api/v1/cost/all-records/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZCostListQuery, response: { 200: ZRecordPage }, description: 'Every project\'s records, newest first; page 1, size 10 by default; q, category, source, from, to, min, max search all pages and totalAmountMinor sums every match' },
    config: access,
  }, async (req) => {
    const { rows, totalRecords, totalAmountMinor } = await costs.allRecords(userAuth(req), req.params.email, req.query);
    return { ...paged(rows, totalRecords, req.query), totalAmountMinor };
  });

  app.get('/api/v1/cost/filtered-record/:email/:tag', {
    schema: { tags, params: ZTagParams, querystring: ZCostListQuery, response: { 200: ZRecordPage }, description: "One project's records, newest first; page 1, size 10 by default; q, category, source, from, to, min, max search all pages and totalAmountMinor sums every match" },
    config: access,
  }, async (req) => {
    const { rows, totalRecords, totalAmountMinor } = await costs.filteredRecords(userAuth(req), req.params.email, req.params.tag, req.query);
    return { ...paged(rows, totalRecords, req.query), totalAmountMinor };
  });

  // Issue 35: import batches, listed and undone as a whole.
  app.get('/api/v1/cost/import-batches/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZCostBatchQuery, response: { 200: ZOk(z.array(ZCostImportBatch)) }, description: 'Spreadsheet imports, newest first (200 at most); tagName narrows to one project' },
    config: access,
  }, async (req) => ok(await costs.batches(userAuth(req), req.params.email, req.query.tagName)));

  app.post('/api/v1/cost/import-batches/:email/:id/undo', {
    schema: { tags, params: ZCostBatchParams, response: { 200: ZOk(ZCostBatchUndone) }, description: 'Deletes the records the import added (and their project cost ledger entries); 409 when already undone' },
    config: access,
  }, async (req) => ok(await costs.undoBatch(userAuth(req), req.params.email, req.params.id), COST_BATCH_MSG.undone));

  app.post('/api/v1/cost/backlog', {
    schema: { tags, body: ZBacklogInput, response: { 201: ZOk(ZBacklogResult) }, description: 'Past rows from a spreadsheet; rows imported before (same content and position among identical rows) are skipped' },
    config: access,
  }, async (req, reply) => reply.code(201).send(ok(await costs.importBacklog(userAuth(req), req.body))));

  app.post('/api/v1/cost/backlog-hashes', {
    schema: { tags, body: ZBacklogHashesInput, response: { 201: ZOk(ZBacklogResult) }, description: 'As backlog, with one SHA-256 per row (of backlogRowKey); rows whose hash the project already holds are skipped and counted' },
    config: access,
  }, async (req, reply) => reply.code(201).send(ok(await costs.importBacklog(userAuth(req), req.body))));

  app.post('/api/v1/cost/categorybacklog', {
    schema: { tags, body: ZCategoryBacklogInput, response: { 201: ZOk(ZBacklogResult) } },
    attachValidation: true,
    config: access,
  }, async (req, reply) => reply.code(201).send(ok(await costs.importCategoryBacklog(userAuth(req), categoryBacklogBody(req)))));

  app.post('/api/v1/cost/add-payment', {
    schema: { tags, body: ZAddPayment, response: { 201: ZOk(ZProjectPayment) }, description: 'A payment the project received (major units)' },
    config: access,
  }, async (req, reply) => reply.code(201).send(ok(await costs.addPayment(userAuth(req), req.body), 'Payment added')));

  app.get('/api/v1/cost/fetch-project-payment', {
    schema: { tags, querystring: ZPaymentQuery, response: { 200: ZOk(z.array(ZProjectPayment)) }, description: 'Payments received, newest first; tagName narrows to one project' },
    config: access,
  }, async (req) => ok(await costs.payments(userAuth(req), req.query.email, req.query.tagName)));

  app.put('/api/v1/cost/update-record', {
    schema: { tags, body: ZUpdateRecord, response: { 200: ZOk(ZCostRecord) } },
    config: access,
  }, async (req) => ok(await costs.updateRecord(userAuth(req), req.body), MSG.recordUpdated));

  app.delete('/api/v1/cost/delete-record/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: access,
  }, async (req) => ok(await costs.deleteRecord(userAuth(req), req.params.id), 'Record deleted'));

  app.post('/api/v1/cost/group-delete', {
    schema: { tags, body: ZGroupDelete, response: { 200: ZOk(z.object({ deleted: z.number().int(), recordIds: z.array(z.string()) })) }, description: 'All or nothing: an id that is not one of the business\'s records deletes none' },
    config: access,
  }, async (req) => ok(await costs.groupDelete(userAuth(req), req.body.email, req.body.recordIds), 'Records deleted'));

  // Bizdesk's own: the projects screens.
  app.get('/api/v1/cost/projects/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZProjectsQuery, response: { 200: ZOk(z.array(ZProjectFigures)) }, description: 'Projects with budget, overheads, payments and margin; dept narrows to one department' },
    config: allow('Projects-access', 'Management-access'),
  }, async (req) => ok(await costs.projects(userAuth(req), req.params.email, req.query.dept)));

  app.put('/api/v1/cost/project', {
    schema: { tags, body: ZProjectSettings, response: { 200: ZOk(ZProjectFigures.pick({ tagName: true, dept: true, projectDescription: true, projectScope: true, budgetMinor: true })) }, description: 'Creates or updates a project: department, description, scope, budget' },
    config: access,
  }, async (req) => ok(await costs.saveProject(userAuth(req), req.body), 'Project saved'));

  app.get('/api/v1/cost/management/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZProjectsQuery, response: { 200: ZOk(ZManagementView) }, description: 'Figures for /management and /management-project-summary/{dept}' },
    config: allow('Management-access', 'Projects-access'),
  }, async (req) => ok(await costs.management(userAuth(req), req.params.email, req.query.dept)));

  app.post('/api/v1/cost/backlog-preview', {
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZOk(ZBacklogPreview) }, description: 'multipart: file (CSV or .xlsx, at most 5 MB, header row first). Returns its header and rows for column mapping; nothing is written.' },
    config: access,
  }, async (req) => {
    userAuth(req);
    return ok(await readBacklogPreview(req));
  });
};
