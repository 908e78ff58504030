import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type TMail = { businessId?: string | null; to: string; subject: string; text: string; html?: string };
export type TMailer = { send: (mail: TMail) => Promise<void> };

/**
 * Every mail is written to the outbox first; with SMTP_URL it is then sent and marked,
 * without it the outbox row (and the log line) is the delivery, so links are never lost.
 */
export const createMailer = (opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): TMailer => {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    send: async (mail) => {
      const [row] = await opts.db.insert(mailOutbox).values({
        businessId: mail.businessId ?? null, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null,
      }).returning({ id: mailOutbox.id });
      if (!transport) {
        opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail stored in outbox (no SMTP_URL set)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await opts.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        // The action that sent the mail still succeeds; the outbox keeps it for a retry.
        opts.log.error({ err, to: mail.to }, 'mail could not be sent');
        await opts.db.update(mailOutbox).set({ error: String((err as Error).message) }).where(eq(mailOutbox.id, row.id));
      }
    },
  };
};
