import type { TRunningCostInput } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TAiLanguage } from '../../platform/ai/ai.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import type { TCostsService } from '../costs/costs.service.ts';
import { costAnalyst, factsForModel, runningCostAnalyst, type TReportFacts, type TRunningFacts } from './report-analyst.ts';
import * as repo from './reports.repo.ts';

const currencyOf = (country: string, fallback: string) => (country === 'GH' ? 'GHS' : country === 'NG' ? 'NGN' : fallback === 'GH' ? 'GHS' : 'NGN');

const SYSTEM = 'You are a cost analyst for a small business in West Africa. Write a short report for the owner from the figures given. '
  + 'Quote the figures exactly as given (they are already formatted with their currency); never invent figures. '
  + 'Cover: where the money goes, whether payments cover the costs, the trend by month, and two or three concrete next steps.';

/** Written reports on a project, the whole business and running costs: the AI layer writes them from the costs' real figures. */
export const createReportsService = ({ db, ai }: TDeps, peers: { costs: TCostsService }) => {
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
      const facts: TReportFacts = { currency: currencyOf(country, auth.country), business: auth.businessName, tag: view.projects[0]?.tagName ?? tag, view };
      const written = await ai.report('project-cost', { facts, prompt: { system: SYSTEM, user: `Project ${facts.tag} of ${auth.businessName}.\n\n${factsForModel(facts)}` }, analyst: costAnalyst(facts) }, { language });
      return store(auth, 'project', facts.tag!, facts, written);
    },

    businessReport: async (auth: TUserAuth, email: string, business: string, country: string, language: TAiLanguage) => {
      assertBusinessEmail(auth, email);
      // {business} names the caller's own business (its name or id); another name is not found.
      if (business.trim().toLowerCase() !== auth.businessName.toLowerCase() && business.trim().toLowerCase() !== auth.businessId) throw notFound(`The business "${business.slice(0, 160)}"`);
      const view = await peers.costs.reportFacts(auth);
      const facts: TReportFacts = { currency: currencyOf(country, auth.country), business: auth.businessName, view };
      const written = await ai.report('business-cost', { facts, prompt: { system: SYSTEM, user: `All projects of ${auth.businessName}.\n\n${factsForModel(facts)}` }, analyst: costAnalyst(facts) }, { language });
      return store(auth, 'business', null, facts, written);
    },

    runningCostReport: async (auth: TUserAuth, input: TRunningCostInput, fallbackLanguage: TAiLanguage) => {
      assertBusinessEmail(auth, input.email);
      const statedMinor = majorToMinor(input.TotalOverheadExpenses, 'TotalOverheadExpenses');
      const view = await peers.costs.reportFacts(auth, input.tagName);
      const facts: TRunningFacts = { currency: currencyOf(input.country, auth.country), business: auth.businessName, tag: view.projects[0]?.tagName ?? input.tagName, view, projectTitle: input.projectTitle, statedMinor, workLevel: input.CurrentWorkLevel };
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
