import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { bearer, login, multipart, nextIp, PNG_1PX, registerBusiness, type TTestApp } from './helpers/test-app.ts';
import { apiPathOf, CONFIRM_LINK, linkIn, openAppWithSmtp, RESET_LINK, type TSmtp } from './helpers/smtp.ts';

describe('accounts', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, smtp, close } = await openAppWithSmtp()));
  afterAll(async () => close());

  it('registers a business, logs in and returns the owner from users/{id}', async () => {
    const reg = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/register', remoteAddress: nextIp(),
      payload: { businessName: 'Adaeze Foods', userName: 'Adaeze', email: 'Adaeze@Foods.ng', password: 'long enough 1', country: 'NG' },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ success: true, message: MSG.registered, data: null });

    const session = await login(t.app, 'adaeze@foods.ng', 'long enough 1');
    expect(session.token.split('.')).toHaveLength(3);
    const me = await t.app.inject({ method: 'GET', url: `/api/v1/auth/users/${session.user._id}`, headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ _id: session.user._id, email: 'adaeze@foods.ng', roles: ['owner'], ownerEmail: 'adaeze@foods.ng', userName: 'Adaeze', businessName: 'Adaeze Foods', currency: 'NGN' });
  });

  const registerAs = (email: string, password: string, businessName = 'Another Ltd') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: nextIp(), payload: { businessName, userName: 'Someone', email, password } });
  const businessesOwnedBy = async (email: string) =>
    Number(((await t.deps.db.execute(sql`SELECT count(*) AS n FROM businesses WHERE lower(owner_email) = ${email}`)) as unknown as { rows: { n: string }[] }).rows[0].n);
  const confirmByMail = async (email: string) => {
    await expect.poll(() => smtp.to(email).some((m) => CONFIRM_LINK.test(linkIn(m.text, CONFIRM_LINK) ?? '')), { timeout: 5000 }).toBe(true);
    const token = linkIn(smtp.to(email).find((m) => linkIn(m.text, CONFIRM_LINK))!.text, CONFIRM_LINK)!.split('/').pop();
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/confirm-email/${token}`, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
  };

  it('answers a registration of a taken address exactly like a new one, changes nothing, and tells the holder', async () => {
    const fresh = await registerAs('fresh-address@example.com', 'long enough 1');
    await registerBusiness(t.app, { email: 'dup@example.com' });
    await confirmByMail('dup@example.com');
    const again = await registerAs('DUP@example.com', 'quite different 7');
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());

    await expect.poll(() => smtp.to('dup@example.com').length, { timeout: 5000 }).toBe(2);
    const notice = smtp.to('dup@example.com')[1].text;
    expect(notice).toContain('Someone tried to register with your e-mail address');
    expect(notice).not.toMatch(/resetpassword\/|confirm-email\//);
    expect(await businessesOwnedBy('dup@example.com')).toBe(1);
    await login(t.app, 'dup@example.com', 'correct horse 1');
    await expect(login(t.app, 'dup@example.com', 'quite different 7')).rejects.toThrow(/401/);
  });

  it('lets the holder of an address take it over from an unconfirmed registration by registering again', async () => {
    // A squatter registers someone else's address and signs in during the grace period.
    await registerAs('amara@example.com', 'squatter pass 1', 'Squat Ltd');
    const squatter = await login(t.app, 'amara@example.com', 'squatter pass 1');
    // The holder registers: the same answer, and a link to choose a password arrives in her mailbox.
    const res = await registerAs('amara@example.com', 'amara own pass 2', 'Amara Stores');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.registered);
    await expect.poll(() => smtp.to('amara@example.com').length, { timeout: 5000 }).toBe(2);
    const mail = smtp.to('amara@example.com')[1].text;
    expect(mail).toContain('has not been confirmed yet');
    const link = linkIn(mail, RESET_LINK)!;

    const claimed = await t.app.inject({ method: 'PUT', url: apiPathOf(link), remoteAddress: nextIp(), payload: { password: 'amara chose this 3' } });
    expect(claimed.statusCode).toBe(200);
    const holder = await login(t.app, 'amara@example.com', 'amara chose this 3');
    expect(holder.user).toMatchObject({ emailConfirmed: true });
    await expect(login(t.app, 'amara@example.com', 'squatter pass 1')).rejects.toThrow(/401/);
    const squatterNow = await t.app.inject({ method: 'GET', url: `/api/v1/auth/users/${squatter.user._id}`, headers: bearer(squatter.token) });
    expect(squatterNow.statusCode).toBe(401);
  });

  it(`refuses sign-in once the grace period has passed without confirmation, re-sends the link, and works after confirming`, async () => {
    const owner = await registerBusiness(t.app, { email: 'late@example.com' });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: 'Clerk', email: 'late-clerk@example.com', password: 'clerk pass 1', roles: ['HR-access'] } });
    await t.deps.db.execute(sql`UPDATE users SET created_at = now() - interval '3 days 1 minute' WHERE email = 'late@example.com'`);
    await expect.poll(() => smtp.to('late@example.com').length, { timeout: 5000 }).toBe(1);

    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), payload: { email: 'late@example.com', password: 'correct horse 1' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: MSG.confirmEmailFirst });
    const staff = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), payload: { email: 'late-clerk@example.com', password: 'clerk pass 1' } });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(MSG.ownerNotConfirmed);
    // A wrong password still says only that the credentials are wrong.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), payload: { email: 'late@example.com', password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);

    await expect.poll(() => smtp.to('late@example.com').length, { timeout: 5000 }).toBe(2);
    const token = linkIn(smtp.to('late@example.com')[1].text, CONFIRM_LINK)!.split('/').pop();
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/auth/confirm-email/${token}`, remoteAddress: nextIp() })).statusCode).toBe(200);
    await login(t.app, 'late@example.com', 'correct horse 1');
    await login(t.app, 'late-clerk@example.com', 'clerk pass 1');
  });

  it('refuses easily guessed passwords at registration and reset, saying why', async () => {
    for (const [password, message] of [
      ['password', MSG.passwordTooCommon],
      ['12345678', MSG.passwordTooCommon],
      ['Passw0rd!', MSG.passwordTooCommon],
      ['aaaaaaaaaaaa', MSG.passwordTooWeak],
      ['okonkwo2024', MSG.passwordPersonal],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: nextIp(), payload: { businessName: 'Okonkwo Ventures', userName: 'Chidi Okonkwo', email: `weak-${Math.random().toString(36).slice(2)}@example.com`, password } });
      expect([password, res.statusCode]).toEqual([password, 400]);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', message, details: [{ field: 'body.password', message }] });
    }
    const owner = await registerBusiness(t.app, { email: 'weak-reset@example.com' });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotpassword', remoteAddress: nextIp(), payload: { email: 'weak-reset@example.com' } });
    await expect.poll(() => smtp.to('weak-reset@example.com').some((m) => RESET_LINK.test(linkIn(m.text, RESET_LINK) ?? '')), { timeout: 5000 }).toBe(true);
    const link = linkIn(smtp.to('weak-reset@example.com').find((m) => linkIn(m.text, RESET_LINK))!.text, RESET_LINK)!;
    expect(link).toContain(owner.user._id);
    const weak = await t.app.inject({ method: 'PUT', url: apiPathOf(link), remoteAddress: nextIp(), payload: { password: 'qwertyuiop' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordTooCommon);
    // the refused attempt did not use up the link
    const strong = await t.app.inject({ method: 'PUT', url: apiPathOf(link), remoteAddress: nextIp(), payload: { password: 'mango season 44' } });
    expect(strong.statusCode).toBe(200);
  });

  it('names the bad field when registration data is invalid', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: nextIp(), payload: { businessName: 'X', userName: 'Y', email: 'not-an-email', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^email: /);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.email', 'body.password']));
  });

  it('answers a wrong password with 401 and the same message as an unknown e-mail', async () => {
    await registerBusiness(t.app, { email: 'known@example.com' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), payload: { email: 'known@example.com', password: 'nope nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), payload: { email: 'nobody@example.com', password: 'nope nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.invalidCredentials);
    expect(unknown.json().message).toBe(MSG.invalidCredentials);
  });

  it('e-mails a reset link that works once; the second use and an expired link fail', async () => {
    const owner = await registerBusiness(t.app, { email: 'forgetful@example.com' });
    const before = smtp.received.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotpassword', remoteAddress: nextIp(), payload: { email: 'forgetful@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.forgotPasswordSent);
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBeGreaterThan(before);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toBe('forgetful@example.com');
    const link = linkIn(mail.text, /http:\/\/bizdesk\.test\/resetpassword\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+/)!;
    expect(link).toContain(`/resetpassword/${owner.user._id}/`);
    const apiPath = link.replace('http://bizdesk.test', '/api/v1/auth');

    const first = await t.app.inject({ method: 'PUT', url: apiPath, remoteAddress: nextIp(), payload: { password: 'brand new pass 2' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MSG.passwordReset);
    await login(t.app, 'forgetful@example.com', 'brand new pass 2');
    // the old token was revoked by the password change
    const old = await t.app.inject({ method: 'GET', url: `/api/v1/auth/users/${owner.user._id}`, headers: bearer(owner.token) });
    expect(old.statusCode).toBe(401);

    const second = await t.app.inject({ method: 'PUT', url: apiPath, remoteAddress: nextIp(), payload: { password: 'another pass 3' } });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(MSG.resetLinkInvalid);

    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotpassword', remoteAddress: nextIp(), payload: { email: 'forgetful@example.com' } });
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBeGreaterThan(before + 1);
    const expiredLink = linkIn(smtp.received.at(-1)!.text, /http:\/\/bizdesk\.test\/resetpassword\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+/)!;
    await t.deps.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE kind = 'reset' AND used_at IS NULL`);
    const expired = await t.app.inject({ method: 'PUT', url: expiredLink.replace('http://bizdesk.test', '/api/v1/auth'), remoteAddress: nextIp(), payload: { password: 'another pass 3' } });
    expect(expired.statusCode).toBe(400);
    await login(t.app, 'forgetful@example.com', 'brand new pass 2');
  });

  it('does not reveal whether an e-mail has an account when asked for a reset', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotpassword', remoteAddress: nextIp(), payload: { email: 'ghost@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.forgotPasswordSent);
  });

  it('confirms the e-mail address with the link sent at registration, once', async () => {
    const before = smtp.received.length;
    const owner = await registerBusiness(t.app, { email: 'confirm-me@example.com' });
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBeGreaterThan(before);
    const mail = smtp.received.find((m) => m.to === 'confirm-me@example.com')!;
    const link = linkIn(mail.text, /http:\/\/bizdesk\.test\/confirm-email\/[A-Za-z0-9_-]+/)!;
    const token = link.split('/').pop();
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/confirm-email/${token}`, remoteAddress: nextIp() });
    expect(res.json()).toMatchObject({ success: true, message: MSG.emailConfirmed });
    const me = await t.app.inject({ method: 'GET', url: `/api/v1/auth/users/${owner.user._id}`, headers: bearer(owner.token) });
    expect(me.json().data.emailConfirmed).toBe(true);
    const again = await t.app.inject({ method: 'PUT', url: `/api/v1/auth/confirm-email/${token}`, remoteAddress: nextIp() });
    expect(again.statusCode).toBe(400);
  });

  it('stores an uploaded logo checked from its bytes and serves it at the user imagePath', async () => {
    const owner = await registerBusiness(t.app);
    const form = multipart([{ name: 'userId', value: owner.user._id }, { name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG_1PX }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload-logo/${owner.user._id}`, headers: { ...bearer(owner.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const imagePath = res.json().data.imagePath as string;
    const me = await t.app.inject({ method: 'GET', url: `/api/v1/auth/users/${owner.user._id}`, headers: bearer(owner.token) });
    expect(me.json().data.imagePath).toBe(imagePath);
    const img = await t.app.inject({ method: 'GET', url: imagePath });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('refuses a logo that is not an image whatever its name says (415) and one over 2 MB (413)', async () => {
    const owner = await registerBusiness(t.app);
    const fake = multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: Buffer.from('%PDF-1.4 not really an image at all') }]);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload-logo/${owner.user._id}`, headers: { ...bearer(owner.token), ...fake.headers }, payload: fake.payload });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe(MSG.imageOnly);

    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = multipart([{ name: 'file', filename: 'big.png', contentType: 'image/png', data: big }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload-logo/${owner.user._id}`, headers: { ...bearer(owner.token), ...tooBig.headers }, payload: tooBig.payload });
    expect(res.statusCode).toBe(413);
  });

  it('lets only the owner or Settings-access change the logo', async () => {
    const owner = await registerBusiness(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: 'Clerk', email: 'clerk-logo@example.com', password: 'clerk pass 1', roles: ['HR-access'] } });
    const clerk = await login(t.app, 'clerk-logo@example.com', 'clerk pass 1');
    const form = multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG_1PX }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload-logo/${clerk.user._id}`, headers: { ...bearer(clerk.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(403);
  });

  it('answers the eleventh login attempt within a minute from one address with 429; another address still logs in', async () => {
    await registerBusiness(t.app, { email: 'target@example.com' });
    const attacker = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      // spread over accounts, so only the per-address limit is reached
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: attacker, payload: { email: `target-${i}@example.com`, password: `guess ${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: attacker, payload: { email: 'target@example.com', password: 'correct horse 1' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: MSG.tooManyAttempts });
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: '198.51.100.20', payload: { email: 'target@example.com', password: 'correct horse 1' } });
    expect(other.statusCode).toBe(200);
  });

  it('reports the database as reachable on /health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.json()).toMatchObject({ success: true, data: { database: 'up' } });
  });

  it('serves the OpenAPI document listing every account call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/v1/auth/register', '/api/v1/auth/login', '/api/v1/auth/users/{id}', '/api/v1/auth/user-data/{id}', '/api/v1/auth/department/{email}',
      '/api/v1/auth/dcollector', '/api/v1/auth/cpd/{email}', '/api/v1/auth/forgotpassword', '/api/v1/auth/resetpassword/{id}/{token}',
      '/api/v1/auth/confirm-email/{token}', '/api/v1/images/upload-logo/{userId}', '/api/v1/auth/user-register', '/api/v1/auth/update-user-roles/{userId}',
      '/api/v1/auth/regenerate-code/{id}/{employeeNumber}', '/api/v1/auth/update-number', '/api/v1/auth/delete-user/{id}',
      '/api/v1/auth/save-google-link/{userId}/{employeeNumber}', '/api/v1/notification/fetch/{ownerEmail}', '/api/v1/notification/fetch',
      '/api/v1/notification/delete-old', '/api/v1/notification/create']) {
      expect(paths).toContain(p);
    }
  });

  it('sends no stack trace and sets security headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
