import { randomUUID } from 'node:crypto';
import { MSG, NOTIFICATION_RETENTION_DAYS, type TCreateNotification, type TNotification, type TNotifyInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { assertBusinessEmail, hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { TPendingNotice } from '../../platform/records.ts';
import { opensSubject, readableNotificationSubjects } from '../../platform/subjects.ts';
import { CATEGORY_SUBJECT, cleanCategory, reservedCategory } from './categories.ts';
import * as repo from './notifications.repo.ts';

export const NOTIFICATION_EVENT = 'notification';
const LIST_LIMIT = 200;
/** How long a loaded notification is shared between the streams that receive it. */
const SHARE_MS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Notifications are kept NOTIFICATION_RETENTION_DAYS; delete-old never removes a younger one, whatever date it is sent. */
const retainedSince = () => Date.now() - NOTIFICATION_RETENTION_DAYS * DAY_MS;
/** How often open live streams re-check their tokens; a revoked one is cut within about this long. */
const REVOCATION_CHECK_MS = 500;

/** The stored form of a server notification: its subject (from its category unless given) and its link. */
const serverRow = (input: TNotifyInput): repo.TNewNotification => ({
  category: input.category, actionType: input.actionType, message: input.message,
  messageKey: input.messageKey ?? null, params: input.params ?? null,
  subject: input.subject ?? CATEGORY_SUBJECT[input.category], link: input.link ?? null, authorId: null, authorName: null,
});

/**
 * The English `message` is always stored (the spec's field, and what a reader whose web does not know the key
 * sees); a `messageKey` with its `params` lets the web show the text in the reader's language.
 */
export type TNotify = (db: DbOrTx, businessId: string, input: TNotifyInput) => Promise<TNotification>;
/** A notification for a write that sends it in its own statement (platform/records.ts): its row and its live event. */
export type TNotice = (businessId: string, input: TNotifyInput) => TPendingNotice;

export const createNotificationsService = ({ db, events, log }: TDeps) => {
  /**
   * What every feature calls to tell a business something. Pass the open transaction so the
   * notification exists only if the action it reports does.
   */
  const write = async (tx: DbOrTx, businessId: string, input: repo.TNewNotification) => {
    const row = repo.toNotification(await repo.createNotification(tx, businessId, input));
    // On the caller's connection: delivered when its transaction commits, never for one rolled back.
    await events.publish(tx, { businessId, type: NOTIFICATION_EVENT, id: row._id });
    return row;
  };
  const notify: TNotify = async (tx, businessId, input) => write(tx, businessId, serverRow(input));

  const notice: TNotice = (businessId, input) => {
    const id = randomUUID();
    const row = serverRow(input);
    return {
      row: { id, businessId, category: row.category, actionType: row.actionType, message: row.message, messageKey: row.messageKey, params: row.params, subject: row.subject, link: row.link },
      event: { businessId, type: NOTIFICATION_EVENT, id },
    };
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
  const sessions = createSessionWatch(db, log);

  return {
    notify,
    notice,
    /**
     * A person's post (issue 29): their own words under their name, read by everyone (subject general). The server's
     * categories, however they are spelt, are not theirs to post; Announcements are, for the owner and Settings-access.
     */
    create: async (auth: TUserAuth, input: TCreateNotification) => {
      const reserved = reservedCategory(input.category);
      // Announcements reach every user of the business (and the blog): the owner's and the settings managers' voice.
      if (reserved === 'Announcements' && !hasRole(auth, 'Settings-access')) throw forbidden(MSG.announcementsNotAllowed);
      if (reserved && reserved !== 'Announcements') throw forbidden(MSG.categoryReserved);
      const category = reserved ?? cleanCategory(input.category);
      if (!category) throw forbidden(MSG.categoryReserved);
      // People's own words: the API's create stays plain text, without a key.
      return write(db, auth.businessId, {
        category, actionType: input.actionType, message: input.message, messageKey: null, params: null,
        subject: 'general', link: reserved === 'Announcements' ? { screen: 'blog', id: null } : null, authorId: auth.userId, authorName: auth.userName,
      });
    },
    /** The business's newest notifications of the subjects the reader's roles open. */
    list: async (auth: TUserAuth, ownerEmail: string) => {
      assertBusinessEmail(auth, ownerEmail);
      return (await repo.findNotifications(db, auth.businessId, LIST_LIMIT, readableNotificationSubjects(auth.roles))).map(repo.toNotification);
    },
    /** Deletes the business's notifications older than beforeDate, but never one inside the retention period. */
    deleteOld: async (auth: TUserAuth, beforeDate: string) =>
      db.transaction(async (tx) => {
        const deleted = await repo.deleteOlderThan(tx, auth.businessId, new Date(Math.min(new Date(beforeDate).getTime(), retainedSince())));
        if (deleted > 0) await audit(tx, auth, 'notifications.deleted-old', { entity: 'notification', after: { beforeDate, deleted } });
        return { deleted };
      }),
    /** Calls onRevoked once the user's token `ver` is no longer current (logged out, roles changed, deleted). */
    /** The retention schedule: every business's notifications past NOTIFICATION_RETENTION_DAYS. */
    deleteExpired: async () => {
      const deleted = await repo.deleteAllOlderThan(db, new Date(retainedSince()));
      if (deleted > 0) log.info({ deleted }, 'notifications past retention deleted');
    },
    watchSession: sessions.watch,
    /** The reader's new notifications, live: only those of the subjects their roles open (a role change ends the stream). */
    subscribe: (auth: TUserAuth, fn: (n: TNotification) => void) =>
      events.subscribe(auth.businessId, (e) => {
        if (e.type === NOTIFICATION_EVENT) void load(auth.businessId, e.id).then((n) => n && opensSubject(auth.roles, n.subject) && fn(n));
      }),
  };
};
/**
 * Live streams outlive the request that checked their token, so they re-check it: one query for all
 * open streams of this instance every REVOCATION_CHECK_MS, and none while no stream is open.
 */
const createSessionWatch = (db: TDeps['db'], log: TDeps['log']) => {
  const watchers = new Map<symbol, { userId: string; ver: number; onRevoked: () => void }>();
  let timer: NodeJS.Timeout | undefined;
  let checking = false;
  const check = async () => {
    if (checking || watchers.size === 0) return;
    checking = true;
    try {
      const ids = [...new Set([...watchers.values()].map((w) => w.userId))];
      const current = new Map((await repo.findTokenVersions(db, ids)).map((r) => [r.id, r.tokenVersion]));
      for (const [key, w] of watchers) {
        if (current.get(w.userId) === w.ver) continue;
        watchers.delete(key);
        w.onRevoked();
      }
    } catch (err) {
      log.warn({ err }, 'could not re-check the tokens of live streams');
    } finally {
      checking = false;
    }
  };
  const stop = (key: symbol) => {
    watchers.delete(key);
    if (watchers.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return {
    watch: (session: { userId: string; ver: number }, onRevoked: () => void) => {
      const key = Symbol(session.userId);
      watchers.set(key, { ...session, onRevoked });
      timer ??= setInterval(() => void check(), REVOCATION_CHECK_MS).unref();
      return () => stop(key);
    },
  };
};

export type TNotificationsService = ReturnType<typeof createNotificationsService>;
