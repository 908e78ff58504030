import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GroupsIcon from '@mui/icons-material/Groups';
import PaymentsIcon from '@mui/icons-material/Payments';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import InsightsIcon from '@mui/icons-material/Insights';
import BoltIcon from '@mui/icons-material/Bolt';
import { useDocumentTitle } from '../../../shared/ui/PageHeader.tsx';
import { useSession } from '../../../shared/session.ts';
import { getStoredToken } from '../../../shared/api/token.ts';

const MODULES = [
  { key: 'people', Icon: GroupsIcon, color: '#1d4ed8' },
  { key: 'pay', Icon: PaymentsIcon, color: '#047857' },
  { key: 'procurement', Icon: ShoppingCartIcon, color: '#7c3aed' },
  { key: 'inventory', Icon: Inventory2Icon, color: '#b45309' },
  { key: 'approvals', Icon: FactCheckIcon, color: '#0f766e' },
  { key: 'projects', Icon: AccountTreeIcon, color: '#be185d' },
  { key: 'management', Icon: InsightsIcon, color: '#4338ca' },
  { key: 'energy', Icon: BoltIcon, color: '#c2410c' },
] as const;

const PLANS = [
  { key: 'starter', highlighted: false },
  { key: 'pro', highlighted: true },
] as const;

/** Spec 01 §2 /home: the landing page, where visitors and signed-out users arrive. */
export const HomePage = () => {
  const { t } = useTranslation('app');
  const { hash } = useLocation();
  const { isAuthenticated } = useSession();
  const signedIn = isAuthenticated || !!getStoredToken();
  useDocumentTitle(t('home.documentTitle'));

  useEffect(() => {
    if (!hash) return undefined;
    const frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <>
      <Box sx={{ background: 'radial-gradient(90% 120% at 100% 0%, #dbeafe 0%, rgba(244,246,251,0) 60%)' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 7, md: 12 } }}>
          <Grid container spacing={6} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Chip label={t('home.badge')} color="primary" variant="outlined" sx={{ mb: 3, bgcolor: 'background.paper' }} />
              <Typography variant="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.2rem' }, lineHeight: 1.1, mb: 2.5 }}>
                {t('home.headline')}
              </Typography>
              <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400, lineHeight: 1.6, mb: 4, maxWidth: 600 }}>
                {t('home.lead')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {signedIn ? (
                  <Button component={RouterLink} to="/" variant="contained" size="large">
                    {t('site.openDashboard')}
                  </Button>
                ) : (
                  <>
                    <Button component={RouterLink} to="/register" variant="contained" size="large">
                      {t('home.ctaPrimary')}
                    </Button>
                    <Button component={RouterLink} to="/login" variant="outlined" size="large">
                      {t('site.signIn')}
                    </Button>
                  </>
                )}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Card sx={{ p: 1 }}>
                <CardContent>
                  <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                    {t('home.dayTitle')}
                  </Typography>
                  <List dense>
                    {(['attendance', 'leave', 'payroll', 'orders', 'stock'] as const).map((item) => (
                      <ListItem key={item} disableGutters>
                        <ListItemIcon sx={{ minWidth: 36 }}>
                          <CheckCircleIcon color="success" fontSize="small" />
                        </ListItemIcon>
                        <ListItemText primary={t(`home.day.${item}`)} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }} id="modules" component="section" aria-labelledby="modules-title">
        <Typography id="modules-title" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          {t('home.modulesTitle')}
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 6, maxWidth: 640, mx: 'auto' }}>{t('home.modulesLead')}</Typography>
        <Grid container spacing={3}>
          {MODULES.map(({ key, Icon, color }) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card sx={{ height: 1 }}>
                <CardContent>
                  <Box sx={{ width: 44, height: 44, borderRadius: 2, bgcolor: `${color}14`, color, display: 'flex', alignItems: 'center', justifyContent: 'center', mb: 2 }} aria-hidden="true">
                    <Icon />
                  </Box>
                  <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                    {t(`home.modules.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`home.modules.${key}.body`)}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>

      <Box sx={{ bgcolor: 'background.paper', borderTop: '1px solid', borderBottom: '1px solid', borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }} component="section" aria-labelledby="local-title">
          <Grid container spacing={6} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography id="local-title" variant="h2" sx={{ mb: 2 }}>
                {t('home.localTitle')}
              </Typography>
              <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{t('home.localBody')}</Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
                {(t('home.localChips', { returnObjects: true }) as string[]).map((chip) => (
                  <Chip key={chip} label={chip} sx={{ bgcolor: 'rgba(29,78,216,0.08)', color: 'primary.dark' }} />
                ))}
              </Stack>
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }} id="pricing" component="section" aria-labelledby="pricing-title">
        <Typography id="pricing-title" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          {t('home.pricingTitle')}
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 6 }}>{t('home.pricingLead')}</Typography>
        <Grid container spacing={3}>
          {PLANS.map(({ key, highlighted }) => (
            <Grid key={key} size={{ xs: 12, sm: 6 }}>
              <Card sx={{ height: 1, borderColor: highlighted ? 'primary.main' : undefined, borderWidth: highlighted ? 2 : 1 }}>
                <CardContent sx={{ display: 'flex', flexDirection: 'column', height: 1 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                    <Typography variant="h5" component="h3">
                      {t(`home.plans.${key}.name`)}
                    </Typography>
                    {highlighted ? <Chip size="small" color="primary" label={t('home.plans.pro.badge')} /> : null}
                  </Stack>
                  <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t(`home.plans.${key}.summary`)}</Typography>
                  <List dense sx={{ flexGrow: 1 }}>
                    {(t(`home.plans.${key}.features`, { returnObjects: true }) as string[]).map((feature) => (
                      <ListItem key={feature} disableGutters>
                        <ListItemIcon sx={{ minWidth: 32 }}>
                          <CheckCircleIcon color={highlighted ? 'primary' : 'success'} fontSize="small" />
                        </ListItemIcon>
                        <ListItemText primary={feature} />
                      </ListItem>
                    ))}
                  </List>
                  <Button component={RouterLink} to={signedIn ? '/' : '/register'} variant={highlighted ? 'contained' : 'outlined'} size="large" sx={{ mt: 2 }}>
                    {signedIn ? t('site.openDashboard') : t(`home.plans.${key}.cta`)}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
};
