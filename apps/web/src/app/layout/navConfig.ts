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

/** A screen inside an area; its title is t(`nav.screens.${key}`) in the `app` namespace. */
export type TNavScreen = { key: string; path: string };
export type TNavEntry = { key: string; path: string; Icon: TLightIcon; screens: readonly TNavScreen[] };

/**
 * Spec 01 §2: the side navigation's ten entries, in order, for everyone, each with the main-layout screens inside it
 * (issue 30). Parameterised paths keep their parameter; `screenPath` gives the one a user opens.
 */
export const NAV_ENTRIES: readonly TNavEntry[] = [
  { key: 'dashboard', path: '/', Icon: DashboardIcon, screens: [{ key: 'dashboard', path: '/' }] },
  {
    key: 'humanResources', path: '/employee', Icon: GroupsIcon, screens: [
      { key: 'employees', path: '/employee' }, { key: 'newEmployee', path: '/new-employee' }, { key: 'employeeSummary', path: '/employee-summary' },
      { key: 'attendance', path: '/attendance/:email' }, { key: 'leave', path: '/leave/:unit' }, { key: 'schedule', path: '/schedule' },
      { key: 'appraisals', path: '/appraisal-config' },
    ],
  },
  {
    key: 'procurement', path: '/products', Icon: ShoppingCartIcon, screens: [
      { key: 'vendors', path: '/products' }, { key: 'purchaseOrders', path: '/manage-po' }, { key: 'standingOrders', path: '/standing-po' },
      { key: 'materialRequisitions', path: '/material-requisition' }, { key: 'fleetRequisitions', path: '/fleet-requisition' },
      { key: 'procurementSummary', path: '/procurement-summary' }, { key: 'clients', path: '/manage-client' },
    ],
  },
  {
    key: 'accounts', path: '/salary', Icon: AccountBalanceWalletIcon, screens: [
      { key: 'salary', path: '/salary' }, { key: 'wages', path: '/wages' }, { key: 'paySummary', path: '/pay-summary' },
      { key: 'taxFiling', path: '/tax-filling' }, { key: 'invoices', path: '/invoices' },
    ],
  },
  { key: 'ims', path: '/inventory', Icon: Inventory2Icon, screens: [{ key: 'inventory', path: '/inventory' }, { key: 'inventoryRecords', path: '/inventory-records' }] },
  { key: 'settings', path: '/user', Icon: SettingsIcon, screens: [{ key: 'users', path: '/user' }] },
  { key: 'approvals', path: '/approval', Icon: FactCheckIcon, screens: [{ key: 'approvals', path: '/approval' }] },
  { key: 'projects', path: '/projects/default', Icon: AccountTreeIcon, screens: [{ key: 'projects', path: '/projects/default' }, { key: 'collection', path: '/collection/default' }] },
  {
    key: 'management', path: '/management', Icon: InsightsIcon, screens: [
      { key: 'management', path: '/management' }, { key: 'projectSummary', path: '/management-project-summary/default' },
    ],
  },
  { key: 'energyTracker', path: '/tracker', Icon: BoltIcon, screens: [{ key: 'energyTracker', path: '/tracker' }, { key: 'energyMovement', path: '/energy-movement' }] },
];

/** The path a screen opens for this user (parameterised routes get a default, e.g. /attendance/<owner e-mail>). */
export const screenPath = (path: string, user: { email: string; ownerEmail: string }) =>
  path
    .replace(':email', encodeURIComponent(user.ownerEmail))
    // Not a unit's id: every unit (LeavePage narrows only for an id).
    .replace(':unit', 'all');
