import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@bizdesk/contract';
import { LockOutlinedIcon } from '../../shared/ui/icons/startIcons.ts';
import { layout } from '../../shared/ui/tokens.ts';
import { canAccessPath, normalizeRoles } from '../../shared/access.ts';
import { NAV_ENTRIES, areaOf, isScreenAt, screenPath } from './navConfig.ts';
import { useNavCounts } from './navCounts.ts';
import { NavLogo } from './NavLogo.tsx';
import { UpgradeCard } from './UpgradeCard.tsx';
import { lazyPart } from '../../shared/ui/lazyPart.ts';
import './nav.css';

const paperSx = { width: layout.navWidth, borderRight: '1px dashed rgba(17, 24, 39, 0.12)', bgcolor: 'background.paper' } as const;

type TProps = { user: TUser; isDesktop: boolean; open: boolean; onClose: () => void };

type TLinkProps = { to: string; label: string; locked: boolean; current: 'page' | 'true' | undefined; count: number; className: string; ownerEmail: string; children?: ReactNode };

/** One link of the panel: an area or one of its screens; locked (with who to ask) when the user's roles do not open it. */
const NavLink = ({ to, label, locked, current, count, className, ownerEmail, children }: TLinkProps) => {
  const { t } = useTranslation('app');
  return (
    <RouterLink
      to={to}
      className={current ? `${className} ${className}--active` : className}
      aria-current={current}
      title={locked ? t('nav.lockedAsk', { owner: ownerEmail }) : undefined}
      data-locked={locked || undefined}
    >
      {children}
      <span className="bd-nav__text">
        <span className="bd-nav__name">{label}</span>
        {locked ? <span className="bd-nav__note">{t('nav.locked')}</span> : null}
      </span>
      {count > 0 ? (
        <span className="bd-nav__badge">
          <span aria-hidden="true">{count}</span>
          <span className="bd-visually-hidden">{t('nav.waiting', { count })}</span>
        </span>
      ) : null}
      {locked ? <LockOutlinedIcon fontSize="small" className="bd-nav__lock" /> : null}
    </RouterLink>
  );
};

/**
 * The navigation's content: plain elements and static CSS (nav.css), so the start renders it without MUI.
 * Issue 30: each area lists its screens under it; the current area is open (every area in the phone's drawer, which
 * closes on each path change), the others open with their toggle. The current screen is `aria-current="page"`, its
 * area `aria-current="true"`.
 */
const NavContent = ({ user, openAll }: { user: TUser; openAll: boolean }) => {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const counts = useNavCounts(user);
  const area = areaOf(pathname)?.key ?? null;
  // The toggles' choices, forgotten when the user moves to another area.
  const [toggled, setToggled] = useState<{ area: string | null; open: Readonly<Record<string, boolean>> }>({ area, open: {} });
  if (toggled.area !== area) setToggled({ area, open: {} });
  return (
    // One landmark for the whole panel (logo, navigation, upgrade card): nothing of it sits outside landmarks.
    <aside aria-label={t('nav.panel')} className="bd-nav">
      <div className="bd-nav__header">
        <NavLogo user={user} />
      </div>
      <nav aria-label={t('nav.label')} className="bd-nav__body">
        <ul className="bd-nav__list">
          {NAV_ENTRIES.map(({ key, path, Icon, screens }) => {
            const inArea = area === key;
            const name = t(`nav.${key}`);
            // Every entry stays listed (spec 01 §2); those outside the user's roles are marked locked, with who to ask.
            const locked = !canAccessPath(user.roles, path);
            const hasScreens = screens.length > 1;
            const open = hasScreens && (toggled.open[key] ?? (openAll || inArea));
            const listId = `bd-nav-screens-${key}`;
            const entryCurrent = hasScreens ? (inArea ? 'true' : undefined) : screens.some((s) => isScreenAt(s, pathname)) || pathname === path ? 'page' : undefined;
            return (
              <li key={key} className="bd-nav__entry">
                <div className="bd-nav__row">
                  <NavLink to={path} label={name} locked={locked} current={entryCurrent} count={counts[key] ?? 0} className="bd-nav__item" ownerEmail={user.ownerEmail}>
                    <span className="bd-nav__icon">
                      <Icon fontSize="small" />
                    </span>
                  </NavLink>
                  {hasScreens ? (
                    <button
                      type="button"
                      className={open ? 'bd-nav__toggle bd-nav__toggle--open' : 'bd-nav__toggle'}
                      aria-expanded={open}
                      aria-controls={open ? listId : undefined}
                      aria-label={t('nav.showScreens', { area: name })}
                      onClick={() => setToggled((now) => ({ area: now.area, open: { ...now.open, [key]: !open } }))}
                    />
                  ) : null}
                </div>
                {open ? (
                  <ul className="bd-nav__screens" id={listId} aria-label={name}>
                    {screens.map((screen) => {
                      const to = screenPath(screen.path, user);
                      return (
                        <li key={screen.key}>
                          <NavLink
                            to={to}
                            label={t(`nav.screens.${screen.key}`)}
                            locked={!canAccessPath(user.roles, to)}
                            current={isScreenAt(screen, pathname) ? 'page' : undefined}
                            count={counts[screen.key] ?? 0}
                            className="bd-nav__screen"
                            ownerEmail={user.ownerEmail}
                          />
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
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
  const { t } = useTranslation('app');
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (isDesktop) {
    // What MUI's permanent drawer draws (a fixed, full-height paper), as static CSS (shared/ui/frame.css).
    return (
      <div className="bd-nav-panel" data-testid="nav-panel">
        <NavContent user={user} openAll={false} />
      </div>
    );
  }
  // Built on its first opening, then kept: a phone's cold start does not render the hidden navigation.
  return opened ? (
    <Suspense fallback={null}>
      <NavDrawer open={open} onClose={onClose} paperSx={paperSx} label={t('nav.panel')}>
        <NavContent user={user} openAll />
      </NavDrawer>
    </Suspense>
  ) : null;
};
