/**
 * A payroll worker in its own process, for the kill test: it runs the real run job, but after the
 * first batch of lines is written (inside the storing transaction) it says "stored <n>" and hangs
 * until the test kills it (-9), so the kill lands in the middle of the run.
 */
import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/client.ts';
import { createDeps } from '../../src/platform/deps-factory.ts';
import { createJobRunner } from '../../src/platform/jobs/jobs.ts';
import { createNotificationsService } from '../../src/features/notifications/notifications.service.ts';
import { createApprovalsService } from '../../src/features/approvals/approvals.service.ts';
import { createPayrollServices } from '../../src/features/payroll/payroll.services.ts';

const database = await openPostgres(process.argv[2]);
const log = pino({ level: 'silent' });
const deps = await createDeps(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' }), database, log);
const jobs = createJobRunner(deps, { pollSeconds: 0.5, heartbeatSeconds: 0.5, leaseSeconds: 2, retryDelaySeconds: 1 });
createPayrollServices(deps, {
  jobs, notify: createNotificationsService(deps).notify,
  approvals: createApprovalsService(deps, { notify: createNotificationsService(deps).notify }),
  hooks: {
    onStoredBatch: async (stored) => {
      process.stdout.write(`stored ${stored}\n`);
      await new Promise(() => undefined);
    },
  },
});
await jobs.start();
process.stdout.write('ready\n');
