import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COLLECTOR_STOCK_MSG, MSG, ZCollectorMovementInput, ZCollectorMovementResult, ZCollectorStaff, ZOk, type TCollectorMovementResult } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, type TCollectorAuth } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/errors.ts';
import type { TCollectorStockService } from './collector-stock.service.ts';

const collectorAuth = (req: FastifyRequest): TCollectorAuth => {
  if (req.auth?.kind !== 'collector') throw forbidden(MSG.forbidden);
  return req.auth;
};

const messageOf = (r: TCollectorMovementResult) =>
  r.isReplay ? COLLECTOR_STOCK_MSG.replayed
    : r.action === 'receive' ? COLLECTOR_STOCK_MSG.received
      : r.action === 'use' ? COLLECTOR_STOCK_MSG.used
        : r.movement ? COLLECTOR_STOCK_MSG.counted : COLLECTOR_STOCK_MSG.countMatched;

/** Issue 34 item 4: the site phone of a collection point records stock at its own place. */
export const collectorStockRoutes = (stock: TCollectorStockService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];

  app.get('/api/v1/inventory/collector/employees', {
    schema: { tags, response: { 200: ZOk(z.array(ZCollectorStaff)) }, description: 'Who may be named on a movement at this point: names and employee numbers only, the point\'s own employee first' },
    config: allow('collector'),
  }, async (req) => ok(await stock.staff(collectorAuth(req))));

  app.post('/api/v1/inventory/collector/movements', {
    schema: {
      tags, body: ZCollectorMovementInput, response: { 200: ZOk(ZCollectorMovementResult) },
      description: 'A receipt, use or count at the point\'s own place, by the employee named, at the phone\'s time. The same reference again changes nothing; use beyond the stock is 409 with the available quantity.',
    },
    config: allow('collector'),
  }, async (req) => {
    const r = await stock.record(collectorAuth(req), req.body);
    return ok(r, messageOf(r));
  });
};
