/** The API prefix; every spec path lives under it. */
export const API_PREFIX = '/api/v1';
/** Token storage key (spec 01 §9). */
export const TOKEN_STORAGE_KEY = 'jwtToken';
export const HOME_PATH = '/home';
export const NOTIFICATION_RETENTION_DAYS = 7;
export const UNREAD_BADGE_MAX = 99;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** How the employee list sorts. Here, free of zod, so the web's list state does not load the schemas. */
export const EMPLOYEE_SORTS = ['name', 'email', 'employeeNumber', 'startDate', 'createdAt', 'department', 'designation'] as const;
export type TEmployeeSort = (typeof EMPLOYEE_SORTS)[number];
