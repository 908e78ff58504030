import { PAY_MSG, type TApproveRunInput, type TRun, type TRunJob, type TRunLine } from '@bizdesk/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { raiseWebhookEvent } from '../../platform/webhooks/outbox.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { JobFailure, type TJobRow, type TJobRunner } from '../../platform/jobs/jobs.ts';
import { createTimeSlicer } from '../../platform/imports/staging.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import { approvalVerdict, assertPayable, describeApproval, notifyIfOnlyPreparer, prepareApproval } from './run-approval.ts';
import { getSelfApprovalReason, setSelfApprovalReason } from './run-approval.repo.ts';
import { computeLine, currentMonth } from './pay-input.ts';
import { loadMonthEvents, type TMonthEvent, type TMonthEventsPort } from './month-events.ts';
import type { TReimbursementsService } from './reimbursements.ts';
import { loadArrears } from './arrears.ts';
import { getEmployeeOr404 } from './pay-settings.service.ts';
import { createPayslipDocs } from './payslip-docs.ts';
import * as repo from './payroll.repo.ts';
import { iso } from './payroll.repo.ts';
import { OFF_CYCLE_JOB, runName, runRequestTitle, runView } from './off-cycle-compute.ts';

export const RUN_JOB = 'payroll-run';
export const MAIL_JOB = 'payroll-payslip-mail';
/** Lines per insert statement (one JSON parameter). */
const STORE_BATCH = 500;
const MAX_ERRORS_SHOWN = 50;
/** How often the computing job records its progress. */
const PROGRESS_MS = 250;

type TRunPayload = { runId: string; version: number };
/** What payroll needs from the approvals engine (features/approvals), service 'payroll' only. */
export type TPayrollApprovalState = { status: string; approvals: number; totalApprovalsRequired: number; subjectId: string; reason: string | null; createdAt: Date };
export type TPayrollApprovalsPort = {
  ruleFor: (tx: Tx | Db, businessId: string, service: 'payroll') => Promise<{ isDefault: boolean; approverIds?: string[] | null }>;
  request: (tx: Tx, auth: TUserAuth, input: { service: 'payroll'; subjectId: string; title: string; amount?: number | null; currency?: string | null }) => Promise<unknown>;
  decide: (tx: Tx, auth: TUserAuth, input: { service: 'payroll'; subjectId: string; decision: 'approved' | 'rejected'; reason?: string | null }) =>
    Promise<{ request: TPayrollApprovalState; isChanged: boolean }>;
  cancel: (tx: Tx, auth: TUserAuth, input: { service: 'payroll'; subjectId: string; reason?: string | null }) => Promise<unknown>;
  statusOf: (db: Tx | Db, businessId: string, service: 'payroll', subjectId: string) => Promise<TPayrollApprovalState | undefined>;
  onDecided: (service: 'payroll', handler: (tx: Tx, request: TPayrollApprovalState, auth: TUserAuth) => Promise<void>) => void;
  describeSubject: (service: 'payroll', fn: (auth: TUserAuth, subjectId: string) => Promise<{ kind: 'payroll'; run: TRun } | null>) => void;
};
const SERVICE = 'payroll' as const;

/** Who takes an approved run's labour cost (features/projects/labour-allocation.service.ts), in the approving transaction. */
export type TLabourPort = {
  runApproved: (tx: Tx, businessId: string, run: { runId: string; month: string; label: string; costs: Array<{ employeeId: string; name: string; costMinor: number }> }) => Promise<void>;
};
export type TRunsHooks = { /** Called inside the storing transaction after each batch (tests pause here to kill the worker). */ onStoredBatch?: (stored: number) => Promise<void> };

const toRunJob = (row: TJobRow | undefined): TRunJob | null => {
  if (!row) return null;
  const share = row.total > 0 ? row.processed / row.total : 0;
  const progress = row.status === 'succeeded' || row.status === 'failed' ? 100 : row.phase === 'computing' ? Math.floor(share * 99) : 0;
  return { _id: row.id, status: row.status, phase: row.phase, processed: row.processed, total: row.total, progress: Math.min(100, progress), message: row.error };
};

const toLineOut = (r: repo.TLineRow): TRunLine => ({
  _id: r.id, runId: r.run_id, employeeId: r.employee_id, employeeNumber: r.employee_number, name: r.name, department: r.department,
  grossMinor: Number(r.gross), taxMinor: Number(r.tax), pensionMinor: Number(r.pension), otherDeductionsMinor: Number(r.other_deductions),
  allowanceMinor: Number(r.allowance), overtimeMinor: Number(r.overtime), loanRepaymentMinor: Number(r.loan_repayment), iouMinor: Number(r.iou),
  netMinor: Number(r.net), isPublished: r.published_at !== null, emailedAt: iso(r.emailed_at),
});

export const createRunsService = (deps: TDeps, opts: { jobs: TJobRunner; notify: TNotify; approvals: TPayrollApprovalsPort; hooks?: TRunsHooks; monthEvents?: TMonthEventsPort; reimbursements?: Pick<TReimbursementsService, 'runApproved'>;
  /** Issue 35: an approved run's cost to the employer, per employee, reaches the projects by their labour allocation. */
  labour?: TLabourPort;
}) => {
  const { db } = deps;
  const payslipDocs = createPayslipDocs(deps);

  /** The run becomes approved: locked, loans repaid by what it takes, payslip e-mails queued (sent after commit, once: keyed job). */
  const finalizeApproval = async (tx: Tx, auth: TUserAuth, r: repo.TRunRow) => {
    await repo.setRunStatus(tx, r.id, { status: 'approved', approvedById: auth.userId });
    await repo.applyLoanRepayments(tx, auth.businessId, await repo.findRunRepayments(tx, auth.businessId, r.id));
    await opts.jobs.enqueue(tx, { businessId: auth.businessId, kind: MAIL_JOB, key: `payslips:${r.id}`, total: 0, createdById: auth.userId, payload: { runId: r.id } });
    await audit(tx, auth, 'payroll.run-approved', { entity: 'payroll-run', entityId: r.id, after: { month: r.month, preparedBy: r.prepared_by_id } });
    // Issue 33: what the run reimburses (expense claims) is marked paid by it, in this transaction.
    if (r.kind === 'regular') await opts.reimbursements?.runApproved(tx, auth, { businessId: auth.businessId, runId: r.id, month: r.month });
    if (opts.labour) {
      const costs = (await repo.findRunEmployerCosts(tx, auth.businessId, r.id)).map((c) => ({ employeeId: c.employee_id, name: c.name, costMinor: Number(c.cost) }));
      await opts.labour.runApproved(tx, auth.businessId, { runId: r.id, month: r.month, label: runName(r), costs });
    }
    await raiseWebhookEvent(deps, tx, auth.businessId, 'payroll.approved', { runId: r.id, month: r.month }); // no pay figures leave by webhook
    await opts.notify(tx, auth.businessId, {
      category: 'Accounts', actionType: 'Payroll approved', message: `The ${runName(r)} payroll run was approved by ${auth.userName}`,
      messageKey: 'payroll.approved', params: { month: runName(r), by: auth.userName }, link: { screen: 'payroll', id: r.month },
    });
  };

  /**
   * Issue 32: the owner approves a run they prepared (the business allows it and nobody else may approve). The pending
   * request in the inbox is closed with the reason (the engine never lets a requester decide their own request); the
   * reason is recorded on the run and audited.
   */
  const selfApprove = async (tx: Tx, auth: TUserAuth, r: repo.TRunRow, reason: string) => {
    await opts.approvals.cancel(tx, auth, { service: SERVICE, subjectId: r.id, reason: `Approved by ${auth.userName}, who prepared it: ${reason}` });
    await setSelfApprovalReason(tx, r.id, reason);
    await audit(tx, auth, 'payroll.run-self-approved', { entity: 'payroll-run', entityId: r.id, after: { month: r.month, reason } });
    await finalizeApproval(tx, auth, r);
  };

  const isCurrent = (r: repo.TRunRow) => Boolean(r.computed_at) && r.computed_version === r.version;

  /**
   * With a 'payroll' rule, the engine decides: its last needed approval (from approveRun or from
   * update-approval-statusV2) approves the run in the same transaction. A rejection leaves the run a draft.
   */
  opts.approvals.onDecided(SERVICE, async (tx, request, auth) => {
    if (request.status !== 'approved') return;
    const r = await repo.getRunById(tx, auth.businessId, request.subjectId, { lock: true });
    if (!r || r.status !== 'draft') return;
    if (!isCurrent(r)) throw conflict('The run has changed since it was computed (or was never computed); compute it again before approving').as('runChanged');
    if (r.prepared_by_id === auth.userId) throw forbidden(PAY_MSG.approverIsPreparer);
    await assertPayable(tx, auth.businessId, r.id, await repo.getBusinessCountry(tx, auth.businessId));
    await finalizeApproval(tx, auth, r);
  });

  const getRunOr404 = async (tx: DbOrTx, businessId: string, runId: string, lock = false) => {
    const run = await repo.getRunById(tx, businessId, runId, { lock });
    if (!run) throw notFound('Payroll run');
    return run;
  };

  /** The run as the screens show it; with `auth`, also the caller's position on approving it (the approve button). */
  const toRun = async (first: repo.TRunRow, auth?: TUserAuth): Promise<TRun> => {
    // The job first, then the run and its totals read again: a job seen succeeded committed with its lines
    // and the run's computed version, so the answer never pairs a finished job with the run as it was before.
    const job = first.job_id ? await opts.jobs.get(db, first.business_id, first.job_id) : undefined;
    const run = job && job.status !== 'queued' && job.status !== 'running' ? (await repo.getRunById(db, first.business_id, first.id)) ?? first : first;
    const t = await repo.getTotals(db, run.business_id, run.id);
    return {
      _id: run.id, month: run.month, status: run.status as TRun['status'], currency: run.currency, members: run.members,
      computedAt: iso(run.computed_at), isStale: run.computed_version !== run.version,
      preparedBy: run.prepared_by, preparedById: run.prepared_by_id, approvedBy: run.approved_by, approvedAt: iso(run.approved_at),
      paidAt: iso(run.paid_at), ...runView(run),
      totals: {
        employees: t.employees, grossMinor: Number(t.gross), taxMinor: Number(t.tax), pensionMinor: Number(t.pension),
        deductionsMinor: Number(t.deductions), netMinor: Number(t.net), employerMinor: Number(t.employer),
        grossPayMinor: Number(t.gross_pay),
        employerByKind: { pensionMinor: Number(t.employer_pension), nsitfMinor: Number(t.employer_nsitf), itfMinor: Number(t.employer_itf), tier3Minor: Number(t.employer_tier3) },
        employerCostMinor: Number(t.gross_pay) + Number(t.employer),
      },
      job: toRunJob(job),
      ...(await approvalView(run, auth)),
    };
  };

  /** Issue 32: whether the caller may approve (and why not), and the reason recorded when the owner approved their own run. */
  const approvalView = async (run: repo.TRunRow, auth?: TUserAuth) => ({
    selfApprovalReason: run.status === 'draft' ? null : await getSelfApprovalReason(db, run.id),
    approval: auth && run.status === 'draft'
      ? await describeApproval(db, auth, run, await opts.approvals.ruleFor(db, run.business_id, SERVICE), await repo.getBusinessCountry(db, run.business_id))
      : null,
  });

  // The approver reads the run's totals in the inbox, whatever their module roles.
  opts.approvals.describeSubject(SERVICE, async (auth, subjectId) => {
    const r = await repo.getRunById(db, auth.businessId, subjectId);
    return r ? { kind: 'payroll', run: await toRun(r, auth) } : null;
  });

  /**
   * A computed run waits in the approvers' inbox: its request is opened in the preparer's name when the computation
   * is stored (the computation before it cancelled any earlier one). A rule that cannot be met without the preparer
   * leaves the run out of the inbox; approveRun then says why.
   */
  const openRunRequest = async (tx: Tx, run: repo.TRunRow, preparedById: string | null, stored: number) => {
    if (!preparedById || stored === 0) return;
    const preparer = await repo.getPreparer(tx, run.business_id, preparedById);
    if (!preparer) return;
    // The net alone: the full totals read every line's JSON (a second and more for 10,000 lines).
    const net = await repo.getNetTotal(tx, run.business_id, run.id);
    try {
      await opts.approvals.request(tx, { ...preparer, kind: 'user', roles: [] }, {
        service: SERVICE, subjectId: run.id, title: runRequestTitle(run), amount: net, currency: run.currency,
      });
    } catch (err) {
      if ((err as { status?: number }).status !== 409) throw err;
      deps.log.warn({ runId: run.id, err: (err as Error).message }, 'payroll run not sent to the approvals inbox');
    }
  };

  /**
   * A computation is stored: the run is current and goes to its approvers (the inbox request, or the sole owner is told
   * to approve with a reason), audited and announced. The regular run's job and the off-cycle job (issue 32) end here.
   */
  const submitComputed = async (tx: Tx, run: repo.TRunRow, c: { version: number; createdById: string | null; stored: number }) => {
    const businessId = run.business_id;
    await repo.markComputed(tx, run.id, c.version);
    await openRunRequest(tx, run, c.createdById, c.stored);
    await notifyIfOnlyPreparer(tx, opts.notify, run, c.createdById, await opts.approvals.ruleFor(tx, businessId, SERVICE));
    await audit(tx, { kind: 'system', businessId }, 'payroll.run-computed', { entity: 'payroll-run', entityId: run.id, after: { month: run.month, kind: run.kind, lines: c.stored, startedBy: c.createdById } });
    await opts.notify(tx, businessId, {
      category: 'Accounts', actionType: 'Payroll computed', message: `The ${runName(run)} payroll run is computed for ${c.stored} employee${c.stored === 1 ? '' : 's'}`,
      messageKey: 'payroll.computed', params: { month: runName(run), count: c.stored }, link: { screen: 'payroll', id: run.month },
    });
  };

  /**
   * Computes every member's line with the engine, then replaces the run's lines in one transaction:
   * a crash at any point leaves the lines as they were (all or nothing); the job runs again.
   */
  opts.jobs.register(RUN_JOB, async ({ job, progress, succeed }) => {
    const { runId, version } = job.payload as TRunPayload;
    const businessId = job.businessId;
    const country = await repo.getBusinessCountry(db, businessId);
    // One transaction from the first read to the last line: the run row is locked, so nothing about
    // the run changes underneath, and a crash anywhere leaves the run's lines as they were.
    await db.transaction(async (tx) => {
      const run = await repo.getRunById(tx, businessId, runId, { lock: true });
      if (!run || run.status !== 'draft') throw new JobFailure('The run is no longer a draft; nothing was computed.');
      if (run.version !== version) throw new JobFailure('The run changed after it was queued (employees, items or settings); compute it again.');
      const rows = await repo.findComputeRows(tx, businessId, runId, run.month);
      const loansByEmployee = new Map<string, Array<{ id: string; balance: string; repayment: string }>>();
      for (const l of await repo.findRunLoans(tx, businessId, runId, run.month)) {
        const list = loansByEmployee.get(l.employee_id) ?? [];
        list.push(l);
        loansByEmployee.set(l.employee_id, list);
      }
      const members = rows.map((r) => ({ employee_id: r.employee_id, start_date: r.member_start_date, start_date_given: r.member_start_date_given, exit_date: r.member_exit_date, exit_reason: r.member_exit_reason }));
      const events = opts.monthEvents ? await loadMonthEvents(tx, opts.monthEvents, businessId, members, run.month) : new Map<string, TMonthEvent>();
      const arrears = await loadArrears(tx, businessId, runId, run.month);
      const total = rows.length;
      progress({ phase: 'computing', processed: 0, total });
      await repo.deleteLines(tx, businessId, runId);
      const errors: string[] = [];
      let batch: repo.TLineInsert[] = [];
      let stored = 0;
      // One insert in flight while the next batch is computed: the database writes as the engine works.
      let inFlight: Promise<void> | null = null;
      const store = async (lines: repo.TLineInsert[]) => {
        if (inFlight) await inFlight;
        inFlight = repo.insertLines(tx, businessId, runId, lines).then(async () => {
          stored += lines.length;
          await opts.hooks?.onStoredBatch?.(stored);
        });
      };
      const slicer = createTimeSlicer();
      let reportedAt = performance.now();
      for (let i = 0; i < rows.length; i++) {
        if (slicer.isDue()) {
          // The web reads progress about once a second: a write every slice (10 ms) was ~100 updates of the job row a run.
          if (performance.now() - reportedAt >= PROGRESS_MS) {
            progress({ phase: 'computing', processed: i, total });
            reportedAt = performance.now();
          }
          await slicer.yield();
        }
        const out = computeLine(country, run.month, rows[i], loansByEmployee.get(rows[i].employee_id) ?? [], events.get(rows[i].employee_id), arrears.get(rows[i].employee_id));
        if ('error' in out) errors.push(out.error!);
        else if (errors.length === 0) {
          batch.push(out.line);
          if (batch.length === STORE_BATCH) {
            await store(batch);
            batch = [];
          }
        }
      }
      if (errors.length) {
        if (inFlight) await (inFlight as Promise<void>).catch(() => undefined);
        throw new JobFailure(`${errors.length} employee${errors.length === 1 ? '' : 's'} could not be paid, so nothing was stored: ${errors.slice(0, MAX_ERRORS_SHOWN).join('; ')}`, { errors: errors.slice(0, 1000) });
      }
      if (batch.length) await store(batch);
      if (inFlight) await inFlight;
      progress({ phase: 'computing', processed: total, total });
      await submitComputed(tx, run, { version, createdById: job.createdById, stored });
      await succeed(tx, { lines: stored });
    });
  }, { expireInSeconds: 900 });

  /** Sends each line's payslip with its PDF once: a line is claimed (committed) before its mail goes, so a retry never sends it twice. */
  opts.jobs.register(MAIL_JOB, async ({ job, progress, succeed }) => {
    const { runId } = job.payload as { runId: string };
    const businessId = job.businessId;
    const ids = await repo.findUnmailedLineIds(db, businessId, runId);
    progress({ phase: 'sending', processed: 0, total: ids.length });
    let sent = 0;
    for (const id of ids) {
      const claimed = await repo.claimLineMail(db, businessId, id);
      if (!claimed) continue;
      const slip = (await repo.getSlip(db, businessId, id))!;
      // The same payslip model as the web page and the PDF: the mail's text lists every line.
      await deps.mailer.send({ businessId, to: slip.email, ...(await payslipDocs.mail(businessId, slip)) });
      sent += 1;
      progress({ phase: 'sending', processed: sent, total: ids.length });
    }
    await db.transaction(async (tx) => succeed(tx, { sent }));
  });

  const requireDraft = (run: repo.TRunRow) => {
    if (run.status !== 'draft') throw conflict(PAY_MSG.runLocked);
  };

  return {
    /** For the off-cycle runs' job (issue 32): the same submission for approval as a regular run's. */
    submitComputed,
    /** employeeBulkUpload: puts employees (all, or the ones listed) on the month's run. */
    bulkUpload: async (auth: TUserAuth, input: { selectAll?: boolean; selectedEmployeeIds?: string[]; month?: string }) => {
      const month = input.month ?? currentMonth(auth.timeZone);
      return db.transaction(async (tx) => {
        const run = await repo.ensureRun(tx, auth.businessId, month);
        requireDraft(run);
        const ids = await repo.findLiveEmployeeIds(tx, auth.businessId, input.selectAll ? 'all' : [...new Set(input.selectedEmployeeIds)], `${month}-01`);
        if (!input.selectAll && ids.length !== new Set(input.selectedEmployeeIds).size) throw notFound('One of the selected employees');
        const added = await repo.addMembers(tx, auth.businessId, run.id, ids);
        if (added) await repo.bumpRunVersion(tx, auth.businessId, run.id);
        await audit(tx, auth, 'payroll.members-added', { entity: 'payroll-run', entityId: run.id, after: { month, added } });
        return toRun((await repo.getRunById(tx, auth.businessId, run.id))!, auth);
      });
    },

    /** The month's run (an empty draft view when none exists yet). */
    getByMonth: async (auth: TUserAuth, month: string) => {
      const run = await repo.getRunByMonth(db, auth.businessId, month);
      return run ? toRun(run, auth) : null;
    },

    get: async (auth: TUserAuth, runId: string) => toRun(await getRunOr404(db, auth.businessId, runId), auth),

    /** The dashboard's runs waiting for approval: how many, and the oldest one's month (the card opens it). */
    awaitingApproval: async (auth: TUserAuth) => {
      const runs = await repo.findRunsAwaitingApproval(db, auth.businessId);
      return { count: runs.length, month: runs[0]?.month ?? null };
    },

    lines: async (auth: TUserAuth, runId: string, q: { page: number; limit: number; search?: string }) => {
      await getRunOr404(db, auth.businessId, runId);
      const { rows, totalRecords } = await repo.findLines(db, auth.businessId, runId, { search: q.search, limit: q.limit, offset: (q.page - 1) * q.limit });
      return { rows: rows.map(toLineOut), totalRecords };
    },

    /** Starts (or returns the running) computation job; the caller becomes the run's preparer. */
    compute: async (auth: TUserAuth, runId: string) => {
      const result = await db.transaction(async (tx) => {
        const run = await getRunOr404(tx, auth.businessId, runId, true);
        requireDraft(run);
        if (run.members === 0) throw badRequest('The run has no employees yet: add them with employeeBulkUpload first').as('runNoEmployees');
        if (run.job_id) {
          const current = await opts.jobs.get(tx, auth.businessId, run.job_id);
          if (current && (current.status === 'queued' || current.status === 'running')) return toRunJob(current)!;
        }
        // An off-cycle run (issue 32) is computed by its own job (off-cycle.service.ts); approval is the same.
        const job = await opts.jobs.enqueue(tx, { businessId: auth.businessId, kind: run.kind === 'regular' ? RUN_JOB : OFF_CYCLE_JOB, total: run.members, createdById: auth.userId, payload: { runId, version: run.version } satisfies TRunPayload });
        await repo.setRunJob(tx, runId, job.id, auth.userId);
        // Approvals given to earlier figures do not carry over to a new computation.
        await opts.approvals.cancel(tx, auth, { service: SERVICE, subjectId: runId, reason: 'The run was computed again' });
        await audit(tx, auth, 'payroll.compute-started', { entity: 'payroll-run', entityId: runId, after: { month: run.month, employees: run.members } });
        return toRunJob(job)!;
      });
      opts.jobs.kick();
      return result;
    },

    /**
     * The one approve step. With an approval rule for 'payroll', the caller's approval is recorded in the
     * approvals engine (the request is opened on the first approval, in the preparer's name, so the engine's
     * no-self-approval check also refuses the preparer) and the run is approved only when the rule is met
     * (see the onDecided handler above). Without a rule, approval-policy.ts decides and one approval suffices.
     */
    approveRun: async (auth: TUserAuth, runId: string, input: TApproveRunInput = {}) => {
      const run = await db.transaction(async (tx) => {
        const r = await getRunOr404(tx, auth.businessId, runId, true);
        requireDraft(r);
        if (!isCurrent(r)) throw conflict('The run has changed since it was computed (or was never computed); compute it again before approving').as('runChanged');
        // A rejection stands until the run is computed again (the preparer's resubmission): the request was opened
        // after the computation it judged, so only a computation newer than the request puts the run back in front
        // of the approvers. Both times come from the database clock.
        const state = await opts.approvals.statusOf(tx, auth.businessId, SERVICE, runId);
        if (state?.status === 'rejected' && !(new Date(iso(r.computed_at!)) > new Date(state.createdAt))) throw conflict(PAY_MSG.runRejected(state.reason ?? 'no reason given'));
        const rule = await opts.approvals.ruleFor(tx, auth.businessId, SERVICE);
        // Issue 32: who may approve (the same verdict the approve button shows), then the approver's exclusions, then every
        // employee left on the run must have a payable account.
        const verdict = await approvalVerdict(tx, auth, r, rule);
        if (!verdict.canApprove) throw forbidden(verdict.reason!);
        const reason = await prepareApproval(tx, auth, r, verdict, input);
        await assertPayable(tx, auth.businessId, r.id, await repo.getBusinessCountry(tx, auth.businessId));
        if (verdict.needsReason) {
          await selfApprove(tx, auth, r, reason!);
          return r;
        }
        if (rule.isDefault) {
          // The request the computation opened is decided here too (its handler approves the run), so the inbox empties.
          if (state?.status === 'pending') await opts.approvals.decide(tx, auth, { service: SERVICE, subjectId: runId, decision: 'approved' });
          else await finalizeApproval(tx, auth, r);
          return r;
        }
        if (state?.status !== 'pending') {
          const preparer: TUserAuth = r.prepared_by_id
            ? { ...auth, userId: r.prepared_by_id, userName: r.prepared_by ?? auth.userName, roles: [] }
            : auth;
          await opts.approvals.request(tx, preparer, { service: SERVICE, subjectId: runId, title: runRequestTitle(r) });
        }
        await opts.approvals.decide(tx, auth, { service: SERVICE, subjectId: runId, decision: 'approved' });
        return r;
      });
      opts.jobs.kick();
      return toRun((await repo.getRunById(db, auth.businessId, run.id))!, auth);
    },

    markPaid: async (auth: TUserAuth, runId: string) => db.transaction(async (tx) => {
      const r = await getRunOr404(tx, auth.businessId, runId, true);
      if (r.status !== 'approved') throw conflict(r.status === 'paid' ? 'The run is already marked as paid' : 'Only an approved run can be marked as paid').as(r.status === 'paid' ? 'runAlreadyPaid' : 'runNotApprovedToPay');
      await repo.setRunStatus(tx, runId, { status: 'paid' });
      await audit(tx, auth, 'payroll.run-paid', { entity: 'payroll-run', entityId: runId, after: { month: r.month } });
      return toRun((await repo.getRunById(tx, auth.businessId, runId))!, auth);
    }),

    /** publish-slip / remove-slip: the employee's line in their latest run; only approved lines can be shown to them. */
    setPublished: async (auth: TUserAuth, employeeId: string, isPublished: boolean) => db.transaction(async (tx) => {
      await getEmployeeOr404(tx, auth.businessId, employeeId);
      const run = await repo.getLatestRunOf(tx, auth.businessId, employeeId);
      if (!run) throw notFound('Payslip');
      if (run.status === 'draft') throw conflict(`The ${run.month} run is not approved yet; a payslip is published after approval`).as('payslipNotApproved', { month: run.month });
      if (!(await repo.setPublished(tx, auth.businessId, run.id, employeeId, isPublished))) throw notFound('Payslip');
      await audit(tx, auth, isPublished ? 'payroll.slip-published' : 'payroll.slip-removed', { entity: 'payroll-run', entityId: run.id, after: { employeeId, month: run.month } });
      const line = (await repo.getLineOf(tx, auth.businessId, run.id, employeeId))!;
      return { _id: line.id, employeeId, month: run.month, isPublished };
    }),

    publishAll: async (auth: TUserAuth, runId: string) => db.transaction(async (tx) => {
      const run = await getRunOr404(tx, auth.businessId, runId, true);
      if (run.status === 'draft') throw conflict(`The ${run.month} run is not approved yet; payslips are published after approval`).as('payslipsNotApproved', { month: run.month });
      const published = await repo.setPublished(tx, auth.businessId, runId, null, true);
      await audit(tx, auth, 'payroll.slips-published', { entity: 'payroll-run', entityId: runId, after: { month: run.month, published } });
      return { published };
    }),

    /** reset-schedule: the employee's month back to their settings (items and repayment changes removed) in the open draft. */
    resetSchedule: async (auth: TUserAuth, employeeId: string, month?: string) => db.transaction(async (tx) => {
      await getEmployeeOr404(tx, auth.businessId, employeeId);
      const m = month ?? currentMonth(auth.timeZone);
      const run = await repo.getRunByMonth(tx, auth.businessId, m, { lock: true });
      if (run) requireDraft(run);
      const removed = await repo.deletePeriodItems(tx, auth.businessId, employeeId, m);
      await repo.deleteRepaymentOverrides(tx, auth.businessId, employeeId, m);
      if (run) await repo.bumpRunVersion(tx, auth.businessId, run.id);
      await audit(tx, auth, 'payroll.schedule-reset', { entity: 'employee-pay', entityId: employeeId, after: { month: m, itemsRemoved: removed } });
      return { employeeId, month: m, itemsRemoved: removed };
    }),
  };
};
export type TRunsService = ReturnType<typeof createRunsService>;
