import { useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSession } from '../../shared/session.ts';
import { layout } from '../../shared/ui/tokens.ts';
import { setDateRegion } from '../../shared/format/dates.ts';
import { NavPanel } from './NavPanel.tsx';
import { TopBar } from './TopBar.tsx';

/** Spec 01 §2: the main layout at "/" — navigation, top bar, and the screen. */
export const MainLayout = () => {
  const { t } = useTranslation('app');
  const { user } = useSession();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The drawer belongs to the path it was opened on, so any path change closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);

  // The loader guarantees a user; after logout the layout renders nothing while /home loads.
  if (!user) return null;
  setDateRegion(user.country);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'primary.main',
          color: '#fff',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skip')}
      </Box>
      {navigation.state === 'loading' ? (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (th) => th.zIndex.appBar + 1, height: 3 }} aria-label={t('common.loading')} />
      ) : null}
      <NavPanel user={user} isDesktop={isDesktop} open={drawerPath === pathname} onClose={() => setDrawerPath(null)} />
      <TopBar user={user} isDesktop={isDesktop} onOpenNav={() => setDrawerPath(pathname)} />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          ml: { lg: `${layout.navWidth}px` },
          pt: { xs: `${layout.topBarMobile + 16}px`, lg: `${layout.topBarDesktop + 8}px` },
          pb: 8,
          px: { xs: 2, sm: 3, lg: 5 },
          outline: 'none',
        }}
      >
        <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
};
