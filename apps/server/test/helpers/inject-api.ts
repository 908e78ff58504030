import { bearer, nextIp, type TSession, type TTestApp } from './test-app.ts';

/**
 * The API through `inject` as a signed-in user (a session or a bare token), each call from a new address so rate limits
 * stay out of the way. `ok` fails the test with the server's answer unless the status is the one expected.
 * `app` is read at each call, so a file may build it in beforeAll.
 */
export const injectApi = (app: () => TTestApp) => {
  const call = async (session: TSession | string, method: string, url: string, payload?: unknown) => {
    const token = typeof session === 'string' ? session : session.token;
    const res = await app().app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
    return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : null, raw: res.rawPayload, res };
  };
  const ok = async (session: TSession | string, method: string, url: string, payload?: unknown, status = 200) => {
    const r = await call(session, method, url, payload);
    if (r.status !== status) throw new Error(`${method} ${url}: expected ${status}, got ${r.status} ${r.res.body}`);
    return r.body;
  };
  return { call, ok };
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it gives a value, or fails naming `what` after `ms`. */
export const waitFor = async <T>(what: string, fn: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};
