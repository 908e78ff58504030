import type { TAnnualReturnKind, TAnnualReturns, TRemittanceKind, TSchedule, TTaxFiling } from '@bizdesk/contract';
import type { TDeps } from '../../../platform/deps.ts';
import type { TUserAuth } from '../../../platform/auth/guard.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import * as repo from './statutory.repo.ts';
import { buildGhAnnual, buildH1, buildItfSchedule, buildMonthSchedules, buildTaxCards, mergeSchedules } from './schedules.ts';
import { csvFile, pdfFile, xlsxFile, type TFile } from './render.ts';

const KIND_NAMES: Record<TRemittanceKind, string> = {
  'ng-paye': 'PAYE', 'ng-pension': 'Pension', 'ng-nhf': 'NHF', 'ng-nsitf': 'NSITF', 'ng-itf': 'ITF',
  'gh-paye': 'GRA PAYE', 'gh-ssnit-tier1': 'SSNIT tier 1', 'gh-ssnit-tier2': 'SSNIT tier 2',
};

/**
 * Every schedule of a month from its approved (or paid) run, plus ITF for the month's year when the business is
 * ITF-liable. No approved run → no schedules (a draft's figures could still change).
 */
export const buildMonth = async (db: DbOrTx, businessId: string, month: string, country?: string) => {
  const stored = await repo.getBusinessIds(db, businessId);
  const biz = { ...stored, country: country ?? stored.country };
  const run = await repo.getApprovedRun(db, businessId, month);
  if (!run) return { biz, run, schedules: [] as TSchedule[] };
  const schedules = buildMonthSchedules(biz, month, await repo.findRunScheduleLines(db, businessId, run.ids));
  if (biz.country !== 'GH' && biz.is_itf_liable === true) schedules.push(await buildYearItf(db, businessId, biz, Number(month.slice(0, 4))));
  return { biz, run, schedules };
};

const buildYearItf = async (db: DbOrTx, businessId: string, biz: repo.TBusinessIds, year: number) =>
  buildItfSchedule(biz, year, await repo.findYearScheduleLines(db, businessId, year));

/** ITF of a year (period YYYY) for what is due: only when the business is ITF-liable and the year has approved runs. */
export const buildItfOfYear = async (db: DbOrTx, businessId: string, year: number) => {
  const biz = await repo.getBusinessIds(db, businessId);
  if (biz.is_itf_liable !== true) return undefined;
  const lines = await repo.findYearScheduleLines(db, businessId, year);
  return lines.length ? buildItfSchedule(biz, year, lines) : undefined;
};

export const createStatutoryService = (deps: TDeps) => {
  const { db } = deps;

  const annual = async (auth: TUserAuth, year: number) => {
    const biz = await repo.getBusinessIds(db, auth.businessId);
    const lines = await repo.findYearScheduleLines(db, auth.businessId, year);
    const months = [...new Set(lines.map((l) => l.month))].sort();
    if (!lines.length) return { biz, months, returns: [] as TSchedule[] };
    const returns = biz.country === 'GH' ? [buildGhAnnual(biz, year, lines)] : [...buildH1(biz, year, lines), ...buildTaxCards(biz, year, lines)];
    return { biz, months, returns };
  };

  return {
    /** The month's schedules (every authority), what each is owed, and the rows missing an identifier. */
    taxFiling: async (auth: TUserAuth, month: string): Promise<TTaxFiling> => {
      const { biz, schedules } = await buildMonth(db, auth.businessId, month, auth.country);
      const run = await repo.getRunStatus(db, auth.businessId, month);
      const isGhana = biz.country === 'GH';
      const groups = (kinds: string[], name: (s: TSchedule) => string) =>
        schedules.filter((s) => kinds.includes(s.kind)).map((s) => ({ group: name(s), employees: s.employees, amountMinor: s.amountMinor }));
      return {
        month, runStatus: run?.status ?? null, latestApprovedMonth: await repo.getLatestApprovedMonth(db, auth.businessId),
        paye: groups(['ng-paye', 'gh-paye'], (s) => (isGhana ? 'Ghana Revenue Authority' : s.payee || 'State not set')),
        pension: groups(['ng-pension', 'gh-ssnit-tier1', 'gh-ssnit-tier2'], (s) => (isGhana ? KIND_NAMES[s.kind as TRemittanceKind] : s.payee || 'PFA not set')),
        schedules, isItfLiable: isGhana ? false : biz.is_itf_liable,
      };
    },

    /**
     * One kind's schedule as CSV or XLSX (one payee, or every payee of the kind). Rows missing an identifier are
     * marked in the Missing identifiers column, not refused: the amount is due on time whether or not a TIN is on file.
     */
    taxFilingFile: async (auth: TUserAuth, month: string, query: { kind: string; payee?: string; format: 'csv' | 'xlsx' }): Promise<TFile> => {
      const isGhana = auth.country === 'GH';
      const kind = (query.kind === 'paye' ? (isGhana ? 'gh-paye' : 'ng-paye') : query.kind === 'pension' ? (isGhana ? 'gh-ssnit-tier1' : 'ng-pension') : query.kind) as TRemittanceKind;
      if (kind.startsWith('gh-') !== isGhana) throw notFound(`A ${KIND_NAMES[kind]} schedule for this business`);
      const { biz, schedules } = await buildMonth(db, auth.businessId, month, auth.country);
      if (!schedules.length) {
        const run = await repo.getRunStatus(db, auth.businessId, month);
        if (run) throw conflict(`The ${month} schedules are made from the approved run; approve the run first`).as('scheduleNeedsApproval', { month });
        throw notFound(`An approved run for ${month}`);
      }
      if (kind === 'ng-itf' && biz.is_itf_liable !== true) {
        if (biz.is_itf_liable === null) throw conflict('Say on the business profile whether the business pays ITF (5 or more staff, or a turnover of ₦50 million or more)').as('itfNotAnswered');
        throw notFound('An ITF schedule (the business is not ITF-liable)');
      }
      const ofKind = schedules.filter((s) => s.kind === kind && (query.payee === undefined || s.payee === query.payee));
      const schedule = mergeSchedules(kind, `${KIND_NAMES[kind]} schedule, ${kind === 'ng-itf' ? month.slice(0, 4) : month}`, ofKind);
      if (!schedule) throw notFound(`A ${KIND_NAMES[kind]} schedule${query.payee ? ` for ${query.payee}` : ''} in ${month}`);
      const fileName = `${kind}-schedule-${schedule.period}${query.payee ? `-${query.payee.replace(/[^A-Za-z0-9]+/g, '-')}` : ''}`;
      return query.format === 'csv' ? csvFile(schedule, fileName) : xlsxFile(query.payee === undefined && ofKind.length > 1 ? ofKind : [schedule], fileName);
    },

    /** The year's annual returns from its approved runs: Form H1 per state and tax cards (NG), the GRA reconciliation (GH). */
    annualReturns: async (auth: TUserAuth, year: number): Promise<TAnnualReturns> => {
      const { months, returns } = await annual(auth, year);
      return { year, months, returns };
    },

    annualReturnFile: async (auth: TUserAuth, year: number, query: { kind: TAnnualReturnKind; payee?: string; format: 'xlsx' | 'pdf' }): Promise<TFile> => {
      const { biz, returns } = await annual(auth, year);
      if (!returns.length) throw notFound(`An approved run in ${year}`);
      const chosen = returns.filter((r) => r.kind === query.kind && (query.payee === undefined || r.payee === query.payee));
      if (!chosen.length) throw notFound(`A ${query.kind} return${query.payee ? ` for ${query.payee}` : ''} in ${year}`);
      const name = query.kind === 'ng-h1' ? 'form-h1' : query.kind === 'ng-tax-card' ? 'tax-deduction-card' : 'gra-annual-paye';
      const who = query.kind === 'ng-tax-card' ? chosen[0].header.find(([k]) => k === 'Employee')?.[1] ?? query.payee : query.payee;
      const suffix = query.payee && who ? `-${who.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}` : '';
      const fileName = `${name}-${year}${suffix}`;
      return query.format === 'pdf' ? pdfFile(chosen, biz.currency, fileName) : xlsxFile(chosen, fileName);
    },
  };
};
export type TStatutoryService = ReturnType<typeof createStatutoryService>;
