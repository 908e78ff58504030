import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZOk, ZRequisitionIssue, ZRequisitionIssueResult } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TRequisitionsService } from './requisitions.service.ts';

/** Issue 34: a requisition issued in part from a chosen store (the spec's requisition routes stay in inventory.routes). */
export const requisitionIssueRoutes = (requisitions: TRequisitionsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/api/v1/inventory/requisitions/:id/issue', {
    schema: {
      tags: ['inventory'], params: ZIdParams, body: ZRequisitionIssue, response: { 200: ZOk(ZRequisitionIssueResult) },
      description: 'Approves (when pending) and issues from the store: the issued part is a transfer to the site, the rest purchase requests',
    },
    config: allow('Approvals-access', 'Inventory-access'),
  }, async (req) => {
    const result = await requisitions.issue(userAuth(req), req.params.id, req.body);
    return ok(result, result.status === 'issued' ? 'Requisition issued' : 'Approval recorded');
  });
};
