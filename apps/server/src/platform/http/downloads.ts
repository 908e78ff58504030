import type { FastifyReply } from 'fastify';

/** Stored files (documents, receipts) leave as attachments, never rendered by the browser in our origin. */
export const sendDownload = (reply: FastifyReply, file: { body: Buffer; mime: string; name: string }) => {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
};
