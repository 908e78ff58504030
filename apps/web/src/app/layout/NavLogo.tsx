import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@bizdesk/contract';
import { canChangeLogo } from '../../shared/access.ts';
import { lazyPart } from '../../shared/ui/lazyPart.ts';
import './nav.css';

/** The upload popover loads on the first click (or when the pointer or focus reaches the logo). */
const LogoUploadPopover = lazyPart(() => import('./LogoUploadPopover.tsx').then((m) => m.LogoUploadPopover));

const LogoContent = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  if (user.imagePath) {
    return <img src={user.imagePath} alt={t('nav.logoAlt', { name: user.businessName })} className="bd-nav-logo__image" />;
  }
  return <span className="bd-nav-logo__name">{user.businessName}</span>;
};

/**
 * The business logo, or its name when there is none. Owners and Settings-access users click it to upload a
 * new one (spec 01 §6); for everyone else it is the link to the dashboard. Plain elements and static CSS
 * (nav.css): the navigation renders without MUI on a signed-in start (issue 10).
 */
export const NavLogo = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  if (!canChangeLogo(user.roles)) {
    return (
      <RouterLink to="/" aria-label={t('nav.toDashboard', { name: user.businessName })} className="bd-nav-logo">
        <LogoContent user={user} />
      </RouterLink>
    );
  }
  return (
    <>
      <button
        type="button"
        className="bd-nav-logo bd-nav-logo--button"
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={LogoUploadPopover.preload}
        onFocus={LogoUploadPopover.preload}
        aria-label={t('nav.changeLogo', { name: user.businessName })}
        aria-haspopup="dialog"
        data-testid="nav-logo"
      >
        <LogoContent user={user} />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <LogoUploadPopover anchorEl={anchor} userId={user._id} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
