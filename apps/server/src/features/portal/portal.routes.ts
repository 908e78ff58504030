import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG, ZCollectorSignIn, ZCollectorSignInResponse, ZCollectorSignInV2Response, ZPortalCodeParams, ZPortalPinInput, ZPortalPinResponse,
  ZPortalSignIn, ZPortalSignInResponse,
} from '@bizdesk/contract';
import { allow, publicRoute, type TPortalAuth } from '../../platform/auth/guard.ts';
import { attemptsPerMinute } from '../../platform/http/rate-limit.ts';
import type { TPortalService } from './portal.service.ts';

export const portalRoutes = (portal: TPortalService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['portal'];
  // Guessing is limited per address like a password login (an IPv6 /64 is one address); the service adds a
  // limit per code and a global one (portal.service.ts, CODE_LIMITS).
  const signIn = { ...publicRoute, ...attemptsPerMinute(10) };

  app.get('/api/v1/employee/accessId/:portalCode', {
    schema: { tags, params: ZPortalCodeParams, response: { 200: ZPortalSignInResponse }, description: 'Signs an employee in to the portal; the token reaches only their own data.' },
    config: signIn,
  }, async (req) => ({ success: true as const, message: MSG.portalSignedIn, ...(await portal.signInWithPortalCode(req.params.portalCode)) }));

  app.post('/api/v1/employee/portal-sign-in', {
    schema: { tags, body: ZPortalSignIn, response: { 200: ZPortalSignInResponse }, description: 'accessId with the PIN: once the employee has set a PIN, the code alone is answered 401 PIN_REQUIRED' },
    config: signIn,
  }, async (req) => ({ success: true as const, message: MSG.portalSignedIn, ...(await portal.signInWithPortalCode(req.body.portalCode, req.body.pin)) }));

  app.put('/api/v1/employee/portal-pin', {
    schema: { tags, body: ZPortalPinInput, response: { 200: ZPortalPinResponse }, description: 'The employee sets their PIN (the session a bare code opened can do only this) or changes it with currentPin; other portal sessions end, the answer carries a new token' },
    config: { ...allow('portal-setup'), ...attemptsPerMinute(10) },
  }, async (req) => ({ success: true as const, message: MSG.portalPinSet, ...(await portal.setPin(req.auth as TPortalAuth, req.body)), data: { pinSet: true as const } }));

  app.post('/api/v1/employee/collectorId', {
    schema: { tags, body: ZCollectorSignIn, response: { 200: ZCollectorSignInResponse }, description: 'DataAuth: signs a data collector in to their collection point.' },
    config: signIn,
  }, async (req) => ({ success: true as const, message: MSG.collectorSignedIn, ...(await portal.signInCollector(req.body.dataCode, req.body.employeeUniqueCode)) }));

  app.post('/api/v1/employee/collectorIdV2', {
    schema: { tags, body: ZCollectorSignIn, response: { 200: ZCollectorSignInV2Response }, description: 'DataAuthV2: DataAuth plus the point\'s items and recent records.' },
    config: signIn,
  }, async (req) => ({ success: true as const, message: MSG.collectorSignedIn, ...(await portal.signInCollectorV2(req.body)) }));
};
