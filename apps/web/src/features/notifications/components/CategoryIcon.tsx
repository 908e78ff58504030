import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import GroupsIcon from '@mui/icons-material/Groups';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import MailIcon from '@mui/icons-material/Mail';
import CampaignIcon from '@mui/icons-material/Campaign';
import AlarmIcon from '@mui/icons-material/Alarm';

/** Spec 01 §3: the categories with their own icon; any other category has none. */
const ICONS: Readonly<Record<string, { Icon: ComponentType<SvgIconProps>; color: string; background: string }>> = {
  HR: { Icon: GroupsIcon, color: '#1d4ed8', background: '#dbeafe' },
  Accounts: { Icon: AccountBalanceIcon, color: '#047857', background: '#d1fae5' },
  Inventory: { Icon: Inventory2Icon, color: '#b45309', background: '#fef3c7' },
  Procurement: { Icon: ShoppingCartIcon, color: '#7c3aed', background: '#ede9fe' },
  'General actions': { Icon: TaskAltIcon, color: '#0f766e', background: '#ccfbf1' },
  'Request Messages': { Icon: MailIcon, color: '#be185d', background: '#fce7f3' },
  Announcements: { Icon: CampaignIcon, color: '#c2410c', background: '#ffedd5' },
  Reminders: { Icon: AlarmIcon, color: '#4338ca', background: '#e0e7ff' },
};

export const categoryStyle = (category: string) => ICONS[category] ?? null;

export const CategoryIcon = ({ category }: { category: string }) => {
  const style = categoryStyle(category);
  if (!style) return null;
  const { Icon, color } = style;
  return <Icon fontSize="small" sx={{ color }} data-category-icon={category} />;
};
