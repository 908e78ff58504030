import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** `secrets`: values in the text (link tokens) that must never be stored or logged in production. */
export type TMail = {
  businessId?: string | null; to: string; subject: string; text: string; html?: string; secrets?: string[];
  /** Files sent with the mail (a payslip PDF); not kept in the outbox. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
};
/** What became of a mail: sent; failed (kept in the outbox with its error); or not sent because no SMTP_URL is configured. */
export type TMailStatus = 'sent' | 'failed' | 'not-configured';
export type TMailer = { send: (mail: TMail) => Promise<TMailStatus> };

export const REDACTED = '[redacted]';

const redact = (text: string, secrets: string[]) => secrets.filter(Boolean).reduce((out, s) => out.replaceAll(s, REDACTED), text);

/**
 * Every mail is recorded in the outbox (who, what, when, sent or why not) with its secrets redacted,
 * so a database copy or backup holds no usable link. With SMTP_URL the mail is sent and marked; without
 * it nothing leaves the machine: outside production the full text is logged (how a developer gets
 * the link), in production only that it could not be sent.
 */
export const createMailer = (opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger; logUnsent?: boolean }): TMailer => {
  // nodemailer loads only when SMTP is configured.
  const transport: Promise<Transporter> | null = opts.smtpUrl ? import('nodemailer').then((m) => m.default.createTransport(opts.smtpUrl)) : null;
  return {
    send: async (mail) => {
      const secrets = mail.secrets ?? [];
      const [row] = await opts.db.insert(mailOutbox).values({
        businessId: mail.businessId ?? null, to: mail.to, subject: mail.subject, text: redact(mail.text, secrets), html: mail.html ? redact(mail.html, secrets) : null,
      }).returning({ id: mailOutbox.id });
      if (!transport) {
        if (opts.logUnsent) opts.log.warn({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail not sent (no SMTP_URL set); its text is logged because NODE_ENV is not production');
        else opts.log.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
        await opts.db.update(mailOutbox).set({ error: 'not sent: SMTP_URL is not set' }).where(eq(mailOutbox.id, row.id));
        return 'not-configured';
      }
      try {
        await (await transport).sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
        await opts.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
        return 'sent';
      } catch (err) {
        // The action that sent the mail still succeeds; the user asks again for a new link.
        opts.log.error({ err, to: mail.to }, 'mail could not be sent');
        await opts.db.update(mailOutbox).set({ error: redact(String((err as Error).message), secrets) }).where(eq(mailOutbox.id, row.id));
        return 'failed';
      }
    },
  };
};
