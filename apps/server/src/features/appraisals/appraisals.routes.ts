import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPRAISAL_MSG, ZAppraisalConfig, ZAppraisalConfigInput, ZAppraisalFormView, ZAppraisalOverview, ZAppraisalReport, ZAppraisalReportListItem,
  ZAppraisalReportParams, ZAppraisalReportQuery, ZAppraisalResult, ZAppraisalScoresInput, ZAppraisalTokenParams, ZCountersignInput,
  ZGetAppraisalQuery, ZIdParams, ZOk, ZPageQuery, ZPaged, ZSendAppraisal, ZSendAppraisalDownlines, ZSendAppraisalResult, ZSendAppraisalUpline,
  ZSentForms, APPRAISAL_FORM_STATUSES, ZAssignAppraisers, ZAssignAppraisersResult, ZUpwardQuestionsInput, ZAppraisalCriterion,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, publicRoute, userAuth } from '../../platform/auth/guard.ts';
import type { TAppraisalsService } from './appraisals.service.ts';
import type { TAppraisalReportService } from './appraisal-report.service.ts';

const ZSubmitted = z.object({ _id: z.string(), status: z.enum(APPRAISAL_FORM_STATUSES), totalScore: z.number().nullable() });

export const appraisalRoutes = (appraisals: TAppraisalsService, reports: TAppraisalReportService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['appraisal'];

  app.post('/api/v1/employee/appraisal-config', {
    schema: { tags, body: ZAppraisalConfigInput, response: { 200: ZOk(ZAppraisalConfig) }, description: 'Replaces the criteria of one department (weights add up to 100); `scale` sets the business rating scale' },
    config: allow('HR-access'),
  }, async (req) => ok(await appraisals.saveConfig(userAuth(req), req.body), APPRAISAL_MSG.configSaved));

  app.get('/api/v1/employee/getappraisal', {
    schema: { tags, querystring: ZGetAppraisalQuery, response: { 200: ZOk(ZAppraisalOverview) }, description: 'The department criteria and its progress board (latest 10 cycles)' },
    config: allow('HR-access'),
  }, async (req) => ok(await appraisals.overview(userAuth(req), req.query.ownerEmail, req.query.department)));

  app.post('/api/v1/employee/appraisal-appraisers', {
    schema: { tags, body: ZAssignAppraisers, response: { 200: ZOk(ZAssignAppraisersResult) }, description: "Sets the appraiser of every employee of a department: one person (mode person) or each employee's upline, else superior (mode uplines); `replace` also changes appraisers already set" },
    config: allow('HR-access'),
  }, async (req) => ok(await appraisals.assignAppraisers(userAuth(req), req.body), APPRAISAL_MSG.appraisersAssigned));

  app.put('/api/v1/employee/appraisal-upward-questions', {
    schema: { tags, body: ZUpwardQuestionsInput, response: { 200: ZOk(z.array(ZAppraisalCriterion)) }, description: "The business's upward feedback questions (downlines rate their upline); cycles launched later ask them" },
    config: allow('HR-access'),
  }, async (req) => ok(await appraisals.saveUpwardQuestions(userAuth(req), req.body), APPRAISAL_MSG.upwardQuestionsSaved));

  app.post('/api/v1/employee/send-appraisal', {
    schema: { tags, body: ZSendAppraisal, response: { 201: ZOk(ZSendAppraisalResult) }, description: "Opens a cycle for a department and e-mails each employee's appraiser a single-use link" },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await appraisals.sendAppraisal(userAuth(req), req.body), APPRAISAL_MSG.cycleLaunched)));

  app.post('/api/v1/employee/sendappraisal-upline', {
    schema: { tags, body: ZSendAppraisalUpline, response: { 200: ZOk(ZSentForms) }, description: "Sends the appraiser's scored forms of the department to the superior for countersigning" },
    config: allow('HR-access'),
  }, async (req) => ok(await appraisals.sendToSuperior(userAuth(req), req.body), APPRAISAL_MSG.sentToSuperior));

  app.post('/api/v1/employee/sendappraisal-downlines', {
    schema: { tags, body: ZSendAppraisalDownlines, response: { 200: ZOk(ZSentForms) }, description: "Sends upward feedback forms about the upline to each of the upline's downlines" },
    config: allow('HR-access'),
  }, async (req) => ok(await appraisals.sendToDownlines(userAuth(req), req.body), APPRAISAL_MSG.sentToDownlines));

  app.post('/api/v1/employee/appraisal-resend/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSentForms) }, description: '{id}: a form waiting for scores or a countersignature; its old link stops working and a new one is mailed' },
    config: allow('HR-access'),
  }, async (req) => ok(await appraisals.resendLink(userAuth(req), req.params.id), APPRAISAL_MSG.linkResent));

  // The e-mailed link is the key: it opens and writes its one form and nothing else.
  app.get('/api/v1/employee/appraisal/:id', {
    schema: { tags, params: ZAppraisalTokenParams, response: { 200: ZOk(ZAppraisalFormView) }, description: '{id}: the token of the e-mailed link' },
    config: publicRoute,
  }, async (req) => ok(await appraisals.readForm(req.params.id)));

  app.put('/api/v1/employee/appraisal/:id', {
    schema: { tags, params: ZAppraisalTokenParams, body: ZAppraisalScoresInput, response: { 200: ZOk(ZSubmitted) }, description: '{id}: the token of the e-mailed link; totalScore, when sent, must equal the weighted total' },
    config: publicRoute,
  }, async (req) => ok(await appraisals.submitScores(req.params.id, req.body), APPRAISAL_MSG.scoresSaved));

  app.put('/api/v1/employee/appraisal/:id/countersign', {
    schema: { tags, params: ZAppraisalTokenParams, body: ZCountersignInput, response: { 200: ZOk(ZSubmitted) }, description: "{id}: the token of the superior's link" },
    config: publicRoute,
  }, async (req) => ok(await appraisals.countersign(req.params.id, req.body), APPRAISAL_MSG.countersigned));

  app.get('/api/v1/employee/appraisal-results/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZAppraisalResult)) }, description: "{id}: the employee; the portal sees its own appraisals once countersigned" },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await appraisals.results(req.auth!, req.params.id)));

  app.get('/api/v1/openAi/appraisal-report/:email/:businessName/:country/:unit', {
    schema: { tags, params: ZAppraisalReportParams, querystring: ZAppraisalReportQuery, response: { 200: ZOk(ZAppraisalReport) }, description: 'Writes and keeps a report for the unit (by the configured model, or the built-in analyst)' },
    config: allow('HR-access'),
  }, async (req) => ok(await reports.generate(userAuth(req), req.params, req.query.language)));

  app.get('/api/v1/openAi/appraisal-reports', {
    schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZAppraisalReportListItem) } },
    config: allow('HR-access'),
  }, async (req) => {
    const { rows, totalRecords } = await reports.list(userAuth(req), req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.get('/api/v1/openAi/appraisal-reports/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZAppraisalReport) } },
    config: allow('HR-access'),
  }, async (req) => ok(await reports.get(userAuth(req), req.params.id)));
};
