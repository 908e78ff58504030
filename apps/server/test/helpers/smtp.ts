import { SMTPServer } from 'smtp-server';
import { createTestApp } from './test-app.ts';

export type TReceived = { to: string; text: string };

/** A real SMTP server on loopback that keeps every message it receives. */
export const startSmtp = async () => {
  const received: TReceived[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    /** The messages sent to one address, oldest first. */
    to: (address: string) => received.filter((m) => m.to === address),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
export type TSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** Quoted-printable soft breaks would split the link; undo them before looking. */
export const linkIn = (raw: string, pattern: RegExp) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=').match(pattern)?.[0];

export const RESET_LINK = /http:\/\/bizdesk\.test\/resetpassword\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+/;
export const CONFIRM_LINK = /http:\/\/bizdesk\.test\/confirm-email\/[A-Za-z0-9_-]+/;
/** The API path a mailed link's page calls (the web page at /resetpassword/… PUTs to /api/v1/auth/resetpassword/…). */
export const apiPathOf = (link: string) => link.replace('http://bizdesk.test', '/api/v1/auth');

/** The app with its mail sent to a real SMTP server on loopback; close() ends both. */
export const openAppWithSmtp = async () => {
  const smtp = await startSmtp();
  const t = await createTestApp({ SMTP_URL: smtp.url });
  return { t, smtp, close: async () => { await t.close(); await smtp.close(); } };
};
