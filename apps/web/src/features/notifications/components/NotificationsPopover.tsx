import { useTranslation } from 'react-i18next';
import Popover from '@mui/material/Popover';
import type { TNotice } from '../model.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';

type TProps = {
  anchor: HTMLElement | null;
  onClose: () => void;
  notices: readonly TNotice[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onMarkAllRead: () => void;
  onOpenNotice: (notice: TNotice) => void;
};

/** The bell's popover and panel, loaded on the first opening (NotificationsBell). */
export const NotificationsPopover = ({ anchor, onClose, notices, isLoading, isError, onMarkAllRead, onOpenNotice }: TProps) => {
  const { t } = useTranslation('app');
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { mt: 1.5, ml: 0.75, borderRadius: 2 }, role: 'dialog', 'aria-label': t('notifications.title') } }}
    >
      <NotificationsPanel notices={notices} isLoading={isLoading} isError={isError} onMarkAllRead={onMarkAllRead} onOpen={onOpenNotice} />
    </Popover>
  );
};
