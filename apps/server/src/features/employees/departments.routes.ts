import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZDepartment, ZDepartmentInput, ZDepartmentUpdate, ZEmailParams, ZIdParams, ZOk, type TDepartmentInput } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { asUploadError } from '../../platform/http/uploads.ts';
import type { TDepartmentsService } from './departments.service.ts';

const MAX_DEPARTMENTS = 200;

async function* readSafely<T>(parts: AsyncIterable<T>) {
  try {
    for await (const part of parts) yield part;
  } catch (err) {
    asUploadError(err);
  }
}

export const departmentRoutes = (departments: TDepartmentsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/api/v1/auth/department/:email', {
    schema: { tags: ['departments'], params: ZEmailParams, consumes: ['multipart/form-data'], description: 'multipart: one `department` field per department, each a JSON object {name, unit?, description?}' },
    config: allow('HR-access'),
  }, async (req, reply) => {
    if (!req.isMultipart()) throw badRequest('Send the departments as multipart/form-data, one `department` field each');
    const inputs: TDepartmentInput[] = [];
    const parts = req.parts({ limits: { fields: MAX_DEPARTMENTS, fieldSize: 8 * 1024, files: 0 } });
    for await (const part of readSafely(parts)) {
      if (part.type !== 'field' || part.fieldname !== 'department') continue;
      let json: unknown;
      try {
        json = JSON.parse(String(part.value));
      } catch {
        throw badRequest(`department ${inputs.length + 1}: is not valid JSON`);
      }
      const parsed = ZDepartmentInput.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(`department ${inputs.length + 1}: ${issue.path.join('.') || 'value'} ${issue.message}`);
      }
      inputs.push(parsed.data);
    }
    if (inputs.length === 0) throw badRequest('department: send at least one department').as('oneDepartment');
    return reply.code(201).send(ok(await departments.createMany(userAuth(req), req.params.email, inputs), MSG.departmentsCreated));
  });

  app.put('/api/v1/department/:id', {
    schema: { tags: ['departments'], params: ZIdParams, body: ZDepartmentUpdate, response: { 200: ZOk(ZDepartment) } },
    config: allow('HR-access'),
  }, async (req) => ok(await departments.update(userAuth(req), req.params.id, req.body), MSG.departmentUpdated));

  app.delete('/api/v1/department/:id', { schema: { tags: ['departments'], params: ZIdParams }, config: allow('HR-access') }, async (req) => {
    await departments.remove(userAuth(req), req.params.id);
    return ok(null, MSG.departmentDeleted);
  });
};
