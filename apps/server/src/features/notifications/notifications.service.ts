import type { TCreateNotification, TNotification } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './notifications.repo.ts';

export const NOTIFICATION_EVENT = 'notification';
const LIST_LIMIT = 200;
/** How long a loaded notification is shared between the streams that receive it. */
const SHARE_MS = 5_000;

export type TNotify = (db: DbOrTx, businessId: string, input: TCreateNotification) => Promise<TNotification>;

export const createNotificationsService = ({ db, events }: TDeps) => {
  /**
   * What every feature calls to tell a business something. Pass the open transaction so the
   * notification exists only if the action it reports does.
   */
  const notify: TNotify = async (tx, businessId, input) => {
    const row = repo.toNotification(await repo.createNotification(tx, businessId, input));
    // On the caller's connection: delivered when its transaction commits, never for one rolled back.
    await events.publish(tx, { businessId, type: NOTIFICATION_EVENT, id: row._id });
    return row;
  };

  // The event carries only the id: load each notification once per instance, however many streams are open.
  const loading = new Map<string, Promise<TNotification | null>>();
  const load = (businessId: string, id: string) => {
    let p = loading.get(id);
    if (!p) {
      p = repo.getNotificationById(db, businessId, id).then((r) => (r ? repo.toNotification(r) : null), () => null);
      loading.set(id, p);
      setTimeout(() => loading.delete(id), SHARE_MS).unref();
    }
    return p;
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
        if (e.type === NOTIFICATION_EVENT) void load(businessId, e.id).then((n) => n && fn(n));
      }),
  };
};
export type TNotificationsService = ReturnType<typeof createNotificationsService>;
