import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
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

type TProps = { user: TUser; anchor: HTMLElement | null; close: () => void };

const items = [
  { key: 'home', to: '/', Icon: HomeIcon },
  { key: 'profile', to: '/profile', Icon: PersonIcon },
  { key: 'settings', to: '/user', Icon: SettingsIcon },
] as const;

/** The account menu itself, loaded on its first opening (AccountMenu). */
export const AccountMenuList = ({ user, anchor, close }: TProps) => {
  const { t } = useTranslation('app');
  const signOut = useSignOut();
  return (
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
  );
};
