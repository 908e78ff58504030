import type { TManagementView } from '@bizdesk/contract';
import type { TAiLanguage } from '../../platform/ai/ai.ts';
import { fill, formatDate, formatPercent, writeReport, type TSection } from '../../platform/ai/analyst-kit.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import { categoriesWithOther, wholeMonths, type TCostFlags, type TReviewRecord } from './cost-review.ts';

const LOCALES: Record<TAiLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

/** Minor units as money in the report's language, formatted from their digits (no float division). */
export const formatMoney = (minor: number, currency: string, language: TAiLanguage) => {
  const abs = Math.abs(minor);
  const text = `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  // Plain spaces: the report is plain text that people copy into mails and documents.
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(text as unknown as number).replace(/[\u00a0\u202f]/g, ' ');
};

/** The ledger's figures for the projects a report covers (actual and committed, per source and category, per month). */
export type TLedgerFacts = {
  actualMinor: number; committedMinor: number;
  bySource: Array<{ sourceKind: string; actualMinor: number; committedMinor: number }>;
  byCategory: Array<{ category: string; actualMinor: number; committedMinor: number }>;
  byProject: Array<{ tagName: string; actualMinor: number; committedMinor: number }>;
  months: Array<{ month: string; actualMinor: number; committedMinor: number }>;
};
export type TProcurementFacts = { orders: number; committedMinor: number; receivedMinor: number; invoicedMinor: number; paidMinor: number; scheduledMinor: number };
export type TKindCosts = { costMinor: number; byKind: Array<{ kind: string; entries: number; costMinor: number }> };

export type TReportFacts = {
  currency: string; business: string; tag?: string; view: TManagementView;
  /** Issue 35: the business's today (its time zone), the checks over the records, and every module's money. */
  today?: string;
  flags?: TCostFlags;
  ledger?: TLedgerFacts;
  procurement?: TProcurementFacts;
  energy?: TKindCosts;
  fleet?: TKindCosts & { trucks: number };
};
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
    say: (key: string, values: Record<string, string | number> = {}) => fill(texts[key] ?? key, values),
    money: (m: number) => formatMoney(m, facts.currency, language),
    pct: (r: number) => formatPercent(r, language),
  };
};

/** A record as a flag names it: date, description, amount, project. */
const recordText = (r: TReviewRecord, money: (m: number) => string, language: TAiLanguage) =>
  `${formatDate(new Date(`${r.date}T00:00:00Z`), language)} · "${r.description}" · ${money(r.amountMinor)} · ${r.tagName}`;

/** The checks (issue 35): likely duplicates, outliers and dates out of range, each naming its records. */
const flagLines = (facts: TReportFacts, language: TAiLanguage) => {
  const { say, money } = toolkit(facts, language);
  const flags = facts.flags;
  if (!flags) return [];
  const lines = [
    ...flags.duplicates.map((group) => say('duplicate', { count: group.length, amount: money(group[0].amountMinor), records: group.map((r) => recordText(r, money, language)).join('; ') })),
    ...flags.outliers.map((r) => say('outlier', { record: recordText(r, money, language), category: r.category, median: money(r.medianMinor), times: Math.floor(r.amountMinor / r.medianMinor) })),
    ...flags.outOfRange.map((r) => say(r.reason === 'future' ? 'futureDate' : 'oldDate', { record: recordText(r, money, language), today: formatDate(new Date(`${facts.today}T00:00:00Z`), language) })),
  ];
  return lines.length ? lines : [say('noFlags')];
};

/** Project costing from the ledger, procurement, energy and fleet: every module's money, each section summing to its total. */
const moduleSections = (facts: TReportFacts, language: TAiLanguage): TSection[] => {
  const { say, money } = toolkit(facts, language);
  const out: TSection[] = [];
  const l = facts.ledger;
  if (l) {
    out.push({
      heading: say('ledger'),
      lines: l.actualMinor === 0 && l.committedMinor === 0 ? [say('ledgerEmpty')] : [
        say('ledgerTotals', { actual: money(l.actualMinor), committed: money(l.committedMinor) }),
        ...l.bySource.map((x) => say('ledgerSource', { source: say(`source.${x.sourceKind}`), actual: money(x.actualMinor), committed: money(x.committedMinor) })),
        ...l.byCategory.filter((c) => c.actualMinor !== 0).map((c) => say('ledgerCategory', { category: say(`cat.${c.category}`), actual: money(c.actualMinor) })),
        ...(facts.tag ? [] : l.byProject.map((p) => say('ledgerProject', { tag: p.tagName, actual: money(p.actualMinor), committed: money(p.committedMinor) }))),
      ],
    });
  }
  const p = facts.procurement;
  if (p) {
    out.push({
      heading: say('procurement'),
      lines: p.orders === 0 && p.paidMinor === 0 ? [say('procurementEmpty')] : [
        say('procurementFigures', { orders: p.orders, committed: money(p.committedMinor), received: money(p.receivedMinor), invoiced: money(p.invoicedMinor), paid: money(p.paidMinor) }),
        ...(p.scheduledMinor > 0 ? [say('procurementScheduled', { amount: money(p.scheduledMinor) })] : []),
      ],
    });
  }
  const kinds = (x: TKindCosts) => x.byKind.map((k) => say('kindCost', { kind: k.kind, amount: money(k.costMinor), count: k.entries }));
  if (facts.energy) out.push({ heading: say('energy'), lines: facts.energy.byKind.length ? [say('energyTotal', { amount: money(facts.energy.costMinor) }), ...kinds(facts.energy)] : [say('energyEmpty')] });
  if (facts.fleet) out.push({ heading: say('fleet'), lines: facts.fleet.byKind.length ? [say('fleetTotal', { amount: money(facts.fleet.costMinor), trucks: facts.fleet.trucks }), ...kinds(facts.fleet)] : [say('fleetEmpty')] });
  return out;
};

/** Projects by margin: the first ten, the rest summed in one line so the section adds up. */
const projectLines = (projects: TManagementView['projects'], say: (key: string, values?: Record<string, string | number>) => string, money: (m: number) => string) => {
  const sorted = [...projects].sort((a, b) => b.marginMinor - a.marginMinor);
  const rest = sorted.slice(10);
  const total = (f: (p: (typeof projects)[number]) => number) => money(rest.reduce((s, p) => s + f(p), 0));
  return [
    ...sorted.slice(0, 10).map((p) => say('project', { tag: p.tagName, payments: money(p.paymentsMinor), overheads: money(p.overheadsMinor), margin: money(p.marginMinor) })),
    ...(rest.length ? [say('otherProjects', { count: rest.length, payments: total((p) => p.paymentsMinor), overheads: total((p) => p.overheadsMinor), margin: total((p) => p.marginMinor) })] : []),
  ];
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
  if (!facts.ledger) figures.push(say('notReported'));
  // Issue 35: every category (the smallest as one "Other" line) and every month of the period, each section adding up to the total.
  const cats = categoriesWithOther(categories);
  const thisMonth = (facts.today ?? new Date().toISOString()).slice(0, 7);
  const period = wholeMonths(months, thisMonth);
  const share = (minor: number) => pct(ratio(minor, totals.overheadsMinor));
  return [
    { heading: say('figures'), lines: figures },
    {
      heading: say('categories'),
      lines: categories.length === 0 ? [] : [
        ...cats.lines.map((c) => say('category', { category: c.category, amount: money(c.totalMinor), percent: share(c.totalMinor) })),
        ...(cats.other ? [say('otherCategories', { count: cats.other.count, amount: money(cats.other.totalMinor), percent: share(cats.other.totalMinor) })] : []),
        say('categoriesTotal', { amount: money(totals.overheadsMinor) }),
      ],
    },
    {
      heading: say('months'),
      lines: period.months.length === 0 ? [] : [
        ...(period.earlier ? [say('earlierMonths', { from: period.earlier.month, until: period.earlier.until, overheads: money(period.earlier.overheadsMinor), payments: money(period.earlier.paymentsMinor) })] : []),
        ...period.months.map((m) => say('month', { month: m.month, overheads: money(m.overheadsMinor), payments: money(m.paymentsMinor) })),
        say('monthsTotal', { overheads: money(totals.overheadsMinor), payments: money(totals.paymentsMinor) }),
      ],
    },
    ...(facts.tag ? [] : [{ heading: say('projects'), lines: projectLines(projects, say, money) }]),
    ...moduleSections(facts, language),
    ...(facts.flags ? [{ heading: say('checks'), lines: flagLines(facts, language) }] : []),
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
