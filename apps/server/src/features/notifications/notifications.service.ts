import type { TCreateNotification, TNotification } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './notifications.repo.ts';

export const NOTIFICATION_EVENT = 'notification';
const LIST_LIMIT = 200;

export type TNotify = (db: DbOrTx, businessId: string, input: TCreateNotification) => Promise<TNotification>;

export const createNotificationsService = ({ db, events }: TDeps) => {
  /**
   * What every feature calls to tell a business something. Pass the open transaction so the
   * notification exists only if the action it reports does.
   */
  const notify: TNotify = async (tx, businessId, input) => {
    const row = repo.toNotification(await repo.createNotification(tx, businessId, input));
    // Published after the insert; on PostgreSQL pg_notify on the pool is delivered at once, so a
    // listener may see it a moment before the surrounding transaction commits — harmless for a bell.
    await events.publish({ businessId, type: NOTIFICATION_EVENT, payload: row });
    return row;
  };

  return {
    notify,
    create: async (auth: TUserAuth, input: TCreateNotification) => notify(db, auth.businessId, input),
    list: async (auth: TAuth, ownerEmail: string) => {
      assertBusinessEmail(auth, ownerEmail);
      return (await repo.findNotifications(db, auth.businessId, LIST_LIMIT)).map(repo.toNotification);
    },
    deleteOld: async (auth: TUserAuth, beforeDate: string) =>
      db.transaction(async (tx) => {
        const deleted = await repo.deleteOlderThan(tx, auth.businessId, new Date(beforeDate));
        if (deleted > 0) await audit(tx, auth, 'notifications.deleted-old', { entity: 'notification', after: { beforeDate, deleted } });
        return { deleted };
      }),
    subscribe: (businessId: string, fn: (n: TNotification) => void) =>
      events.subscribe(businessId, (e) => {
        if (e.type === NOTIFICATION_EVENT) fn(e.payload as TNotification);
      }),
  };
};
export type TNotificationsService = ReturnType<typeof createNotificationsService>;
