import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, OCR_MAX_BYTES, OCR_MIME_TYPES, ZOcrResult, ZOk, ZSaveSummary, ZSummaryRecord, type TSaveSummary } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { readUpload } from '../../platform/http/uploads.ts';
import type { TOcrService } from './ocr.service.ts';

const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
/** A missing e-mail or blank summary answers the spec's own message; other bad values name their field. */
const summaryBody = (req: FastifyRequest) => {
  const body = req.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || Array.isArray(body) || isBlank(body.email) || isBlank(body.summary)) throw badRequest(MSG.summaryRequired);
  if (req.validationError) throw req.validationError;
  return req.body as TSaveSummary;
};

export const ocrRoutes = (ocr: TOcrService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['ocr'];
  app.addHook('onClose', async () => ocr.close());

  app.post('/api/v1/filybee/ocr-sdk', {
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZOk(ZOcrResult) }, description: 'multipart: file — a JPEG, PNG or WebP image or a PDF, at most 10 MB (type read from the bytes). Returns the text and a proposed date, vendor and total.' },
    config: allow('Projects-access'),
  }, async (req) => {
    const file = await readUpload(req, { maxBytes: OCR_MAX_BYTES, accept: (m) => (OCR_MIME_TYPES as readonly string[]).includes(m), wrongTypeMessage: 'Only JPEG, PNG or WebP images and PDF files can be read' });
    return ok(await ocr.read(userAuth(req), file));
  });

  app.post('/api/v1/filybee/save-summary', {
    schema: { tags, body: ZSaveSummary, response: { 201: ZOk(ZSummaryRecord) } },
    attachValidation: true,
    config: allow('Projects-access'),
  }, async (req, reply) => reply.code(201).send(ok(await ocr.saveSummary(userAuth(req), summaryBody(req)), 'Summary saved')));
};
