import type { TRemittanceKind } from '@bizdesk/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { iso } from '../payroll.repo.ts';
import { buildItfOfYear, buildMonth } from './statutory.service.ts';

/**
 * What a business owes each authority for a period, from the approved run's stored lines (the schedules' totals).
 * `period` is YYYY-MM for the monthly kinds and YYYY for the yearly ITF. An unapproved month owes nothing yet.
 * `payee` is the State IRS (NG PAYE) or the PFA (pension), '' for single authorities; `missing` counts rows that
 * lack the identifier the authority needs (the schedule flags them).
 */
export type TStatutoryDue = {
  kind: TRemittanceKind; payee: string; period: string; amountMinor: number; employees: number; missing: number;
  runStatus: string; /** When the run was marked paid (salaries paid): pension falls due 7 working days after. */ paidAt: string | null;
  /** When the run was approved: the stand-in for the pay date while the run is not marked paid. */ approvedAt: string | null;
};

/**
 * Built from the same schedule models the tax-filing screen and files render, so a remittance due always equals its
 * schedule's total: NG PAYE per state, pension per PFA (employee + employer), NHF, NSITF; GH PAYE, SSNIT tier 1 and 2;
 * ITF (NG, period YYYY, only when the business is ITF-liable).
 */
export const findStatutoryDue = async (db: DbOrTx, businessId: string, country: string, period: string): Promise<TStatutoryDue[]> => {
  if (/^\d{4}$/.test(period)) {
    if (country === 'GH') return [];
    const itf = await buildItfOfYear(db, businessId, Number(period));
    return itf ? [{ kind: 'ng-itf', payee: '', period, amountMinor: itf.amountMinor, employees: itf.employees, missing: itf.missing, runStatus: 'approved', paidAt: null, approvedAt: null }] : [];
  }
  if (!/^\d{4}-\d{2}$/.test(period)) return [];
  const { run, schedules } = await buildMonth(db, businessId, period, country);
  if (!run) return [];
  const base = { period, runStatus: run.status, paidAt: run.paid_at ? iso(run.paid_at) : null, approvedAt: run.approved_at ? iso(run.approved_at) : null };
  return schedules.filter((s) => s.kind !== 'ng-itf')
    .map((s) => ({ ...base, kind: s.kind as TRemittanceKind, payee: s.payee, amountMinor: s.amountMinor, employees: s.employees, missing: s.missing }));
};
