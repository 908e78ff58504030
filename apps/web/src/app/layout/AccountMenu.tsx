import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@bizdesk/contract';
import { initials } from '../../shared/format/names.ts';
import { lazyPart } from '../../shared/ui/lazyPart.ts';
import { BarButton } from '../../shared/ui/BarButton.tsx';

/** The menu loads on the first opening (or when the pointer or focus reaches the avatar): not on the first screen. */
const AccountMenuList = lazyPart(() => import('./AccountMenuList.tsx').then((m) => m.AccountMenuList));

/**
 * The signed-in person's initials. `imagePath` is the business's logo (spec 01 §6, shown by NavLogo), not the
 * person's picture: drawn here it gave every user the logo as their avatar (issue 30).
 */
const AccountAvatar = ({ user }: { user: TUser }) => (
  <span className="bd-avatar" data-testid="account-avatar">
    {initials(user.userName)}
  </span>
);

/** Spec 01 §2: Home, Profile, Settings, Logout, under a header with the display name and e-mail. */
export const AccountMenu = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted so it can play its closing transition.
  const [opened, setOpened] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      {/* The name begins with the initials it shows (WCAG 2.5.3 label in name). */}
      <BarButton
        look="avatar"
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={AccountMenuList.preload}
        onFocus={AccountMenuList.preload}
        aria-label={`${initials(user.userName)}, ${t('account.open')}`}
        aria-haspopup="menu"
        data-testid="account-button"
      >
        <AccountAvatar user={user} />
      </BarButton>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenuList user={user} anchor={anchor} close={close} />
        </Suspense>
      ) : null}
    </>
  );
};
