/**
 * A job worker in its own process, for the crash test: it claims one `test-crash` job, opens a
 * transaction that writes its effect, says "started <id>" and hangs until the test kills it (-9).
 */
import pino from 'pino';
import { openPostgres } from '../../src/db/client.ts';
import { notifications } from '../../src/db/schema/index.ts';
import { createJobRunner } from '../../src/platform/jobs/jobs.ts';

const database = await openPostgres(process.argv[2]);
const log = pino({ level: 'silent' });
const runner = createJobRunner({ db: database.db, database, log }, { pollSeconds: 0.5, heartbeatSeconds: 0.5, leaseSeconds: 2, retryDelaySeconds: 1 });
runner.register('test-crash', async ({ job }) => {
  await database.db.transaction(async (tx) => {
    await tx.insert(notifications).values({ businessId: job.businessId, category: 'Test', actionType: 'crash-effect', message: job.id });
    process.stdout.write(`started ${job.id}\n`);
    await new Promise(() => undefined);
  });
});
await runner.start();
process.stdout.write('ready\n');
