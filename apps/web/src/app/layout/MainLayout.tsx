import { useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session.ts';
import '../../shared/ui/frame.css';
import { setDateRegion } from '../../shared/format/dates.ts';
import { useIsDesktop } from '../../shared/ui/useIsDesktop.ts';
import { NavPanel } from './NavPanel.tsx';
import { TopBar } from './TopBar.tsx';
import './nav.css';

/** Spec 01 §2: the main layout at "/" — navigation, top bar, and the screen. */
export const MainLayout = () => {
  const { t } = useTranslation('app');
  const { user } = useSession();
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The drawer belongs to the path it was opened on, so any path change closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);

  // The loader guarantees a user; after logout the layout renders nothing while /home loads.
  if (!user) return null;
  setDateRegion(user.country, user.timeZone);
  return (
    // The frame is plain elements and static CSS (shared/ui/frame.css), the same the start frame paints.
    <div className="bd-layout">
      <a href="#main-content" className="bd-skip-link">
        {t('nav.skip')}
      </a>
      <NavPanel user={user} isDesktop={isDesktop} open={drawerPath === pathname} onClose={() => setDrawerPath(null)} />
      <TopBar user={user} isDesktop={isDesktop} onOpenNav={() => setDrawerPath(pathname)} />
      <main id="main-content" tabIndex={-1} className="bd-main">
        {navigation.state === 'loading' ? (
          // MUI's indeterminate LinearProgress as static CSS (nav.css): the start does not load MUI for it. Fixed at the
          // top, and inside the main landmark (axe "region": it showed outside every landmark while a screen loaded).
          <div className="bd-progress" role="progressbar" aria-label={t('common.loading')} />
        ) : null}
        <div className="bd-main__inner">
          <Outlet />
        </div>
      </main>
    </div>
  );
};
