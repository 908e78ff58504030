import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { pruneRateLimits } from '../src/platform/http/rate-limit.ts';
import { createTestApp, login, nextIp, registerBusiness, type TTestApp } from './helpers/test-app.ts';
import { apiPathOf, linkIn, openAppWithSmtp, RESET_LINK, type TSmtp } from './helpers/smtp.ts';

let n = 0;
const unique = () => `${Date.now().toString(36)}-${(n += 1)}`;

/** 30 wrong logins from one socket address, each claiming a new client with X-Forwarded-For and naming a new account. */
const loginsWithForgedAddresses = async (t: TTestApp, socket = nextIp()) => {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/login', remoteAddress: socket,
      headers: { 'x-forwarded-for': `198.18.${i}.${i + 1}` },
      payload: { email: `nobody-${unique()}@example.com`, password: 'a wrong guess' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
};

describe('client addresses', () => {
  it('ignores X-Forwarded-For by default: 30 wrong logins with a fresh header each are limited after 10', async () => {
    const t = await createTestApp();
    try {
      const statuses = await loginsWithForgedAddresses(t);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    } finally {
      await t.close();
    }
  });

  it('honours X-Forwarded-For only from the proxies TRUST_PROXY lists', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.9.0.0/16,127.0.0.1' });
    try {
      expect(await loginsWithForgedAddresses(t, '10.9.0.5')).toEqual(Array(30).fill(401));
      // a client reaching the port directly cannot pick its address
      expect((await loginsWithForgedAddresses(t, '203.0.113.9')).slice(10)).toEqual(Array(20).fill(429));
      // one real client behind the proxy is still limited
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: '10.9.0.5', headers: { 'x-forwarded-for': '203.0.113.50' }, payload: { email: `x-${unique()}@example.com`, password: 'a wrong guess' } });
        statuses.push(res.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('honours X-Forwarded-For through as many hops as a TRUST_PROXY count says', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect(await loginsWithForgedAddresses(t)).toEqual(Array(30).fill(401));
    } finally {
      await t.close();
    }
  });

  it('accepts a hop count or a list of proxy addresses and CIDR ranges in TRUST_PROXY, and names it when wrong', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0.300', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY must be a number of proxy hops/);
    }
  });
});

describe('per-account limit and clean-up', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, smtp, close } = await openAppWithSmtp()));
  afterAll(async () => close());

  const tryLogin = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), payload: { email, password } });

  const loginFrom = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email, password } });

  it('lets the owner in from another address while an attacker at one address fails 11 times', async () => {
    await registerBusiness(t.app, { email: 'attacked@example.com' });
    const attacker = nextIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await loginFrom(attacker, 'attacked@example.com', `guess number ${i}`));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual(Array(5).fill(401));
    expect(answers.slice(5).map((r) => r.statusCode)).toEqual(Array(6).fill(429));
    // past five misses the attacker's address waits, and is told how long
    expect(answers[5].json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: MSG.accountLocked });
    expect(Number(answers[5].headers['retry-after'])).toBeGreaterThan(0);
    // the owner, elsewhere, signs in with the right password
    expect((await loginFrom(nextIp(), 'Attacked@example.com', 'correct horse 1')).statusCode).toBe(200);
  });

  it('slows an account guessed at from many addresses, but not from an address it signed in from', async () => {
    await registerBusiness(t.app, { email: 'guarded@example.com' });
    await registerBusiness(t.app, { email: 'bystander@example.com' });
    const home = nextIp();
    expect((await loginFrom(home, 'guarded@example.com', 'correct horse 1')).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) expect((await tryLogin('guarded@example.com', `guess number ${i}`)).statusCode).toBe(401);
    const paused = await tryLogin('Guarded@example.com', 'correct horse 1');
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: MSG.accountLocked });
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom(home, 'guarded@example.com', 'correct horse 1')).statusCode).toBe(200);
    expect((await tryLogin('bystander@example.com', 'correct horse 1')).statusCode).toBe(200);
    // an unknown address is slowed the same way, so the pause says nothing about which accounts exist
    for (let i = 0; i < 30; i++) await tryLogin('ghost-account@example.com', `guess number ${i}`);
    expect((await tryLogin('ghost-account@example.com', 'anything at all')).statusCode).toBe(429);
  });

  it('lifts the pause when the password is reset', async () => {
    await registerBusiness(t.app, { email: 'resets@example.com' });
    for (let i = 0; i < 31; i++) await tryLogin('resets@example.com', `guess number ${i}`);
    expect((await tryLogin('resets@example.com', 'correct horse 1')).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotpassword', remoteAddress: nextIp(), payload: { email: 'resets@example.com' } });
    await expect.poll(() => smtp.to('resets@example.com').some((m) => linkIn(m.text, RESET_LINK)), { timeout: 5000 }).toBe(true);
    const link = linkIn(smtp.to('resets@example.com').find((m) => linkIn(m.text, RESET_LINK))!.text, RESET_LINK)!;
    expect((await t.app.inject({ method: 'PUT', url: apiPathOf(link), remoteAddress: nextIp(), payload: { password: 'fresh start 2025' } })).statusCode).toBe(200);
    await login(t.app, 'resets@example.com', 'fresh start 2025');
  });

  it('prunes rate_limits rows whose window has ended, on demand and now and then on its own', async () => {
    const count = async () => Number(((await t.deps.db.execute(sql`SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'stale:%'`)) as unknown as { rows: { n: string }[] }).rows[0].n);
    const past = Date.now() - 1000;
    const addStale = () => t.deps.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at) SELECT 'stale:' || g, 1, ${past} FROM generate_series(1, 50) g ON CONFLICT DO NOTHING`);
    await addStale();
    await t.deps.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at) VALUES ('live:1', 1, ${Date.now() + 600_000})`);
    expect(await count()).toBe(50);
    expect(await pruneRateLimits(t.deps.db)).toBeGreaterThanOrEqual(50);
    expect(await count()).toBe(0);
    const live = (await t.deps.db.execute(sql`SELECT key FROM rate_limits WHERE key = 'live:1'`)) as unknown as { rows: unknown[] };
    expect(live.rows).toHaveLength(1);

    // without anyone calling it: the next counted attempt after a minute cleans up
    await addStale();
    await t.deps.db.execute(sql`SELECT 1`);
    const realNow = Date.now;
    Date.now = () => realNow() + 61_000;
    try {
      await tryLogin(`prune-${unique()}@example.com`, 'whatever it is');
    } finally {
      Date.now = realNow;
    }
    await expect.poll(count, { timeout: 5000 }).toBe(0);
  });
});

const loginAt = (t: TTestApp, ip: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email, password } });

// An app of its own: the test moves the clock, which would hold back the other tests' now-and-then clean-up.
describe('back-off per account and address', () => {
  let t: TTestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('backs off longer after each wrong password past five from one address, and forgets on success', async () => {
    await registerBusiness(t.app, { email: 'backoff@example.com' });
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await loginAt(t, ip, 'backoff@example.com', `guess number ${i}`)).statusCode).toBe(401);
    const waits: number[] = [];
    const realNow = Date.now;
    let skew = 0;
    Date.now = () => realNow() + skew;
    try {
      const waitAtAddress = async () => {
        const waiting = await loginAt(t, ip, 'backoff@example.com', 'correct horse 1');
        expect(waiting.statusCode).toBe(429);
        expect(waiting.json().message).toBe(MSG.accountLocked);
        const wait = Number(waiting.headers['retry-after']);
        skew += wait * 1000 + 61_000; // past the wait, and past the per-address minute
        return wait;
      };
      for (let i = 0; i < 3; i++) {
        waits.push(await waitAtAddress());
        expect((await loginAt(t, ip, 'backoff@example.com', `guess again ${i}`)).statusCode).toBe(401);
      }
      waits.push(await waitAtAddress());
      expect(waits[0]).toBeGreaterThan(0);
      expect(waits[1]).toBeGreaterThan(waits[0]);
      expect(waits[2]).toBeGreaterThan(waits[1]);
      expect(waits[3]).toBeGreaterThan(waits[2]);
      // the wait is over: the right password gets in and the count starts again
      expect((await loginAt(t, ip, 'backoff@example.com', 'correct horse 1')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await loginAt(t, ip, 'backoff@example.com', `fresh guess ${i}`)).statusCode).toBe(401);
    } finally {
      Date.now = realNow;
    }
  });
});
