import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { TUser } from '@bizdesk/contract';
import { canChangeLogo } from '../../shared/access.ts';
import { layout } from '../../shared/ui/tokens.ts';
import { lazyPart } from '../../shared/ui/lazyPart.ts';

/** The upload popover loads on the first click (or when the pointer or focus reaches the logo). */
const LogoUploadPopover = lazyPart(() => import('./LogoUploadPopover.tsx').then((m) => m.LogoUploadPopover));

const LogoContent = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  if (user.imagePath) {
    return (
      <Box
        component="img"
        src={user.imagePath}
        alt={t('nav.logoAlt', { name: user.businessName })}
        sx={{ width: layout.logoWidth, height: layout.logoHeight, objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return (
    <Typography variant="h6" component="span" sx={{ color: 'primary.dark', fontWeight: 800, lineHeight: 1.2, textAlign: 'left' }}>
      {user.businessName}
    </Typography>
  );
};

/**
 * The business logo, or its name when there is none. Owners and Settings-access users click it to upload a
 * new one (spec 01 §6); for everyone else it is the link to the dashboard.
 */
export const NavLogo = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  if (!canChangeLogo(user.roles)) {
    return (
      <Box component={RouterLink} to="/" aria-label={t('nav.toDashboard', { name: user.businessName })} sx={{ textDecoration: 'none', display: 'inline-flex', borderRadius: 1 }}>
        <LogoContent user={user} />
      </Box>
    );
  }
  return (
    <>
      <ButtonBase
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={LogoUploadPopover.preload}
        onFocus={LogoUploadPopover.preload}
        aria-label={t('nav.changeLogo', { name: user.businessName })}
        aria-haspopup="dialog"
        data-testid="nav-logo"
        sx={{ borderRadius: 1, justifyContent: 'flex-start', p: 0.5, m: -0.5, '&:hover': { bgcolor: 'action.hover' } }}
      >
        <LogoContent user={user} />
      </ButtonBase>
      {opened ? (
        <Suspense fallback={null}>
          <LogoUploadPopover anchorEl={anchor} userId={user._id} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
