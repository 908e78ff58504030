import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDashboardSummary, ZOk, ZPageQuery } from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TDashboardService } from './dashboard.service.ts';

export const dashboardRoutes = (dashboard: TDashboardService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  app.get('/api/v1/dashboard/summary', { schema: { tags, description: 'Counts for the dashboard at /', response: { 200: ZOk(ZDashboardSummary) } }, config: allow('user') },
    async (req) => ok(await dashboard.summary(userAuth(req))));

  app.get('/api/v1/dashboard/activity', { schema: { tags, querystring: ZPageQuery, description: 'The audit trail, newest first (paginated); each entry only to the roles of its subject (pay: Accounts-access, people: HR-access; the owner sees all)' }, config: allow('user') },
    async (req) => {
      const { rows, total } = await dashboard.activity(userAuth(req), req.query);
      return paged(rows, total, req.query);
    });
};
