import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BUSINESS_ARCHIVE_MAX_BYTES, BUSINESS_DATA_MSG, ZBusinessDataStatus, ZBusinessExport, ZBusinessExportParams, ZBusinessImportResult, ZOk,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { readUpload } from '../../platform/http/uploads.ts';
import { sendDownload } from '../../platform/http/downloads.ts';
import type { TBusinessDataService } from './business-data.service.ts';

/** A business's own data, out and in (issue 36 item 4): the owner only. */
export const businessDataRoutes = (data: TBusinessDataService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['business: your data'];

  app.get('/api/v1/business/data', {
    schema: { tags, response: { 200: ZOk(ZBusinessDataStatus) }, description: 'owner only: the latest export and whether the business is empty (an archive may be imported into it)' },
    config: allow('owner'),
  }, async (req) => ok(await data.status(userAuth(req))));

  app.post('/api/v1/business/export', {
    schema: { tags, response: { 202: ZOk(ZBusinessExport) }, description: 'owner only: prepares an archive of everything the business holds (a job; poll GET /business/export/{id}). One at a time: an export under way is answered again.' },
    config: allow('owner'),
  }, async (req, reply) => reply.code(202).send(ok(await data.startExport(userAuth(req)), BUSINESS_DATA_MSG.exportStarted)));

  app.get('/api/v1/business/export/:id', {
    schema: { tags, params: ZBusinessExportParams, response: { 200: ZOk(ZBusinessExport) } },
    config: allow('owner'),
  }, async (req) => ok(await data.getExport(userAuth(req), req.params.id)));

  app.get('/api/v1/business/export/:id/download', {
    schema: { tags, params: ZBusinessExportParams, description: `owner only: the archive (.tar.gz) while it lasts; 410 once expired` },
    config: allow('owner'),
  }, async (req, reply) => sendDownload(reply, await data.download(userAuth(req), req.params.id)));

  app.post('/api/v1/business/import', {
    schema: {
      tags, consumes: ['multipart/form-data'], response: { 200: ZOk(ZBusinessImportResult) },
      description: `owner of a newly registered, empty business only. multipart: file (the .tar.gz a Bizdesk server prepared, at most ${BUSINESS_ARCHIVE_MAX_BYTES / 1024 / 1024} MB). The archive's business replaces this one, ids, users and their passwords kept; all or nothing. The caller's session ends: sign in with an account from the archive.`,
    },
    config: allow('owner'),
  }, async (req) => {
    const upload = await readUpload(req, {
      maxBytes: BUSINESS_ARCHIVE_MAX_BYTES, accept: (mime) => mime === 'application/gzip', wrongTypeMessage: 'Send the .tar.gz archive a Bizdesk server prepared', field: 'file',
    });
    return ok(await data.importArchive(userAuth(req), upload.buffer), BUSINESS_DATA_MSG.imported);
  });
};
