import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/**
 * Path segments that are secrets: the segment after these markers (API routes and the web's link
 * pages alike). Matched on the decoded path anywhere in it, so `/%61pi/…` or `//api/…` hide them too.
 */
const SECRET_PATHS: RegExp[] = [
  /((?:^|\/)resetpassword\/[^/]*\/)[^/]+/gi, // reset links: /resetpassword/{id}/{token}
  /((?:^|\/)confirm-email\/)[^/]+/gi, // confirmation links
  /((?:^|\/)(?:accept-invitation|auth\/invitation)\/)[^/]+/gi, // invitation links (web page and API)
  /((?:^|\/)accessId\/)[^/]+/gi, // employee portal codes
  /((?:^|\/)(?<!employee\/)appraisal\/)[^/]+/gi, // the web's appraisal links carry a token
];
/** Query parameters whose value is a secret, whatever the route. */
const SECRET_QUERY = /token|code|secret|password|passwd|signature|key|otp/i;

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape stays as sent; its neighbours are still decoded
  }
};

/** The URL with codes and tokens replaced by `[redacted]`; unchanged when it carries none. */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const rawQuery = q === -1 ? '' : url.slice(q + 1);

  const decoded = rawPath.split('/').map(decodeSegment).join('/');
  const path = SECRET_PATHS.reduce((p, re) => p.replace(re, `$1${REDACTED}`), decoded);

  const query = rawQuery
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0];
      return SECRET_QUERY.test(decodeSegment(name.replace(/\+/g, ' '))) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  if (path === decoded && query === rawQuery) return url;
  return query ? `${path === decoded ? rawPath : path}?${query}` : path;
};

/** Fastify's request serializer with the URL redacted; the rest as Fastify logs it by default. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
