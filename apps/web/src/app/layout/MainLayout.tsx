import { useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSession } from '../../shared/session.ts';
import '../../shared/ui/frame.css';
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
    // The frame is plain elements and static CSS (shared/ui/frame.css), the same the start frame paints.
    <div className="bd-layout">
      <a href="#main-content" className="bd-skip-link">
        {t('nav.skip')}
      </a>
      {navigation.state === 'loading' ? (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (th) => th.zIndex.appBar + 1, height: 3 }} aria-label={t('common.loading')} />
      ) : null}
      <NavPanel user={user} isDesktop={isDesktop} open={drawerPath === pathname} onClose={() => setDrawerPath(null)} />
      <TopBar user={user} isDesktop={isDesktop} onOpenNav={() => setDrawerPath(pathname)} />
      <main id="main-content" tabIndex={-1} className="bd-main">
        <div className="bd-main__inner">
          <Outlet />
        </div>
      </main>
    </div>
  );
};
