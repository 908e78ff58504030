import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow a page's inline scripts, and only them: index.html's
 * start script (apps/web/start-paint.js, inlined by the build) runs under `script-src 'self'` with its hash.
 */
export const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '', body]) => !/\ssrc=/.test(attributes) && body.trim() !== '')
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);

/** The headers helmet writes for these options, worked out once: with static directives they never change. */
export const helmetHeaders = (options: HelmetOptions) => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
};

/**
 * helmet's security headers on every answer. @fastify/helmet builds the helmet middleware again for each
 * request (a few percent of a list request's CPU); the headers are the same each time, so they are set
 * from one object.
 */
export const registerSecurityHeaders = (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
};
