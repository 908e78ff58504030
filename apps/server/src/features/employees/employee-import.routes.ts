import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZEmailParams, ZExportQuery, ZImportPreview, ZImportStarted, ZJob, ZJobIdParams, ZOk } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { readSheetUpload } from '../../platform/imports/sheet-upload.ts';
import type { TEmployeeImportService } from './employee-import.service.ts';

const ZImportQuery = z.object({ importValidRows: z.enum(['true', 'false'], { message: 'must be true or false' }).optional() });

export const employeeImportRoutes = (imports: TEmployeeImportService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['employees: import and export'];

  app.post('/api/v1/employee/import/preview', {
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZOk(ZImportPreview) }, description: 'Dry run. multipart: file (CSV or .xlsx, at most 10 MB; header row first). Nothing is written.' },
    config: allow('HR-access'),
  }, async (req) => ok(await imports.preview(userAuth(req), await readSheetUpload(req, 'employees'))));

  app.post('/api/v1/employee/import', {
    schema: {
      tags, consumes: ['multipart/form-data'], querystring: ZImportQuery, response: { 202: ZOk(ZImportStarted) },
      description: 'Starts an import job. multipart: `importValidRows` (true|false, default false: any bad row imports nothing; also accepted as a query parameter) then file (CSV or .xlsx). Poll GET /employee/import/{jobId}.',
    },
    config: allow('HR-access'),
  }, async (req, reply) => {
    const upload = await readSheetUpload(req, 'employees');
    const flag = upload.fields.importValidRows ?? req.query.importValidRows ?? 'false';
    if (flag !== 'true' && flag !== 'false') throw badRequest('importValidRows: must be true or false');
    return reply.code(202).send(ok(await imports.start(userAuth(req), upload, flag === 'true'), MSG.importStarted));
  });

  app.get('/api/v1/employee/import/:jobId', {
    schema: { tags, params: ZJobIdParams, response: { 200: ZOk(ZJob) } },
    config: allow('HR-access'),
  }, async (req) => ok(await imports.getJob(userAuth(req), req.params.jobId)));

  app.get('/api/v1/employee/export/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZExportQuery, description: 'The list (same search, filters and sort as the list call) as a CSV or XLSX attachment' },
    config: allow('HR-access'),
  }, async (req, reply) => {
    const file = await imports.export(userAuth(req), req.params.email, req.query);
    return reply.header('content-type', file.mime).header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.body);
  });
};
