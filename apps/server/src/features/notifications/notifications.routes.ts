import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZCreateNotification, ZDeleteOld, ZOwnerEmailParams, ZOwnerEmailQuery } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TNotificationsService } from './notifications.service.ts';

const PING_MS = 25_000;

export const notificationRoutes = (notifications: TNotificationsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const streams = new Set<() => void>();
  // End live streams first on shutdown so closing does not wait on them.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get('/api/v1/notification/fetch/:ownerEmail', { schema: { tags, params: ZOwnerEmailParams }, config: allow('user') },
    async (req) => ok(await notifications.list(req.auth!, req.params.ownerEmail)));

  app.get('/api/v1/notification/fetch', { schema: { tags, querystring: ZOwnerEmailQuery }, config: allow('user') },
    async (req) => ok(await notifications.list(req.auth!, req.query.ownerEmail)));

  app.delete('/api/v1/notification/delete-old', { schema: { tags, body: ZDeleteOld }, config: allow('user') },
    async (req) => ok(await notifications.deleteOld(userAuth(req), req.body.beforeDate), MSG.notificationsDeleted));

  app.post('/api/v1/notification/create', { schema: { tags, body: ZCreateNotification }, config: allow('user') },
    async (req, reply) => reply.code(201).send(ok(await notifications.create(userAuth(req), req.body), MSG.notificationCreated)));

  /** Server-Sent Events: each new notification of the caller's business as `event: notification`. */
  app.get('/api/v1/notification/stream', {
    schema: { tags, description: 'text/event-stream of the business\'s new notifications (Authorization: Bearer header)' },
    config: allow('user'),
  }, async (req, reply) => {
    const auth = userAuth(req);
    const ver = req.tokenClaims?.ver ?? -1;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    const unsubscribe = notifications.subscribe(auth.businessId, (n) => {
      res.write(`event: notification\nid: ${n._id}\ndata: ${JSON.stringify(n)}\n\n`);
    });
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    // A token revoked while the stream is open (logout, roles changed, user deleted) ends it at once.
    const unwatch = notifications.watchSession({ userId: auth.userId, ver }, () => end());
    const close = () => {
      clearInterval(ping);
      unsubscribe();
      unwatch();
      streams.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    streams.add(end);
    req.raw.on('close', close);
  });
};
