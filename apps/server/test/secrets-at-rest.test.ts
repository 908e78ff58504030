import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { buildApp } from '../src/app.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { login, nextIp, registerBusiness, type TTestApp } from './helpers/test-app.ts';
import { apiPathOf, linkIn, openAppWithSmtp, RESET_LINK, type TSmtp } from './helpers/smtp.ts';

/** A pino logger whose lines are kept in memory. */
const capturingLog = (level = 'info') => {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, cb) => { lines.push(String(chunk)); cb(); } });
  return { log: pino({ level }, stream), text: () => lines.join('') };
};

type TOutboxRow = { to: string; text: string; html: string | null; sent_at: Date | null; error: string | null };
const outboxFor = async (t: TTestApp, to: string) =>
  ((await t.deps.db.execute(sql`SELECT "to", text, html, sent_at, error FROM mail_outbox WHERE "to" = ${to} ORDER BY created_at`)) as unknown as { rows: TOutboxRow[] }).rows;

const forgot = (t: TTestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotpassword', remoteAddress: nextIp(), payload: { email } });

describe('links and codes at rest and in logs', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, smtp, close } = await openAppWithSmtp()));
  afterAll(async () => close());

  const resetLinks = (email: string) => smtp.to(email).map((m) => linkIn(m.text, RESET_LINK)).filter((l): l is string => !!l);

  it('keeps sent mail in the outbox with the link token redacted', async () => {
    await registerBusiness(t.app, { email: 'outbox@example.com' });
    await forgot(t, 'outbox@example.com');
    await expect.poll(() => resetLinks('outbox@example.com').length, { timeout: 5000 }).toBe(1);
    const token = resetLinks('outbox@example.com')[0].split('/').pop()!;
    // The SMTP server holds the message a moment before the outbox row records it as sent.
    await expect.poll(async () => (await outboxFor(t, 'outbox@example.com')).filter((r) => r.sent_at).length, { timeout: 5000 }).toBe(2);
    const rows = await outboxFor(t, 'outbox@example.com');
    expect(rows).toHaveLength(2); // confirmation and reset
    for (const row of rows) {
      expect(row.sent_at).not.toBeNull();
      expect(row.text).toContain('[redacted]');
      expect(row.text).not.toContain(token);
      expect(row.html).not.toContain(token);
    }
    expect(rows[1].text).toMatch(/resetpassword\/[0-9a-f-]{36}\/\[redacted\]/);
  });

  it('ends every other reset link once one is used', async () => {
    await registerBusiness(t.app, { email: 'two-links@example.com' });
    await forgot(t, 'two-links@example.com');
    await forgot(t, 'two-links@example.com');
    await expect.poll(() => resetLinks('two-links@example.com').length, { timeout: 5000 }).toBe(2);
    const [first, second] = resetLinks('two-links@example.com');
    expect((await t.app.inject({ method: 'PUT', url: apiPathOf(second), remoteAddress: nextIp(), payload: { password: 'second link wins 8' } })).statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'PUT', url: apiPathOf(first), remoteAddress: nextIp(), payload: { password: 'first link late 9' } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(MSG.resetLinkInvalid);
    await login(t.app, 'two-links@example.com', 'second link wins 8');
  });

  it('writes no code or token of a URL to the request log', async () => {
    const capture = capturingLog('info');
    const app = await buildApp({ ...t.deps, log: capture.log });
    await app.ready();
    try {
      const secrets = ['PORTALCODE7', 'RESETTOKEN0123456789', 'CONFIRMTOKEN0123456789', 'ENCODEDCODE9', 'WEBRESETTOKEN1234', 'QUERYTOKEN55', 'QUERYCODE66', 'INVITETOKEN0123456789', 'WEBINVITETOKEN98765'];
      const urls = [
        '/api/v1/employee/accessId/PORTALCODE7',
        '/api/v1/auth/resetpassword/4f0c3f4e-0d7b-4bb3-9d3c-1f2e3d4c5b6a/RESETTOKEN0123456789',
        '/api/v1/auth/confirm-email/CONFIRMTOKEN0123456789',
        '/%61pi/v1/employee/%61ccessId/ENCODEDCODE9',
        '/resetpassword/4f0c3f4e-0d7b-4bb3-9d3c-1f2e3d4c5b6a/WEBRESETTOKEN1234',
        '/api/v1/notification/fetch?token=QUERYTOKEN55&code=QUERYCODE66',
        '/api/v1/auth/invitation/INVITETOKEN0123456789',
        '/accept-invitation/WEBINVITETOKEN98765',
      ];
      for (const url of urls) await app.inject({ method: url.includes('resetpassword/') || url.includes('confirm-email') ? 'PUT' : 'GET', url, remoteAddress: nextIp(), payload: url.includes('resetpassword') ? { password: 'irrelevant here 5' } : undefined });
      const logged = capture.text();
      expect(logged).toContain('incoming request');
      expect(logged).toContain('/api/v1/employee/accessId/[redacted]');
      for (const secret of secrets) expect(logged).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it('without SMTP keeps no link at rest and logs it only outside production', async () => {
    for (const production of [true, false]) {
      const capture = capturingLog('info');
      const mailer = createMailer({ db: t.deps.db, from: 'x@example.com', log: capture.log, logUnsent: !production });
      const to = `dev-${production}@example.com`;
      await mailer.send({ to, subject: 'Reset', text: 'Open http://bizdesk.test/resetpassword/u/SECRET-TOKEN-1 now', secrets: ['SECRET-TOKEN-1'] });
      const [row] = await outboxFor(t, to);
      expect(row.text).toBe('Open http://bizdesk.test/resetpassword/u/[redacted] now');
      expect(row.error).toMatch(/SMTP_URL/);
      if (production) expect(capture.text()).not.toContain('SECRET-TOKEN-1');
      else expect(capture.text()).toContain('SECRET-TOKEN-1');
    }
  });
});
