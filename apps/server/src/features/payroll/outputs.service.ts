import type { TBankFileLayout, TEmployeeCost, TPaySummary, TPayslip } from '@bizdesk/contract';
import type { PayBreakdown } from '@bizdesk/payroll';
import type { TDeps } from '../../platform/deps.ts';
import { hasRole, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { createPayslipDocs } from './payslip-docs.ts';
import { bankFileRows, defaultLayout, writeBankFile } from './bank-files.ts';
import { toPayslipEmployer } from './payslip-model.ts';
import * as repo from './payroll.repo.ts';
import { iso } from './payroll.repo.ts';
import { runView } from './off-cycle-compute.ts';

type TFile = { body: Buffer; mime: string; fileName: string };

export const createOutputsService = (deps: TDeps) => {
  const { db } = deps;
  const docs = createPayslipDocs(deps);

  /** A payslip the caller may see: pay roles see any of their business; an employee only their own published one. */
  const getVisibleSlip = async (auth: TAuth, lineId: string) => {
    const slip = await repo.getSlip(db, auth.businessId, lineId);
    if (!slip) throw notFound('Payslip');
    if (auth.kind === 'portal') {
      if (slip.employee_id !== auth.employeeId || slip.published_at === null || slip.status === 'draft') throw notFound('Payslip');
    } else if (auth.kind !== 'user' || !hasRole(auth, 'Accounts-access')) throw notFound('Payslip');
    return slip;
  };

  const getRunOr404 = async (auth: TUserAuth, runId: string) => {
    const run = await repo.getRunById(db, auth.businessId, runId);
    if (!run) throw notFound('Payroll run');
    return run;
  };

  const bankRows = async (auth: TUserAuth, runId: string, q: { layout?: TBankFileLayout; debitAccount?: string }) => {
    const run = await getRunOr404(auth, runId);
    if (run.status === 'draft') throw conflict('The bank file is made from an approved run; approve the run first').as('bankFileNeedsApproval');
    const layout = q.layout ?? defaultLayout(auth.country);
    const lines = await repo.findAllLines(db, auth.businessId, runId);
    return { run, layout, file: bankFileRows(auth.country, layout, run.month, lines, q.debitAccount, run.kind) };
  };

  return {
    payslip: async (auth: TAuth, lineId: string): Promise<TPayslip> => {
      const s = await getVisibleSlip(auth, lineId);
      return {
        _id: s.id, month: s.month, currency: s.currency, status: s.status, isPublished: s.published_at !== null, publishedAt: iso(s.published_at),
        businessName: s.business_name,
        employee: { _id: s.employee_id, name: s.name, employeeNumber: s.employee_number, department: s.department, bankName: s.bank_name, accountNumber: s.account_number },
        outputs: s.result.outputs, breakdown: s.result.breakdown, netMinor: Number(s.net),
        pensionMinor: Number(s.pension), otherDeductionsMinor: Number(s.other_deductions),
        employer: toPayslipEmployer(s.result.breakdown as PayBreakdown, Number(s.employer_cost)),
        model: await docs.model(auth.businessId, s),
      };
    },

    payslipPdf: async (auth: TAuth, lineId: string): Promise<TFile> => {
      const s = await getVisibleSlip(auth, lineId);
      return { body: await docs.pdf(auth.businessId, s), mime: 'application/pdf', fileName: `payslip-${s.month}-${s.employee_number}.pdf` };
    },

    /** An employee's payslips: in the portal their own published ones; pay roles see every approved one. */
    employeeSlips: async (auth: TAuth, employeeId: string) => {
      if (auth.kind === 'portal' ? auth.employeeId !== employeeId : auth.kind !== 'user' || !hasRole(auth, 'Accounts-access')) throw notFound('Employee');
      if (auth.kind === 'user' && !(await repo.getEmployeeSettings(db, auth.businessId, employeeId))) throw notFound('Employee');
      return (await repo.findEmployeeSlips(db, auth.businessId, employeeId, auth.kind === 'user'))
        .map((r) => ({ _id: r.id, month: r.month, currency: r.currency, netMinor: Number(r.net), isPublished: r.published_at !== null, publishedAt: iso(r.published_at), ...runView(r) }));
    },

    /**
     * The bank payment file in a bank's or NIBSS's/GhIPSS's layout (default: the country's clearing house); lines that
     * cannot be paid are left out and returned in `refused`, never written with a blank account. Approved runs only.
     */
    bankFile: async (auth: TUserAuth, runId: string, q: { format: 'csv' | 'xlsx'; layout?: TBankFileLayout; debitAccount?: string }) => {
      const { run, layout, file } = await bankRows(auth, runId, q);
      return { ...(await writeBankFile(q.format, layout, run.month, file.header, file.rows, run.kind)), refused: file.refused };
    },

    /** What the bank file will hold: payable rows, their total, and the refused lines with the reason (the download menu warns with it). */
    bankFileCheck: async (auth: TUserAuth, runId: string, q: { layout?: TBankFileLayout }) => {
      const { layout, file } = await bankRows(auth, runId, q);
      return { layout, payable: file.rows.length, totalMinor: file.totalMinor, refused: file.refused };
    },

    /**
     * The year by month (with employer contributions and the cost to the employer) and the cost by department for
     * `month` (default: the year's latest computed run).
     */
    summary: async (auth: TUserAuth, year: number, month?: string): Promise<TPaySummary> => {
      const months = (await repo.findYearTotals(db, auth.businessId, year)).map((m) => ({
        month: m.month, status: m.status, employees: m.employees, grossMinor: Number(m.gross), taxMinor: Number(m.tax), pensionMinor: Number(m.pension), netMinor: Number(m.net),
        grossPayMinor: Number(m.gross_pay), employerMinor: Number(m.employer), employerCostMinor: Number(m.gross_pay) + Number(m.employer),
      }));
      const run = month ? await repo.getRunByMonth(db, auth.businessId, month) : await repo.findLatestRun(db, auth.businessId, year);
      const departments = run ? (await repo.findDepartmentCosts(db, auth.businessId, run.id)).map((d) => ({ department: d.department ?? 'No department', employees: d.employees, costMinor: Number(d.cost) })) : [];
      return { year, months, costMonth: run?.month ?? month ?? null, departments };
    },

    /** Each employee's cost to the employer in the month's run (gross pay + employer contributions), by name, a page at a time. */
    employeeCosts: async (auth: TUserAuth, q: { month: string; page: number; limit: number }): Promise<{ rows: TEmployeeCost[]; totalRecords: number }> => {
      const run = await repo.getRunByMonth(db, auth.businessId, q.month);
      if (!run) return { rows: [], totalRecords: 0 };
      const { rows, totalRecords } = await repo.findEmployeeCosts(db, auth.businessId, run.id, { limit: q.limit, offset: (q.page - 1) * q.limit });
      return {
        rows: rows.map((r) => ({
          _id: r.id, employeeId: r.employee_id, employeeNumber: r.employee_number, name: r.name, department: r.department,
          grossPayMinor: Number(r.gross_pay), employerMinor: Number(r.employer), employerCostMinor: Number(r.gross_pay) + Number(r.employer),
        })),
        totalRecords,
      };
    },
  };
};
export type TOutputsService = ReturnType<typeof createOutputsService>;
