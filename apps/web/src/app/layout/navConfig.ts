import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import GroupsIcon from '@mui/icons-material/Groups';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import SettingsIcon from '@mui/icons-material/Settings';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import InsightsIcon from '@mui/icons-material/Insights';
import BoltIcon from '@mui/icons-material/Bolt';

export type TNavEntry = { key: string; path: string; Icon: ComponentType<SvgIconProps> };

/** Spec 01 §2: the side navigation's ten entries, in order, for everyone. */
export const NAV_ENTRIES: readonly TNavEntry[] = [
  { key: 'dashboard', path: '/', Icon: DashboardIcon },
  { key: 'humanResources', path: '/employee', Icon: GroupsIcon },
  { key: 'procurement', path: '/products', Icon: ShoppingCartIcon },
  { key: 'accounts', path: '/salary', Icon: AccountBalanceWalletIcon },
  { key: 'ims', path: '/inventory', Icon: Inventory2Icon },
  { key: 'settings', path: '/user', Icon: SettingsIcon },
  { key: 'approvals', path: '/approval', Icon: FactCheckIcon },
  { key: 'projects', path: '/projects/default', Icon: AccountTreeIcon },
  { key: 'management', path: '/management', Icon: InsightsIcon },
  { key: 'energyTracker', path: '/tracker', Icon: BoltIcon },
];
