import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { nextIp, registerBusiness, type TTestApp } from './helpers/test-app.ts';
import { CONFIRM_LINK, linkIn, openAppWithSmtp, type TSmtp } from './helpers/smtp.ts';

/** Issue 10: the "check your inbox" page resends the confirmation link, rate limited, telling nobody who exists. */
describe('POST /api/v1/auth/resend-confirmation', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, smtp, close } = await openAppWithSmtp()));
  afterAll(async () => close());

  const resend = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-confirmation', payload: { email }, remoteAddress: nextIp() });

  it('mails a new working link to an unconfirmed owner, at most three an hour, with the same answer each time', async () => {
    await registerBusiness(t.app, { email: 'inbox@resend.example' });
    await expect.poll(() => smtp.to('inbox@resend.example').length, { timeout: 5000 }).toBe(1);
    for (let i = 0; i < 5; i++) {
      const res = await resend('INBOX@resend.example');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: MSG.confirmationResent });
    }
    await expect.poll(() => smtp.to('inbox@resend.example').length, { timeout: 5000 }).toBe(4);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to('inbox@resend.example')).toHaveLength(4);
    const token = linkIn(smtp.to('inbox@resend.example')[3].text, CONFIRM_LINK)!.split('/').pop();
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/auth/confirm-email/${token}`, remoteAddress: nextIp() })).statusCode).toBe(200);
  });

  it('answers an unknown or already confirmed address the same way and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await resend('nobody@resend.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.confirmationResent);
    expect((await resend('inbox@resend.example')).json().message).toBe(MSG.confirmationResent);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('refuses a malformed address with 400 naming the field', async () => {
    const res = await resend('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/);
  });
});
