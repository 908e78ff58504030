export * from './accounts.ts';
export * from './platform.ts';
export * from './employees.ts';
export * from './documents.ts';
export * from './jobs.ts';
export * from './imports.ts';
export * from './costs.ts';
export * from './reports.ts';
