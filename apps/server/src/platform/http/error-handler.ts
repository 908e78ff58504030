import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@bizdesk/contract';
import { AppError } from '../errors.ts';

const describeIssue = (path: (string | number)[] | string, message: string) => {
  const where = Array.isArray(path) ? path.join('.') : path;
  return where ? `${where}: ${message}` : message;
};

/** The one error handler: every failure leaves as `{ success: false, message, code, details? }`. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ success: false, message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is not valid',
      }));
      const first = issues[0];
      const field = first.field.replace(/^(body|params|querystring|headers)\.?/, '');
      return reply.code(400).send({
        success: false,
        message: describeIssue(field || (first.field === 'body' ? 'body' : ''), first.message),
        code: 'VALIDATION',
        details: issues,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ success: false, message: MSG.unknownError, code: 'INTERNAL' });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ success: false, message: err.message || MSG.tooManyRequests, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'TOO_LARGE' : status === 415 ? 'UNSUPPORTED_TYPE' : status === 404 ? 'NOT_FOUND' : 'VALIDATION';
      const message = status === 413 ? MSG.fileTooLarge : err.message;
      return reply.code(status).send({ success: false, message, code });
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return reply.code(500).send({ success: false, message: MSG.unknownError, code: 'INTERNAL' });
  });
};

/**
 * Unknown API paths get the JSON envelope; with the built web app present, every other GET is the
 * SPA's index.html (its router shows the 404 page).
 */
export const registerNotFound = (app: FastifyInstance, spaIndex: Buffer | null) => {
  app.setNotFoundHandler((req, reply) => {
    if (spaIndex && req.method === 'GET' && !req.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(spaIndex);
    }
    return reply.code(404).send({ success: false, message: `No API route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
};
