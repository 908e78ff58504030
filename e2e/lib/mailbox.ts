/**
 * One real SMTP server on loopback for every flow that reads mail, started when the first flow module loads,
 * so the app server (started after the flows are imported) sends all its mail here. Against a deployment
 * (E2E_BASE_URL) nothing is started and e-mailed links cannot be read.
 */
import { SMTPServer } from 'smtp-server';

export const received: Array<{ to: string; text: string }> = [];

const startMailbox = async () => {
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
  server.server.unref();
  return `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}?ignoreTLS=true`;
};
if (!process.env.E2E_BASE_URL && !process.env.SMTP_URL) process.env.SMTP_URL = await startMailbox();
