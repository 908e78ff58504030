import { OFF_CYCLE_MSG, RUN_KIND_NAMES, runTitle, type TCreateOffCycleRun, type TOffCycleItem, type TOffCycleRunDetail } from '@bizdesk/contract';
import { parseMajor } from '@bizdesk/payroll';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { JobFailure, type TJobRunner } from '../../platform/jobs/jobs.ts';
import type { TPayrollApprovalsPort, TRunsService } from './runs.service.ts';
import { computeOffCycleLine, OFF_CYCLE_JOB } from './off-cycle-compute.ts';
import * as repo from './payroll.repo.ts';
import * as offRepo from './off-cycle.repo.ts';

const STORE_BATCH = 500;
const MAX_ERRORS_SHOWN = 50;

/** "25000.50" / "-1500" → minor units (signed). */
const toMinor = (text: string) => (text.trim().startsWith('-') ? -parseMajor(text.trim().slice(1), 'amount') : parseMajor(text, 'amount'));
const toBp = (percent: number) => Math.round(percent * 100);

/**
 * Off-cycle payroll runs (issue 32 item 3): a bonus, a 13th month or a correction, in a run of its own beside the
 * month's regular run. Created with what each employee is paid; computed by its own job (the engine's one-off rules);
 * approved, paid, published and banked through the regular run's routes (runs.service), so the approval rules, the
 * inbox and the notifications are the same.
 */
export const createOffCycleService = (deps: TDeps, opts: { jobs: TJobRunner; runs: TRunsService; approvals: TPayrollApprovalsPort }) => {
  const { db } = deps;

  /** The items to store from the request: every chosen employee gets a line (their own, or the bulk value, or the 13th month's default). */
  const toItems = (input: TCreateOffCycleRun, employeeIds: string[]) => {
    const kindName = input.label?.trim() || RUN_KIND_NAMES[input.kind];
    const own = new Map<string, typeof input.items>();
    for (const i of input.items ?? []) own.set(i.employeeId.toLowerCase(), [...(own.get(i.employeeId.toLowerCase()) ?? []), i]);
    const items: offRepo.TItemInsert[] = [];
    for (const employeeId of employeeIds) {
      const mine = own.get(employeeId) ?? [];
      if (input.kind === 'correction') {
        if (!mine.length) throw badRequest(OFF_CYCLE_MSG.correctionNeedsAmount).as('offCycleCorrectionAmount');
        mine.forEach((i, position) => {
          if (i.amount === undefined || i.percent !== undefined) throw badRequest(OFF_CYCLE_MSG.correctionNeedsAmount).as('offCycleCorrectionAmount');
          items.push({ employeeId, name: i.name ?? kindName, amount: toMinor(i.amount), percentBp: null, position });
        });
        continue;
      }
      const mineOne = mine[0];
      const amount = mineOne?.amount ?? (mineOne?.percent === undefined ? input.bulk?.amount : undefined);
      const percent = mineOne?.percent ?? (mineOne?.amount === undefined ? input.bulk?.percent : undefined);
      if (percent !== undefined && input.kind !== 'bonus') throw badRequest(OFF_CYCLE_MSG.percentOnlyForBonus).as('offCyclePercentBonus');
      if (amount !== undefined && (amount.startsWith('-') || toMinor(amount) <= 0)) throw badRequest(OFF_CYCLE_MSG.bonusNegative).as('offCycleAmountPositive');
      if (input.kind === 'bonus' && amount === undefined && percent === undefined) throw badRequest(OFF_CYCLE_MSG.amountNeeded).as('offCycleAmountNeeded');
      items.push({ employeeId, name: mineOne?.name ?? kindName, amount: amount === undefined ? null : toMinor(amount), percentBp: amount === undefined && percent !== undefined ? toBp(percent) : null, position: 0 });
    }
    return items;
  };

  const detail = async (auth: TUserAuth, runId: string): Promise<TOffCycleRunDetail> => {
    const run = await opts.runs.get(auth, runId);
    const items: TOffCycleItem[] = (await offRepo.findItems(db, auth.businessId, runId)).map((i) => ({
      employeeId: i.employee_id, employeeNumber: i.employee_number, employeeName: `${i.first_name} ${i.last_name}`.trim(), name: i.name,
      amountMinor: i.amount === null ? null : Number(i.amount), percent: i.percent_bp === null ? null : i.percent_bp / 100,
    }));
    return { run, items };
  };

  /** Computes every member's off-cycle line and replaces the run's lines in one transaction (all or nothing), then submits it for approval. */
  opts.jobs.register(OFF_CYCLE_JOB, async ({ job, progress, succeed }) => {
    const { runId, version } = job.payload as { runId: string; version: number };
    const businessId = job.businessId;
    const country = await repo.getBusinessCountry(db, businessId);
    await db.transaction(async (tx) => {
      const run = await repo.getRunById(tx, businessId, runId, { lock: true });
      if (!run || run.status !== 'draft') throw new JobFailure('The run is no longer a draft; nothing was computed.');
      if (run.version !== version) throw new JobFailure('The run changed after it was queued (employees, items or settings); compute it again.');
      const rows = await repo.findComputeRows(tx, businessId, runId, run.month);
      const starts = await offRepo.findStartDates(tx, businessId, runId);
      const earlier = country === 'GH' ? await offRepo.findEarlierBonuses(tx, businessId, runId, run.month) : new Map<string, number>();
      const itemsOf = new Map<string, Awaited<ReturnType<typeof offRepo.findItems>>>();
      for (const i of await offRepo.findItems(tx, businessId, runId)) itemsOf.set(i.employee_id, [...(itemsOf.get(i.employee_id) ?? []), i]);
      progress({ phase: 'computing', processed: 0, total: rows.length });
      await repo.deleteLines(tx, businessId, runId);
      const errors: string[] = [];
      const lines: repo.TLineInsert[] = [];
      for (const row of rows) {
        const out = computeOffCycleLine(country, run, { ...row, start_date: starts.get(row.employee_id) ?? null }, itemsOf.get(row.employee_id) ?? [], earlier.get(row.employee_id) ?? 0);
        if ('error' in out) errors.push(out.error);
        else lines.push(out.line);
      }
      if (errors.length) {
        throw new JobFailure(`${errors.length} employee${errors.length === 1 ? '' : 's'} could not be paid, so nothing was stored: ${errors.slice(0, MAX_ERRORS_SHOWN).join('; ')}`, { errors: errors.slice(0, 1000) });
      }
      for (let i = 0; i < lines.length; i += STORE_BATCH) await repo.insertLines(tx, businessId, runId, lines.slice(i, i + STORE_BATCH));
      progress({ phase: 'computing', processed: rows.length, total: rows.length });
      await opts.runs.submitComputed(tx, run, { version, createdById: job.createdById, stored: lines.length });
      await succeed(tx, { lines: lines.length });
    });
  }, { expireInSeconds: 900 });

  return {
    /** A new off-cycle draft run of the month with its employees and what each is paid; compute it like a regular run. */
    create: async (auth: TUserAuth, input: TCreateOffCycleRun) => {
      const runId = await db.transaction(async (tx) => {
        const wanted = input.selectAll ? 'all' as const
          : [...new Set([...(input.employeeIds ?? []), ...(input.items ?? []).map((i) => i.employeeId)].map((id) => id.toLowerCase()))];
        if (wanted !== 'all' && wanted.length === 0) throw badRequest(OFF_CYCLE_MSG.noEmployees).as('offCycleNoEmployees');
        const ids = await repo.findLiveEmployeeIds(tx, auth.businessId, wanted);
        if (wanted !== 'all' && ids.length !== wanted.length) throw notFound('One of the selected employees');
        if (ids.length === 0) throw badRequest(OFF_CYCLE_MSG.noEmployees).as('offCycleNoEmployees');
        const items = toItems(input, ids);
        const label = input.label?.trim() || null;
        const run = (await offRepo.insertOffCycleRun(tx, { businessId: auth.businessId, month: input.month, kind: input.kind, label, base: input.kind === 'thirteenth-month' ? input.base ?? 'basic' : null }))!;
        await repo.addMembers(tx, auth.businessId, run.id, ids);
        await offRepo.insertItems(tx, auth.businessId, run.id, items);
        await audit(tx, auth, 'payroll.off-cycle-created', { entity: 'payroll-run', entityId: run.id, after: { month: input.month, kind: input.kind, label, employees: ids.length } });
        return run.id;
      });
      return detail(auth, runId);
    },

    detail,

    /** The runs of a month (the regular one first) or of a year, each with its kind. */
    list: async (auth: TUserAuth, q: { month?: string; year?: number }) => {
      const rows = await offRepo.findRuns(db, auth.businessId, q.month ? { month: q.month } : { year: q.year ?? new Date().getUTCFullYear() });
      return Promise.all(rows.map((r) => opts.runs.get(auth, r.id)));
    },

    /** A draft off-cycle run goes (with its request in the approvers' inbox); an approved one stays. */
    remove: async (auth: TUserAuth, runId: string) => db.transaction(async (tx) => {
      const run = await repo.getRunById(tx, auth.businessId, runId, { lock: true });
      if (!run) throw notFound('Payroll run');
      if (run.kind === 'regular') throw conflict(OFF_CYCLE_MSG.notOffCycle).as('offCycleNotOffCycle');
      if (run.status !== 'draft') throw conflict(OFF_CYCLE_MSG.notDraft).as('offCycleNotDraft');
      if (run.job_id) {
        const job = await opts.jobs.get(tx, auth.businessId, run.job_id);
        if (job && (job.status === 'queued' || job.status === 'running')) throw conflict('The run is being computed; delete it when the computation ends').as('offCycleComputing');
      }
      await opts.approvals.cancel(tx, auth, { service: 'payroll', subjectId: runId, reason: 'The off-cycle run was deleted' });
      await offRepo.deleteRun(tx, auth.businessId, runId);
      await audit(tx, auth, 'payroll.off-cycle-deleted', { entity: 'payroll-run', entityId: runId, after: { month: run.month, kind: run.kind, title: runTitle(run) } });
      return { _id: runId };
    }),
  };
};
export type TOffCycleService = ReturnType<typeof createOffCycleService>;
