import { z } from 'zod';

export const MODULE_ROLES = [
  'HR-access',
  'Procurement-access',
  'Accounts-access',
  'Inventory-access',
  'Approvals-access',
  'Projects-access',
  'Management-access',
  'Tracker-access',
] as const;
export const ROLES = ['owner', 'Settings-access', ...MODULE_ROLES] as const;
export const ZRole = z.enum(ROLES, { message: `must be one of: ${ROLES.join(', ')}` });
export type TRole = z.infer<typeof ZRole>;
/** Roles a staff user can be given; `owner` belongs to the person who registered the business. */
export const ZStaffRole = z.enum(ROLES.filter((r) => r !== 'owner') as [string, ...string[]], {
  message: `must be one of: ${ROLES.filter((r) => r !== 'owner').join(', ')}`,
});
/** The spec allows roles as a list or a single value treated as a list. */
export const ZStaffRoles = z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(ZStaffRole).max(20));
