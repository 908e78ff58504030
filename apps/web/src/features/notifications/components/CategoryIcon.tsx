import {
  AccountBalanceIcon,
  AlarmIcon,
  CampaignIcon,
  Inventory2Icon,
  GroupsIcon,
  MailIcon,
  ShoppingCartIcon,
  TaskAltIcon,
  type TLightIcon,
} from '../../../shared/ui/icons/startIcons.ts';

/** Spec 01 §3: the categories with their own icon; any other category has none. */
const ICONS: Readonly<Record<string, { Icon: TLightIcon; color: string; background: string }>> = {
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
  return <Icon fontSize="small" style={{ color }} data-category-icon={category} />;
};
