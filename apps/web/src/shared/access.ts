import type { TRole } from '@bizdesk/contract';

/**
 * Which role each main-layout area needs (DESIGN §3: the web sends a user without it to /notAuthorize).
 * Keyed by the first path segment; `owner` passes everything; paths not listed need only a signed-in user.
 */
export const AREA_ROLES: Readonly<Record<string, TRole>> = {
  employee: 'HR-access',
  'new-employee': 'HR-access',
  'employee-detail': 'HR-access',
  'employee-update': 'HR-access',
  'employee-summary': 'HR-access',
  'department-view': 'HR-access',
  attendance: 'HR-access',
  leave: 'HR-access',
  complaints: 'HR-access',
  schedule: 'HR-access',
  'appraisal-config': 'HR-access',
  products: 'Procurement-access',
  'manage-po': 'Procurement-access',
  'standing-po': 'Procurement-access',
  'material-requisition': 'Procurement-access',
  'procurement-summary': 'Procurement-access',
  'manage-client': 'Procurement-access',
  'fleet-requisition': 'Procurement-access',
  fleet: 'Procurement-access',
  salary: 'Accounts-access',
  wages: 'Accounts-access',
  'pay-structures': 'Accounts-access',
  'pay-summary': 'Accounts-access',
  'tax-filling': 'Accounts-access',
  remittances: 'Accounts-access',
  invoices: 'Accounts-access',
  inventory: 'Inventory-access',
  'inventory-records': 'Inventory-access',
  'inventory-transfers': 'Inventory-access',
  'inventory-counts': 'Inventory-access',
  'purchase-requests': 'Procurement-access',
  user: 'Settings-access',
  places: 'Settings-access',
  // /approval is open to every user (issue 33): a line manager decides their team's leave there whatever their roles.
  projects: 'Projects-access',
  'project-costs': 'Projects-access',
  collection: 'Projects-access',
  management: 'Management-access',
  'management-project-summary': 'Management-access',
  tracker: 'Tracker-access',
  'energy-movement': 'Tracker-access',
};

/** Areas a second role opens too. */
export const AREA_ALSO: Readonly<Record<string, readonly TRole[]>> = {
  // Procurement records invoices and reads payments (the server's rule); the dashboard's "Payments due" opens it (issue 30).
  invoices: ['Procurement-access'],
  // The stores and sites are named by the store and buying staff; Projects opens it from Project costs (issue 34).
  places: ['Inventory-access', 'Procurement-access', 'Projects-access'],
  // A truck's page (issue 34): the storekeeper sees the fleet's reminders and opens the truck from them (the server reads it to them too).
  fleet: ['Inventory-access'],
  // Project costing (issue 35): Management reads project costs as the server allows.
  'project-costs': ['Management-access'],
};

/** Spec 01 §3: roles arrive as a list or as a single value treated as a list. */
export const normalizeRoles = (roles: unknown): string[] => {
  if (Array.isArray(roles)) return roles.filter((r): r is string => typeof r === 'string');
  return typeof roles === 'string' && roles ? [roles] : [];
};

export const requiredRoleFor = (pathname: string): TRole | null => {
  const segment = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return AREA_ROLES[decodeURIComponent(segment)] ?? null;
};

export const hasRole = (roles: unknown, role: TRole | null): boolean => {
  if (!role) return true;
  const list = normalizeRoles(roles);
  return list.includes('owner') || list.includes(role);
};

export const canAccessPath = (roles: unknown, pathname: string) => {
  if (hasRole(roles, requiredRoleFor(pathname))) return true;
  const segment = decodeURIComponent(pathname.replace(/^\/+/, '').split('/')[0] ?? '');
  return (AREA_ALSO[segment] ?? []).some((role) => hasRole(roles, role));
};

/** Services that move money: who approves them is set by the owner or a user with both MONEY_RULE_ROLES (server rule). */
export const MONEY_APPROVAL_SERVICES: readonly string[] = ['payroll', 'payment'];
export const MONEY_RULE_ROLES: readonly TRole[] = ['Accounts-access', 'Approvals-access'];
/** The roles an approver of the service needs to reach every route where it is decided (the server's rule). */
export const approverRolesOf = (service: string): readonly TRole[] => (service === 'payroll' ? ['Accounts-access', 'Approvals-access'] : ['Approvals-access']);

/** Spec 01 §6: owner or Settings-access may change the business logo. */
export const canChangeLogo = (roles: unknown) => hasRole(roles, 'Settings-access');

/** Pay figures (gross, settings, runs, payslips, loans) are for the owner and Accounts-access; HR-access alone sees none. */
export const canSeePay = (roles: unknown) => hasRole(roles, 'Accounts-access');
