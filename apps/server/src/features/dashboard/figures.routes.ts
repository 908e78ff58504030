import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDashboardFigure, ZOk } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TDashboardFiguresService } from './figures.service.ts';

export const dashboardFigureRoutes = (figures: TDashboardFiguresService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/v1/dashboard/figures', {
    schema: { tags: ['dashboard'], response: { 200: ZOk(z.array(ZDashboardFigure)) }, description: "One figure per module the caller's roles cover (headcount, project costs this month, margin, …), each with the screen it links to" },
    config: allow('user'),
  }, async (req) => ok(await figures.figures(userAuth(req))));
};
