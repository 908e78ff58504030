import {
  PROJECT_COST_CATEGORIES, projectCostCategoryOf, type TProjectCostCategory, type TProjectCostEntry, type TProjectCostSource,
  type TProjectCostTotals,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './ledger.repo.ts';

/**
 * One cost a source puts on a project. `placeId` is the project or one of its sites (a store or an unknown place puts
 * nothing on a project: the entry is dropped). `key` names a line within the source ('' for the whole source).
 */
export type TLedgerEntryInput = {
  placeId: string | null | undefined;
  category: TProjectCostCategory | string;
  stage: 'committed' | 'actual';
  amountMinor: number;
  date: string;
  description?: string;
  reference?: string;
  key?: string;
};

/** Where the web opens an entry's source (the notification link's shape). */
export const ledgerLinkOf = (kind: string, id: string): TProjectCostEntry['link'] => {
  switch (kind) {
    case 'purchase-order': case 'credit-note': return { screen: 'orders', id };
    case 'cost-record': return { screen: 'costs', id };
    case 'expense-claim': return { screen: 'costs', id };
    case 'stock-use': return { screen: 'inventory', id };
    case 'stock-transfer': return { screen: 'transfers', id };
    case 'fleet-fuel': case 'fleet-maintenance': case 'fleet-booking': return { screen: 'fleet', id };
    case 'energy': return { screen: 'energy', id };
    case 'payroll': return { screen: 'payroll', id };
    default: return null;
  }
};

const emptyTotals = (): TProjectCostTotals => ({ committedMinor: 0, actualMinor: 0, byCategory: [], bySource: [] });

const foldTotals = (rows: Awaited<ReturnType<typeof repo.findTotals>>) => {
  const byProject = new Map<string, TProjectCostTotals>();
  for (const r of rows) {
    const t = byProject.get(r.projectId) ?? byProject.set(r.projectId, emptyTotals()).get(r.projectId)!;
    t.committedMinor += r.committedMinor;
    t.actualMinor += r.actualMinor;
    const category = projectCostCategoryOf(r.category);
    const c = t.byCategory.find((x) => x.category === category) ?? (t.byCategory.push({ category, committedMinor: 0, actualMinor: 0 }), t.byCategory.at(-1)!);
    c.committedMinor += r.committedMinor;
    c.actualMinor += r.actualMinor;
    const kind = r.sourceKind as TProjectCostSource;
    const s = t.bySource.find((x) => x.sourceKind === kind) ?? (t.bySource.push({ sourceKind: kind, committedMinor: 0, actualMinor: 0, entries: 0 }), t.bySource.at(-1)!);
    s.committedMinor += r.committedMinor;
    s.actualMinor += r.actualMinor;
    s.entries += r.entries;
  }
  for (const t of byProject.values()) t.byCategory.sort((a, b) => PROJECT_COST_CATEGORIES.indexOf(a.category) - PROJECT_COST_CATEGORIES.indexOf(b.category));
  return byProject;
};

/**
 * The project cost ledger (DESIGN §7). Sources write through `replace` in their own transaction whenever the source
 * changes (made, approved, received, edited, deleted), so the ledger always holds each source's current cost once.
 * Readers (project costing, management, the analyst) read only through here.
 */
export const createLedgerService = ({ db }: Pick<TDeps, 'db'>) => {
  const replace = async (tx: DbOrTx, businessId: string, source: { kind: TProjectCostSource; id: string }, entries: TLedgerEntryInput[]) => {
    await repo.deleteSource(tx, businessId, source.kind, [source.id]);
    const rows: repo.TNewLedgerRow[] = [];
    const projectOf = new Map<string, Awaited<ReturnType<typeof repo.projectOfPlace>>>();
    for (const e of entries) {
      if (!e.placeId || !Number.isSafeInteger(e.amountMinor) || e.amountMinor === 0) continue;
      if (!projectOf.has(e.placeId)) projectOf.set(e.placeId, await repo.projectOfPlace(tx, businessId, e.placeId));
      const where = projectOf.get(e.placeId);
      if (!where) continue;
      rows.push({
        projectId: where.projectId, siteId: where.siteId, category: projectCostCategoryOf(e.category), sourceKind: source.kind, sourceId: source.id,
        sourceKey: e.key ?? '', stage: e.stage, amountMinor: e.amountMinor, entryDate: e.date,
        description: (e.description ?? '').slice(0, 500), reference: (e.reference ?? '').slice(0, 120),
      });
    }
    // One row per source, key and stage: entries a source gives twice are summed.
    const merged = new Map<string, repo.TNewLedgerRow>();
    for (const r of rows) {
      const k = `${r.sourceKey}\u0000${r.stage}`;
      const had = merged.get(k);
      if (had) had.amountMinor += r.amountMinor;
      else merged.set(k, { ...r });
    }
    return repo.insertEntries(tx, businessId, [...merged.values()].filter((r) => r.amountMinor !== 0));
  };

  return {
    replace,
    /** Takes every entry of these sources off the ledger (a deleted record, a cancelled order). */
    remove: async (tx: DbOrTx, businessId: string, kind: TProjectCostSource, ids: string[]) => repo.deleteSource(tx, businessId, kind, ids),

    /** Ledger totals of each project of the business (map by project place id). */
    totalsByProject: async (businessId: string, range: { from?: string; to?: string } = {}) => foldTotals(await repo.findTotals(db, businessId, range)),

    /** Ledger totals of one project (zeros when it has no entries). */
    totals: async (businessId: string, projectId: string, range: { from?: string; to?: string } = {}): Promise<TProjectCostTotals> =>
      foldTotals(await repo.findTotals(db, businessId, { projectId, ...range })).get(projectId) ?? emptyTotals(),

    /** Committed and actual per month and project. */
    months: async (businessId: string, projectId?: string) => repo.findMonthTotals(db, businessId, projectId),

    /** Entries newest first, a page at a time, each with the link to its source. */
    entries: async (businessId: string, query: { projectId?: string; category?: string; sourceKind?: string; stage?: 'committed' | 'actual'; limit: number; offset: number }) => {
      const { rows, total } = await repo.findEntries(db, businessId, query);
      const entries: TProjectCostEntry[] = rows.map(({ entry: e, projectName, siteName }) => ({
        _id: e.id, projectId: e.projectId, projectName, siteId: e.siteId, siteName, category: projectCostCategoryOf(e.category),
        sourceKind: e.sourceKind as TProjectCostSource, sourceId: e.sourceId, stage: e.stage, amountMinor: e.amountMinor, date: e.entryDate,
        description: e.description, reference: e.reference, link: ledgerLinkOf(e.sourceKind, e.sourceId),
      }));
      return { entries, total };
    },
  };
};
export type TLedgerService = ReturnType<typeof createLedgerService>;
