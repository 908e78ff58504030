import { defineConfig } from 'vitest/config';

// One run covers every workspace. The API suite runs once on PGlite and, when
// TEST_DATABASE_URL is set, once more on PostgreSQL.
const apiOnPostgres = process.env.TEST_DATABASE_URL
  ? [{ extends: true as const, test: { name: 'server-postgres', root: 'apps/server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], env: { TEST_DB: 'postgres' }, testTimeout: 30000, hookTimeout: 60000 } }]
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'payroll', root: 'packages/payroll', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'server-pglite', root: 'apps/server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], env: { TEST_DB: 'pglite' }, testTimeout: 30000, hookTimeout: 60000 } },
      ...apiOnPostgres,
      'apps/web/vitest.config.ts',
    ],
  },
});
