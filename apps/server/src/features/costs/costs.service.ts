import { createHash } from 'node:crypto';
import {
  backlogRowKey, type TAddPayment, type TBacklogInput, type TBacklogResult, type TCategoryBacklogInput, type TCostRowInput,
  type TManagementView, type TOverheadCostInput, type TCostListQuery, COST_BATCH_MSG, type TProjectFigures, type TProjectSettings, type TUpdateRecord,
  type TProjectCostSource,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { found } from '../../platform/search.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import type { TCollectionPointsService } from '../portal/collection-points.service.ts';
import type { TDepartmentsService } from '../employees/departments.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TLedgerService } from '../projects/ledger.service.ts';
import * as repo from './costs.repo.ts';

type TSource = 'manual' | 'backlog' | 'ocr';

/** Row → stored record; the amount is read from its text into minor units (400 naming the row's field). */
const toNewRecords = (rows: TCostRowInput[], field: string, employeeName: string, source: TSource, hashes?: string[], batchId?: string): repo.TNewRecord[] =>
  rows.map((r, i) => ({
    description: r.description, category: r.category, date: r.date, employeeName, source,
    amountMinor: majorToMinor(r.amount, `${field}.${i}.amount`, { isPositive: true }),
    rowHash: hashes?.[i] ?? null,
    batchId: batchId ?? null,
  }));

/** The list filters in minor units (min/max are typed in major units; 400 naming the field). */
const filterOf = (q: TCostListQuery): repo.TRecordFilter => ({
  q: q.q || undefined, category: q.category || undefined, source: q.source, from: q.from, to: q.to, batchId: q.batchId,
  minMinor: q.min === undefined ? undefined : majorToMinor(q.min, 'min'),
  maxMinor: q.max === undefined ? undefined : majorToMinor(q.max, 'max'),
});

/** Hashes computed the way the web computes them (backlogRowKey), for imports sent without hashes. */
export const hashBacklogRows = (rows: TCostRowInput[]) => {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const base = backlogRowKey(r, 0);
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return createHash('sha256').update(backlogRowKey(r, occurrence)).digest('hex');
  });
};

/** Finds the vendor invoice on an order that an OCR'd supplier invoice is (orders.matchInvoice). */
export type TInvoiceMatcher = (tx: DbOrTx, businessId: string, m: { vendorName: string; invoiceNumber?: string | null; totalMinor?: number | null }) =>
  Promise<{ invoiceId: string; invoiceNumber: string; orderNumber: string } | undefined>;

export const createCostsService = ({ db }: TDeps, peers: { collectionPoints: TCollectionPointsService; departments: TDepartmentsService; places: TPlacesService; ledger: TLedgerService }) => {
  let matchInvoice: TInvoiceMatcher | null = null;
  /**
   * The project cost ledger (issue 35): each cost record is one actual entry of its project, written in the record's
   * own transaction; a project money side not linked to a place (an old second spelling) puts nothing on the ledger.
   */
  const toLedger = async (tx: DbOrTx, businessId: string, placeId: string | null, records: Array<{ id: string; category: string; amountMinor: number; date: string; description: string; source: string; orderInvoiceId?: string | null }>) => {
    for (const r of records) {
      // Issue 35: a record linked to an order's invoice is already on the ledger through the order.
      if (r.orderInvoiceId) { await peers.ledger.replace(tx, businessId, { kind: 'cost-record', id: r.id }, []); continue; }
      await peers.ledger.replace(tx, businessId, { kind: r.source === 'expense-claim' ? 'expense-claim' : 'cost-record', id: r.id }, [{
        placeId, category: r.category, stage: 'actual', amountMinor: r.amountMinor, date: r.date, description: r.description, reference: r.source,
      }]);
    }
  };
  const offLedger = async (tx: DbOrTx, businessId: string, ids: string[]) => {
    await peers.ledger.remove(tx, businessId, 'cost-record', ids);
    await peers.ledger.remove(tx, businessId, 'expense-claim', ids);
  };

  /** The one delete path of cost records: the rows, their ledger entries, and an audit row per record. */
  const removeRecords = async (tx: DbOrTx, auth: TAuth, ids: string[]) => {
    if (ids.length === 0) return [];
    const deleted = await repo.deleteRecords(tx, auth.businessId, ids);
    await offLedger(tx, auth.businessId, deleted.map((r) => r.id));
    await audit(tx, auth, 'cost.records-deleted', deleted.map((r) => ({ entity: 'cost-record' as const, entityId: r.id, before: r })));
    return deleted;
  };

  /** A tag's money side: the project record it names (by name or an old spelling), else a row of that name. */
  const projectOf = async (auth: TUserAuth, tag: string) => {
    const place = await peers.places.resolve(auth.businessId, tag);
    return (place ? await repo.findProjectByPlace(db, auth.businessId, place.id) : undefined) ?? repo.findProjectByTag(db, auth.businessId, tag);
  };

  /**
   * The money side a written tag names, made when new: the spec's free-text tagName resolves to its project record,
   * made through places.ensure when the business has none of that name (issue 34).
   */
  const projectFor = async (tx: DbOrTx, auth: TAuth, input: { tagName: string; description?: string; scope?: string; dept?: string }) => {
    const place = await peers.places.ensure(tx, auth.businessId, input.tagName, 'project');
    return repo.projectOfPlace(tx, auth.businessId, place, input);
  };

  /**
   * The project of a tag for reading: its cost row, or null when only a collection point names it
   * (a project with no money yet); a tag nothing names is 404.
   */
  const readableProject = async (auth: TUserAuth, tag: string) => {
    const project = await projectOf(auth, tag);
    if (project) return project;
    // A project record with no money yet (made on the Places screen or by a collection point).
    if (await peers.places.resolve(auth.businessId, tag)) return null;
    const points = await peers.collectionPoints.list(auth, auth.ownerEmail);
    if (points.some((p) => p.tagName.toLowerCase() === tag.trim().toLowerCase())) return null;
    throw notFound(`The project "${tag.slice(0, 120)}"`);
  };

  /** Projects of one department: `default`, a department of the business, or a department a project names. */
  const inDept = async (auth: TUserAuth, all: TProjectFigures[], dept: string) => {
    const d = dept.trim().toLowerCase();
    const matching = all.filter((p) => p.dept.toLowerCase() === d);
    if (matching.length || d === 'default') return matching;
    const departments = await peers.departments.list(auth);
    if (departments.some((x) => x.name.toLowerCase() === d || x._id === d)) return matching;
    throw notFound(`The department "${dept.slice(0, 120)}"`);
  };

  const importRows = async (auth: TUserAuth, input: { email: string; tagName: string; projectDescription?: string; projectScope?: string; fileName?: string; batchId?: string },
    rows: TCostRowInput[], field: string, employeeName: string, hashes: string[]): Promise<TBacklogResult> => {
    assertBusinessEmail(auth, input.email);
    // One transaction per call: a failure leaves none of its rows behind.
    return db.transaction(async (tx) => {
      const project = await projectFor(tx, auth, { tagName: input.tagName, description: input.projectDescription, scope: input.projectScope });
      // Issue 35: every import is a batch; the next chunks of one file join the batch its first chunk opened.
      let batch = input.batchId ? await repo.lockBatch(tx, auth.businessId, input.batchId) : undefined;
      if (input.batchId && (!batch || batch.projectId !== project.id)) throw notFound('The import batch');
      if (batch?.status === 'undone') throw conflict(COST_BATCH_MSG.alreadyUndone).as('costBatchUndone');
      batch ??= await repo.insertBatch(tx, auth.businessId, project.id, { fileName: (input.fileName ?? '').slice(0, 200), createdBy: auth.userName });
      const records = toNewRecords(rows, field, employeeName, 'backlog', hashes, batch.id);
      const inserted = await repo.insertNewRecords(tx, auth.businessId, project.id, records);
      await toLedger(tx, auth.businessId, project.placeId, inserted);
      await repo.addToBatch(tx, batch.id, { received: rows.length, imported: inserted.length, skipped: rows.length - inserted.length });
      await audit(tx, auth, 'cost.backlog-imported', { entity: 'cost-project', entityId: project.id, after: { tagName: project.tagName, batchId: batch.id, fileName: batch.fileName, received: rows.length, imported: inserted.length } });
      return { tagName: project.tagName, received: rows.length, imported: inserted.length, skipped: rows.length - inserted.length, batchId: batch.id };
    });
  };

  const figuresOf = async (auth: TUserAuth): Promise<TProjectFigures[]> => {
    const [projects, totals, points, ledgerTotals] = await Promise.all([
      repo.findProjects(db, auth.businessId),
      repo.findProjectTotals(db, auth.businessId),
      peers.collectionPoints.list(auth, auth.ownerEmail),
      peers.ledger.totalsByProject(auth.businessId),
    ]);
    // Stock used and payroll labour come from the project cost ledger (issue 35), the sources that write it.
    const ledgerActual = (placeId: string | null, kind: TProjectCostSource) =>
      (placeId ? ledgerTotals.get(placeId)?.bySource.find((s) => s.sourceKind === kind)?.actualMinor : 0) ?? 0;
    const figures: TProjectFigures[] = projects.map((p) => {
      const r = totals.records.get(p.id);
      const overheadsMinor = r?.totalMinor ?? 0;
      const paymentsMinor = totals.payments.get(p.id) ?? 0;
      const stockUsedMinor = ledgerActual(p.placeId, 'stock-use');
      return {
        tagName: p.tagName, dept: p.dept, projectDescription: p.description, projectScope: p.scope, budgetMinor: p.budgetMinor,
        overheadsMinor, paymentsMinor, stockUsedMinor, payrollMinor: ledgerActual(p.placeId, 'payroll'), marginMinor: paymentsMinor - overheadsMinor - stockUsedMinor,
        recordCount: r?.n ?? 0, lastRecordDate: r?.last ?? null,
      };
    });
    // Collection points name projects too; one with no money yet is listed with zeros.
    const known = new Set(figures.map((f) => f.tagName.toLowerCase()));
    for (const cp of points) {
      if (known.has(cp.tagName.toLowerCase())) continue;
      known.add(cp.tagName.toLowerCase());
      figures.push({
        tagName: cp.tagName, dept: cp.dept ?? 'default', projectDescription: cp.projectDescription, projectScope: cp.projectScope, budgetMinor: null,
        overheadsMinor: 0, paymentsMinor: 0, stockUsedMinor: 0, payrollMinor: 0, marginMinor: 0, recordCount: 0, lastRecordDate: null,
      });
    }
    // Project records with no money side yet (made on the Places screen, from a BOQ or an order) are projects too: listed
    // with what the ledger already carries for them (issue 35).
    for (const place of await peers.places.list(auth, { kind: 'project' } as Parameters<TPlacesService['list']>[1])) {
      if (known.has(place.name.toLowerCase())) continue;
      known.add(place.name.toLowerCase());
      const stockUsedMinor = ledgerActual(place._id, 'stock-use');
      figures.push({
        tagName: place.name, dept: 'default', projectDescription: place.description, projectScope: '', budgetMinor: null,
        overheadsMinor: 0, paymentsMinor: 0, stockUsedMinor, payrollMinor: ledgerActual(place._id, 'payroll'), marginMinor: -stockUsedMinor, recordCount: 0, lastRecordDate: null,
      });
    }
    return figures.sort((a, b) => a.tagName.localeCompare(b.tagName));
  };

  /** Totals, months and categories of these projects (all of the business's when not narrowed). */
  const viewOf = async (auth: TUserAuth, projects: TProjectFigures[], narrowed: boolean): Promise<TManagementView> => {
    const tags = new Set(projects.map((p) => p.tagName.toLowerCase()));
    const ids = narrowed ? (await repo.findProjects(db, auth.businessId)).filter((p) => tags.has(p.tagName.toLowerCase())).map((p) => p.id) : undefined;
    const scoped = ids && ids.length === 0 ? ['00000000-0000-0000-0000-000000000000'] : ids;
    const [months, categories] = await Promise.all([repo.findMonthTotals(db, auth.businessId, scoped), repo.findCategoryTotals(db, auth.businessId, scoped)]);
    const byMonth = new Map<string, { month: string; overheadsMinor: number; paymentsMinor: number }>();
    const at = (m: string) => byMonth.get(m) ?? byMonth.set(m, { month: m, overheadsMinor: 0, paymentsMinor: 0 }).get(m)!;
    for (const r of months.records) at(r.month).overheadsMinor += r.totalMinor;
    for (const p of months.payments) at(p.month).paymentsMinor += p.totalMinor;
    const overheadsMinor = projects.reduce((s, p) => s + p.overheadsMinor, 0);
    const paymentsMinor = projects.reduce((s, p) => s + p.paymentsMinor, 0);
    const stockUsedMinor = projects.reduce((s, p) => s + (p.stockUsedMinor ?? 0), 0);
    const payrollMinor = projects.reduce((s, p) => s + (p.payrollMinor ?? 0), 0);
    return {
      totals: { overheadsMinor, paymentsMinor, stockUsedMinor, payrollMinor, marginMinor: paymentsMinor - overheadsMinor - stockUsedMinor },
      projects,
      months: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
      categories,
    };
  };

  return {
    /** The projects a cost can be tagged with (expense claim lines pick from these). */
    projectNames: async (businessId: string) => {
      // The project records (issue 34), and money sides the migration left unlinked (a second spelling of one project).
      const names = await peers.places.names(businessId, ['project']);
      const known = new Set(names.map((n) => n.toLowerCase()));
      const unlinked = (await repo.findProjects(db, businessId)).filter((p) => p.placeId === null && !known.has(p.tagName.toLowerCase())).map((p) => p.tagName);
      return [...names, ...unlinked];
    },
    /**
     * An approved expense claim's project-tagged lines (issue 33): one cost entry per line, in the approving transaction,
     * keyed by the line so a line is never entered twice (a repeated call adds nothing). Returns the line → entry ids added.
     */
    recordExpenseLines: async (tx: Tx, auth: TAuth, input: { claimId: string; claimNumber: string; employeeName: string;
      lines: Array<{ lineId: string; projectTag: string; category: string; description: string; date: string; amountMinor: number }> }) => {
      const added = new Map<string, string>();
      for (const l of input.lines) {
        const project = await projectFor(tx, auth, { tagName: l.projectTag });
        const [row] = await repo.insertNewRecords(tx, auth.businessId, project.id, [{
          description: `${input.claimNumber}: ${l.description || l.category}`.slice(0, 500), category: l.category, date: l.date, amountMinor: l.amountMinor,
          employeeName: input.employeeName, source: 'expense-claim', rowHash: `expense-claim-line:${l.lineId}`,
        }]);
        if (row) added.set(l.lineId, row.id);
        if (row) await toLedger(tx, auth.businessId, project.placeId, [row]);
      }
      if (added.size > 0) {
        await audit(tx, auth, 'cost.expense-claim-recorded', { entity: 'expense-claim', entityId: input.claimId, after: { claim: input.claimNumber, entries: [...added.values()] } });
      }
      return added;
    },
    /** Project costing (issue 35): a project record's total budget and its receipts (each with the certificate it pays). */
    moneyOfPlace: async (businessId: string, placeId: string) => {
      const project = await repo.findProjectByPlace(db, businessId, placeId);
      return project ? { budgetMinor: project.budgetMinor, receipts: await repo.findReceipts(db, businessId, project.id) } : { budgetMinor: null, receipts: [] };
    },
    /** Project costing (issue 35): a receipt against a certificate, as a project payment (so every payment list shows it). */
    addReceipt: async (tx: DbOrTx, auth: TAuth, place: { id: string; name: string }, input: { amountMinor: number; date: string; certificateId: string }) => {
      const project = await repo.projectOfPlace(tx, auth.businessId, place);
      const row = await repo.insertPayment(tx, auth.businessId, project.id, input);
      await audit(tx, auth, 'cost.payment-added', { entity: 'project-payment', entityId: row.id, after: { ...row, tagName: project.tagName } });
      return row;
    },
    /**
     * Removes a receipt typed by mistake, inside the caller's transaction (project costing's removeReceipt, which then
     * lowers the certificate it names). Unknown or another business's: 404.
     */
    takeReceipt: async (tx: Tx, auth: TAuth, paymentId: string) => {
      const found = await repo.lockPayment(tx, auth.businessId, paymentId);
      if (!found) throw notFound('The payment');
      await repo.deletePayment(tx, auth.businessId, found.payment.id);
      return { ...found.payment, tagName: found.tagName, placeId: found.placeId };
    },
    /** The latest date of the receipts still paying a certificate (null: none), for its paid date. */
    latestReceiptDate: async (tx: Tx, businessId: string, certificateId: string) => repo.latestReceiptDate(tx, businessId, certificateId),
    /** The top-bar search (issue 30): projects by tag or description. */
    search: async (auth: TUserAuth, text: string, limit: number) => found(await repo.searchProjects(db, auth.businessId, text, limit), limit),

    createOverheads: async (auth: TUserAuth, input: TOverheadCostInput) => {
      assertBusinessEmail(auth, input.email);
      const rows = toNewRecords(input.records, 'records', input.employeeName, input.source ?? 'manual');
      return db.transaction(async (tx) => {
        const project = await projectFor(tx, auth, { tagName: input.tagName, description: input.projectDescription, scope: input.projectScope });
        // Issue 35: an OCR'd supplier invoice that is a vendor invoice already entered on an order links to it (no second cost).
        const links = new Map<number, string>();
        if (input.source === 'ocr' && input.vendorName?.trim() && matchInvoice) {
          for (const [i, r] of rows.entries()) {
            const hit = await matchInvoice(tx, auth.businessId, { vendorName: input.vendorName, invoiceNumber: input.invoiceNumber, totalMinor: r.amountMinor });
            if (hit) { r.orderInvoiceId = hit.invoiceId; links.set(i, `Already in procurement as ${hit.orderNumber} invoice ${hit.invoiceNumber}`); }
          }
        }
        const created = await repo.insertRecords(tx, auth.businessId, project.id, rows);
        await toLedger(tx, auth.businessId, project.placeId, created);
        await audit(tx, auth, 'cost.records-created', created.map((r) => ({ entity: 'cost-record' as const, entityId: r.id, after: { ...r, tagName: project.tagName } })));
        return created.map((r, i) => ({ ...repo.toCostRecord(r, project.tagName), linkedTo: links.get(i) ?? null }));
      });
    },
    /** Orders registers here (issue 35): the vendor invoice an OCR'd supplier invoice already is. */
    useInvoiceMatcher: (fn: TInvoiceMatcher) => { matchInvoice = fn; },

    importBacklog: async (auth: TUserAuth, input: TBacklogInput & { hashes?: string[] }) =>
      importRows(auth, input, input.formattedData, 'formattedData', auth.userName, input.hashes ?? hashBacklogRows(input.formattedData)),

    importCategoryBacklog: async (auth: TUserAuth, input: TCategoryBacklogInput) =>
      importRows(auth, input, input.entries, 'entries', input.employeeName, hashBacklogRows(input.entries)),

    projectRecords: async (auth: TUserAuth, email: string, tag: string) => {
      assertBusinessEmail(auth, email);
      const project = await readableProject(auth, tag);
      if (!project) return { tagName: tag, projectDescription: '', projectScope: '', totalMinor: 0, records: [] };
      const rows = await repo.findProjectRecords(db, auth.businessId, project.id);
      const records = rows.map((r) => repo.toCostRecord(r.record, r.tagName));
      return { tagName: project.tagName, projectDescription: project.description, projectScope: project.scope, totalMinor: records.reduce((s, r) => s + r.amountMinor, 0), records };
    },

    /** Every project's records matching the search and filters (over all pages), a page at a time, with their total amount. */
    allRecords: async (auth: TUserAuth, email: string, query: TCostListQuery) => {
      assertBusinessEmail(auth, email);
      const found = await repo.findMatchingRecords(db, auth.businessId, filterOf(query), { limit: query.limit, offset: pageOffset(query) });
      return { rows: found.rows.map((r) => repo.toCostRecord(r.record, r.tagName)), totalRecords: found.totalRecords, totalAmountMinor: found.totalAmountMinor };
    },

    /** One project's records, searched and filtered on the server, a page at a time; a project with none (or not yet known) is an empty page. */
    filteredRecords: async (auth: TUserAuth, email: string, tag: string, query: TCostListQuery) => {
      assertBusinessEmail(auth, email);
      const filter = filterOf(query);
      const project = await readableProject(auth, tag);
      if (!project) return { rows: [], totalRecords: 0, totalAmountMinor: 0 };
      const found = await repo.findMatchingRecords(db, auth.businessId, { ...filter, projectId: project.id }, { limit: query.limit, offset: pageOffset(query) });
      return { rows: found.rows.map((r) => repo.toCostRecord(r.record, r.tagName)), totalRecords: found.totalRecords, totalAmountMinor: found.totalAmountMinor };
    },

    /** The import batches, newest first (one project's when tagName is given). */
    batches: async (auth: TUserAuth, email: string, tagName?: string) => {
      assertBusinessEmail(auth, email);
      const project = tagName ? await readableProject(auth, tagName) : undefined;
      if (tagName && !project) return [];
      return (await repo.findBatches(db, auth.businessId, project?.id)).map(repo.toBatch);
    },

    /**
     * Undoes an import: deletes the batch's records still on the project through the delete path (their ledger entries go
     * with them), audited; a batch is undone once (a second undo is 409).
     */
    undoBatch: async (auth: TUserAuth, email: string, batchId: string) => {
      assertBusinessEmail(auth, email);
      return db.transaction(async (tx) => {
        const batch = await repo.lockBatch(tx, auth.businessId, batchId);
        if (!batch) throw notFound('The import batch');
        if (batch.status === 'undone') throw conflict(COST_BATCH_MSG.alreadyUndone).as('costBatchUndone');
        const ids = await repo.findBatchRecordIds(tx, auth.businessId, batch.id);
        const deleted = await removeRecords(tx, auth, ids);
        await repo.markBatchUndone(tx, batch.id, auth.userName);
        await audit(tx, auth, 'cost.import-undone', { entity: 'cost-import-batch', entityId: batch.id, before: { ...batch, records: ids.length }, after: { status: 'undone', deleted: deleted.length } });
        const [row] = await repo.findBatches(tx, auth.businessId, undefined, batch.id);
        return { batch: repo.toBatch(row), deleted: deleted.length };
      });
    },

    updateRecord: async (auth: TUserAuth, input: TUpdateRecord) => db.transaction(async (tx) => {
      const found = await repo.findRecord(tx, auth.businessId, input.id);
      if (!found) throw notFound('Cost record');
      const patch = {
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.date !== undefined ? { date: input.date } : {}),
        ...(input.amount !== undefined ? { amountMinor: majorToMinor(input.amount, 'amount', { isPositive: true }) } : {}),
      };
      const row = await repo.updateRecord(tx, auth.businessId, input.id, patch);
      await toLedger(tx, auth.businessId, await repo.placeOfProject(tx, auth.businessId, row.projectId), [row]);
      await audit(tx, auth, 'cost.record-updated', { entity: 'cost-record', entityId: row.id, before: found.record, after: row });
      return repo.toCostRecord(row, found.tagName);
    }),

    deleteRecord: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
      const [row] = await repo.deleteRecords(tx, auth.businessId, [id]);
      if (!row) throw notFound('Cost record');
      await offLedger(tx, auth.businessId, [row.id]);
      await audit(tx, auth, 'cost.record-deleted', { entity: 'cost-record', entityId: row.id, before: row });
      return { _id: row.id };
    }),

    /** All or nothing: one id that is not this business's record deletes none of them. */
    groupDelete: async (auth: TUserAuth, email: string, recordIds: string[]) => {
      assertBusinessEmail(auth, email);
      const ids = [...new Set(recordIds.map((id) => id.toLowerCase()))];
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteRecords(tx, auth.businessId, ids);
        if (deleted.length !== ids.length) throw notFound(`${ids.length - deleted.length} of the ${ids.length} records`);
        await offLedger(tx, auth.businessId, deleted.map((r) => r.id));
        await audit(tx, auth, 'cost.records-deleted', deleted.map((r) => ({ entity: 'cost-record' as const, entityId: r.id, before: r })));
        return { deleted: deleted.length, recordIds: deleted.map((r) => r.id) };
      });
    },

    addPayment: async (auth: TUserAuth, input: TAddPayment) => {
      assertBusinessEmail(auth, input.email);
      const amountMinor = majorToMinor(input.newPaymentEntry.amount, 'newPaymentEntry.amount', { isPositive: true });
      return db.transaction(async (tx) => {
        const project = await projectFor(tx, auth, { tagName: input.tagName });
        const row = await repo.insertPayment(tx, auth.businessId, project.id, { amountMinor, date: input.newPaymentEntry.date });
        await audit(tx, auth, 'cost.payment-added', { entity: 'project-payment', entityId: row.id, after: { ...row, tagName: project.tagName } });
        return repo.toPayment(row, project.tagName);
      });
    },

    payments: async (auth: TUserAuth, email: string, tagName?: string) => {
      assertBusinessEmail(auth, email);
      const project = tagName ? await readableProject(auth, tagName) : undefined;
      if (tagName && !project) return [];
      return (await repo.findPayments(db, auth.businessId, project ? project.id : undefined)).map((r) => repo.toPayment(r.payment, r.tagName, r.certificateNumber));
    },

    /** The department's projects with their money (`default` lists every project without a department). */
    projects: async (auth: TUserAuth, email: string, dept?: string) => {
      assertBusinessEmail(auth, email);
      const all = await figuresOf(auth);
      return dept ? inDept(auth, all, dept) : all;
    },

    saveProject: async (auth: TUserAuth, input: TProjectSettings) => {
      assertBusinessEmail(auth, input.email);
      const budgetMinor = input.budget === undefined ? undefined : input.budget === null ? null : majorToMinor(input.budget, 'budget');
      return db.transaction(async (tx) => {
        const before = await projectFor(tx, auth, { tagName: input.tagName, dept: input.dept });
        const row = await repo.updateProject(tx, auth.businessId, before.id, {
          dept: input.dept,
          ...(input.projectDescription !== undefined ? { description: input.projectDescription } : {}),
          ...(input.projectScope !== undefined ? { scope: input.projectScope } : {}),
          ...(budgetMinor !== undefined ? { budgetMinor } : {}),
        });
        await audit(tx, auth, 'cost.project-saved', { entity: 'cost-project', entityId: row.id, before, after: row });
        return { tagName: row.tagName, dept: row.dept, projectDescription: row.description, projectScope: row.scope, budgetMinor: row.budgetMinor };
      });
    },

    /** Figures across projects (optionally one department's): totals, per project, per month, per category. */
    management: async (auth: TUserAuth, email: string, dept?: string): Promise<TManagementView> => {
      assertBusinessEmail(auth, email);
      const all = await figuresOf(auth);
      return viewOf(auth, dept ? await inDept(auth, all, dept) : all, Boolean(dept));
    },

    /** The dashboard's project figures: how many projects, this month's overheads (business time zone) and the margin so far. */
    dashboardFigures: async (auth: TUserAuth) => {
      const month = new Intl.DateTimeFormat('en-CA', { timeZone: auth.timeZone, year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
      const [all, months] = await Promise.all([figuresOf(auth), repo.findMonthTotals(db, auth.businessId)]);
      return {
        projects: all.length,
        overheadsThisMonthMinor: months.records.find((m) => m.month === month)?.totalMinor ?? 0,
        marginMinor: all.reduce((s, p) => s + p.marginMinor, 0),
      };
    },

    /** The records the analyst checks (issue 35) and the project records (places) a report covers; all the business's without a tag. */
    reportRecords: async (auth: TUserAuth, tag?: string) => {
      const projects = tag ? [await projectOf(auth, tag)].filter((p) => p !== undefined) : await repo.findProjects(db, auth.businessId);
      if (tag && projects.length === 0) return { records: [], places: [] };
      const rows = await repo.findRecordsForReview(db, auth.businessId, tag ? projects.map((p) => p.id) : undefined);
      return {
        records: rows.map(({ record: r, tagName }) => ({ id: r.id, date: r.date, description: r.description, category: r.category, amountMinor: r.amountMinor, tagName })),
        places: projects.filter((p) => p.placeId !== null).map((p) => ({ placeId: p.placeId!, tagName: p.tagName })),
      };
    },

    /** 404 unless the business has a project of this tag (with money or a collection point). */
    assertProject: async (auth: TUserAuth, tag: string) => {
      await readableProject(auth, tag);
    },

    /** What a report about one project (tag) or the whole business is written from; an unknown tag is 404. */
    reportFacts: async (auth: TUserAuth, tag?: string): Promise<TManagementView> => {
      const all = await figuresOf(auth);
      if (!tag) return viewOf(auth, all, false);
      await readableProject(auth, tag);
      return viewOf(auth, all.filter((p) => p.tagName.toLowerCase() === tag.trim().toLowerCase()), true);
    },
  };
};
export type TCostsService = ReturnType<typeof createCostsService>;
