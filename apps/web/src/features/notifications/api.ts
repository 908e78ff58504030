import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG, type TNotification } from '@bizdesk/contract';
import { apiRequest, apiUrl } from '../../shared/api/client.ts';
import { getStoredToken } from '../../shared/api/token.ts';
import { endSession } from '../../shared/session.ts';
import { dropOlderThan, markAllRead, markRead, prependNotice, retentionCutoff, toNotice, type TNotice } from './model.ts';
import { followServerEvents } from './stream.ts';

export const notificationsKey = (ownerEmail: string) => ['notifications', ownerEmail] as const;

/** GET /notification/fetch/{ownerEmail}; anything but a 200 raises "Failed to fetch notifications" (spec 01 §8). */
export const fetchNotifications = async (ownerEmail: string, signal?: AbortSignal): Promise<TNotice[]> => {
  let list: TNotification[];
  try {
    const res = await apiRequest<TNotification[]>(`/notification/fetch/${encodeURIComponent(ownerEmail)}`, { signal });
    list = Array.isArray(res.data) ? res.data : [];
  } catch (error) {
    console.error(error);
    throw new Error(MSG.notificationsFetchNon200, { cause: error });
  }
  return list.map(toNotice);
};

/**
 * DELETE /notification/delete-old with beforeDate = 7 days ago and the stored token; skipped without a
 * token; a failure is only logged (spec 01 §6, §8). Resolves with the cut-off used, or null when skipped.
 */
export const deleteOldNotifications = async (now = Date.now()): Promise<string | null> => {
  if (!getStoredToken()) return null;
  const beforeDate = retentionCutoff(now);
  try {
    const res = await apiRequest<unknown>('/notification/delete-old', { method: 'DELETE', body: { beforeDate } });
    console.debug('delete-old', res);
  } catch (error) {
    console.error('Deleting old notifications failed', error);
  }
  return beforeDate;
};

export const notificationsQuery = (ownerEmail: string | undefined) =>
  queryOptions({
    queryKey: notificationsKey(ownerEmail ?? ''),
    queryFn: ({ signal }) => fetchNotifications(ownerEmail ?? '', signal),
    enabled: !!ownerEmail,
    // The list is kept current by the live stream; local "read" marks must survive.
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useNotifications = (ownerEmail: string | undefined) => useQuery(notificationsQuery(ownerEmail));

export const useNotificationActions = (ownerEmail: string) => {
  const queryClient = useQueryClient();
  const key = notificationsKey(ownerEmail);
  return {
    markAllRead: () => queryClient.setQueryData<TNotice[]>(key, (old) => (old ? markAllRead(old) : old)),
    /** Opening a notification marks it read, locally as "Mark all as read" does. */
    markRead: (id: string) => queryClient.setQueryData<TNotice[]>(key, (old) => (old ? markRead(old, id) : old)),
    /** Opening the bell: ask the server to delete items older than 7 days and drop them here. */
    pruneOld: async () => {
      const cutoff = await deleteOldNotifications();
      if (cutoff) queryClient.setQueryData<TNotice[]>(key, (old) => (old ? dropOlderThan(old, cutoff) : old));
    },
  };
};

type TLiveStream = { listeners: Set<(notice: TNotice) => void>; controller: AbortController };
/** The tab's live streams, one per business e-mail however many components follow it (issue 29: the server caps streams per user). */
const liveStreams = new Map<string, TLiveStream>();

/** Opens the tab's one stream for ownerEmail on the first follower, closes it when the last one leaves. */
const followLive = (ownerEmail: string, queryClient: QueryClient, listener: (notice: TNotice) => void) => {
  let live = liveStreams.get(ownerEmail);
  if (!live) {
    const stream: TLiveStream = { listeners: new Set(), controller: new AbortController() };
    live = stream;
    liveStreams.set(ownerEmail, stream);
    void followServerEvents({
      url: apiUrl('/notification/stream'),
      token: getStoredToken,
      signal: stream.controller.signal,
      onRefused: (status) => {
        if (status === 401) endSession();
      },
      onEvent: (event) => {
        if (event.event !== 'notification') return;
        try {
          const notice = toNotice(JSON.parse(event.data) as TNotification);
          queryClient.setQueryData<TNotice[]>(notificationsKey(ownerEmail), (old) => prependNotice(old, notice));
          for (const l of stream.listeners) l(notice);
        } catch (error) {
          console.warn('Unreadable notification event', error);
        }
      },
    });
  }
  live.listeners.add(listener);
  const own = live;
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size === 0) {
      own.controller.abort();
      if (liveStreams.get(ownerEmail) === own) liveStreams.delete(ownerEmail);
    }
  };
};

/** Live arrivals from GET /notification/stream (SSE, bearer header) go to the top of the list; one stream per tab. */
export const useNotificationStream = (ownerEmail: string | undefined, onArrival?: (notice: TNotice) => void) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ownerEmail) return undefined;
    return followLive(ownerEmail, queryClient, (notice) => onArrival?.(notice));
  }, [ownerEmail, queryClient, onArrival]);
};
