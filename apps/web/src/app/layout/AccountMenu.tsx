import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { TUser } from '@bizdesk/contract';
import { initials } from '../../shared/format/names.ts';
import { lazyPart } from '../../shared/ui/lazyPart.ts';

/** The menu loads on the first opening (or when the pointer or focus reaches the avatar): not on the first screen. */
const AccountMenuList = lazyPart(() => import('./AccountMenuList.tsx').then((m) => m.AccountMenuList));

/** Spec 01 §2: Home, Profile, Settings, Logout, under a header with the display name and e-mail. */
export const AccountMenu = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted so it can play its closing transition.
  const [opened, setOpened] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      {/* The name begins with the initials it shows (WCAG 2.5.3 label in name); the uploaded picture replaces them. */}
      <IconButton
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={AccountMenuList.preload}
        onFocus={AccountMenuList.preload}
        aria-label={user.imagePath ? t('account.open') : `${initials(user.userName)}, ${t('account.open')}`}
        aria-haspopup="menu"
        data-testid="account-button"
        sx={{ p: 0.25 }}
      >
        <Avatar
          src={user.imagePath ?? undefined}
          alt=""
          data-testid="account-avatar"
          sx={{ width: 38, height: 38, bgcolor: 'primary.dark', color: '#fff', fontSize: 15, fontWeight: 700, border: '2px solid #fff', boxShadow: '0 0 0 2px rgba(29,78,216,0.25)' }}
        >
          {initials(user.userName)}
        </Avatar>
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenuList user={user} anchor={anchor} close={close} />
        </Suspense>
      ) : null}
    </>
  );
};
