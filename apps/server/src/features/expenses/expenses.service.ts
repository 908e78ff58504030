import { randomUUID } from 'node:crypto';
import {
  EXPENSE_MSG, EXPENSE_RECEIPT_REQUIRED_ABOVE_MINOR, type TExpenseClaim, type TExpenseClaimData, type TExpenseClaimList,
  type TExpenseDirectPayment, type TExpenseListQuery, type TExpenseOptions, type TExpenseOwnClaims, type TExpenseReceiptUpload, type TOcrProposal,
} from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { hasRole, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TApprovalsService } from '../approvals/approvals.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TCostsService } from '../costs/costs.service.ts';
import type { TOcrService } from '../ocr/ocr.service.ts';
import type { TReimbursementsService } from '../payroll/reimbursements.ts';
import * as repo from './expenses.repo.ts';
import { localDate } from '../../platform/local-time.ts';

const SERVICE = 'expense-claim';
const LIST_LIMIT = 500;

/** What expense claims need of other features: each through its service. */
export type TExpensesPeers = {
  notify: TNotify;
  approvals: Pick<TApprovalsService, 'request' | 'onDecided' | 'describeSubject' | 'beforeApproval' | 'cancel'>;
  costs: Pick<TCostsService, 'projectNames' | 'recordExpenseLines'>;
  places: Pick<TPlacesService, 'resolve'>;
  reimbursements: Pick<TReimbursementsService, 'schedule' | 'unschedule' | 'onRunApproved'>;
  ocr: Pick<TOcrService, 'read'>;
};

/** "Today" where the business is (its time zone decides whether a receipt's date is in the future). */
const todayIn = (timeZone: string) => localDate(new Date(), timeZone);
const major = (minor: number) => `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

/** Who reads every claim: HR, Accounts (pays them) and approvers. */
const isReviewer = (auth: TAuth) => auth.kind === 'user' && (hasRole(auth, 'HR-access') || hasRole(auth, 'Accounts-access') || hasRole(auth, 'Approvals-access'));

export const createExpensesService = (deps: TDeps, peers: TExpensesPeers) => {
  const { db, storage } = deps;

  const load = async (dbOrTx: DbOrTx, businessId: string, id: string, lock = false) => {
    const row = await repo.getClaim(dbOrTx, businessId, id, { lock });
    if (!row) throw notFound('Expense claim');
    return row;
  };
  const withLines = async (dbOrTx: DbOrTx, row: repo.TClaimRow) => repo.toClaim(row, await repo.findLines(dbOrTx, row.businessId, [row.id]));

  /** The caller's own claim (portal: their employee; user: their e-mail or who filed it) — anyone else's is not found. */
  const isOwn = (auth: TAuth, row: Pick<repo.TClaimRow, 'employeeId' | 'employeeEmail' | 'createdById'>) =>
    auth.kind === 'portal' ? row.employeeId === auth.employeeId
      : auth.kind === 'user' ? row.employeeEmail === auth.email.toLowerCase() || row.createdById === auth.userId : false;
  const assertMaySee = (auth: TAuth, row: repo.TClaimRow) => {
    if (!isOwn(auth, row) && !isReviewer(auth)) throw notFound('Expense claim');
  };
  const assertMayEdit = (auth: TAuth, row: repo.TClaimRow) => {
    if (!isOwn(auth, row) && !(auth.kind === 'user' && hasRole(auth, 'HR-access'))) throw notFound('Expense claim');
  };

  /** The employee a claim is filed for: the portal's own, one of the business's (HR), or the user's own record (by e-mail). */
  const employeeFor = async (dbOrTx: DbOrTx, auth: TAuth, employeeId: string | 'self') => {
    if (employeeId === 'self') {
      if (auth.kind !== 'user') throw forbidden(EXPENSE_MSG.noOwnEmployee);
      const own = await repo.findEmployeeIdByEmail(dbOrTx, auth.businessId, auth.email);
      if (!own) throw new AppError('NOT_FOUND', EXPENSE_MSG.noOwnEmployee, 404);
      return (await repo.getEmployee(dbOrTx, auth.businessId, own))!;
    }
    if (auth.kind === 'portal' && auth.employeeId !== employeeId) throw notFound('Employee');
    const employee = await repo.getEmployee(dbOrTx, auth.businessId, employeeId);
    if (!employee) throw notFound('Employee');
    return employee;
  };

  /** The rules of a claim's lines, each naming its field: no future dates, a receipt above the threshold, known receipts and projects. */
  const checkLines = async (tx: DbOrTx, auth: TAuth, employeeId: string, input: TExpenseClaimData) => {
    const today = todayIn(auth.timeZone);
    const receiptIds = [...new Set(input.lines.map((l) => l.receiptId).filter((id): id is string => Boolean(id)))];
    const receipts = new Map((await repo.findReceipts(tx, auth.businessId, receiptIds)).filter((r) => r.employeeId === employeeId).map((r) => [r.id, r]));
    const projects = new Map((await peers.costs.projectNames(auth.businessId)).map((p) => [p.toLowerCase(), p]));
    // A line's project is a project record (issue 34), by name or an old spelling; archived ones and stores are not offered.
    const places = new Map<string, { id: string; name: string } | null>();
    for (const tag of new Set(input.lines.map((l) => l.projectTag?.trim()).filter((t): t is string => Boolean(t)))) {
      const place = await peers.places.resolve(auth.businessId, tag, tx);
      places.set(tag.toLowerCase(), place && place.archivedAt === null && place.kind !== 'store' ? { id: place.id, name: place.name } : null);
    }
    return input.lines.map((l, i): repo.TNewLine => {
      if (l.date > today) throw badRequest(EXPENSE_MSG.dateInFuture(i));
      if (l.receiptId && !receipts.has(l.receiptId)) throw badRequest(EXPENSE_MSG.receiptNotFound(i));
      if (!l.receiptId && l.amountMinor > EXPENSE_RECEIPT_REQUIRED_ABOVE_MINOR) throw badRequest(EXPENSE_MSG.receiptRequired(i, major(EXPENSE_RECEIPT_REQUIRED_ABOVE_MINOR)));
      const tag = l.projectTag?.trim() || null;
      const place = tag ? places.get(tag.toLowerCase()) : null;
      const project = place?.name ?? (tag ? projects.get(tag.toLowerCase()) : null);
      if (tag && !project) throw badRequest(EXPENSE_MSG.unknownProject(i, tag.slice(0, 120)));
      return {
        position: i, category: l.category, description: l.description ?? '', vendor: l.vendor?.trim() || null, date: l.date,
        amountMinor: l.amountMinor, projectTag: project ?? null, projectPlaceId: place?.id ?? null, receiptId: l.receiptId ?? null,
      };
    });
  };

  const notifyRequester = async (tx: Tx, row: repo.TClaimRow, text: { actionType: string; message: string; key: 'expenses.approved' | 'expenses.rejected' | 'expenses.reimbursed'; reason?: string }) => {
    const claim = repo.claimNumber(row.seq);
    const params = text.key === 'expenses.rejected'
      ? { messageKey: text.key, params: { name: row.employeeName, claim, reason: text.reason ?? '' } }
      : { messageKey: text.key, params: { name: row.employeeName, claim, amountMinor: Number(row.totalMinor), currency: row.currency } };
    await peers.notify(tx, row.businessId, { category: 'HR', actionType: text.actionType, message: text.message, ...params } as Parameters<TNotify>[2]);
    // The requester hears of it by e-mail too (the portal shows the status and the reason).
    if (row.employeeEmail) {
      await deps.mailer.send({ businessId: row.businessId, to: row.employeeEmail, subject: `${text.actionType}: ${claim}`, text: `${text.message}\n` })
        .catch((err: unknown) => deps.log.warn({ err }, 'expense claim mail not sent'));
    }
  };

  // The approver reads the claim (lines, receipts) in the inbox, whatever their module roles.
  peers.approvals.describeSubject(SERVICE, async (auth, subjectId) => {
    const row = await repo.getClaim(db, auth.businessId, subjectId);
    return row ? { kind: 'expense-claim', claim: await withLines(db, row) } : null;
  });

  // Nobody approves their own claim, whichever way it was filed (the engine refuses the user who submitted it).
  peers.approvals.beforeApproval(SERVICE, async (tx, request, auth) => {
    const row = await load(tx, auth.businessId, request.subjectId);
    if (row.employeeEmail === auth.email.toLowerCase()) throw forbidden('You cannot approve or reject your own request').as('ownRequest');
    if (row.status !== 'submitted') throw conflict(`This claim is ${row.status}`);
  });

  peers.approvals.onDecided(SERVICE, async (tx, request, auth) => {
    const row = await load(tx, auth.businessId, request.subjectId, true);
    if (row.status !== 'submitted') return;
    const claim = repo.claimNumber(row.seq);
    if (request.status === 'rejected') {
      const reason = request.reason ?? '';
      await repo.updateClaim(tx, auth.businessId, row.id, { status: 'rejected', decidedAt: new Date(), decidedBy: auth.userName, decisionReason: reason });
      await audit(tx, auth, 'expense.rejected', { entity: 'expense-claim', entityId: row.id, before: { status: row.status }, after: { status: 'rejected', reason } });
      await notifyRequester(tx, row, { actionType: 'Expense claim rejected', message: `${row.employeeName}'s expense claim ${claim} was rejected: ${reason}`, key: 'expenses.rejected', reason });
      return;
    }
    if (request.status !== 'approved') return;
    // Paid back in the next regular run as a non-taxable line; Accounts may pay it directly instead before that run is approved.
    const scheduled = await peers.reimbursements.schedule(tx, auth, { employeeId: row.employeeId, name: `Expense reimbursement ${claim} (not taxed)`, amountMinor: Number(row.totalMinor) });
    await repo.updateClaim(tx, auth.businessId, row.id, {
      status: 'approved', decidedAt: new Date(), decidedBy: auth.userName, decisionReason: request.reason ?? null,
      reimbursementMethod: 'payroll', payrollMonth: scheduled.month, payItemId: scheduled.itemId,
    });
    const lines = await repo.findLines(tx, auth.businessId, [row.id]);
    const tagged = lines.filter((l) => l.projectTag && !l.costRecordId);
    if (tagged.length) {
      const added = await peers.costs.recordExpenseLines(tx, auth, {
        claimId: row.id, claimNumber: claim, employeeName: row.employeeName,
        lines: tagged.map((l) => ({ lineId: l.id, projectTag: l.projectTag!, category: l.category, description: l.description, date: l.date, amountMinor: Number(l.amountMinor) })),
      });
      for (const [lineId, recordId] of added) await repo.setLineCostRecord(tx, auth.businessId, lineId, recordId);
    }
    await audit(tx, auth, 'expense.approved', { entity: 'expense-claim', entityId: row.id, before: { status: row.status }, after: { status: 'approved', payrollMonth: scheduled.month, projectLines: tagged.length } });
    await notifyRequester(tx, row, { actionType: 'Expense claim approved', message: `${row.employeeName}'s expense claim ${claim} of ${row.currency} ${major(Number(row.totalMinor))} was approved`, key: 'expenses.approved' });
  });

  // The regular run that carries the reimbursement is approved: those claims are reimbursed by it.
  peers.reimbursements.onRunApproved(async (tx, auth, run) => {
    for (const row of await repo.findClaimsPaidBy(tx, run.businessId, run.month)) {
      await repo.updateClaim(tx, run.businessId, row.id, { status: 'reimbursed', payrollRunId: run.runId, reimbursedAt: new Date() });
      await audit(tx, auth, 'expense.reimbursed', { entity: 'expense-claim', entityId: row.id, before: { status: row.status }, after: { status: 'reimbursed', method: 'payroll', runId: run.runId, month: run.month } });
      await notifyRequester(tx, row, { actionType: 'Expense claim reimbursed', message: `${row.employeeName}'s expense claim ${repo.claimNumber(row.seq)} is paid with the ${run.month} payroll`, key: 'expenses.reimbursed' });
    }
  });

  const save = async (auth: TAuth, target: { employeeId: string | 'self' } | { claimId: string }, input: TExpenseClaimData) => {
    const id = await db.transaction(async (tx) => {
      if ('claimId' in target) {
        const before = await load(tx, auth.businessId, target.claimId, true);
        assertMayEdit(auth, before);
        if (before.status !== 'draft' && before.status !== 'rejected') throw conflict(EXPENSE_MSG.notEditable(before.status)).as('expenseNotEditable');
        const lines = await checkLines(tx, auth, before.employeeId, input);
        const totalMinor = lines.reduce((s, l) => s + l.amountMinor, 0);
        await repo.replaceLines(tx, auth.businessId, before.id, lines);
        await repo.updateClaim(tx, auth.businessId, before.id, { title: input.title, totalMinor, status: 'draft' });
        await audit(tx, auth, 'expense.updated', { entity: 'expense-claim', entityId: before.id, before: await withLines(tx, before), after: { title: input.title, totalMinor, lines } });
        return before.id;
      }
      const employee = await employeeFor(tx, auth, target.employeeId);
      const lines = await checkLines(tx, auth, employee.id, input);
      const totalMinor = lines.reduce((s, l) => s + l.amountMinor, 0);
      const claimId = await repo.insertClaim(tx, {
        businessId: auth.businessId, employeeId: employee.id, title: input.title, currency: await repo.getBusinessCurrency(tx, auth.businessId),
        totalMinor, createdById: auth.kind === 'user' ? auth.userId : null,
      });
      await repo.replaceLines(tx, auth.businessId, claimId, lines);
      await audit(tx, auth, 'expense.created', { entity: 'expense-claim', entityId: claimId, after: { employeeId: employee.id, title: input.title, totalMinor, lines } });
      return claimId;
    });
    return withLines(db, await load(db, auth.businessId, id));
  };

  const listOf = async (businessId: string, q: TExpenseListQuery & { employeeIds?: string[] }): Promise<TExpenseClaimList> => {
    const rows = await repo.findClaims(db, businessId, { ...q, limit: LIST_LIMIT + 1 });
    const shown = rows.slice(0, LIST_LIMIT);
    const lines = await repo.findLines(db, businessId, shown.map((r) => r.id));
    const byStatus = Object.fromEntries((await repo.findTotals(db, businessId, q)).map((t) => [t.status, { count: t.count, totalMinor: Number(t.total) }]));
    const all = Object.values(byStatus);
    return {
      claims: shown.map((r) => repo.toClaim(r, lines)), truncated: rows.length > LIST_LIMIT,
      totals: { count: all.reduce((s, t) => s + t.count, 0), totalMinor: all.reduce((s, t) => s + t.totalMinor, 0), byStatus },
    };
  };

  const options = async (auth: TAuth): Promise<TExpenseOptions> => ({
      projects: (await peers.costs.projectNames(auth.businessId)).sort((a, b) => a.localeCompare(b)),
      currency: await repo.getBusinessCurrency(db, auth.businessId),
      receiptRequiredAboveMinor: EXPENSE_RECEIPT_REQUIRED_ABOVE_MINOR,
  });

  return {
    /** HR and Accounts: every claim, filtered, with totals per status. */
    list: (auth: TUserAuth, q: TExpenseListQuery) => listOf(auth.businessId, q),
    /** One employee's claims (the portal's own, or HR's view of anyone). */
    listOfEmployee: async (auth: TAuth, employeeId: string | 'self'): Promise<TExpenseOwnClaims> => {
      const employee = await employeeFor(db, auth, employeeId);
      return { ...(await listOf(auth.businessId, { employeeId: employee.id })), options: await options(auth) };
    },
    get: async (auth: TAuth, claimId: string): Promise<TExpenseClaim> => {
      const row = await load(db, auth.businessId, claimId);
      assertMaySee(auth, row);
      return withLines(db, row);
    },
    create: (auth: TAuth, employeeId: string | 'self', input: TExpenseClaimData) => save(auth, { employeeId }, input),
    update: (auth: TAuth, claimId: string, input: TExpenseClaimData) => save(auth, { claimId }, input),
    remove: async (auth: TAuth, claimId: string) =>
      db.transaction(async (tx) => {
        const before = await load(tx, auth.businessId, claimId, true);
        assertMayEdit(auth, before);
        if (before.status !== 'draft' && before.status !== 'rejected') throw conflict(EXPENSE_MSG.notEditable(before.status)).as('expenseNotEditable');
        const claim = await withLines(tx, before);
        await repo.deleteClaim(tx, auth.businessId, claimId);
        await audit(tx, auth, 'expense.deleted', { entity: 'expense-claim', entityId: claimId, before: claim });
        return { _id: claimId };
      }),
    /** Sends a draft (or a corrected rejected claim) to the approvals engine. */
    submit: async (auth: TAuth, claimId: string) => {
      await db.transaction(async (tx) => {
        const before = await load(tx, auth.businessId, claimId, true);
        assertMayEdit(auth, before);
        if (before.status !== 'draft' && before.status !== 'rejected') throw conflict(EXPENSE_MSG.notEditable(before.status)).as('expenseNotEditable');
        const lines = await repo.findLines(tx, auth.businessId, [claimId]);
        if (lines.length === 0) throw badRequest('lines: add at least one line');
        const today = todayIn(auth.timeZone);
        lines.forEach((l, i) => {
          if (l.date > today) throw badRequest(EXPENSE_MSG.dateInFuture(i));
          if (!l.receiptId && Number(l.amountMinor) > EXPENSE_RECEIPT_REQUIRED_ABOVE_MINOR) throw badRequest(EXPENSE_MSG.receiptRequired(i, major(EXPENSE_RECEIPT_REQUIRED_ABOVE_MINOR)));
        });
        await repo.updateClaim(tx, auth.businessId, claimId, { status: 'submitted', submittedAt: new Date(), decidedAt: null, decidedBy: null, decisionReason: null });
        await peers.approvals.request(tx, auth, {
          service: SERVICE, subjectId: claimId, title: `Expense claim ${repo.claimNumber(before.seq)} by ${before.employeeName}: ${before.title}`.slice(0, 300),
          amount: Number(before.totalMinor), currency: before.currency, requesterEmployeeId: before.employeeId,
        });
        await audit(tx, auth, 'expense.submitted', { entity: 'expense-claim', entityId: claimId, before: { status: before.status }, after: { status: 'submitted', totalMinor: Number(before.totalMinor) } });
      });
      return withLines(db, await load(db, auth.businessId, claimId));
    },
    /** Accounts pays an approved claim directly (like a vendor payment: date and reference) instead of through payroll. */
    payDirect: async (auth: TUserAuth, claimId: string, input: TExpenseDirectPayment) => {
      if (input.paidOn > todayIn(auth.timeZone)) throw badRequest('paidOn: must not be in the future');
      await db.transaction(async (tx) => {
        const before = await load(tx, auth.businessId, claimId, true);
        if (before.status !== 'approved') throw conflict(EXPENSE_MSG.notPayable(before.status)).as('expenseNotPayable');
        if (before.payItemId) await peers.reimbursements.unschedule(tx, auth, before.payItemId);
        await repo.updateClaim(tx, auth.businessId, claimId, {
          status: 'reimbursed', reimbursementMethod: 'direct', payrollMonth: null, payItemId: null, paidOn: input.paidOn, paymentReference: input.reference, reimbursedAt: new Date(),
        });
        await audit(tx, auth, 'expense.paid', { entity: 'expense-claim', entityId: claimId, before: { status: before.status, payrollMonth: before.payrollMonth }, after: { status: 'reimbursed', method: 'direct', paidOn: input.paidOn, reference: input.reference } });
        await notifyRequester(tx, before, { actionType: 'Expense claim reimbursed', message: `${before.employeeName}'s expense claim ${repo.claimNumber(before.seq)} was paid on ${input.paidOn} (${input.reference})`, key: 'expenses.reimbursed' });
      });
      return withLines(db, await load(db, auth.businessId, claimId));
    },
    /** Stores a receipt photo or PDF and reads it (the receipt OCR proposes date, vendor and amount; a failed read proposes nothing). */
    uploadReceipt: async (auth: TAuth, employeeId: string | 'self', file: { buffer: Buffer; mime: string; ext: string; originalName: string }): Promise<TExpenseReceiptUpload> => {
      const employee = await employeeFor(db, auth, employeeId);
      const key = `${auth.businessId}/${randomUUID()}.${file.ext}`;
      await storage.put(key, file.buffer, file.mime);
      let receipt: repo.TReceiptRow;
      try {
        receipt = await db.transaction(async (tx) => {
          const row = await repo.insertReceipt(tx, { businessId: auth.businessId, employeeId: employee.id, storageKey: key, name: (file.originalName || `receipt.${file.ext}`).slice(0, 200), mime: file.mime, size: file.buffer.length });
          await audit(tx, auth, 'expense.receipt-uploaded', { entity: 'expense-claim', entityId: null, after: { receiptId: row.id, employeeId: employee.id, name: row.name, size: row.size } });
          return row;
        });
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
      let proposal: TOcrProposal | null = null;
      try {
        proposal = (await peers.ocr.read(auth, { buffer: file.buffer, mime: file.mime })).proposal;
      } catch (err) {
        deps.log.info({ err }, 'receipt not read; the claim is filled in by hand');
      }
      return { receipt: { _id: receipt.id, name: receipt.name, mime: receipt.mime, size: receipt.size }, proposal };
    },
    receiptFile: async (auth: TAuth, receiptId: string) => {
      const [receipt] = await repo.findReceipts(db, auth.businessId, [receiptId]);
      if (!receipt) throw notFound('Receipt');
      const mine = auth.kind === 'portal' ? receipt.employeeId === auth.employeeId
        : auth.kind === 'user' ? (await repo.findEmployeeIdByEmail(db, auth.businessId, auth.email)) === receipt.employeeId : false;
      if (!mine && !isReviewer(auth)) throw notFound('Receipt');
      const file = await storage.get(receipt.storageKey);
      if (!file) throw notFound('Receipt file');
      return { body: file.body, mime: receipt.mime, name: receipt.name };
    },
  };
};
export type TExpensesService = ReturnType<typeof createExpensesService>;
