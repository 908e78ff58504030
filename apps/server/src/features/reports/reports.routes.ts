import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAiReport, ZEmailParams, ZOk, ZReportLanguageQuery, ZReportListQuery, ZResponseAllParams, ZResponseOneParams, ZRunningCostInput } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TAiLanguage } from '../../platform/ai/ai.ts';
import type { TReportsService } from './reports.service.ts';

/** The report's language: ?language, else the browser's first of en/de/fr, else English. */
const languageOf = (req: FastifyRequest, asked?: TAiLanguage): TAiLanguage => {
  if (asked) return asked;
  const header = String(req.headers['accept-language'] ?? '').toLowerCase();
  return (['en', 'de', 'fr'] as const).find((l) => header.startsWith(l)) ?? 'en';
};

export const reportRoutes = (reports: TReportsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const access = allow('Projects-access', 'Management-access');

  // GETs that write and store a report (spec paths): behind auth, never cached.
  app.get('/api/v1/openAi/response-one/:email/:tag/:country', {
    schema: { tags, params: ZResponseOneParams, querystring: ZReportLanguageQuery, response: { 200: ZOk(ZAiReport) }, description: "Writes and stores a report on one project from its recorded figures (model when AI_BASE_URL is set, built-in analyst otherwise)" },
    config: access,
  }, async (req) => ok(await reports.projectReport(userAuth(req), req.params.email, req.params.tag, req.params.country, languageOf(req, req.query.language))));

  app.get('/api/v1/openAi/response-all/:email/:business/:country', {
    schema: { tags, params: ZResponseAllParams, querystring: ZReportLanguageQuery, response: { 200: ZOk(ZAiReport) }, description: '{business}: the caller\'s business name (or id). Writes and stores a report on every project.' },
    config: access,
  }, async (req) => ok(await reports.businessReport(userAuth(req), req.params.email, req.params.business, req.params.country, languageOf(req, req.query.language))));

  app.post('/api/v1/openAi/running-cost-response', {
    schema: { tags, body: ZRunningCostInput, response: { 200: ZOk(ZAiReport) }, description: 'Running costs against the work level (percent done): projected overheads at completion against the budget' },
    config: access,
  }, async (req) => ok(await reports.runningCostReport(userAuth(req), req.body, languageOf(req))));

  app.get('/api/v1/openAi/reports/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZReportListQuery, response: { 200: ZOk(z.array(ZAiReport)) }, description: 'Stored reports, newest first (50 at most)' },
    config: access,
  }, async (req) => ok(await reports.list(userAuth(req), req.params.email, req.query)));
};
