import { applyRate, computeOffCyclePay, computeRegularMonth, divideHalfUp, monthlyPayOf, PayrollInputError, type PayBreakdown, type PayLine } from '@bizdesk/payroll';
import { runTitle, type TRunKind } from '@bizdesk/contract';
import type { TComputeRow, TLineInsert, TRunRow } from './payroll.repo.ts';
import { employerColumns, fullName, toPayInput } from './pay-input.ts';

// Off-cycle runs' lines (issue 32 item 3): a bonus, a 13th month or a correction, computed by the engine's one-off rules
// (packages/payroll off-cycle.ts) and stored as run lines like a regular month's, so approval, payslips, the bank file,
// year to date and the statutory schedules read them the same way.

export const OFF_CYCLE_JOB = 'payroll-off-cycle-run';

/** The approvals inbox title: unchanged for the regular run, named for an off-cycle one. */
export const runRequestTitle = (run: Pick<TRunRow, 'month' | 'kind' | 'label'>) =>
  run.kind === 'regular' ? `the ${run.month} payroll run` : `the ${runTitle(run)} payroll run`;

/** How notifications name a run: the month for the regular run ("2026-12"), the title for an off-cycle one. */
export const runName = (run: Pick<TRunRow, 'month' | 'kind' | 'label'>) => (run.kind === 'regular' ? run.month : runTitle(run));

/** The run's kind, label and title as the screens show them. */
export const runView = (run: Pick<TRunRow, 'month' | 'kind' | 'label'>) => ({ kind: run.kind as TRunKind, label: run.label, title: runTitle(run) });

/** What the run pays one employee, as entered. */
export type TOffCycleItemRow = { employee_id: string; name: string; amount: string | null; percent_bp: number | null; position: number };

/** Months of the run's year the employee works from their start (a joiner's share of a 13th month), 0-12. */
export const monthsWorkedInYear = (startDate: string | null, month: string) => {
  const year = Number(month.slice(0, 4));
  if (!startDate) return 12;
  const startYear = Number(startDate.slice(0, 4));
  if (startYear < year) return 12;
  if (startYear > year) return 0;
  return 12 - Number(startDate.slice(5, 7)) + 1;
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'line';

type TOffCycleRun = Pick<TRunRow, 'month' | 'kind' | 'label' | 'off_cycle_base'>;

/**
 * One employee's off-cycle line, or the reason it cannot be computed (named for the person). The line's columns: no
 * salary (gross 0), the one-off in `allowance` (so gross pay and the register count it), all its tax, the employer's
 * NSITF/ITF on it, net = amount − tax. The breakdown carries the lines the payslip prints (`periodEarnings`) and the
 * one-off's statutory figures; nothing of the regular month is repeated.
 */
export const computeOffCycleLine = (country: string, run: TOffCycleRun, row: TComputeRow & { start_date: string | null },
  items: TOffCycleItemRow[], bonusEarlierInYearMinor: number): { line: TLineInsert } | { error: string } => {
  const label = `${row.employee_number} ${fullName(row)}`;
  if (row.deleted) return { error: `${label}: was deleted; take them off the run` };
  if (row.gross_income === null || Number(row.gross_income) <= 0) return { error: `${label}: has no gross income; set it under pay settings` };
  try {
    const regular = toPayInput(country, run.month, row);
    const month = computeRegularMonth(regular);
    const earnings: PayLine[] = [];
    for (const item of items) {
      let amount: number;
      if (item.amount !== null) amount = Number(item.amount);
      else if (item.percent_bp !== null) amount = applyRate(monthlyPayOf(month, 'gross'), item.percent_bp);
      else {
        // A 13th month's default: one month's basic (or gross), the joiner's share of the year.
        const full = monthlyPayOf(month, run.off_cycle_base === 'gross' ? 'gross' : 'basic');
        amount = divideHalfUp(full * monthsWorkedInYear(row.start_date, run.month), 12);
      }
      const code = run.kind === 'correction' ? `correction:${slug(item.name)}` : run.kind;
      earnings.push({ code, legalName: item.name, amount });
    }
    const total = earnings.reduce((s, e) => s + e.amount, 0);
    if (total < 0) return { error: `${label}: the corrections add up to less than 0; recover an overpayment as an IOU on the regular run` };
    if (total === 0) return { error: `${label}: has nothing to pay on this run; take them off it` };
    const r = computeOffCyclePay({ regular, amountMinor: total, treatment: run.kind === 'correction' ? 'earning' : 'bonus', bonusEarlierInYearMinor });
    const breakdown: PayBreakdown & { periodEarnings: PayLine[]; offCycle: { kind: string; label: string | null } } = {
      ...r.regular,
      split: [], deductions: [], reliefs: [], bands: [], employerContributions: [], periodDeductions: [],
      oneOff: { allowance: 0, overtime: 0, tax: r.taxMinor },
      periodEarnings: earnings,
      statutory: r.statutory,
      offCycle: { kind: run.kind, label: run.label },
    };
    return {
      line: {
        employee_id: row.employee_id, employee_number: row.employee_number, name: fullName(row), email: row.email, department: row.department,
        bank_name: row.bank_name, bank_code: row.bank_code, account_number: row.account_number, account_name: row.account_name,
        pension_fund_administrator: row.pension_fund_administrator, state_of_residence: row.state_of_residence,
        gross: 0, tax: r.taxMinor, pension: 0, other_deductions: 0, allowance: total, overtime: 0, loan_repayment: 0, iou: 0,
        // The pay is the allowance column (gross pay = gross + earnings + allowance + overtime): the named lines in
        // breakdown.periodEarnings are how it splits, so the recurring-earnings column stays 0.
        earnings: 0, period_deductions: 0,
        employer_cost: r.statutory.employerTotal, ...employerColumns(r.statutory, r.statutory.employerTotal), net: r.netMinor,
        result: { outputs: { oneOffPay: total, oneOffTax: r.taxMinor, totalMonthlySalary: r.netMinor }, breakdown, loans: [] },
      },
    };
  } catch (err) {
    if (err instanceof PayrollInputError) return { error: `${label}: ${err.field} ${err.reason}` };
    throw err;
  }
};
