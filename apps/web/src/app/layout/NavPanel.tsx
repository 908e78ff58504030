import { Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { TUser } from '@bizdesk/contract';
import LockIcon from '@mui/icons-material/LockOutlined';
import { layout } from '../../shared/ui/tokens.ts';
import { canAccessPath, normalizeRoles } from '../../shared/access.ts';
import { NAV_ENTRIES } from './navConfig.ts';
import { NavLogo } from './NavLogo.tsx';
import { UpgradeCard } from './UpgradeCard.tsx';
import { lazyPart } from '../../shared/ui/lazyPart.ts';

const paperSx = { width: layout.navWidth, borderRight: '1px dashed rgba(17, 24, 39, 0.12)', bgcolor: 'background.paper' } as const;

type TProps = { user: TUser; isDesktop: boolean; open: boolean; onClose: () => void };

const NavContent = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  return (
    // One landmark for the whole panel (logo, navigation, upgrade card): nothing of it sits outside landmarks.
    <Box component="aside" aria-label={t('nav.panel')} sx={{ display: 'flex', flexDirection: 'column', height: 1 }}>
      <Box sx={{ minHeight: { xs: layout.navHeaderMobile, lg: layout.navHeaderDesktop }, px: 3, pt: 2.5, pb: 1, display: 'flex', alignItems: 'center' }}>
        <NavLogo user={user} />
      </Box>
      <Box component="nav" aria-label={t('nav.label')} sx={{ px: 2, pt: 1 }}>
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {NAV_ENTRIES.map(({ key, path, Icon }) => {
            const active = pathname === path;
            // Every entry stays listed (spec 01 §2); those outside the user's roles are marked locked, with who to ask.
            const locked = !canAccessPath(user.roles, path);
            return (
              <ListItem key={key} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={path}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  title={locked ? t('nav.lockedAsk', { owner: user.ownerEmail }) : undefined}
                  data-locked={locked || undefined}
                  sx={{
                    minHeight: 44,
                    px: 1.5,
                    color: active ? 'primary.main' : 'text.secondary',
                    '&.Mui-selected': { bgcolor: 'rgba(29, 78, 216, 0.08)', fontWeight: 700 },
                    '&.Mui-selected:hover': { bgcolor: 'rgba(29, 78, 216, 0.14)' },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={t(`nav.${key}`)}
                    secondary={locked ? t('nav.locked') : undefined}
                    slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500, fontSize: 15 } }, secondary: { sx: { fontSize: 12, color: 'text.secondary' } } }}
                  />
                  {locked ? <LockIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden="true" /> : null}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      {normalizeRoles(user.roles).includes('owner') ? <UpgradeCard /> : null}
    </Box>
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
