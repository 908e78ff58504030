import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import MailLockIcon from '@mui/icons-material/MarkEmailUnread';
import ImageIcon from '@mui/icons-material/Image';
import LockResetIcon from '@mui/icons-material/LockReset';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { canChangeLogo, normalizeRoles } from '../../../shared/access.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { initials } from '../../../shared/format/names.ts';
import { LANGUAGE_NAMES, LANGUAGES, changeLanguage, currentLanguage, displayError, isLanguage } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { layout } from '../../../shared/ui/tokens.ts';
import { LogoUploadPopover } from '../../../app/layout/LogoUploadPopover.tsx';
import { useSendResetLink } from '../api.ts';
import { TwoFactorCard } from '../components/TwoFactorCard.tsx';
import { BusinessProfileCard } from '../components/BusinessProfileCard.tsx';
import { PayrollApprovalCard } from '../components/PayrollApprovalCard.tsx';
import { BusinessDataCard } from '../components/BusinessDataCard.tsx';

/** The owner's API keys and webhooks (issue 36), fetched with their texts only when the owner opens the page. */
const IntegrationsSection = lazy(() => import('../../integrations/components/IntegrationsSection.tsx').then((m) => ({ default: m.IntegrationsSection })));

const countryName = (code: string, language: string) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

const Detail = ({ label, value }: { label: string; value: string }) => (
  <Stack direction="row" spacing={2} sx={{ py: 1.5, justifyContent: 'space-between' }}>
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
      {value}
    </Typography>
  </Stack>
);

/** The signed-in user's own account: who they are, their business, password and language. */
export const ProfilePage = () => {
  const { t, i18n } = useTranslation('app');
  const user = useCurrentUser();
  const roles = normalizeRoles(user.roles);
  const sendReset = useSendResetLink();
  const [logoAnchor, setLogoAnchor] = useState<HTMLElement | null>(null);
  const language = i18n.language;

  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Card>
            <CardContent sx={{ textAlign: 'center', py: 5 }}>
              <Avatar sx={{ width: 88, height: 88, mx: 'auto', mb: 2, fontSize: 32, fontWeight: 700, bgcolor: 'primary.main' }}>{initials(user.userName)}</Avatar>
              <Typography variant="h5" component="h2">
                {user.userName}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>{user.email}</Typography>
              <Stack direction="row" sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
                {roles.map((role) => (
                  <Chip key={role} size="small" label={t(`roles.${role}.label`)} color={role === 'owner' ? 'primary' : 'default'} />
                ))}
              </Stack>
              <Chip
                icon={user.emailConfirmed ? <VerifiedIcon /> : <MailLockIcon />}
                color={user.emailConfirmed ? 'success' : 'warning'}
                variant="outlined"
                label={user.emailConfirmed ? t('profile.emailConfirmed') : t('profile.emailNotConfirmed')}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('profile.business')}
                </Typography>
                <Detail label={t('profile.businessName')} value={user.businessName} />
                <Divider />
                <Detail label={t('profile.ownerEmail')} value={user.ownerEmail} />
                <Divider />
                <Detail label={t('profile.country')} value={countryName(user.country, language)} />
                <Divider />
                <Detail label={t('profile.currency')} value={user.currency} />
                <Divider />
                <Detail label={t('profile.timeZone')} value={user.timeZone.replace(/_/g, ' ')} />
                <Divider />
                <Detail label={t('profile.memberSince')} value={formatDate(user.createdAt, language)} />
              </CardContent>
            </Card>
            <BusinessProfileCard />
            <PayrollApprovalCard />
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Card sx={{ height: 1 }}>
                  <CardContent>
                    <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                      {t('profile.logo')}
                    </Typography>
                    <Box sx={{ height: layout.logoHeight, display: 'flex', alignItems: 'center', mb: 2 }}>
                      {user.imagePath ? (
                        <Box component="img" src={user.imagePath} alt={t('nav.logoAlt', { name: user.businessName })} sx={{ width: layout.logoWidth, height: layout.logoHeight, objectFit: 'contain' }} />
                      ) : (
                        <Typography sx={{ color: 'text.secondary' }}>{t('profile.noLogo')}</Typography>
                      )}
                    </Box>
                    {canChangeLogo(user.roles) ? (
                      <Button variant="outlined" startIcon={<ImageIcon />} onClick={(event) => setLogoAnchor(event.currentTarget)}>
                        {t('profile.changeLogo')}
                      </Button>
                    ) : (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('profile.logoOwnerOnly')}
                      </Typography>
                    )}
                    <LogoUploadPopover anchorEl={logoAnchor} userId={user._id} onClose={() => setLogoAnchor(null)} />
                  </CardContent>
                </Card>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Card sx={{ height: 1 }}>
                  <CardContent>
                    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                      {t('profile.security')}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                      {t('profile.resetBody')}
                    </Typography>
                    <Button
                      variant="outlined"
                      startIcon={<LockResetIcon />}
                      loading={sendReset.isPending}
                      onClick={() => sendReset.mutate(user.email, { onError: (error) => flash(displayError(t, error), 'error') })}
                    >
                      {t('profile.sendReset')}
                    </Button>
                    <Divider sx={{ my: 3 }} />
                    <TextField
                      select
                      label={t('topbar.language')}
                      value={currentLanguage()}
                      onChange={(event) => {
                        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
                      }}
                    >
                      {LANGUAGES.map((code) => (
                        <MenuItem key={code} value={code} lang={code}>
                          {LANGUAGE_NAMES[code]}
                        </MenuItem>
                      ))}
                    </TextField>
                  </CardContent>
                </Card>
              </Grid>
            </Grid>
            <TwoFactorCard />
            {roles.includes('owner') ? (
              <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
                <IntegrationsSection />
              </Suspense>
            ) : null}
            <BusinessDataCard />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
};
