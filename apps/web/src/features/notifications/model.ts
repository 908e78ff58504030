import { NOTIFICATION_RETENTION_DAYS, type TNotification, type TNotificationLink, type TNotificationParams } from '@bizdesk/contract';

/**
 * A notification as the panel shows it (spec 01 §3: the client's mapping of the server's fields), with the
 * server's text key and params (issue 10) so the panel can show it in the reader's language (see texts.ts).
 */
export type TNotice = {
  id: string;
  title: string;
  description: string;
  type: string;
  createdAt: string | null;
  isUnRead: boolean;
  messageKey?: string | null;
  params?: TNotificationParams | null;
  /** Issue 29: the person who posted it (null for the server's), and the screen with its detail. */
  author?: string | null;
  link?: TNotificationLink | null;
};

export const NEW_GROUP_SIZE = 2;
export const DESKTOP_WINDOW_HOURS = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

export const toNotice = (n: Partial<TNotification>): TNotice => ({
  id: String(n._id ?? ''),
  title: n.actionType ?? '',
  description: n.message ?? '',
  type: n.category ?? '',
  createdAt: n.createdAt ?? null,
  isUnRead: !n.read,
  messageKey: typeof n.messageKey === 'string' && n.messageKey ? n.messageKey : null,
  params: n.params && typeof n.params === 'object' ? n.params : null,
  author: n.author && typeof n.author.name === 'string' ? n.author.name : null,
  link: n.link && typeof n.link === 'object' ? n.link : null,
});

/** The first two go under "New", the rest under "Before that". */
export const groupNotices = (notices: readonly TNotice[]) => ({
  fresh: notices.slice(0, NEW_GROUP_SIZE),
  earlier: notices.slice(NEW_GROUP_SIZE),
});

export const countUnread = (notices: readonly TNotice[]) => notices.filter((n) => n.isUnRead).length;

/** "Mark all as read" changes the local list only; there is no server call. */
export const markAllRead = (notices: readonly TNotice[]) => notices.map((n) => (n.isUnRead ? { ...n, isUnRead: false } : n));

/** One notification read (it was opened); the others as they were. */
export const markRead = (notices: readonly TNotice[], id: string) => notices.map((n) => (n.id === id && n.isUnRead ? { ...n, isUnRead: false } : n));

/** The cut-off the bell sends to delete-old: 7 days before now, as an ISO timestamp. */
export const retentionCutoff = (now = Date.now()) => new Date(now - NOTIFICATION_RETENTION_DAYS * DAY_MS).toISOString();

const time = (value: string | null) => (value ? Date.parse(value) : Number.NaN);

/** Drops what the server was told to delete; items without a readable date stay (they show "Invalid date"). */
export const dropOlderThan = (notices: readonly TNotice[], cutoffIso: string) => {
  const cutoff = Date.parse(cutoffIso);
  return notices.filter((n) => {
    const at = time(n.createdAt);
    return Number.isNaN(at) || at >= cutoff;
  });
};

/** Desktop notifications are raised for unread items newer than about six hours. */
export const isDesktopWorthy = (n: TNotice, now = Date.now()) => {
  const at = time(n.createdAt);
  return n.isUnRead && !Number.isNaN(at) && now - at <= DESKTOP_WINDOW_HOURS * 60 * 60 * 1000 && at <= now + 60_000;
};

/** Puts a live arrival at the top, replacing an older copy of the same notification. */
export const prependNotice = (notices: readonly TNotice[] | undefined, notice: TNotice) => [notice, ...(notices ?? []).filter((n) => n.id !== notice.id)];
