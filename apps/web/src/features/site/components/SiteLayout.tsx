import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuIcon from '@mui/icons-material/Menu';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { LanguageMenu } from '../../../shared/ui/LanguageMenu.tsx';
import { useSession } from '../../../shared/session.ts';
import { getStoredToken } from '../../../shared/api/token.ts';
import { EMPLOYEE_PAGE, EmployeePageFrame } from '../../portal/components/EmployeePageFrame.tsx';

export const BrandLink = () => {
  const { t } = useTranslation();
  return (
    <Box component={RouterLink} to="/home" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, textDecoration: 'none', color: 'primary.dark' }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 34, height: 34 }} />
      <Typography component="span" variant="h6" sx={{ fontWeight: 800 }}>
        {t('common.appName')}
      </Typography>
    </Box>
  );
};

const FOOTER_COLUMNS: Array<{ heading: string; links: Array<[to: string, label: string]> }> = [
  { heading: 'site.footer.product', links: [['/home#modules', 'site.nav.product'], ['/home#pricing', 'site.nav.pricing'], ['/portal', 'site.footer.portal']] },
  { heading: 'site.footer.support', links: [['/training-modules', 'site.nav.training'], ['/terms', 'common.terms'], ['/privacy', 'common.privacy']] },
];

const SITE_LINKS: Array<[to: string, label: string]> = [['/home#modules', 'site.nav.product'], ['/home#pricing', 'site.nav.pricing'], ['/training-modules', 'site.nav.training']];

/** Below 900 px the header's links move into a menu (issue 10: on a phone they were simply hidden). */
const SiteMenu = ({ showSignIn }: { showSignIn: boolean }) => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <Box sx={{ display: { xs: 'block', md: 'none' } }}>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('site.menu')} aria-haspopup="menu" aria-expanded={!!anchor} data-testid="site-menu">
        <MenuIcon />
      </IconButton>
      {/* The open menu is its own navigation landmark (it is portalled outside the header). */}
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { component: 'nav', 'aria-label': t('site.menu') } as object }}>
        {SITE_LINKS.map(([to, label]) => (
          <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
            {t(label)}
          </MenuItem>
        ))}
        {showSignIn ? (
          <MenuItem component={RouterLink} to="/login" onClick={close}>
            {t('site.signIn')}
          </MenuItem>
        ) : null}
      </Menu>
    </Box>
  );
};

/** Header and footer of the public pages outside the main layout. */
export const SiteLayout = () => {
  const { t } = useTranslation('app');
  const { isAuthenticated } = useSession();
  const signedIn = isAuthenticated || !!getStoredToken();
  // The portal has its own session (employee or collector) and its own Sign out; staff sign-in links would confuse it.
  const { pathname } = useLocation();
  const onPortal = pathname.startsWith('/portal');
  const year = new Date().getFullYear();
  // A payslip or an appraisal form is the employee's page, not the product's: no marketing header (issue 32).
  if (EMPLOYEE_PAGE.test(pathname)) return <EmployeePageFrame />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: '1px solid', borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.9)', backdropFilter: 'blur(8px)' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ minHeight: 68, gap: 1 }}>
            <BrandLink />
            <Box component="nav" aria-label={t('site.navLabel')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 4 }}>
              {SITE_LINKS.map(([to, label]) => (
                <Button key={to} component={RouterLink} to={to} color="inherit">
                  {t(label)}
                </Button>
              ))}
            </Box>
            <Box sx={{ flexGrow: 1 }} />
            <SiteMenu showSignIn={!onPortal && !signedIn} />
            <LanguageMenu />
            {onPortal ? null : signedIn ? (
              <Button component={RouterLink} to="/" variant="contained" data-testid="site-dashboard">
                {t('site.openDashboard')}
              </Button>
            ) : (
              <Stack direction="row" spacing={1}>
                <Button component={RouterLink} to="/login" color="inherit" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
                  {t('site.signIn')}
                </Button>
                <Button component={RouterLink} to="/register" variant="contained">
                  {t('site.getStarted')}
                </Button>
              </Stack>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ bgcolor: 'background.paper', borderTop: '1px solid', borderColor: 'divider', mt: 8 }}>
        <Container maxWidth="lg" sx={{ py: 5 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ justifyContent: 'space-between' }}>
            <Box sx={{ maxWidth: 360 }}>
              <BrandLink />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
                {t('site.footer.about')}
              </Typography>
            </Box>
            <Stack direction="row" spacing={6}>
              {FOOTER_COLUMNS.map((column) => (
                <Stack key={column.heading} spacing={1}>
                  <Typography variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
                    {t(column.heading)}
                  </Typography>
                  {column.links.map(([to, label]) => (
                    <Link key={to} component={RouterLink} to={to} color="text.primary">
                      {t(label)}
                    </Link>
                  ))}
                </Stack>
              ))}
            </Stack>
          </Stack>
          <Divider sx={{ my: 3 }} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('common.copyright', { year })}
          </Typography>
        </Container>
      </Box>
    </Box>
  );
};
