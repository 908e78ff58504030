import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ScheduleIcon } from '../../../shared/ui/icons/startIcons.ts';
import { CategoryIcon, categoryStyle } from './CategoryIcon.tsx';
import { fromNow } from '../../../shared/format/dates.ts';
import type { TNotice } from '../model.ts';
import { noticeTexts } from '../texts.ts';
import { notificationPath } from '../linkPath.ts';
import { useSession } from '../../../shared/session.ts';
import './notificationItem.css';

/**
 * One notification. With a link the web knows (issue 30), the whole item is a link to its subject: following it tells
 * the caller, who marks it read (and the bell's panel closes).
 */
export const NotificationItem = ({ notice, now, onOpen }: { notice: TNotice; now?: number; onOpen?: (notice: TNotice) => void }) => {
  // `notifications` too: the server's texts, so the item waits for them rather than showing the English.
  const { t, i18n } = useTranslation(['app', 'notifications']);
  const ownerEmail = useSession().user?.ownerEmail ?? '';
  const style = categoryStyle(notice.type);
  const when = fromNow(notice.createdAt, now) ?? t('notifications.invalidDate');
  const text = noticeTexts(t, notice, i18n.language);
  const path = notificationPath(notice.link, ownerEmail);
  const className = notice.isUnRead ? 'bd-note-item bd-note-item--unread' : 'bd-note-item';
  const body = (
    <>
      <div className="bd-note-item__avatar">
        <div className="bd-note-item__badge" style={style ? { backgroundColor: style.background } : undefined} aria-hidden="true">
          <CategoryIcon category={notice.type} />
        </div>
      </div>
      <div className="bd-note-item__text">
        <p className="bd-note-item__title">
          {text.title}
          {text.description ? <span className="bd-note-item__description">&nbsp;{text.description}</span> : null}
        </p>
        <div className="bd-note-item__meta">
          <ScheduleIcon fontSize="inherit" className="bd-note-item__clock" />
          <span className="bd-note-item__meta-text">{when}</span>
          {text.category ? <span className="bd-note-item__meta-text">· {text.category}</span> : null}
          {notice.author ? <span className="bd-note-item__meta-text" data-testid="notification-author">· {t('notifications.fromPerson', { name: notice.author })}</span> : null}
        </div>
      </div>
    </>
  );
  return (
    // Plain elements and static CSS (notificationItem.css): the dashboard's recent list renders without MUI (issue 10).
    <li data-testid="notification-item" data-unread={notice.isUnRead ? 'true' : 'false'} className={path ? 'bd-note-row' : className}>
      {path ? (
        <RouterLink to={path} className={`${className} bd-note-item--link`} data-testid="notification-link"
          onClick={() => onOpen?.(notice)}>
          {body}
        </RouterLink>
      ) : body}
    </li>
  );
};
