import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import type { TUser } from '@bizdesk/contract';
import { useSignOut } from './useSignOut.ts';
import { initials } from '../../shared/format/names.ts';

/** Spec 01 §2: Home, Profile, Settings, Logout, under a header with the display name and e-mail. */
export const AccountMenu = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const signOut = useSignOut();
  const close = () => setAnchor(null);
  const items = [
    { key: 'home', to: '/', Icon: HomeIcon },
    { key: 'profile', to: '/profile', Icon: PersonIcon },
    { key: 'settings', to: '/user', Icon: SettingsIcon },
  ] as const;
  return (
    <>
      {/* The name begins with the initials it shows (WCAG 2.5.3 label in name); the uploaded picture replaces them. */}
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
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
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle2" noWrap>
            {user.userName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />
        {items.map(({ key, to, Icon }) => (
          <MenuItem key={key} component={RouterLink} to={to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {t(`account.${key}`)}
          </MenuItem>
        ))}
        <Divider sx={{ borderStyle: 'dashed' }} />
        <MenuItem
          onClick={() => {
            close();
            signOut();
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('account.logout')}
        </MenuItem>
      </Menu>
    </>
  );
};
