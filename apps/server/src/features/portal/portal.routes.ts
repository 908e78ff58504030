import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG, ZCollectorSignIn, ZCollectorSignInResponse, ZCollectorSignInV2Response, ZPortalCodeParams, ZPortalSignInResponse,
} from '@bizdesk/contract';
import { publicRoute } from '../../platform/auth/guard.ts';
import { attemptsPerMinute } from '../../platform/http/rate-limit.ts';
import type { TPortalService } from './portal.service.ts';

export const portalRoutes = (portal: TPortalService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['portal'];
  // Codes are the only secret here, so guessing is limited per address like a password login.
  const signIn = { ...publicRoute, ...attemptsPerMinute(10) };

  app.get('/api/v1/employee/accessId/:portalCode', {
    schema: { tags, params: ZPortalCodeParams, response: { 200: ZPortalSignInResponse }, description: 'Signs an employee in to the portal; the token reaches only their own data.' },
    config: signIn,
  }, async (req) => ({ success: true as const, message: MSG.portalSignedIn, ...(await portal.signInWithPortalCode(req.params.portalCode)) }));

  app.post('/api/v1/employee/collectorId', {
    schema: { tags, body: ZCollectorSignIn, response: { 200: ZCollectorSignInResponse }, description: 'DataAuth: signs a data collector in to their collection point.' },
    config: signIn,
  }, async (req) => ({ success: true as const, message: MSG.collectorSignedIn, ...(await portal.signInCollector(req.body.dataCode, req.body.employeeUniqueCode)) }));

  app.post('/api/v1/employee/collectorIdV2', {
    schema: { tags, body: ZCollectorSignIn, response: { 200: ZCollectorSignInV2Response }, description: 'DataAuthV2: DataAuth plus the point\'s items and recent records.' },
    config: signIn,
  }, async (req) => ({ success: true as const, message: MSG.collectorSignedIn, ...(await portal.signInCollectorV2(req.body)) }));
};
