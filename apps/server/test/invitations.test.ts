import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { bearer, login, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { linkIn, openAppWithSmtp, type TSmtp } from './helpers/smtp.ts';

const INVITE_LINK = /http:\/\/bizdesk\.test\/accept-invitation\/[A-Za-z0-9_-]+/;

/** Issue 10: Settings invites a user by e-mail; the invitee chooses their own password from the link. */
describe('user invitations', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let close: () => Promise<void>;
  let owner: TSession;
  let other: TSession;

  beforeAll(async () => {
    ({ t, smtp, close } = await openAppWithSmtp());
    owner = await registerBusiness(t.app, { businessName: 'Esi Textiles', email: 'esi@textiles.gh', country: 'GH' });
    other = await registerBusiness(t.app, { businessName: 'Other Co', email: 'boss@other.co' });
  });
  afterAll(async () => close());

  const invite = (email: string, roles: string[] = ['HR-access'], token = owner.token) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/invitations', headers: bearer(token), payload: { userName: `${email.split('@')[0]} Mensah`, email, roles } });
  const list = async (token = owner.token) => (await t.app.inject({ method: 'GET', url: '/api/v1/auth/invitations', headers: bearer(token) })).json().data as Array<{ _id: string; email: string; status: string; sentAt: string }>;
  /** The token of the newest invitation link mailed to an address. */
  const mailedToken = async (email: string, count = 1) => {
    await expect.poll(() => smtp.to(email).length, { timeout: 5000 }).toBe(count);
    return linkIn(smtp.to(email).at(-1)!.text, INVITE_LINK)!.split('/').pop()!;
  };
  const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/auth/invitation/${token}`, remoteAddress: nextIp() });
  const accept = (token: string, password = 'kente loom river 7') =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth/invitation/${token}/accept`, payload: { password }, remoteAddress: nextIp() });
  const auditActions = async (entityId: string) =>
    ((await t.deps.db.execute(sql`SELECT action FROM audit_log WHERE entity_id = ${entityId} ORDER BY created_at`)) as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);

  it('mails a link; accepting it creates the user with the invited roles in the inviting business and signs them in', async () => {
    const res = await invite('abena@textiles.gh', ['HR-access', 'Accounts-access']);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: MSG.invitationSent, data: { email: 'abena@textiles.gh', status: 'pending', roles: ['HR-access', 'Accounts-access'], invitedBy: 'Owner Person' } });
    const { _id: id } = res.json().data;
    expect((await list()).map((i) => i.email)).toContain('abena@textiles.gh');

    const token = await mailedToken('abena@textiles.gh');
    expect(smtp.to('abena@textiles.gh')[0].text).toContain('Esi Textiles');
    const seen = await preview(token);
    expect(seen.json().data).toMatchObject({ email: 'abena@textiles.gh', businessName: 'Esi Textiles', userName: 'abena Mensah' });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ success: true, message: MSG.invitationAccepted, data: { email: 'abena@textiles.gh', businessName: 'Esi Textiles', roles: ['HR-access', 'Accounts-access'], emailConfirmed: true } });
    const me = await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owner.user.email}`, headers: bearer(accepted.json().token) });
    expect(me.statusCode).toBe(200);
    const session = await login(t.app, 'abena@textiles.gh', 'kente loom river 7');
    expect(session.user.businessId).toBe(owner.user.businessId);

    expect((await list()).map((i) => i.email)).not.toContain('abena@textiles.gh');
    expect(await auditActions(id)).toEqual(['user.invited', 'user.invitation-accepted']);
    expect(await auditActions(session.user._id)).toEqual(['user.created']);
  });

  it('uses a link once: a second accept or a look at it answers 409 saying it was accepted', async () => {
    await invite('kojo@textiles.gh');
    const token = await mailedToken('kojo@textiles.gh');
    expect((await accept(token)).statusCode).toBe(201);
    for (const res of [await accept(token, 'another long pass 4'), await preview(token)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.invitationUsed);
    }
    expect((await login(t.app, 'kojo@textiles.gh', 'kente loom river 7')).token).toBeTruthy();
  });

  it('refuses an expired link with 410, lists the invitation as expired, and lets the address be invited afresh', async () => {
    const res = await invite('efua@textiles.gh');
    const token = await mailedToken('efua@textiles.gh');
    await t.deps.db.execute(sql`UPDATE user_invitations SET expires_at = now() - interval '1 minute' WHERE id = ${res.json().data._id}`);
    for (const r of [await preview(token), await accept(token)]) {
      expect(r.statusCode).toBe(410);
      expect(r.json().message).toBe(MSG.invitationExpired);
    }
    expect((await list()).find((i) => i.email === 'efua@textiles.gh')?.status).toBe('expired');
    expect((await invite('efua@textiles.gh')).statusCode).toBe(201);
    expect((await accept(await mailedToken('efua@textiles.gh', 2))).statusCode).toBe(201);
  });

  it('revokes: the link then answers 410, the invitation leaves the list, and a second revoke is 404', async () => {
    const id = (await invite('yaa@textiles.gh')).json().data._id;
    const token = await mailedToken('yaa@textiles.gh');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/invitations/${id}`, headers: bearer(owner.token) });
    expect(res.json()).toMatchObject({ success: true, message: MSG.invitationRevoked });
    const used = await accept(token);
    expect(used.statusCode).toBe(410);
    expect(used.json().message).toBe(MSG.invitationRevokedLink);
    expect((await list()).map((i) => i.email)).not.toContain('yaa@textiles.gh');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/invitations/${id}`, headers: bearer(owner.token) })).statusCode).toBe(404);
    expect(await auditActions(id)).toEqual(['user.invited', 'user.invitation-revoked']);
  });

  it('resends with a new link that replaces the old one, at most three times an hour', async () => {
    const id = (await invite('akua@textiles.gh')).json().data._id;
    const first = await mailedToken('akua@textiles.gh');
    const resend = () => t.app.inject({ method: 'POST', url: `/api/v1/auth/invitations/${id}/resend`, headers: bearer(owner.token) });
    const res = await resend();
    expect(res.json()).toMatchObject({ success: true, message: MSG.invitationResent, data: { status: 'pending' } });
    const second = await mailedToken('akua@textiles.gh', 2);
    expect(second).not.toBe(first);
    const old = await accept(first);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(MSG.invitationInvalid);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.invitationResendLimit);
    expect((await accept(await mailedToken('akua@textiles.gh', 4))).statusCode).toBe(201);
  });

  it("answers 404 to another business's resend and revoke, leaving the invitation working", async () => {
    const id = (await invite('adjoa@textiles.gh')).json().data._id;
    for (const [method, url] of [['DELETE', `/api/v1/auth/invitations/${id}`], ['POST', `/api/v1/auth/invitations/${id}/resend`]] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(other.token) })).statusCode).toBe(404);
    }
    expect(await list(other.token)).toEqual([]);
    expect((await accept(await mailedToken('adjoa@textiles.gh'))).statusCode).toBe(201);
  });

  it('refuses with 409 naming the address a user of the business or a pending invitation (an account elsewhere is not told: squatting.test.ts)', async () => {
    const taken = await invite('esi@textiles.gh');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('esi@textiles.gh already has a Bizdesk account');
    await invite('ama@textiles.gh');
    const twice = await invite('AMA@textiles.gh');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^ama@textiles\.gh already has a pending invitation/);
  });

  it('refuses a weak password with 400 naming it, keeping the link usable', async () => {
    await invite('kwesi@textiles.gh');
    const token = await mailedToken('kwesi@textiles.gh');
    const weak = await accept(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordTooCommon);
    expect((await accept(token)).statusCode).toBe(201);
  });

  it('lets a Settings-access user invite only with roles they hold, and nobody without Settings-access', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: 'Admin', email: 'admin@textiles.gh', password: 'admin pass 12', roles: ['Settings-access', 'HR-access'] } });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: 'Clerk', email: 'clerk@textiles.gh', password: 'clerk pass 12', roles: ['HR-access'] } });
    const admin = await login(t.app, 'admin@textiles.gh', 'admin pass 12');
    const clerk = await login(t.app, 'clerk@textiles.gh', 'clerk pass 12');
    const foreign = await invite('x1@textiles.gh', ['Accounts-access'], admin.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/Accounts-access/);
    expect((await invite('x2@textiles.gh', ['HR-access'], admin.token)).statusCode).toBe(201);
    expect((await invite('x3@textiles.gh', [], clerk.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/invitations', headers: bearer(clerk.token) })).statusCode).toBe(403);
  });

  it('answers a link nobody was sent with 404', async () => {
    const res = await preview('b'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.invitationInvalid);
  });
});
