import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@bizdesk/contract';
import { AppError } from '../errors.ts';

type TFailure = { success: false; message: string; code: string; details?: unknown };
const failure = (code: string, message: string): TFailure => ({ success: false, message, code });

/** Fastify's own codes whose text is not for people; the rest keep Fastify's message. */
const FRAMEWORK_MESSAGES: Record<string, [status: number, code: string, message: string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'TOO_LARGE', MSG.bodyTooLarge],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION', MSG.bodyNotJson],
};

/** `endDate: must not be …` → the field the message is about (`endDate`, `lines.0.quantity`) and the rest. */
const FIELD_PREFIX = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*): ([\s\S]+)$/;
export const splitField = (message: string): { field?: string; text: string } => {
  const named = FIELD_PREFIX.exec(message);
  return named ? { field: named[1], text: named[2]! } : { text: message };
};

/** The field once: a message that already starts with its field (`endDate: …`) is not prefixed again. */
const describeIssue = (field: string, message: string) => {
  if (!field || splitField(message).field) return message;
  return `${field}: ${message}`;
};

/**
 * A failure for people: `message` is the English text (spec messages verbatim); `field` names the request field
 * it is about, so the web shows that field's label in the reader's language instead of the wire name;
 * `messageKey`/`params` let the web show a message of Bizdesk's own in the reader's language.
 */
const appFailure = (err: AppError) => {
  const { field } = splitField(err.message);
  return {
    success: false as const,
    message: err.message,
    code: err.code,
    ...(field ? { field } : {}),
    ...(err.messageKey ? { messageKey: err.messageKey } : {}),
    ...(err.params ? { params: err.params } : {}),
    ...(err.details ? { details: err.details } : {}),
  };
};

/** The one error handler: every failure leaves as `{ success: false, message, code, details? }`. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send(appFailure(err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is not valid',
      }));
      const first = issues[0];
      const field = first.field.replace(/^(body|params|querystring|headers)\.?/, '') || (first.field === 'body' ? 'body' : '');
      const message = describeIssue(field, first.message);
      return reply.code(400).send({
        success: false,
        message,
        code: 'VALIDATION',
        ...(splitField(message).field ? { field: splitField(message).field } : {}),
        details: issues,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ success: false, message: MSG.unknownError, code: 'INTERNAL' });
    }
    const known = FRAMEWORK_MESSAGES[(err as FastifyError).code];
    if (known) return reply.code(known[0]).send(failure(known[1], known[2]));
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

/** Request paths are URL-encoded; a malformed escape (`%E0%A4%A`, `%zz`) must not reach a decoder that throws. */
export const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/**
 * Answers the router's own refusals (Fastify option `frameworkErrors`) in the envelope: a path with a
 * malformed percent-escape (400) and a path segment longer than `maxParamLength` (414).
 */
export const onFrameworkError = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
  if (err.code === 'FST_ERR_BAD_URL') {
    const segment = (req.raw.url ?? '').split('?')[0].split('/').find((s) => safeDecode(s) === null) ?? '';
    return reply.code(400).send(failure('VALIDATION', `The address part "${segment.slice(0, 100)}" is not a valid percent-escape (write % as %25)`));
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send(failure('TOO_LARGE', MSG.addressTooLong));
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.code(status).send(failure('VALIDATION', MSG.badRequest));
};

const CLIENT_ERRORS: Record<string, [status: number, reason: string, code: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'TOO_LARGE', MSG.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'VALIDATION', MSG.requestTimeout],
};

const LONG_REQUEST_LINE = 8 * 1024;
/** The packet starts a request whose first line alone is longer than any address we serve. */
const isLongRequestLine = (packet: Buffer | undefined) => {
  if (!packet || !/^[A-Z]{3,10} \//.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return (end === -1 ? packet.length : end) > LONG_REQUEST_LINE;
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over `maxHeaderSize`,
 * unparsable request lines). Fastify option `clientErrorHandler`: the answer is still the envelope.
 * A request line that alone overflows the header budget is a too-long address: 414.
 */
export function onClientError(this: FastifyInstance, err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let [status, reason, code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'VALIDATION', MSG.badRequest];
  if (status === 431 && isLongRequestLine(err.rawPacket)) {
    [status, reason, code, message] = [414, 'URI Too Long', 'TOO_LARGE', MSG.addressTooLong];
  }
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(failure(code, message));
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

/**
 * Unknown API paths get the JSON envelope; with the built web app present, every other GET is the
 * SPA's index.html (its router shows the 404 page).
 */
export const registerNotFound = (app: FastifyInstance, spaIndex: Buffer | null) => {
  let spaIndexBr: Buffer | undefined;
  let spaIndexGzip: Buffer | undefined;
  app.setNotFoundHandler((req, reply) => {
    // Judged on the decoded path, as the router sees it: `/%61pi/v1/nothing` is an API path too.
    const path = safeDecode(req.url.split('?')[0]) ?? req.url;
    if (spaIndex && req.method === 'GET' && !path.toLowerCase().startsWith('/api/')) {
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      // Compressed once at start-up (@fastify/compress hooks routes only, not this handler).
      const accepted = String(req.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(spaIndexBr ??= brotliCompressSync(spaIndex));
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(spaIndexGzip ??= gzipSync(spaIndex, { level: 9 }));
      return reply.send(spaIndex);
    }
    return reply.code(404).send({ success: false, message: `No API route for ${req.method} ${path.slice(0, 200)}`, code: 'NOT_FOUND' });
  });
};
