import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAY_STRUCTURE_PATHS as P, ZAssignStructure, ZEmployeeStructure, ZEndRecurringItem, ZIdParams, ZOk, ZPayStructure, ZPayStructureInput, ZRecurringItem, ZRecurringItemInput,
} from '@bizdesk/contract';
import { ok } from '../../../platform/http/envelope.ts';
import { allow, userAuth } from '../../../platform/auth/guard.ts';
import type { TStructuresService } from './structures.service.ts';

/** Pay structures and recurring items are pay data: the owner and Accounts-access only. */
const PAY = allow('Accounts-access');

export const structureRoutes = (s: TStructuresService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payroll'];

  app.get(P.structures, {
    schema: { tags, response: { 200: ZOk(z.array(ZPayStructure)) }, description: 'The business\'s pay structures (grades) with their split, pension base and recurring items; the default first' },
    config: PAY,
  }, async (req) => ok(await s.list(userAuth(req))));

  app.post(P.structures, {
    schema: { tags, body: ZPayStructureInput, response: { 201: ZOk(ZPayStructure) }, description: 'A new pay structure for the business\'s country; isDefault makes it the default' },
    config: PAY,
  }, async (req, reply) => reply.code(201).send(ok(await s.create(userAuth(req), req.body), 'Pay structure created')));

  app.post(P.assign, {
    schema: { tags, body: ZAssignStructure, response: { 200: ZOk(z.object({ structureId: z.string().nullable(), employees: z.number() })) }, description: 'Puts employees on a structure (null: the default); their own split and pension base are cleared' },
    config: PAY,
  }, async (req) => ok(await s.assign(userAuth(req), req.body), 'Pay structure assigned'));

  app.put(P.structure, {
    schema: { tags, params: ZIdParams, body: ZPayStructureInput, response: { 200: ZOk(ZPayStructure) } },
    config: PAY,
  }, async (req) => ok(await s.update(userAuth(req), req.params.id, req.body), 'Pay structure saved'));

  app.delete(P.structure, {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string(), employeesMoved: z.number() })) }, description: 'Deletes a structure and its items; its employees go back to the default' },
    config: PAY,
  }, async (req) => ok(await s.remove(userAuth(req), req.params.id), 'Pay structure deleted'));

  app.post(P.structureItems, {
    schema: { tags, params: ZIdParams, body: ZRecurringItemInput, response: { 201: ZOk(ZRecurringItem) }, description: 'A recurring earning or deduction of everyone on the structure' },
    config: PAY,
  }, async (req, reply) => reply.code(201).send(ok(await s.addStructureItem(userAuth(req), req.params.id, req.body), 'Recurring item added')));

  app.get(P.employee, {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZEmployeeStructure) }, description: 'The structure that applies to the employee and their recurring items' },
    config: PAY,
  }, async (req) => ok(await s.forEmployee(userAuth(req), req.params.id)));

  app.post(P.employeeItems, {
    schema: { tags, params: ZIdParams, body: ZRecurringItemInput, response: { 201: ZOk(ZRecurringItem) }, description: 'A recurring earning or deduction of one employee' },
    config: PAY,
  }, async (req, reply) => reply.code(201).send(ok(await s.addEmployeeItem(userAuth(req), req.params.id, req.body), 'Recurring item added')));

  app.put(P.endItem, {
    schema: { tags, params: ZIdParams, body: ZEndRecurringItem, response: { 200: ZOk(ZRecurringItem) }, description: 'The last month the item applies' },
    config: PAY,
  }, async (req) => ok(await s.endItem(userAuth(req), req.params.id, req.body.toMonth), 'Recurring item ended'));

  app.delete(P.item, {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: PAY,
  }, async (req) => ok(await s.removeItem(userAuth(req), req.params.id), 'Recurring item deleted'));
};
