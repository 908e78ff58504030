import {
  AccountBalanceWalletIcon,
  AccountTreeIcon,
  BoltIcon,
  FactCheckIcon,
  GroupsIcon,
  InsightsIcon,
  Inventory2Icon,
  SettingsIcon,
  ShoppingCartIcon,
  SpaceDashboardIcon as DashboardIcon,
  type TLightIcon,
} from '../../shared/ui/icons/startIcons.ts';

export type TNavEntry = { key: string; path: string; Icon: TLightIcon };

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
