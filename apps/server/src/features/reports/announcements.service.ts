import type { TPageQuery } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import * as repo from './reports.repo.ts';

/** /blog: posts kept for good (notifications expire); each post also notifies everyone (category Announcements). */
export const createAnnouncementsService = ({ db }: TDeps, peers: { notify: TNotify }) => ({
  post: async (auth: TUserAuth, input: { title: string; body: string }) => db.transaction(async (tx) => {
    const row = await repo.insertAnnouncement(tx, { businessId: auth.businessId, title: input.title, body: input.body, authorId: auth.userId, authorName: auth.userName });
    await audit(tx, auth, 'announcement.posted', { entity: 'announcement', entityId: row.id, after: { title: row.title } });
    await peers.notify(tx, auth.businessId, { category: 'Announcements', actionType: input.title, message: input.body.slice(0, 500), link: { screen: 'blog', id: row.id } });
    return repo.toAnnouncement(row);
  }),
  list: async (auth: TAuth, page: TPageQuery) => {
    const [rows, totalRecords] = await Promise.all([
      repo.findAnnouncements(db, auth.businessId, { limit: page.limit, offset: pageOffset(page) }),
      repo.countAnnouncements(db, auth.businessId),
    ]);
    return { rows: rows.map(repo.toAnnouncement), totalRecords };
  },
  delete: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
    const row = await repo.deleteAnnouncement(tx, auth.businessId, id);
    if (!row) throw notFound('The announcement');
    await audit(tx, auth, 'announcement.deleted', { entity: 'announcement', entityId: row.id, before: { title: row.title } });
    return { _id: row.id };
  }),
});
export type TAnnouncementsService = ReturnType<typeof createAnnouncementsService>;
