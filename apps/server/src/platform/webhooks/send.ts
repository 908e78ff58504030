import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { assertPublicHost, guardedLookup, PrivateAddressError } from './address-guard.ts';

/**
 * `Bizdesk-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The timestamp is inside the signed
 * text, so a receiver that refuses old timestamps (5 minutes, say) cannot be fed a captured delivery again.
 */
export const signatureHeader = (secret: string, body: string, unixSeconds: number) =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/** What a receiver does (documented in docs/webhooks, used by the tests): true when the header signs this body. */
export const verifySignature = (secret: string, body: string, header: string, opts: { toleranceSeconds?: number; now?: number } = {}) => {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export type TSendResult = { statusCode: number | null; durationMs: number; error: string | null; ok: boolean };

/** How much of an answer is read (its body is not kept; reading drains the socket). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One POST of a delivery: no redirects followed (a redirect could lead to a private address), `timeoutMs` for the
 * whole exchange. Never throws: the result says what happened, for the delivery log.
 */
export const postWebhook = async (input: {
  url: string; body: string; headers: Record<string, string>; timeoutMs: number; allowPrivate: boolean;
}): Promise<TSendResult> => {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): TSendResult => ({
    statusCode, error, durationMs: Math.round(performance.now() - started), ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
  });
  try {
    await assertPublicHost(input.url, { allowPrivate: input.allowPrivate });
  } catch (err) {
    return done(null, err instanceof PrivateAddressError ? err.message : `The address could not be resolved: ${(err as Error).message}`);
  }
  const url = new URL(input.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<TSendResult>((resolve) => {
    let settled = false;
    const finish = (r: TSendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Bizdesk-Webhooks/1', 'content-length': Buffer.byteLength(input.body).toString(), ...input.headers },
      lookup: guardedLookup({ allowPrivate: input.allowPrivate }),
      agent: false,
    }, (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      const status = res.statusCode ?? null;
      const error = status !== null && (status < 200 || status >= 300) ? `The receiver answered ${status}` : null;
      res.on('end', () => finish(done(status, error)));
      res.on('close', () => finish(done(status, error)));
      res.on('error', () => finish(done(status, error)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish(done(null, `No answer within ${Math.round(input.timeoutMs / 1000)} s`));
    }, input.timeoutMs);
    req.on('error', (err) => finish(done(null, err instanceof PrivateAddressError ? err.message : `The request failed: ${err.message}`)));
    req.end(input.body);
  });
};
