import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import type { TUser } from '@bizdesk/contract';
import { layout } from '../../shared/ui/tokens.ts';
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
    <AppBar
      position="fixed"
      color="transparent"
      elevation={0}
      sx={{
        width: { lg: `calc(100% - ${layout.navWidth}px)` },
        ml: { lg: `${layout.navWidth}px` },
        bgcolor: 'rgba(244, 246, 251, 0.82)',
        backdropFilter: 'blur(8px)',
        color: 'text.primary',
      }}
    >
      <Toolbar sx={{ height: { xs: layout.topBarMobile, lg: layout.topBarDesktop }, px: { xs: 2, md: 5 }, gap: 1 }} disableGutters>
        {isDesktop ? null : (
          <IconButton onClick={onOpenNav} aria-label={t('topbar.openNav')} edge="start" data-testid="nav-open">
            <MenuIcon />
          </IconButton>
        )}
        <SearchBox />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2" noWrap sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 220, mr: 1 }} data-testid="topbar-name">
            {user.businessName || user.userName}
          </Typography>
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
        </Stack>
      </Toolbar>
    </AppBar>
  );
};
