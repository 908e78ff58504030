export * from './common.ts';
export * from './roles.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './notifications.ts';
export * from './api-paths.ts';
