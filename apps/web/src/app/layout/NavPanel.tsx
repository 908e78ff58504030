import { Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@bizdesk/contract';
import { LockOutlinedIcon } from '../../shared/ui/icons/startIcons.ts';
import { layout } from '../../shared/ui/tokens.ts';
import { canAccessPath, normalizeRoles } from '../../shared/access.ts';
import { NAV_ENTRIES } from './navConfig.ts';
import { NavLogo } from './NavLogo.tsx';
import { UpgradeCard } from './UpgradeCard.tsx';
import { lazyPart } from '../../shared/ui/lazyPart.ts';
import './nav.css';

const paperSx = { width: layout.navWidth, borderRight: '1px dashed rgba(17, 24, 39, 0.12)', bgcolor: 'background.paper' } as const;

type TProps = { user: TUser; isDesktop: boolean; open: boolean; onClose: () => void };

/** The navigation's content: plain elements and static CSS (nav.css), so the start renders it without MUI. */
const NavContent = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  return (
    // One landmark for the whole panel (logo, navigation, upgrade card): nothing of it sits outside landmarks.
    <aside aria-label={t('nav.panel')} className="bd-nav">
      <div className="bd-nav__header">
        <NavLogo user={user} />
      </div>
      <nav aria-label={t('nav.label')} className="bd-nav__body">
        <ul className="bd-nav__list">
          {NAV_ENTRIES.map(({ key, path, Icon }) => {
            const active = pathname === path;
            // Every entry stays listed (spec 01 §2); those outside the user's roles are marked locked, with who to ask.
            const locked = !canAccessPath(user.roles, path);
            return (
              <li key={key}>
                <RouterLink
                  to={path}
                  className={active ? 'bd-nav__item bd-nav__item--active' : 'bd-nav__item'}
                  aria-current={active ? 'page' : undefined}
                  title={locked ? t('nav.lockedAsk', { owner: user.ownerEmail }) : undefined}
                  data-locked={locked || undefined}
                >
                  <span className="bd-nav__icon">
                    <Icon fontSize="small" />
                  </span>
                  <span className="bd-nav__text">
                    <span className="bd-nav__name">{t(`nav.${key}`)}</span>
                    {locked ? <span className="bd-nav__note">{t('nav.locked')}</span> : null}
                  </span>
                  {locked ? <LockOutlinedIcon fontSize="small" className="bd-nav__lock" /> : null}
                </RouterLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="bd-nav__spacer" />
      {normalizeRoles(user.roles).includes('owner') ? <UpgradeCard /> : null}
    </aside>
  );
};

/** The phone's drawer, loaded on its first opening: a large screen, and a phone that never opens it, do without it. */
const NavDrawer = lazyPart(() => import('./NavDrawer.tsx').then((m) => m.NavDrawer));

/** 280 px fixed panel on large screens; a drawer on smaller ones, closed by the layout on every path change. */
export const NavPanel = ({ user, isDesktop, open, onClose }: TProps) => {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (isDesktop) {
    // What MUI's permanent drawer draws (a fixed, full-height paper), as static CSS (shared/ui/frame.css).
    return (
      <div className="bd-nav-panel" data-testid="nav-panel">
        <NavContent user={user} />
      </div>
    );
  }
  // Built on its first opening, then kept: a phone's cold start does not render the hidden navigation.
  return opened ? (
    <Suspense fallback={null}>
      <NavDrawer open={open} onClose={onClose} paperSx={paperSx}>
        <NavContent user={user} />
      </NavDrawer>
    </Suspense>
  ) : null;
};
