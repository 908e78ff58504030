import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MSG } from '@bizdesk/contract';
import { bearer, createTestApp, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { linkIn, openAppWithSmtp } from './helpers/smtp.ts';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: Date.now() + steps * 30_000 });

describe('two-factor sign-in', () => {
  let t: TTestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  const post = (url: string, payload?: object, token?: string) =>
    t.app.inject({ method: 'POST', url, remoteAddress: nextIp(), payload, headers: token ? bearer(token) : undefined });
  const login = (email: string, password = 'correct horse 1') => post('/api/v1/auth/login', { email, password });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.deps.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Turns two-factor sign-in on for a signed-in user; returns the key and the recovery codes. */
  const enrol = async (session: TSession) => {
    const setup = await post('/api/v1/auth/two-factor/setup', undefined, session.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json().data;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Bizdesk:.+\?.*secret=/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // not on until a first code confirms it
    expect((await login(session.user.email)).json().token).toBeTruthy();
    expect((await post('/api/v1/auth/two-factor/enable', { code: '000000' }, session.token)).statusCode).toBe(400);
    const enabled = await post('/api/v1/auth/two-factor/enable', { code: codeFor(secret) }, session.token);
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json().data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    return { secret: secret as string, recoveryCodes };
  };

  const challengeOf = async (email: string, password?: string) => {
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    return res.json().data as { twoFactor: 'verify' | 'enrol'; challenge: string };
  };

  it('asks for a code after the password once it is on; a wrong code is refused, a code works once, a recovery code once', async () => {
    const owner = await registerBusiness(t.app);
    const { secret, recoveryCodes } = await enrol(owner);

    const step = await challengeOf(owner.user.email);
    expect(step.twoFactor).toBe('verify');
    // the challenge is not a session
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/two-factor', headers: bearer(step.challenge) })).statusCode).toBe(401);
    const wrong = await post('/api/v1/auth/login/two-factor', { challenge: step.challenge, code: '123456' === codeFor(secret, 1) ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.twoFactorCodeInvalid);

    const code = codeFor(secret, 1); // the enabling code's step is used up
    const signedIn = await post('/api/v1/auth/login/two-factor', { challenge: step.challenge, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, message: MSG.loggedIn, data: { email: owner.user.email } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/two-factor', headers: bearer(signedIn.json().token) })).json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // the same code again (replay), or an earlier one, is refused
    const again = await challengeOf(owner.user.email);
    expect((await post('/api/v1/auth/login/two-factor', { challenge: again.challenge, code })).statusCode).toBe(400);
    expect((await post('/api/v1/auth/login/two-factor', { challenge: again.challenge, code: codeFor(secret, -1) })).statusCode).toBe(400);

    // a recovery code (any case, with or without its dash) works once
    const recovery = recoveryCodes[0];
    const viaRecovery = await post('/api/v1/auth/login/two-factor', { challenge: again.challenge, code: recovery.toLowerCase().replace('-', ' ') });
    expect(viaRecovery.statusCode).toBe(200);
    const third = await challengeOf(owner.user.email);
    expect((await post('/api/v1/auth/login/two-factor', { challenge: third.challenge, code: recovery })).statusCode).toBe(400);
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/auth/two-factor', headers: bearer(viaRecovery.json().token) });
    expect(status.json().data.recoveryCodesLeft).toBe(9);
  });

  it('keeps neither the key nor the recovery codes in clear, and a forged challenge opens nothing', async () => {
    const owner = await registerBusiness(t.app);
    const { secret, recoveryCodes } = await enrol(owner);
    const [stored] = await rows<{ secret: string; pending_secret: string | null }>(sql`SELECT secret, pending_secret FROM user_two_factor WHERE user_id = ${owner.user._id}`);
    expect(stored.secret).not.toContain(secret);
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.pending_secret).toBeNull();
    const dump = JSON.stringify(await rows(sql`SELECT * FROM user_recovery_codes WHERE user_id = ${owner.user._id}`));
    for (const c of recoveryCodes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace('-', ''));
    }
    // the sealed key moved to another user's row does not open
    const other = await registerBusiness(t.app);
    await enrol(other);
    await t.deps.db.execute(sql`UPDATE user_two_factor SET secret = ${stored.secret}, last_step = NULL WHERE user_id = ${other.user._id}`);
    const step = await challengeOf(other.user.email);
    expect((await post('/api/v1/auth/login/two-factor', { challenge: step.challenge, code: codeFor(secret, 1) })).statusCode).toBe(400);
    const forged = await post('/api/v1/auth/login/two-factor', { challenge: `v1.${'A'.repeat(40)}.x.y`, code: '123456' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(MSG.twoFactorChallengeInvalid);
  });

  it('limits wrong codes per user with a growing wait', async () => {
    const owner = await registerBusiness(t.app);
    const { secret } = await enrol(owner);
    const step = await challengeOf(owner.user.email);
    const bad = codeFor(secret, 5);
    for (let i = 0; i < 5; i++) expect((await post('/api/v1/auth/login/two-factor', { challenge: step.challenge, code: bad })).statusCode).toBe(400);
    const held = await post('/api/v1/auth/login/two-factor', { challenge: step.challenge, code: codeFor(secret, 1) });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(MSG.twoFactorTooManyCodes);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('turns off only with the password or a current code, and audits on and off', async () => {
    const owner = await registerBusiness(t.app);
    const { secret } = await enrol(owner);
    const wrong = await post('/api/v1/auth/two-factor/disable', { password: 'not my password' }, owner.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.twoFactorProofInvalid);
    expect((await post('/api/v1/auth/two-factor/disable', {}, owner.token)).statusCode).toBe(400);
    // new recovery codes need proof too, and end the old ones
    const renewed = await post('/api/v1/auth/two-factor/recovery-codes', { code: codeFor(secret, 1) }, owner.token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.recoveryCodes).toHaveLength(10);
    expect((await post('/api/v1/auth/two-factor/disable', { password: 'correct horse 1' }, owner.token)).statusCode).toBe(200);
    expect((await login(owner.user.email)).json().token).toBeTruthy();
    const actions = (await rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE entity_id = ${owner.user._id} AND action LIKE 'user.%' ORDER BY created_at`)).map((r) => r.action);
    expect(actions).toEqual(['user.two-factor-enabled', 'user.recovery-codes-renewed', 'user.two-factor-disabled']);
  });

  it('is for the roles that move money: a user without them is refused', async () => {
    const owner = await registerBusiness(t.app);
    const email = `hr-${Date.now()}@example.com`;
    expect((await post('/api/v1/auth/user-register', { userName: 'Hr Person', email, password: 'Ledger keeper 93 owl', roles: ['HR-access'] }, owner.token)).statusCode).toBe(201);
    const hr = (await login(email, 'Ledger keeper 93 owl')).json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/two-factor', headers: bearer(hr) })).statusCode).toBe(403);
    expect((await post('/api/v1/auth/two-factor/setup', undefined, hr)).statusCode).toBe(403);
  });

  it('when the owner requires it, an Accounts-access user without it enrols at sign-in before getting a session', async () => {
    const owner = await registerBusiness(t.app);
    const email = `accounts-${Date.now()}@example.com`;
    const password = 'Ledger keeper 93 owl';
    expect((await post('/api/v1/auth/user-register', { userName: 'Accounts Person', email, password, roles: ['Accounts-access'] }, owner.token)).statusCode).toBe(201);
    const before = (await login(email, password)).json().token as string;

    // the owner must have it first; only the owner may set the rule
    const early = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/two-factor/policy', headers: bearer(owner.token), payload: { required: true } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MSG.twoFactorEnableOwnFirst);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/auth/two-factor/policy', headers: bearer(before), payload: { required: true } })).statusCode).toBe(403);
    const { secret: ownerSecret } = await enrol(owner);
    const ownerStep = await challengeOf(owner.user.email);
    const ownerToken = (await post('/api/v1/auth/login/two-factor', { challenge: ownerStep.challenge, code: codeFor(ownerSecret, 1) })).json().token as string;
    const set = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/two-factor/policy', headers: bearer(ownerToken), payload: { required: true } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ data: { required: true }, message: MSG.twoFactorPolicySaved });

    // the user's session without two-factor sign-in has ended; signing in asks for enrolment
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/users/' + owner.user._id, headers: bearer(before) })).statusCode).toBe(401);
    const step = await challengeOf(email, password);
    expect(step.twoFactor).toBe('enrol');
    expect((await post('/api/v1/auth/login/two-factor', { challenge: step.challenge, code: '123456' })).statusCode).toBe(401); // not a verify challenge
    const setup = await post('/api/v1/auth/login/two-factor/setup', { challenge: step.challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const enabled = await post('/api/v1/auth/login/two-factor/enable', { challenge: step.challenge, code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ success: true, message: MSG.twoFactorEnabled, data: { email } });
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    const session = enabled.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/two-factor', headers: bearer(session) })).json().data).toMatchObject({ enabled: true, required: true });
    // while required, it cannot be turned off
    const off = await post('/api/v1/auth/two-factor/disable', { password }, session);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(MSG.twoFactorRequiredForRole);
    // next time: the code
    expect((await challengeOf(email, password)).twoFactor).toBe('verify');
    const audited = await rows<{ action: string; after: { requireTwoFactor: boolean } }>(sql`SELECT action, after FROM audit_log WHERE business_id = ${owner.user.businessId} AND action = 'business.two-factor-required'`);
    expect(audited).toEqual([{ action: 'business.two-factor-required', after: { requireTwoFactor: true } }]);
  });

  it('gives an invited Accounts-access user no session on accepting while the owner requires two-factor sign-in', async () => {
    const { t: app, smtp, close } = await openAppWithSmtp();
    try {
      const owner = await registerBusiness(app.app);
      const inject = (url: string, payload: object, token?: string, method: 'POST' | 'PUT' = 'POST') =>
        app.app.inject({ method, url, remoteAddress: nextIp(), payload, headers: token ? bearer(token) : undefined });
      const setup = (await inject('/api/v1/auth/two-factor/setup', {}, owner.token)).json().data;
      expect((await inject('/api/v1/auth/two-factor/enable', { code: codeFor(setup.secret) }, owner.token)).statusCode).toBe(200);
      expect((await inject('/api/v1/auth/two-factor/policy', { required: true }, owner.token, 'PUT')).statusCode).toBe(200);
      const email = `invited-${Date.now()}@example.com`;
      expect((await inject('/api/v1/auth/invitations', { userName: 'Invited Person', email, roles: ['Approvals-access'] }, owner.token)).statusCode).toBe(201);
      await expect.poll(() => smtp.to(email).length, { timeout: 5000 }).toBe(1);
      const token = linkIn(smtp.to(email)[0].text, /http:\/\/bizdesk\.test\/accept-invitation\/[A-Za-z0-9_-]+/)!.split('/').pop()!;
      const accepted = await inject(`/api/v1/auth/invitation/${token}/accept`, { password: 'Ledger keeper 93 owl' });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().token).toBeUndefined();
      expect(accepted.json().message).toBe(MSG.invitationAcceptedSignIn);
      const login = await inject('/api/v1/auth/login', { email, password: 'Ledger keeper 93 owl' });
      expect(login.json().data.twoFactor).toBe('enrol');
    } finally {
      await close();
    }
  });
});
