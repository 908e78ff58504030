import { ROLES } from '@bizdesk/contract';

/** The roles an owner can give a staff user (everything but `owner`). */
export const STAFF_ROLES = ROLES.filter((role) => role !== 'owner');
