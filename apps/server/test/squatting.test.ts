import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { MSG } from '@bizdesk/contract';
import { bearer, createTestApp, login, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { linkIn, openAppWithSmtp, type TSmtp } from './helpers/smtp.ts';
import { purgeUnconfirmedRegistrations } from '../src/features/auth/registrations.ts';

const INVITE_LINK = /http:\/\/bizdesk\.test\/accept-invitation\/[A-Za-z0-9_-]+/;
const rows = async <T>(t: TTestApp, q: ReturnType<typeof sql>) => ((await t.deps.db.execute(q)) as unknown as { rows: T[] }).rows;

/** Issue 29 items 6 and 9: unconfirmed sign-ups do not hold an address; invitations and user-register do not tell whether an address has an account. */
describe('address squatting and account disclosure', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let close: () => Promise<void>;
  let employer: TSession;

  beforeAll(async () => {
    ({ t, smtp, close } = await openAppWithSmtp());
    employer = await registerBusiness(t.app, { businessName: 'Esi Textiles', email: 'esi@textiles.gh', country: 'GH' });
  });
  afterAll(async () => close());

  const invite = (email: string, token = employer.token) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/invitations', headers: bearer(token), payload: { userName: 'Invited Person', email, roles: ['HR-access'] } });
  const mailedInvite = async (email: string) => {
    await expect.poll(() => smtp.to(email).filter((m) => linkIn(m.text, INVITE_LINK)).length, { timeout: 5000 }).toBeGreaterThan(0);
    return linkIn(smtp.to(email).filter((m) => linkIn(m.text, INVITE_LINK)).at(-1)!.text, INVITE_LINK)!.split('/').pop()!;
  };
  const accept = (token: string, password = 'kente loom river 7') =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth/invitation/${token}/accept`, payload: { password }, remoteAddress: nextIp() });
  const squat = (email: string, businessName = 'Squatter Ltd') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { businessName, userName: 'Squatter', email, password: 'squatter pass 99', country: 'NG' }, remoteAddress: nextIp() });
  const businessesNamed = async (name: string) => rows<{ id: string }>(t, sql`SELECT id FROM businesses WHERE name = ${name}`);

  it('lets an invitation sent before the squat be accepted: the unconfirmed claim and its empty business are removed', async () => {
    expect((await invite('adwoa@textiles.gh')).statusCode).toBe(201);
    const token = await mailedInvite('adwoa@textiles.gh');
    expect((await squat('adwoa@textiles.gh', 'Squat One')).statusCode).toBe(201);
    expect(await businessesNamed('Squat One')).toHaveLength(1);

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ email: 'adwoa@textiles.gh', businessName: 'Esi Textiles', emailConfirmed: true });
    expect(await businessesNamed('Squat One')).toHaveLength(0);
    expect((await login(t.app, 'adwoa@textiles.gh', 'kente loom river 7')).user.businessName).toBe('Esi Textiles');
    const squatter = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'adwoa@textiles.gh', password: 'squatter pass 99' }, remoteAddress: nextIp() });
    expect(squatter.statusCode).toBe(401);
  });

  it('lets an address held by an unconfirmed sign-up be invited afterwards, and the invitation wins', async () => {
    expect((await squat('kofi@textiles.gh', 'Squat Two')).statusCode).toBe(201);
    const res = await invite('kofi@textiles.gh');
    expect(res.statusCode).toBe(201);
    expect((await accept(await mailedInvite('kofi@textiles.gh'))).statusCode).toBe(201);
    expect(await businessesNamed('Squat Two')).toHaveLength(0);
  });

  it('does not remove a confirmed account: accepting then answers 409 to the mailbox holder only', async () => {
    const held = await registerBusiness(t.app, { businessName: 'Held Co', email: 'held@held.co' });
    await t.deps.db.execute(sql`UPDATE users SET email_confirmed_at = now() WHERE id = ${held.user._id}`);
    const res = await invite('held@held.co');
    expect(res.statusCode).toBe(201);
    const accepted = await accept(await mailedInvite('held@held.co'));
    expect(accepted.statusCode).toBe(409);
    expect(await businessesNamed('Held Co')).toHaveLength(1);
  });

  it('answers an invitation of an address with an account elsewhere exactly like one of a new address, and tells the holder', async () => {
    await registerBusiness(t.app, { businessName: 'Elsewhere Co', email: 'taken@elsewhere.co' });
    const before = smtp.to('taken@elsewhere.co').length;
    const taken = await invite('taken@elsewhere.co');
    const fresh = await invite('fresh@textiles.gh');
    expect(taken.statusCode).toBe(fresh.statusCode);
    const shape = (body: { success: boolean; message: string; data: Record<string, unknown> }) => ({ success: body.success, message: body.message, keys: Object.keys(body.data).sort(), status: body.data.status });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    await expect.poll(() => smtp.to('taken@elsewhere.co').length, { timeout: 5000 }).toBe(before + 1);
    expect(smtp.to('taken@elsewhere.co').at(-1)!.text).toContain('Esi Textiles');
  });

  it('answers user-register for an address with an account elsewhere exactly like a new one', async () => {
    await registerBusiness(t.app, { businessName: 'Other Place', email: 'someone@other.place' });
    const register = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(employer.token), payload: { userName: 'Staff Member', email, password: 'staff pass 12', roles: ['HR-access'] } });
    const taken = await register('someone@other.place');
    const fresh = await register('brand-new@textiles.gh');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json().message).toBe(fresh.json().message);
    expect(Object.keys(taken.json().data).sort()).toEqual(Object.keys(fresh.json().data).sort());
    // The holder's account is untouched.
    expect((await login(t.app, 'someone@other.place', 'correct horse 1')).user.businessName).toBe('Other Place');
  });

  it('refuses a weak password at user-register with the same check as everywhere', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(employer.token), payload: { userName: 'Weak One', email: 'weak@textiles.gh', password: 'password123', roles: ['HR-access'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.passwordTooCommon);
  });

  it('purges registrations left unconfirmed past the grace period, keeping confirmed, recent and staffed ones', async () => {
    for (const name of ['Stale Squat', 'Recent Squat', 'Confirmed Old', 'Staffed Old']) {
      expect((await squat(`${name.toLowerCase().replace(' ', '-')}@squat.test`, name)).statusCode).toBe(201);
    }
    const age = (name: string) => sql`UPDATE users SET created_at = now() - interval '8 days' WHERE business_id = (SELECT id FROM businesses WHERE name = ${name})`;
    await t.deps.db.execute(age('Stale Squat'));
    await t.deps.db.execute(age('Confirmed Old'));
    await t.deps.db.execute(age('Staffed Old'));
    await t.deps.db.execute(sql`UPDATE users SET email_confirmed_at = now() WHERE email = 'confirmed-old@squat.test'`);
    const staffed = (await businessesNamed('Staffed Old'))[0].id;
    await t.deps.db.execute(sql`INSERT INTO users (business_id, email, user_name, password_hash, roles) VALUES (${staffed}, 'staff@staffed.test', 'Staff', 'x', '{HR-access}')`);

    expect(await purgeUnconfirmedRegistrations(t.deps)).toBe(1);
    expect(await businessesNamed('Stale Squat')).toHaveLength(0);
    for (const name of ['Recent Squat', 'Confirmed Old', 'Staffed Old']) expect(await businessesNamed(name)).toHaveLength(1);
    // The address is free again: it can be registered anew.
    expect((await squat('stale-squat@squat.test', 'Stale Again')).statusCode).toBe(201);
    expect(await businessesNamed('Stale Again')).toHaveLength(1);
  });
});

/** Forgot-password does the same work for a known and an unknown address: the mail goes out after the answer. */
describe('forgot-password takes as long for a known address as for an unknown one', () => {
  const SMTP_DELAY_MS = 1500;
  let t: TTestApp;
  let server: SMTPServer;
  const received: string[] = [];

  beforeAll(async () => {
    // An SMTP server that takes 1.5 s to accept each message: a reply that waits for the mail shows it.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        stream.on('data', () => undefined);
        stream.on('end', () => setTimeout(() => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          cb();
        }, SMTP_DELAY_MS));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('answers without waiting for the mail server, and still sends the link', async () => {
    const owner = await registerBusiness(t.app, { email: 'known@example.com' });
    expect(owner.token).toBeTruthy();
    const ask = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotpassword', payload: { email }, remoteAddress: nextIp() });
      return { res, ms: performance.now() - started };
    };
    await ask('warm-up@example.com');
    const unknown = await ask('nobody@example.com');
    const known = await ask('known@example.com');
    expect(known.res.json()).toEqual(unknown.res.json());
    // The mail server's 1.5 s must not show in the answer: the two differ by far less than that.
    expect(known.ms - unknown.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    await expect.poll(() => received.filter((to) => to === 'known@example.com').length, { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
