import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAnnouncement, ZAnnouncementInput, ZIdParams, ZOk, ZPaged, ZPageQuery } from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TAnnouncementsService } from './announcements.service.ts';

export const announcementRoutes = (announcements: TAnnouncementsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['announcements'];

  app.get('/api/v1/blog/posts', {
    schema: { tags, querystring: ZPageQuery, response: { 200: ZPaged(ZAnnouncement) }, description: 'Announcements of the caller\'s business, newest first' },
    config: allow('user'),
  }, async (req) => {
    const { rows, totalRecords } = await announcements.list(userAuth(req), req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.post('/api/v1/blog/posts', {
    schema: { tags, body: ZAnnouncementInput, response: { 201: ZOk(ZAnnouncement) }, description: 'The owner (or Settings-access) posts; everyone is notified (category Announcements)' },
    config: allow('Settings-access'),
  }, async (req, reply) => reply.code(201).send(ok(await announcements.post(userAuth(req), req.body), 'Announcement published')));

  app.delete('/api/v1/blog/posts/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: allow('Settings-access'),
  }, async (req) => ok(await announcements.delete(userAuth(req), req.params.id), 'Announcement deleted'));
};
