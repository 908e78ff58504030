import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZCreateNotification, ZDeleteOld, ZOwnerEmailParams, ZOwnerEmailQuery } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TNotificationsService } from './notifications.service.ts';

const PING_MS = 25_000;
/**
 * Live streams one user may hold open on one instance (issue 29): the web keeps one per tab, so ten covers a person's
 * tabs and devices; the one past the cap is refused with 429 (closing the oldest instead would make two tabs' streams
 * take each other's place for ever, as each reconnects).
 */
export const MAX_STREAMS_PER_USER = 10;

/** `streams`: the live streams' set, given when someone else counts them (the metrics' bizdesk_sse_clients). */
export const notificationRoutes = (notifications: TNotificationsService, opts: { streams?: Set<() => void> } = {}) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const streams = opts.streams ?? new Set<() => void>();
  const openPerUser = new Map<string, number>();
  // End live streams first on shutdown so closing does not wait on them.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get('/api/v1/notification/fetch/:ownerEmail', { schema: { tags, params: ZOwnerEmailParams }, config: allow('user') },
    async (req) => ok(await notifications.list(userAuth(req), req.params.ownerEmail)));

  app.get('/api/v1/notification/fetch', { schema: { tags, querystring: ZOwnerEmailQuery }, config: allow('user') },
    async (req) => ok(await notifications.list(userAuth(req), req.query.ownerEmail)));

  app.delete('/api/v1/notification/delete-old', { schema: { tags, body: ZDeleteOld }, config: allow('user') },
    async (req) => ok(await notifications.deleteOld(userAuth(req), req.body.beforeDate), MSG.notificationsDeleted));

  app.post('/api/v1/notification/create', { schema: { tags, body: ZCreateNotification }, config: allow('user') },
    async (req, reply) => reply.code(201).send(ok(await notifications.create(userAuth(req), req.body), MSG.notificationCreated)));

  /** Server-Sent Events: each new notification of the caller's business that the caller's roles open, as `event: notification`. */
  app.get('/api/v1/notification/stream', {
    schema: { tags, description: 'text/event-stream of the business\'s new notifications (Authorization: Bearer header)' },
    config: allow('user'),
  }, async (req, reply) => {
    const auth = userAuth(req);
    const ver = req.tokenClaims?.ver ?? -1;
    const open = openPerUser.get(auth.userId) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) throw new AppError('RATE_LIMITED', MSG.tooManyStreams, 429);
    openPerUser.set(auth.userId, open + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    const unsubscribe = notifications.subscribe(auth, (n) => {
      res.write(`event: notification\nid: ${n._id}\ndata: ${JSON.stringify(n)}\n\n`);
    });
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    // A token revoked while the stream is open (logout, roles changed, user deleted) ends it at once.
    const unwatch = notifications.watchSession({ userId: auth.userId, ver }, () => end());
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      const left = (openPerUser.get(auth.userId) ?? 1) - 1;
      if (left > 0) openPerUser.set(auth.userId, left);
      else openPerUser.delete(auth.userId);
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
