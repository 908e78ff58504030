import { useTranslation } from 'react-i18next';
import { LogoutIcon, MenuIcon } from '../../shared/ui/icons/startIcons.ts';
import type { TUser } from '@bizdesk/contract';
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell.tsx';
import { SearchBox } from './SearchBox.tsx';
import { LanguageMenu } from '../../shared/ui/LanguageMenu.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { useSignOut } from './useSignOut.ts';
import { BarButton } from '../../shared/ui/BarButton.tsx';

type TProps = { user: TUser; isDesktop: boolean; onOpenNav: () => void };

/** Spec 01 §2 top bar: 64 px on mobile, 92 px on desktop. */
export const TopBar = ({ user, isDesktop, onOpenNav }: TProps) => {
  const { t } = useTranslation('app');
  const signOut = useSignOut();
  return (
    // Plain elements and static CSS (shared/ui/frame.css): MUI's AppBar, Toolbar, Stack and buttons drew the same.
    <header className="bd-topbar">
      <div className="bd-topbar__row">
        {isDesktop ? null : (
          <BarButton onClick={onOpenNav} aria-label={t('topbar.openNav')} edgeStart data-testid="nav-open">
            <MenuIcon />
          </BarButton>
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
            <BarButton look="outlined" onClick={signOut} data-testid="logout-button">
              <LogoutIcon fontSize="inherit" />
              {t('account.logout')}
            </BarButton>
          ) : (
            <BarButton onClick={signOut} aria-label={t('account.logout')} data-testid="logout-button">
              <LogoutIcon />
            </BarButton>
          )}
        </div>
      </div>
    </header>
  );
};
