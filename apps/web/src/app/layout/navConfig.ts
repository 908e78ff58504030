import { matchPath } from 'react-router';
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

/** One screen of an area; its title is `nav.screens.<key>` (app namespace). `path` may hold parameters (see screenPath). */
export type TNavScreen = { key: string; path: string };
export type TNavEntry = { key: string; path: string; Icon: TLightIcon; screens: readonly TNavScreen[] };

/**
 * Spec 01 §2: the side navigation's ten entries, in order, for everyone; issue 30: each lists the screens of its area
 * (the first is the entry's own path), so every main-layout screen is the entry and then one more click away.
 * Not listed, and reached from a listed screen: one employee (/employee-detail, /employee-update/{id}) and a
 * department (/department-view/{unit}/{dept}) from the employee list; one project's stock (/inventory/{email}/{tag})
 * from the inventory list.
 */
export const NAV_ENTRIES: readonly TNavEntry[] = [
  { key: 'dashboard', path: '/', Icon: DashboardIcon, screens: [{ key: 'overview', path: '/' }, { key: 'blog', path: '/blog' }] },
  {
    key: 'humanResources',
    path: '/employee',
    Icon: GroupsIcon,
    screens: [
      { key: 'employees', path: '/employee' },
      { key: 'newEmployee', path: '/new-employee' },
      { key: 'employeeSummary', path: '/employee-summary' },
      { key: 'attendance', path: '/attendance/:email' },
      { key: 'leave', path: '/leave/:unit' },
      { key: 'complaints', path: '/complaints' },
      { key: 'schedule', path: '/schedule' },
      { key: 'appraisals', path: '/appraisal-config' },
      { key: 'expenses', path: '/expenses' },
    ],
  },
  {
    key: 'procurement',
    path: '/products',
    Icon: ShoppingCartIcon,
    screens: [
      { key: 'products', path: '/products' },
      { key: 'purchaseOrders', path: '/manage-po' },
      { key: 'standingOrders', path: '/standing-po' },
      { key: 'materialRequisitions', path: '/material-requisition' },
      { key: 'purchaseRequests', path: '/purchase-requests' },
      { key: 'fleetRequisitions', path: '/fleet-requisition' },
      { key: 'clients', path: '/manage-client' },
      { key: 'procurementSummary', path: '/procurement-summary' },
    ],
  },
  {
    key: 'accounts',
    path: '/salary',
    Icon: AccountBalanceWalletIcon,
    screens: [
      { key: 'salary', path: '/salary' },
      { key: 'wages', path: '/wages' },
      { key: 'payStructures', path: '/pay-structures' },
      { key: 'paySummary', path: '/pay-summary' },
      { key: 'taxFiling', path: '/tax-filling' },
      { key: 'remittances', path: '/remittances' },
      { key: 'invoices', path: '/invoices' },
    ],
  },
  {
    key: 'ims',
    path: '/inventory',
    Icon: Inventory2Icon,
    screens: [
      { key: 'inventory', path: '/inventory' },
      { key: 'inventoryRecords', path: '/inventory-records' },
      { key: 'transfers', path: '/inventory-transfers' },
      { key: 'stockCounts', path: '/inventory-counts' },
    ],
  },
  {
    key: 'settings',
    path: '/user',
    Icon: SettingsIcon,
    screens: [
      { key: 'users', path: '/user' },
      { key: 'places', path: '/places' },
      { key: 'profile', path: '/profile' },
    ],
  },
  { key: 'approvals', path: '/approval', Icon: FactCheckIcon, screens: [{ key: 'approvalInbox', path: '/approval' }] },
  {
    key: 'projects',
    path: '/projects/default',
    Icon: AccountTreeIcon,
    screens: [
      { key: 'projectCosts', path: '/projects/:dept' },
      { key: 'projectCosting', path: '/project-costs' },
      { key: 'collectionPoints', path: '/collection/:dept' },
    ],
  },
  {
    key: 'management',
    path: '/management',
    Icon: InsightsIcon,
    screens: [
      { key: 'managementOverview', path: '/management' },
      { key: 'projectSummary', path: '/management-project-summary/:dept' },
    ],
  },
  {
    key: 'energyTracker',
    path: '/tracker',
    Icon: BoltIcon,
    screens: [
      { key: 'energyUse', path: '/tracker' },
      { key: 'energyMovement', path: '/energy-movement' },
    ],
  },
];

/** First path segments of screens reached from a listed one, by area: being there keeps the area open. */
const REACHED_FROM: Readonly<Record<string, readonly string[]>> = {
  humanResources: ['employee-detail', 'employee-update', 'department-view'],
};

/** The default of each path parameter: the business's register (its owner's e-mail), every unit, the default project. */
const paramDefault = (name: string, user: { email: string; ownerEmail: string }): string => {
  if (name === 'email') return encodeURIComponent(user.ownerEmail || user.email);
  if (name === 'unit') return 'all';
  return 'default';
};

/** The path a screen opens for this user (parameterised routes get a default, e.g. /attendance/<owner e-mail>). */
export const screenPath = (path: string, user: { email: string; ownerEmail: string }): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => paramDefault(name, user));

/** Whether `pathname` is this screen (any value of its parameters). */
export const isScreenAt = (screen: TNavScreen, pathname: string): boolean => matchPath({ path: screen.path, end: true }, pathname) !== null;

const firstSegment = (path: string) => decodeURIComponent(path.replace(/^\/+/, '').split('/')[0] ?? '');

/** The entry whose area `pathname` belongs to (one of its screens, or a screen reached from one), or null. */
export const areaOf = (pathname: string): TNavEntry | null => {
  const segment = firstSegment(pathname);
  return (
    NAV_ENTRIES.find(
      (entry) => entry.screens.some((screen) => firstSegment(screen.path) === segment) || (REACHED_FROM[entry.key] ?? []).includes(segment),
    ) ?? null
  );
};
