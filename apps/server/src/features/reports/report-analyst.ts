import type { TManagementView } from '@bizdesk/contract';
import type { TAiLanguage } from '../../platform/ai/ai.ts';
import { fill, formatPercent, writeReport, type TSection } from '../../platform/ai/analyst-kit.ts';
import { REPORT_TEXTS } from './report-texts.ts';

const LOCALES: Record<TAiLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

/** Minor units as money in the report's language, formatted from their digits (no float division). */
export const formatMoney = (minor: number, currency: string, language: TAiLanguage) => {
  const abs = Math.abs(minor);
  const text = `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  // Plain spaces: the report is plain text that people copy into mails and documents.
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(text as unknown as number).replace(/[\u00a0\u202f]/g, ' ');
};

export type TReportFacts = { currency: string; business: string; tag?: string; view: TManagementView };
export type TRunningFacts = TReportFacts & { projectTitle: string; statedMinor: number; workLevel: number };

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

const observations = (view: TManagementView, say: (key: string, values?: Record<string, string | number>) => string, money: (m: number) => string, pct: (r: number) => string) => {
  const { totals, categories, months, projects } = view;
  const out: string[] = [];
  if (totals.overheadsMinor === 0) return [say('noRecords')];
  if (totals.paymentsMinor === 0) out.push(say('noPayments'));
  else if (totals.marginMinor < 0) out.push(say('losing', { amount: money(-totals.marginMinor), percent: pct(ratio(totals.paymentsMinor, totals.overheadsMinor)) }));
  else out.push(say('healthy', { percent: pct(ratio(totals.marginMinor, totals.paymentsMinor)) }));
  const budgets = projects.filter((p) => p.budgetMinor !== null);
  if (projects.length === 1 && budgets.length === 1) {
    const budget = budgets[0].budgetMinor!;
    if (totals.overheadsMinor > budget) out.push(say('overBudget', { amount: money(totals.overheadsMinor - budget) }));
    else if (ratio(totals.overheadsMinor, budget) >= 0.9) out.push(say('nearBudget', { percent: pct(ratio(totals.overheadsMinor, budget)) }));
  }
  const top = categories[0];
  if (top && categories.length > 1 && ratio(top.totalMinor, totals.overheadsMinor) > 0.5) out.push(say('concentrated', { category: top.category, percent: pct(ratio(top.totalMinor, totals.overheadsMinor)) }));
  const spent = months.filter((m) => m.overheadsMinor > 0);
  if (spent.length >= 2) {
    const [before, last] = spent.slice(-2);
    if (last.overheadsMinor > before.overheadsMinor * 1.25) out.push(say('rising', { month: last.month, percent: pct(ratio(last.overheadsMinor - before.overheadsMinor, before.overheadsMinor)) }));
  }
  return out;
};

const toolkit = (facts: TReportFacts, language: TAiLanguage) => {
  const texts = REPORT_TEXTS[language];
  return {
    say: (key: string, values: Record<string, string | number> = {}) => fill(texts[key], values),
    money: (m: number) => formatMoney(m, facts.currency, language),
    pct: (r: number) => formatPercent(r, language),
  };
};

/** The figures, categories, months and observations every cost report shares. */
const sectionsOf = (facts: TReportFacts, language: TAiLanguage): TSection[] => {
  const { say, money, pct } = toolkit(facts, language);
  const { totals, projects, categories, months } = facts.view;
  const records = projects.reduce((s, p) => s + p.recordCount, 0);
  const figures = [
    say('overheads', { amount: money(totals.overheadsMinor), count: records }),
    say('payments', { amount: money(totals.paymentsMinor) }),
    say('margin', { amount: money(totals.marginMinor) }),
    ...(totals.paymentsMinor > 0 ? [say('marginShare', { percent: pct(ratio(totals.marginMinor, totals.paymentsMinor)) })] : []),
  ];
  if (facts.tag && projects.length === 1) {
    const budget = projects[0].budgetMinor;
    figures.push(budget === null ? say('noBudget') : say('budget', { amount: money(budget), percent: pct(ratio(totals.overheadsMinor, budget)) }));
  }
  figures.push(say('notReported'));
  return [
    { heading: say('figures'), lines: figures },
    { heading: say('categories'), lines: categories.slice(0, 6).map((c) => say('category', { category: c.category, amount: money(c.totalMinor), percent: pct(ratio(c.totalMinor, totals.overheadsMinor)) })) },
    { heading: say('months'), lines: months.slice(-6).map((m) => say('month', { month: m.month, overheads: money(m.overheadsMinor), payments: money(m.paymentsMinor) })) },
    ...(facts.tag ? [] : [{ heading: say('projects'), lines: [...projects].sort((a, b) => b.marginMinor - a.marginMinor).slice(0, 10).map((p) => say('project', { tag: p.tagName, payments: money(p.paymentsMinor), overheads: money(p.overheadsMinor), margin: money(p.marginMinor) })) }]),
    { heading: say('observations'), lines: observations(facts.view, say, money, pct) },
  ];
};

export const costAnalyst = (facts: TReportFacts) => (language: TAiLanguage) => {
  const { say } = toolkit(facts, language);
  const title = facts.tag ? say('projectTitle', { tag: facts.tag }) : say('businessTitle', { business: facts.business });
  return writeReport(title, sectionsOf(facts, language));
};

export const runningCostAnalyst = (facts: TRunningFacts) => (language: TAiLanguage) => {
  const { say, money, pct } = toolkit(facts, language);
  const recorded = facts.view.totals.overheadsMinor;
  // The larger of what is recorded and what the user states is the cost so far.
  const soFar = Math.max(recorded, facts.statedMinor);
  const projected = Math.round((soFar * 100) / facts.workLevel);
  const budget = facts.view.projects[0]?.budgetMinor ?? null;
  const lines = [
    say('recorded', { tag: facts.tag ?? '', amount: money(recorded) }),
    say('stated', { amount: money(facts.statedMinor) }),
    ...(facts.statedMinor !== recorded ? [say('statedDiffers', { amount: money(Math.abs(facts.statedMinor - recorded)) })] : []),
    say('workLevel', { percent: pct(facts.workLevel / 100) }),
    say('projected', { amount: money(projected), remaining: money(projected - soFar) }),
    ...(budget !== null ? [projected > budget ? say('projectedOver', { budget: money(budget), amount: money(projected - budget) }) : say('projectedBudget', { budget: money(budget), percent: pct(ratio(projected, budget)) })] : []),
  ];
  return writeReport(say('runningTitle', { title: facts.projectTitle }), [{ heading: say('running'), lines }, ...sectionsOf(facts, language)]);
};

/** The same facts for a model, as text it can quote. */
export const factsForModel = (facts: TReportFacts) => sectionsOf(facts, 'en').map((s) => `${s.heading}:\n${s.lines.join('\n')}`).join('\n\n');
