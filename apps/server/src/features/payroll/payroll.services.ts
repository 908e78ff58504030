import type { TDeps } from '../../platform/deps.ts';
import type { TJobRunner } from '../../platform/jobs/jobs.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import { createApprovalSettingService } from './approval-setting.service.ts';
import { createLoansService } from './loans.service.ts';
import { createOutputsService } from './outputs.service.ts';
import { createPaySettingsService } from './pay-settings.service.ts';
import { createRegisterService } from './register.service.ts';
import { createPayDetailsService } from './pay-details-import.ts';
import { findStatutoryDue } from './statutory/due.ts';
import { createStatutoryService } from './statutory/statutory.service.ts';
import { createStructuresService } from './structures/structures.service.ts';
import { createRunsService, type TLabourPort, type TPayrollApprovalsPort, type TRunsHooks } from './runs.service.ts';
import { createOffCycleService } from './off-cycle.service.ts';
import type { TMonthEventsPort } from './month-events.ts';
import { createReimbursementsService } from './reimbursements.ts';
import { createPayRulesService } from './pay-rules.service.ts';

/** Payroll's services, built once; the run and mail jobs register with the runner here. */
export const createPayrollServices = (deps: TDeps, opts: { notify: TNotify; jobs: TJobRunner; approvals: TPayrollApprovalsPort; hooks?: TRunsHooks; monthEvents?: TMonthEventsPort; labour?: TLabourPort }) => {
  const reimbursements = createReimbursementsService(deps);
  const runs = createRunsService(deps, { ...opts, reimbursements });
  return {
    settings: createPaySettingsService(deps),
    loans: createLoansService(deps),
    /** Pay structures (grades) and recurring items (issue 32). */
    structures: createStructuresService(deps),
    /** How the month's events reach pay: proration basis, leave paid out at exit, unpaid absences (issue 32). */
    payRules: createPayRulesService(deps),
    runs,
    /** Approved expense claims paid back through the next regular run as non-taxable lines (issue 33). */
    reimbursements,
    /** Off-cycle runs (issue 32 item 3): bonus, 13th month, correction; approved like the regular run. */
    offCycle: createOffCycleService(deps, { jobs: opts.jobs, runs, approvals: opts.approvals }),
    outputs: createOutputsService(deps),
    /** The payroll register (CSV / XLSX) and the month-on-month variance of a run. */
    register: createRegisterService(deps),
    /** Who approves payroll (issue 32): the business's setting. */
    approvalSetting: createApprovalSettingService(deps),
    /** Pay details import (preview, valid rows) and export: the Wages screen's spreadsheet (issue 32 item 5). */
    details: createPayDetailsService(deps, { jobs: opts.jobs }),
    /** The tax-filing screen: every statutory schedule of a month and the year's annual returns, with their files. */
    filing: createStatutoryService(deps),
    /** What is owed each authority for a period (remittances, the dashboard). */
    statutory: { due: (businessId: string, country: string, period: string) => findStatutoryDue(deps.db, businessId, country, period) },
  };
};
export type TPayrollServices = ReturnType<typeof createPayrollServices>;
