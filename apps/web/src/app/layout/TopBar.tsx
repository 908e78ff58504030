import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import type { TUser } from '@bizdesk/contract';
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell.tsx';
import { SearchBox } from './SearchBox.tsx';
import { LanguageMenu } from '../../shared/ui/LanguageMenu.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { useSignOut } from './useSignOut.ts';

type TProps = { user: TUser; isDesktop: boolean; onOpenNav: () => void };

/** Spec 01 §2 top bar: 64 px on mobile, 92 px on desktop. */
export const TopBar = ({ user, isDesktop, onOpenNav }: TProps) => {
  const { t } = useTranslation('app');
  const signOut = useSignOut();
  return (
    // Plain elements and static CSS (shared/ui/frame.css): MUI's AppBar, Toolbar and Stack drew the same.
    <header className="bd-topbar">
      <div className="bd-topbar__row">
        {isDesktop ? null : (
          <IconButton onClick={onOpenNav} aria-label={t('topbar.openNav')} edge="start" data-testid="nav-open">
            <MenuIcon />
          </IconButton>
        )}
        <SearchBox />
        <div className="bd-grow" />
        <div className="bd-topbar__actions">
          <h6 className="bd-topbar__name" data-testid="topbar-name">
            {user.businessName || user.userName}
          </h6>
          <LanguageMenu />
          <NotificationsBell ownerEmail={user.ownerEmail} />
          <AccountMenu user={user} />
          {isDesktop ? (
            <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={signOut} sx={{ ml: 1, borderColor: 'divider' }} data-testid="logout-button">
              {t('account.logout')}
            </Button>
          ) : (
            <IconButton onClick={signOut} aria-label={t('account.logout')} data-testid="logout-button">
              <LogoutIcon />
            </IconButton>
          )}
        </div>
      </div>
    </header>
  );
};
