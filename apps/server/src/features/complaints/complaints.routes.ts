import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TIME_MSG, ZComplaint, ZComplaintInput, ZComplaintQuery, ZOk, ZPaged, ZUpdateComplain } from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TComplaintsService } from './complaints.service.ts';

export const complaintRoutes = (complaints: TComplaintsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['complaints'];

  app.post('/api/v1/employee/complain', {
    schema: { tags, body: ZComplaintInput, response: { 201: ZOk(ZComplaint) }, description: 'Files a complaint: complainDetail, dueDate (HR may name the employee; the portal files its own)' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => reply.code(201).send(ok(await complaints.file(req.auth!, req.body), TIME_MSG.complaintFiled)));

  app.get('/api/v1/employee/complain-status', {
    schema: { tags, querystring: ZComplaintQuery, response: { 200: ZPaged(ZComplaint) }, description: 'Complaints with filters (status, employeeId, overdue); a portal token sees its own' },
    config: allow('HR-access', 'portal'),
  }, async (req) => {
    const { rows, totalRecords } = await complaints.list(req.auth!, req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.post('/api/v1/employee/updateComplain', {
    schema: { tags, body: ZUpdateComplain, response: { 200: ZOk(ZComplaint) }, description: 'complaintId, status (open → in-progress → resolved; resolved → reopened), resolutionNote (required to resolve)' },
    config: allow('HR-access'),
  }, async (req) => ok(await complaints.update(userAuth(req), req.body), TIME_MSG.complaintUpdated));
};
