import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TIME_MSG, ZAssignComplaint, ZComplaint, ZComplaintAssignee, ZComplaintInput, ZComplaintPolicies, ZComplaintQuery, ZIdParams, ZOk, ZPaged, ZUpdateComplain,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TComplaintsService } from './complaints.service.ts';

export const complaintRoutes = (complaints: TComplaintsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['complaints'];

  app.post('/api/v1/employee/complain', {
    schema: { tags, body: ZComplaintInput, response: { 201: ZOk(ZComplaint) }, description: 'Files a complaint: complainDetail, category, aboutEmployeeId, anonymous (HR may name the employee; the portal files its own). The due date is the business policy for the category; a dueDate sent is checked but does not decide' },
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

  app.put('/api/v1/complaints/:id/assign', {
    schema: { tags, params: ZIdParams, body: ZAssignComplaint, response: { 200: ZOk(ZComplaint) }, description: 'Assigns the complaint to an HR user (owner or HR-access) of the business; null unassigns' },
    config: allow('HR-access'),
  }, async (req) => ok(await complaints.assign(userAuth(req), req.params.id, req.body), TIME_MSG.complaintUpdated));

  app.get('/api/v1/complaints/assignees', {
    schema: { tags, response: { 200: ZOk(z.array(ZComplaintAssignee)) }, description: 'The users a complaint may be assigned to' },
    config: allow('HR-access'),
  }, async (req) => ok(await complaints.assignees(userAuth(req))));

  app.get('/api/v1/complaints/policies', {
    schema: { tags, response: { 200: ZOk(ZComplaintPolicies) }, description: 'Days to resolve and days-before reminder per category (defaults until set)' },
    config: allow('HR-access'),
  }, async (req) => ok(await complaints.policies(userAuth(req))));

  app.put('/api/v1/complaints/policies', {
    schema: { tags, body: ZComplaintPolicies, response: { 200: ZOk(ZComplaintPolicies) }, description: 'Sets the policy of the categories sent; complaints already filed keep their due date' },
    config: allow('HR-access'),
  }, async (req) => ok(await complaints.savePolicies(userAuth(req), req.body.policies), TIME_MSG.complaintUpdated));
};
