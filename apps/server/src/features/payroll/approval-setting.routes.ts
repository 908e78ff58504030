import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAYROLL_APPROVAL_MSG, ZOk, ZPayrollApprovalInput, ZPayrollApprovalSetting } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TApprovalSettingService } from './approval-setting.service.ts';

/** Who approves payroll (issue 32): read by any signed-in user of the business, changed by the owner. */
export const approvalSettingRoutes = (s: TApprovalSettingService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payroll'];

  app.get('/api/v1/payroll/approval-setting', {
    schema: { tags, response: { 200: ZOk(ZPayrollApprovalSetting) }, description: 'Who approves payroll runs: maker-checker (default) or owner-when-alone' },
    config: allow('user'),
  }, async (req) => ok(await s.get(userAuth(req))));

  app.put('/api/v1/payroll/approval-setting', {
    schema: { tags, body: ZPayrollApprovalInput, response: { 200: ZOk(ZPayrollApprovalSetting) }, description: 'owner only: maker-checker, or owner-when-alone (the owner may approve a run they prepared, with a reason, while nobody else holds Accounts-access and Approvals-access)' },
    config: allow('owner'),
  }, async (req) => ok(await s.update(userAuth(req), req.body), PAYROLL_APPROVAL_MSG.settingSaved));
};
