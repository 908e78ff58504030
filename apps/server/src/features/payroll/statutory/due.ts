import type { TRemittanceKind } from '@bizdesk/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { iso } from '../payroll.repo.ts';
import * as repo from './statutory.repo.ts';

/**
 * What a business owes each authority for a period, from the approved run's stored lines (the schedules' totals).
 * `period` is YYYY-MM for the monthly kinds and YYYY for the yearly ITF. An unapproved month owes nothing yet.
 * `payee` is the State IRS (NG PAYE) or the PFA (pension), '' for single authorities; `missing` counts rows that
 * lack the identifier the authority needs (the schedule flags them).
 */
export type TStatutoryDue = {
  kind: TRemittanceKind; payee: string; period: string; amountMinor: number; employees: number; missing: number;
  runStatus: string; /** When the run was marked paid (salaries paid): pension falls due 7 working days after. */ paidAt: string | null;
};

// First version (lead, issue 31 start): PAYE by state and employee pension by PFA from the line columns.
// The schedules' author replaces the body with the full set (pension incl. employer, NHF, NSITF, ITF, GH tiers).
export const findStatutoryDue = async (db: DbOrTx, businessId: string, country: string, period: string): Promise<TStatutoryDue[]> => {
  if (!/^\d{4}-\d{2}$/.test(period)) return [];
  const run = await repo.getApprovedRun(db, businessId, period);
  if (!run) return [];
  const base = { period, runStatus: run.status, paidAt: run.paid_at ? iso(run.paid_at) : null };
  const paye = await repo.findDueGroups(db, businessId, run.id, 'paye');
  const isGhana = country === 'GH';
  const out: TStatutoryDue[] = paye.map((g) => ({ ...base, kind: isGhana ? 'gh-paye' : 'ng-paye', payee: isGhana ? '' : g.grp ?? '', amountMinor: Number(g.amount), employees: g.employees, missing: !isGhana && !g.grp ? g.employees : 0 }));
  if (!isGhana) {
    for (const g of await repo.findDueGroups(db, businessId, run.id, 'pension'))
      out.push({ ...base, kind: 'ng-pension', payee: g.grp ?? '', amountMinor: Number(g.amount), employees: g.employees, missing: g.grp ? 0 : g.employees });
  }
  return out;
};
