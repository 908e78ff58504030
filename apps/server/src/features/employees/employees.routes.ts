import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MONTH_EVENTS_MSG, ZEmployeeExitInput, MSG, PHOTO_MAX_BYTES, ZDepartmentView, ZDepartmentViewParams, ZEmailParams, ZEmployee, ZEmployeeDetail, ZEmployeeInput, ZEmployeeListQuery,
  ZEmployeeUpdate, ZEmployeeWithCodes, ZIdParams, ZOk, ZPaged, ZSummary, ZUpdateDepartment, ZUpdateHierarchy,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { readUpload } from '../../platform/http/uploads.ts';
import type { TEmployeesService } from './employees.service.ts';
import { assertMaySetPay, withoutPay } from './pay-privacy.ts';

export const employeeRoutes = (employees: TEmployeesService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['employees'];

  app.post('/api/v1/employee/create/:id', {
    schema: { tags, params: ZIdParams, body: ZEmployeeInput, response: { 201: ZOk(ZEmployeeWithCodes) }, description: '{id}: the caller\'s user id, the owner\'s user id or the business id. The answer carries the portal and employee codes, shown this once.' },
    config: allow('HR-access'),
  }, async (req, reply) => {
    assertMaySetPay(req.auth, req.body);
    return reply.code(201).send(ok(withoutPay(req.auth, await employees.create(userAuth(req), req.params.id, req.body)), MSG.employeeCreated));
  });

  app.get('/api/v1/employee/employees/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZEmployeeListQuery, response: { 200: ZPaged(ZEmployee) }, description: 'One page of the staff list: search, filter by department/designation, sort' },
    config: allow('HR-access'),
  }, async (req) => {
    const { rows, totalRecords } = await employees.list(userAuth(req), req.params.email, req.query);
    return paged(withoutPay(req.auth, rows), totalRecords, req.query);
  });

  app.get('/api/v1/employee/detail/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZEmployeeDetail) } },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(withoutPay(req.auth, await employees.detail(req.auth!, req.params.id))));

  app.post('/api/v1/employee/update-1/:id', {
    schema: { tags, params: ZIdParams, body: ZEmployeeUpdate, response: { 200: ZOk(ZEmployeeDetail) }, description: 'Any subset of the create fields; a portal token may change only its own phone, address, dateOfBirth, gender and next of kin' },
    config: allow('HR-access', 'portal'),
  }, async (req) => {
    assertMaySetPay(req.auth, req.body);
    return ok(withoutPay(req.auth, await employees.update(req.auth!, req.params.id, req.body)), MSG.employeeUpdated);
  });

  app.delete('/api/v1/employee/delete/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: allow('HR-access'),
  }, async (req) => ok(await employees.delete(userAuth(req), req.params.id), MSG.employeeDeleted));

  app.post('/api/v1/employee/exit/:id', {
    schema: { tags, params: ZIdParams, body: ZEmployeeExitInput, response: { 200: ZOk(ZEmployeeDetail) }, description: 'Records an exit: last day, reason (resignation, dismissal, end-of-contract, retirement, death, other), note. The employee, history and payslips stay; later runs leave them out' },
    config: allow('HR-access'),
  }, async (req) => ok(withoutPay(req.auth, await employees.recordExit(userAuth(req), req.params.id, req.body)), MONTH_EVENTS_MSG.exitRecorded));

  app.delete('/api/v1/employee/exit/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZEmployeeDetail) }, description: 'Withdraws an exit recorded by mistake' },
    config: allow('HR-access'),
  }, async (req) => ok(withoutPay(req.auth, await employees.withdrawExit(userAuth(req), req.params.id)), MONTH_EVENTS_MSG.exitWithdrawn));

  app.put('/api/v1/employee/update-department', {
    schema: { tags, body: ZUpdateDepartment, response: { 200: ZOk(z.array(ZEmployee)) } },
    config: allow('HR-access'),
  }, async (req) => ok(withoutPay(req.auth, await employees.updateDepartment(userAuth(req), req.body)), MSG.departmentUpdated));

  app.put('/api/v1/employee/update-hierarchy', {
    schema: { tags, body: ZUpdateHierarchy, response: { 200: ZOk(ZEmployeeDetail) } },
    config: allow('HR-access'),
  }, async (req) => ok(withoutPay(req.auth, await employees.updateHierarchy(userAuth(req), req.body)), MSG.hierarchyUpdated));

  app.put('/api/v1/employee/regenerate-portal-code/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZEmployeeWithCodes) }, description: 'New portal and employee codes, shown this once; the old ones, the PIN and every portal session end at once' },
    config: allow('HR-access'),
  }, async (req) => ok(withoutPay(req.auth, await employees.regeneratePortalCode(userAuth(req), req.params.id)), MSG.portalCodeRegenerated));

  app.post('/api/v1/images/upload/:id', {
    schema: { tags, params: ZIdParams, consumes: ['multipart/form-data'], response: { 200: ZOk(z.object({ _id: z.string(), imagePath: z.string() })) }, description: 'multipart: file (an image, at most 5 MB), the employee\'s photo' },
    config: allow('HR-access', 'portal'),
  }, async (req) => {
    const file = await readUpload(req, { maxBytes: PHOTO_MAX_BYTES, accept: (m) => m.startsWith('image/'), wrongTypeMessage: MSG.imageOnly });
    return ok(await employees.setPhoto(req.auth!, req.params.id, file), MSG.photoUploaded);
  });

  app.get('/api/v1/employee/photo/:id', {
    schema: { tags, params: ZIdParams, description: 'The employee\'s photo (image bytes); send the bearer token' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => {
    const file = await employees.getPhoto(req.auth!, req.params.id);
    return reply.header('content-type', file.contentType).header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff').header('content-disposition', 'inline').send(file.body);
  });

  app.get('/api/v1/employee/summary', {
    schema: { tags, response: { 200: ZOk(ZSummary) }, description: 'Figures for /employee-summary' },
    config: allow('HR-access'),
  }, async (req) => ok(await employees.summary(userAuth(req))));

  app.get('/api/v1/employee/department-view/:unit/:dept', {
    schema: { tags, params: ZDepartmentViewParams, response: { 200: ZOk(ZDepartmentView) } },
    config: allow('HR-access'),
  }, async (req) => {
    const view = await employees.departmentView(userAuth(req), req.params.unit, req.params.dept);
    return ok({ ...view, employees: withoutPay(req.auth, view.employees) });
  });
};
