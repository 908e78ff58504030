import { defineConfig } from 'vitest/config';

// One run covers every workspace. The API suite runs once on an embedded PostgreSQL started for the run
// and, when TEST_DATABASE_URL is set, once more on that server (users' managed servers vary in version).
const apiSuite = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name, root: 'apps/server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], env,
    globalSetup: ['test/global-setup.ts'], testTimeout: 30000, hookTimeout: 60000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'payroll', root: 'packages/payroll', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      apiSuite('server', { TEST_DB: 'embedded' }),
      ...(process.env.TEST_DATABASE_URL ? [apiSuite('server-postgres', { TEST_DB: 'postgres' })] : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
