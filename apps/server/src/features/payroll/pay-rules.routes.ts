import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MONTH_EVENTS_MSG, ZOk, ZPayRules, ZPayRulesInput } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TPayrollServices } from './payroll.services.ts';

/** The business's pay rules for the month's events (issue 32): proration basis, leave paid out at exit, unpaid absences. */
export const payRulesRoutes = (s: Pick<TPayrollServices, 'payRules'>) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payroll'];

  app.get('/api/v1/payroll/pay-rules', {
    schema: { tags, response: { 200: ZOk(ZPayRules) }, description: 'How part months, unpaid days and leavers are paid (Accounts-access)' },
    config: allow('Accounts-access'),
  }, async (req) => ok(await s.payRules.get(userAuth(req))));

  app.put('/api/v1/payroll/pay-rules', {
    schema: { tags, body: ZPayRulesInput, response: { 200: ZOk(ZPayRules) }, description: 'owner only: prorationBasis calendar|working, paysOutLeave, unpaidAbsences' },
    config: allow('owner'),
  }, async (req) => ok(await s.payRules.update(userAuth(req), req.body), MONTH_EVENTS_MSG.payRulesSaved));
};
