import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_BACKUP_CRON } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { TJobRunner, TScheduleHandler } from './jobs.ts';
import { pruneRateLimits } from '../http/rate-limit.ts';
import { deleteOrphanedRows } from '../imports/staging.repo.ts';

/**
 * Every scheduled task of the product, by name, with when it runs (cron, UTC unless a feature gives
 * a time zone). One place to see what runs when. Features register their own task with
 * `jobs.schedule(SCHEDULES.x.name, SCHEDULES.x.cron, handler)` from their service, like
 * `jobs.register` for job kinds; the entries below without a registration here are theirs.
 */
export const SCHEDULES = {
  notificationRetention: { name: 'notification-retention', cron: '17 2 * * *' },
  rateLimitPruning: { name: 'rate-limit-pruning', cron: '*/15 * * * *' },
  /** Staged rows of imports that were given up (a finished import clears its own). */
  importStagingCleanup: { name: 'import-staging-cleanup', cron: '41 * * * *' },
  /** The staff list's live counts folded into one row per business (employees feature). */
  employeeCountFold: { name: 'employee-count-fold', cron: '* * * * *' },
  /** Complaints past their due date (complaints feature). */
  overdueComplaints: { name: 'overdue-complaints', cron: '5 * * * *' },
  /** Complaint assignees reminded before the due date (complaints feature, issue 33). */
  complaintReminders: { name: 'complaint-reminders', cron: '35 * * * *' },
  /** HR reminders (probation, contract, documents, birthdays, anniversaries) announced once each (reminders feature, issue 33). */
  hrReminders: { name: 'hr-reminders', cron: '20 5 * * *' },
  /** The weekly HR reminders digest e-mail, Mondays (reminders feature; one per business per ISO week). */
  hrReminderDigest: { name: 'hr-reminder-digest', cron: '40 5 * * 1' },
  /** Monthly leave accrual, on the 1st (leave feature). */
  leaveAccrual: { name: 'leave-accrual', cron: '30 0 1 * *' },
  /** Registrations never confirmed, past the grace period and the reminder days (auth feature, issue 29). */
  unconfirmedPurge: { name: 'unconfirmed-purge', cron: '23 * * * *' },
  /** Items at or below their reorder level (inventory feature). */
  reorderChecks: { name: 'reorder-checks', cron: '0 6 * * *' },
  /** Remittances due in a few days or overdue today, to Accounts-access (remittances feature; 05:10 UTC is 06:10 in Lagos). */
  remittanceReminders: { name: 'remittance-reminders', cron: '10 5 * * *' },
  /** Business archives past their days, deleted from storage (business feature, issue 36 item 4). */
  businessExportCleanup: { name: 'business-export-cleanup', cron: '47 * * * *' },
  /** The database and uploads archived (platform/backup); the time is the BACKUP_SCHEDULE setting, this its default. */
  backup: { name: 'backup', cron: DEFAULT_BACKUP_CRON },
} as const;
export type TScheduleName = (typeof SCHEDULES)[keyof typeof SCHEDULES]['name'];

/** Registers a catalogued task; the name and time come from SCHEDULES so they cannot drift apart. */
export const registerSchedule = (jobs: TJobRunner, key: keyof typeof SCHEDULES, handler: TScheduleHandler, opts: { tz?: string } = {}) =>
  jobs.schedule(SCHEDULES[key].name, SCHEDULES[key].cron, handler, opts);

/**
 * The platform's own housekeeping: rate-limit pruning and abandoned import staging. Each task calls the
 * module that owns the table; feature tasks (notification retention) are registered by buildServices.
 */
export const registerPlatformSchedules = (jobs: TJobRunner, deps: { db: Db; log: FastifyBaseLogger }) => {
  registerSchedule(jobs, 'rateLimitPruning', async () => {
    const deleted = await pruneRateLimits(deps.db);
    deps.log.debug({ deleted }, 'ended rate-limit counters deleted');
  });
  registerSchedule(jobs, 'importStagingCleanup', async () => {
    const deleted = await deleteOrphanedRows(deps.db);
    if (deleted > 0) deps.log.info({ deleted }, 'staged rows of abandoned imports deleted');
  });
};
