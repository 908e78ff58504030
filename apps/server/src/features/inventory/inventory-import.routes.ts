import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZImportPreview, ZImportStarted, ZJob, ZJobIdParams, ZOk } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { readSheetUpload } from '../../platform/imports/sheet-upload.ts';
import type { TInventoryImportService } from './inventory-import.service.ts';

/** Who may import: whoever may create an item (inventory.routes.ts). */
const STOCK = ['Inventory-access'] as const;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const ZLanguageQuery = z.object({ language: z.string().regex(LANGUAGE, 'must be a language tag such as en, de or fr').optional() });

/** The file and the language its numbers are written in (a multipart field before the file, or the query; default en). */
const readImport = async (req: FastifyRequest, query: z.infer<typeof ZLanguageQuery>) => {
  const upload = await readSheetUpload(req, 'inventory');
  const language = upload.fields.language ?? query.language ?? 'en';
  if (!LANGUAGE.test(language) || Intl.NumberFormat.supportedLocalesOf([language]).length === 0) throw badRequest('language: must be a language tag such as en, de or fr');
  return { upload, language };
};

export const inventoryImportRoutes = (imports: TInventoryImportService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory: import'];
  const columns = 'Columns: Project, Name, Unit (required), SKU, Category, Quantity (opening stock), Reorder level, Unit cost (major units, of the opening stock)';

  app.post('/api/v1/inventory/import/preview', {
    schema: { tags, consumes: ['multipart/form-data'], querystring: ZLanguageQuery, response: { 200: ZOk(ZImportPreview) }, description: `Dry run. multipart: language (optional) then file (CSV or .xlsx, at most 10 MB; header row first). ${columns}. Nothing is written.` },
    config: allow(...STOCK),
  }, async (req) => {
    const { upload, language } = await readImport(req, req.query);
    return ok(await imports.preview(userAuth(req), upload, { language }));
  });

  app.post('/api/v1/inventory/import', {
    schema: { tags, consumes: ['multipart/form-data'], querystring: ZLanguageQuery, response: { 202: ZOk(ZImportStarted) }, description: 'Starts an all-or-nothing import job (a bad row imports nothing). Poll GET /inventory/import/{jobId}.' },
    config: allow(...STOCK),
  }, async (req, reply) => {
    const { upload, language } = await readImport(req, req.query);
    return reply.code(202).send(ok(await imports.start(userAuth(req), upload, { language }), MSG.importStarted));
  });

  app.get('/api/v1/inventory/import/:jobId', {
    schema: { tags, params: ZJobIdParams, response: { 200: ZOk(ZJob) } },
    config: allow(...STOCK),
  }, async (req) => ok(await imports.getJob(userAuth(req), req.params.jobId)));
};
