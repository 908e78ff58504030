import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { CategoryIcon, categoryStyle } from './CategoryIcon.tsx';
import { fromNow } from '../../../shared/format/dates.ts';
import type { TNotice } from '../model.ts';
import { noticeTexts } from '../texts.ts';

export const NotificationItem = ({ notice, now }: { notice: TNotice; now?: number }) => {
  // `notifications` too: the server's texts, so the item waits for them rather than showing the English.
  const { t, i18n } = useTranslation(['app', 'notifications']);
  const style = categoryStyle(notice.type);
  const when = fromNow(notice.createdAt, now) ?? t('notifications.invalidDate');
  const text = noticeTexts(t, notice, i18n.language);
  return (
    <ListItem
      data-testid="notification-item"
      data-unread={notice.isUnRead ? 'true' : 'false'}
      sx={{ py: 1.25, px: 2.5, alignItems: 'flex-start', bgcolor: notice.isUnRead ? 'rgba(29, 78, 216, 0.06)' : 'transparent', borderLeft: '3px solid', borderLeftColor: notice.isUnRead ? 'primary.main' : 'transparent' }}
    >
      <ListItemAvatar sx={{ minWidth: 52 }}>
        <Avatar sx={{ bgcolor: style?.background ?? 'grey.100', width: 40, height: 40 }} aria-hidden="true">
          <CategoryIcon category={notice.type} />
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        disableTypography
        primary={
          <Typography variant="subtitle2" component="p">
            {text.title}
            {text.description ? (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                &nbsp;{text.description}
              </Typography>
            ) : null}
          </Typography>
        }
        secondary={
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}>
            <ScheduleIcon sx={{ fontSize: 16 }} aria-hidden="true" />
            <Typography variant="caption" component="span">
              {when}
            </Typography>
            {text.category ? (
              <Typography variant="caption" component="span">
                · {text.category}
              </Typography>
            ) : null}
          </Stack>
        }
      />
    </ListItem>
  );
};
