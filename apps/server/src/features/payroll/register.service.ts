import type { TVariance, TVarianceQuery } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { buildRegister, buildVariance } from './register-model.ts';
import * as repo from './register.repo.ts';
import { csvFile, xlsxFile, type TFile } from './statutory/render.ts';

/** The payroll register of a run (CSV / XLSX) and its month-on-month variance (issue 32 item 7). Read-only. */
export const createRegisterService = (deps: TDeps) => {
  const { db } = deps;

  const getRunOr404 = async (auth: TUserAuth, runId: string) => {
    const run = await repo.getRunRef(db, auth.businessId, runId);
    if (!run) throw notFound('Payroll run');
    return run;
  };

  return {
    /**
     * One row per employee with every figure of their stored line, numbers as numbers, and a totals row. A draft run
     * has a register too (to check before approving); its title rows say it is not approved.
     */
    registerFile: async (auth: TUserAuth, runId: string, format: 'csv' | 'xlsx'): Promise<TFile> => {
      const run = await getRunOr404(auth, runId);
      const lines = await repo.findRegisterLines(db, auth.businessId, runId);
      if (lines.length === 0) throw conflict('The register is made from a computed run; compute the run first').as('registerNeedsLines');
      const register = buildRegister({ month: run.month, status: run.status, currency: run.currency, businessName: run.business_name, country: run.country }, lines);
      const name = `payroll-register-${run.month}`;
      return format === 'csv' ? csvFile(register, name) : xlsxFile([register], name);
    },

    /** The run compared with the latest earlier run that has lines, per figure and per employee with the reasons. */
    variance: async (auth: TUserAuth, runId: string, q: TVarianceQuery): Promise<TVariance> => {
      const run = await getRunOr404(auth, runId);
      const previous = await repo.findPreviousRun(db, auth.businessId, run.month);
      const [current, before] = await Promise.all([
        repo.findRegisterLines(db, auth.businessId, run.id),
        previous ? repo.findRegisterLines(db, auth.businessId, previous.id) : Promise.resolve([]),
      ]);
      const wasOn = new Set(before.map((l) => l.employee_id));
      const onBoth = current.filter((l) => wasOn.has(l.employee_id)).map((l) => l.employee_id);
      const revisedEmployeeIds = previous
        ? await repo.findRevisedEmployeeIds(db, auth.businessId, { employeeIds: onBoth, from: previous.computed_at, to: run.computed_at, afterMonth: previous.month, month: run.month })
        : new Set<string>();
      const v = buildVariance(run.country, current, before, { revisedEmployeeIds });
      const offset = (q.page - 1) * q.limit;
      return {
        currency: run.currency,
        run: { runId: run.id, month: run.month, status: run.status },
        previous: previous ? { runId: previous.id, month: previous.month, status: previous.status } : null,
        totals: v.totals,
        counts: v.counts,
        employees: { rows: v.employees.slice(offset, offset + q.limit), page: q.page, limit: q.limit, totalRecords: v.employees.length },
      };
    },
  };
};
export type TRegisterService = ReturnType<typeof createRegisterService>;
