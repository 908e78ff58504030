import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { countUnread, groupNotices, type TNotice } from '../model.ts';
import { NotificationItem } from './NotificationItem.tsx';
import { layout } from '../../../shared/ui/tokens.ts';

type TProps = {
  notices: readonly TNotice[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onMarkAllRead: () => void;
  /** A notification was opened (its link followed): it is marked read, the popover closes. */
  onOpen?: (notice: TNotice) => void;
  now?: number;
};

const subheaderSx = { py: 1, px: 2.5, lineHeight: 1.5, typography: 'overline', color: 'text.secondary', bgcolor: 'background.paper' } as const;

/** The bell's panel (spec 01 §2): loading text, "New" (first 2) and "Before that", mark all as read. */
export const NotificationsPanel = ({ notices, isLoading, isError, onMarkAllRead, onOpen, now }: TProps) => {
  const { t } = useTranslation('app');
  const list = notices ?? [];
  const unread = countUnread(list);
  const { fresh, earlier } = groupNotices(list);
  return (
    <Box sx={{ width: layout.notificationPanelWidth, maxWidth: '100vw' }} data-testid="notifications-panel">
      <Stack direction="row" sx={{ alignItems: 'center', py: 2, pl: 2.5, pr: 1.5 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {t('notifications.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('notifications.unreadCount', { count: unread })}
          </Typography>
        </Box>
        <Tooltip title={t('notifications.markAllRead')}>
          <span>
            <IconButton color="primary" onClick={onMarkAllRead} disabled={unread === 0} aria-label={t('notifications.markAllRead')}>
              <DoneAllIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Divider />
      <Box sx={{ maxHeight: { xs: 360, sm: 460 }, overflowY: 'auto' }}>
        {isLoading ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 3 }} role="status">
            <CircularProgress size={20} />
            <Typography variant="body2">{t('msg.notificationsLoading')}</Typography>
          </Stack>
        ) : isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('msg.notificationsFetchFailed')}
          </Alert>
        ) : list.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', p: 4, color: 'text.secondary' }}>
            <NotificationsNoneIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden="true" />
            <Typography variant="subtitle2" sx={{ color: 'text.primary' }}>
              {t('notifications.emptyTitle')}
            </Typography>
            <Typography variant="body2">{t('notifications.emptyBody')}</Typography>
          </Stack>
        ) : (
          <>
            <List disablePadding aria-label={t('notifications.new')} subheader={<ListSubheader sx={subheaderSx}>{t('notifications.new')}</ListSubheader>}>
              {fresh.map((notice) => (
                <NotificationItem key={notice.id} notice={notice} now={now} onOpen={onOpen} />
              ))}
            </List>
            {earlier.length ? (
              <List
                disablePadding
                aria-label={t('notifications.before')}
                subheader={<ListSubheader sx={subheaderSx}>{t('notifications.before')}</ListSubheader>}
              >
                {earlier.map((notice) => (
                  <NotificationItem key={notice.id} notice={notice} now={now} onOpen={onOpen} />
                ))}
              </List>
            ) : null}
          </>
        )}
      </Box>
    </Box>
  );
};
