import { Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationsIcon } from '../../../shared/ui/icons/startIcons.ts';
import { UNREAD_BADGE_MAX } from '@bizdesk/contract';
import { useNotificationActions, useNotificationStream, useNotifications } from '../api.ts';
import { askDesktopPermission, raiseDesktopNotifications } from '../desktop.ts';
import { countUnread, type TNotice } from '../model.ts';
import { lazyPart } from '../../../shared/ui/lazyPart.ts';
import { BarButton } from '../../../shared/ui/BarButton.tsx';

/** The panel loads on the first opening (or when the pointer or focus reaches the bell): not on the first screen. */
const NotificationsPopover = lazyPart(() => import('./NotificationsPopover.tsx').then((m) => m.NotificationsPopover));

/** The top bar's bell: unread badge (max 99), the panel, live arrivals and desktop notifications. */
export const NotificationsBell = ({ ownerEmail }: { ownerEmail: string }) => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const query = useNotifications(ownerEmail);
  const { markAllRead, markRead, pruneOld } = useNotificationActions(ownerEmail);
  const onArrival = useCallback((notice: TNotice) => raiseDesktopNotifications([notice]), []);
  useNotificationStream(ownerEmail, onArrival);

  const notices = query.data;
  const firstLoadSeen = useRef(false);
  useEffect(() => {
    // Only for the first load; live arrivals raise their own.
    if (!notices || firstLoadSeen.current) return;
    firstLoadSeen.current = true;
    void askDesktopPermission().then(() => raiseDesktopNotifications(notices));
  }, [notices]);

  const unread = countUnread(notices ?? []);
  // A notification opened from the panel (issue 30): read, and the panel closes as its link is followed.
  const onOpenNotice = (notice: TNotice) => {
    markRead(notice.id);
    setAnchor(null);
  };
  const onOpen = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setOpened(true);
    void pruneOld();
  };

  return (
    <>
      <BarButton
        active={!!anchor}
        onClick={onOpen}
        onPointerEnter={NotificationsPopover.preload}
        onFocus={NotificationsPopover.preload}
        aria-label={unread > UNREAD_BADGE_MAX ? t('notifications.bellLabelOver', { shown: `${UNREAD_BADGE_MAX}+` }) : t('notifications.bellLabel', { count: unread })}
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        data-testid="notifications-bell"
      >
        {/* MUI's Badge as static CSS (shared/ui/frame.css); the count is in the button's name, so not read twice. */}
        <span className="bd-badge" data-testid="notifications-badge">
          <NotificationsIcon />
          <span className={unread ? 'bd-badge__count' : 'bd-badge__count bd-badge__count--none'} aria-hidden="true" data-testid="notifications-count">
            {unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : unread}
          </span>
        </span>
      </BarButton>
      {opened ? (
        <Suspense fallback={null}>
          <NotificationsPopover anchor={anchor} onClose={() => setAnchor(null)} notices={notices} isLoading={query.isLoading} isError={query.isError} onMarkAllRead={markAllRead} onOpenNotice={onOpenNotice} />
        </Suspense>
      ) : null}
    </>
  );
};
