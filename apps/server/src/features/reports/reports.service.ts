import type { TRunningCostInput } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TAiLanguage } from '../../platform/ai/ai.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import type { TCostsService } from '../costs/costs.service.ts';
import { costAnalyst, factsForModel, runningCostAnalyst, type TKindCosts, type TLedgerFacts, type TProcurementFacts, type TReportFacts, type TRunningFacts } from './report-analyst.ts';
import { reviewCosts } from './cost-review.ts';
import type { TLedgerService } from '../projects/ledger.service.ts';
import * as repo from './reports.repo.ts';
import { localDate } from '../../platform/local-time.ts';

const todayIn = (timeZone: string) => localDate(new Date(), timeZone);

/** The ledger's totals of the projects a report covers (all of them for the whole business), with every source and category. */
const ledgerFacts = async (auth: TUserAuth, ledger: NonNullable<TPeers['ledger']>, places: Array<{ placeId: string; tagName: string }>, isOneProject: boolean): Promise<TLedgerFacts> => {
  const [byProject, monthRows] = await Promise.all([ledger.totalsByProject(auth.businessId), ledger.months(auth.businessId, isOneProject ? places[0]?.placeId : undefined)]);
  const names = new Map(places.map((p) => [p.placeId, p.tagName]));
  const covered = [...byProject.entries()].filter(([placeId]) => !isOneProject || names.has(placeId));
  const out: TLedgerFacts = { actualMinor: 0, committedMinor: 0, bySource: [], byCategory: [], byProject: [], months: [] };
  for (const [placeId, t] of covered) {
    out.actualMinor += t.actualMinor;
    out.committedMinor += t.committedMinor;
    out.byProject.push({ tagName: names.get(placeId) ?? placeId, actualMinor: t.actualMinor, committedMinor: t.committedMinor });
    for (const s of t.bySource) {
      const x = out.bySource.find((y) => y.sourceKind === s.sourceKind) ?? (out.bySource.push({ sourceKind: s.sourceKind, actualMinor: 0, committedMinor: 0 }), out.bySource.at(-1)!);
      x.actualMinor += s.actualMinor;
      x.committedMinor += s.committedMinor;
    }
    for (const c of t.byCategory) {
      const x = out.byCategory.find((y) => y.category === c.category) ?? (out.byCategory.push({ category: c.category, actualMinor: 0, committedMinor: 0 }), out.byCategory.at(-1)!);
      x.actualMinor += c.actualMinor;
      x.committedMinor += c.committedMinor;
    }
  }
  const months = new Map<string, { month: string; actualMinor: number; committedMinor: number }>();
  for (const m of monthRows) {
    if (isOneProject && !names.has(m.projectId)) continue;
    const x = months.get(m.month) ?? months.set(m.month, { month: m.month, actualMinor: 0, committedMinor: 0 }).get(m.month)!;
    x.actualMinor += m.actualMinor;
    x.committedMinor += m.committedMinor;
  }
  out.months = [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  out.byProject.sort((a, b) => b.actualMinor - a.actualMinor);
  return out;
};

const currencyOf = (country: string, fallback: string) => (country === 'GH' ? 'GHS' : country === 'NG' ? 'NGN' : fallback === 'GH' ? 'GHS' : 'NGN');

const SYSTEM = 'You are a cost analyst for a small business in West Africa. Write a short report for the owner from the figures given. '
  + 'Quote the figures exactly as given (they are already formatted with their currency); never invent figures. '
  + 'Cover: where the money goes, whether payments cover the costs, the trend by month, and two or three concrete next steps. '
  + 'Repeat every item under "Checks on the records" (possible duplicates, unusual amounts, dates out of range) naming each record as given.';

/** Written reports on a project, the whole business and running costs: the AI layer writes them from the costs' real figures. */
type TPeers = {
  costs: TCostsService;
  /** Issue 35: the analyst reads project costing from the ledger, and procurement, energy and fleet through their services. */
  ledger?: Pick<TLedgerService, 'totalsByProject' | 'months'>;
  orders?: { analystFigures: (auth: TUserAuth) => Promise<TProcurementFacts> };
  energy?: { analystFigures: (auth: TUserAuth) => Promise<TKindCosts> };
  fleet?: { analystFigures: (auth: TUserAuth) => Promise<TKindCosts & { trucks: number }> };
};

export const createReportsService = ({ db, ai }: TDeps, peers: TPeers) => {
  /**
   * Everything a report is written from besides the costs' view: the checks over the records (naming them), the
   * ledger's totals for the projects covered, and (for the whole business) procurement, energy and fleet money.
   */
  const moreFacts = async (auth: TUserAuth, tag?: string): Promise<Partial<TReportFacts>> => {
    const today = todayIn(auth.timeZone);
    const { records, places } = await peers.costs.reportRecords(auth, tag);
    const [ledger, procurement, energy, fleet] = await Promise.all([
      peers.ledger ? ledgerFacts(auth, peers.ledger, places, Boolean(tag)) : undefined,
      !tag && peers.orders ? peers.orders.analystFigures(auth) : undefined,
      !tag && peers.energy ? peers.energy.analystFigures(auth) : undefined,
      !tag && peers.fleet ? peers.fleet.analystFigures(auth) : undefined,
    ]);
    return { today, flags: reviewCosts(records, today), ledger, procurement, energy, fleet };
  };

  const store = async (auth: TUserAuth, kind: 'project' | 'business' | 'running-cost', tagName: string | null, facts: TReportFacts, written: Awaited<ReturnType<typeof ai.report>>) =>
    db.transaction(async (tx) => {
      const row = await repo.insertReport(tx, {
        businessId: auth.businessId, kind, tagName, text: written.text, facts, provider: written.provider, model: written.model, language: written.language, createdBy: auth.userName,
      });
      await audit(tx, auth, `report.${kind}-written`, { entity: 'ai-report', entityId: row.id, after: { kind, tagName, provider: row.provider } });
      return repo.toReport(row);
    });

  return {
    projectReport: async (auth: TUserAuth, email: string, tag: string, country: string, language: TAiLanguage) => {
      assertBusinessEmail(auth, email);
      const view = await peers.costs.reportFacts(auth, tag);
      const facts: TReportFacts = { currency: currencyOf(country, auth.country), business: auth.businessName, tag: view.projects[0]?.tagName ?? tag, view, ...(await moreFacts(auth, tag)) };
      const written = await ai.report('project-cost', { facts, prompt: { system: SYSTEM, user: `Project ${facts.tag} of ${auth.businessName}.\n\n${factsForModel(facts)}` }, analyst: costAnalyst(facts) }, { language });
      return store(auth, 'project', facts.tag!, facts, written);
    },

    businessReport: async (auth: TUserAuth, email: string, business: string, country: string, language: TAiLanguage) => {
      assertBusinessEmail(auth, email);
      // {business} names the caller's own business (its name or id); another name is not found.
      if (business.trim().toLowerCase() !== auth.businessName.toLowerCase() && business.trim().toLowerCase() !== auth.businessId) throw notFound(`The business "${business.slice(0, 160)}"`);
      const view = await peers.costs.reportFacts(auth);
      const facts: TReportFacts = { currency: currencyOf(country, auth.country), business: auth.businessName, view, ...(await moreFacts(auth)) };
      const written = await ai.report('business-cost', { facts, prompt: { system: SYSTEM, user: `All projects of ${auth.businessName}.\n\n${factsForModel(facts)}` }, analyst: costAnalyst(facts) }, { language });
      return store(auth, 'business', null, facts, written);
    },

    runningCostReport: async (auth: TUserAuth, input: TRunningCostInput, fallbackLanguage: TAiLanguage) => {
      assertBusinessEmail(auth, input.email);
      const statedMinor = majorToMinor(input.TotalOverheadExpenses, 'TotalOverheadExpenses');
      const view = await peers.costs.reportFacts(auth, input.tagName);
      const facts: TRunningFacts = { currency: currencyOf(input.country, auth.country), business: auth.businessName, tag: view.projects[0]?.tagName ?? input.tagName, view, ...(await moreFacts(auth, input.tagName)), projectTitle: input.projectTitle, statedMinor, workLevel: input.CurrentWorkLevel };
      const user = `Project ${facts.projectTitle} (${facts.tag}). Work done: ${input.CurrentWorkLevel}%. Overheads stated by the user: ${statedMinor / 100}.\n`
        + 'Say what the overheads at completion would be at this rate and whether the budget holds.\n\n' + factsForModel(facts);
      const written = await ai.report('running-cost', { facts, prompt: { system: SYSTEM, user }, analyst: runningCostAnalyst(facts) }, { language: input.language ?? fallbackLanguage });
      return store(auth, 'running-cost', facts.tag!, facts, written);
    },

    list: async (auth: TUserAuth, email: string, filter: { tagName?: string; kind?: 'project' | 'business' | 'running-cost' }) => {
      assertBusinessEmail(auth, email);
      if (filter.tagName) await peers.costs.assertProject(auth, filter.tagName);
      return (await repo.findReports(db, auth.businessId, filter)).map(repo.toReport);
    },
  };
};
export type TReportsService = ReturnType<typeof createReportsService>;
