import type { TNotificationSubject, TRole } from '@bizdesk/contract';

/**
 * The roles that open each subject of the business's records: one mapping for the audit trail (an entry is as private
 * as its record) and for notifications (issue 29). The owner opens every subject; 'general' (notifications only) is
 * open to every user of the business.
 */
export const SUBJECT_ROLES = {
  people: ['HR-access'],
  pay: ['Accounts-access'],
  settings: ['Settings-access'],
  projects: ['Projects-access', 'Settings-access'],
  inventory: ['Inventory-access', 'Procurement-access'],
  tracker: ['Tracker-access'],
  procurement: ['Procurement-access', 'Approvals-access', 'Accounts-access'],
} as const satisfies Record<string, readonly TRole[]>;
export type TSubject = keyof typeof SUBJECT_ROLES;

/** Whether these roles open the subject. */
export const opensSubject = (roles: readonly string[], subject: TSubject | 'general') =>
  subject === 'general' || roles.includes('owner') || (SUBJECT_ROLES[subject] as readonly string[]).some((r) => roles.includes(r));

/** The notification subjects these roles read; null means all of them (the owner). */
export const readableNotificationSubjects = (roles: readonly string[]): TNotificationSubject[] | null => {
  if (roles.includes('owner')) return null;
  return (['people', 'pay', 'procurement', 'inventory', 'projects', 'settings', 'general'] as const).filter((s) => opensSubject(roles, s));
};
