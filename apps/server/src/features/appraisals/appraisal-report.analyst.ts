import type { TAppraisalFacts } from '@bizdesk/contract';
import type { TAiLanguage } from '../../platform/ai/ai.ts';
import { fill, formatNumber, formatPercent, joinList, writeReport, type TSection } from '../../platform/ai/analyst-kit.ts';

/** The built-in analyst's template for appraisal reports: the same facts and language give the same text. */
const PHRASES = {
  en: {
    title: 'Appraisal report: {unit}, {business}',
    summary: 'Summary', byCriterion: 'Scores by criterion', ranking: 'Ranking', distribution: 'Distribution', strengths: 'Strengths', gaps: 'Gaps', recommendations: 'Recommendations', upward: 'Upward feedback',
    overview: '{employees} appraised on {forms} ({periods}). The average total is {mean} of {max} (median {median}, spread {spread}).',
    employeesWere: { one: '{n} employee was', other: '{n} employees were' },
    formsOn: { one: '{n} form', other: '{n} forms' },
    scores: { one: '{n} score', other: '{n} scores' },
    responses: { one: '{n} response', other: '{n} responses' },
    criterionLine: '{name}: {mean} of {max} ({percent} of the scale, {responses})',
    rankLine: '{rank}. {name} ({department}): {total}',
    bandLine: '{band}: {count}',
    bands: { low: 'Needs improvement (below 40%)', fair: 'Fair (40–60%)', good: 'Good (60–80%)', outstanding: 'Outstanding (80% and above)' },
    top: 'The strongest criterion is {name} at {percent} of the scale.',
    bottom: 'The weakest criterion is {name} at {percent} of the scale.',
    lead: '{names} lead the unit with {total}.',
    strongAlso: 'Also above three quarters of the scale: {names}.',
    wideSpread: 'Totals differ widely between people (spread {spread}): expectations may not be applied the same way by every appraiser.',
    lowShare: { one: '{count} employee of {employees} scores below 40% of the scale.', other: '{count} employees of {employees} score below 40% of the scale.' },
    recWeakest: 'Plan training or coaching on {name}, the lowest scoring criterion, and check it again next cycle.',
    recLow: 'Agree an improvement plan with each employee below 40% of the scale, with a review date.',
    recSpread: 'Hold a short calibration meeting of appraisers so the scale means the same to all of them.',
    recTop: 'Ask the top performers to share how they work on {name}, where the unit is strongest.',
    recCountersign: 'Make sure every appraisal is countersigned so employees can see their results in the portal.',
    upwardLine: '{name}: {mean} of {max} from {responses}',
    noUpward: 'No upward feedback was collected in this cycle.',
  },
  de: {
    title: 'Beurteilungsbericht: {unit}, {business}',
    summary: 'Zusammenfassung', byCriterion: 'Ergebnisse je Kriterium', ranking: 'Rangfolge', distribution: 'Verteilung', strengths: 'Stärken', gaps: 'Lücken', recommendations: 'Empfehlungen', upward: 'Feedback an Vorgesetzte',
    overview: '{employees} auf {forms} beurteilt ({periods}). Der Durchschnitt liegt bei {mean} von {max} (Median {median}, Streuung {spread}).',
    employeesWere: { one: '{n} Person wurde', other: '{n} Personen wurden' },
    formsOn: { one: '{n} Bogen', other: '{n} Bögen' },
    scores: { one: '{n} Bewertung', other: '{n} Bewertungen' },
    responses: { one: '{n} Antwort', other: '{n} Antworten' },
    criterionLine: '{name}: {mean} von {max} ({percent} der Skala, {responses})',
    rankLine: '{rank}. {name} ({department}): {total}',
    bandLine: '{band}: {count}',
    bands: { low: 'Verbesserung nötig (unter 40 %)', fair: 'Ausreichend (40–60 %)', good: 'Gut (60–80 %)', outstanding: 'Hervorragend (ab 80 %)' },
    top: 'Das stärkste Kriterium ist {name} mit {percent} der Skala.',
    bottom: 'Das schwächste Kriterium ist {name} mit {percent} der Skala.',
    lead: '{names} führen die Einheit mit {total} an.',
    strongAlso: 'Ebenfalls über drei Vierteln der Skala: {names}.',
    wideSpread: 'Die Ergebnisse streuen stark (Streuung {spread}): Möglicherweise legen die Beurteilenden die Skala unterschiedlich aus.',
    lowShare: { one: '{count} Person von {employees} liegt unter 40 % der Skala.', other: '{count} Personen von {employees} liegen unter 40 % der Skala.' },
    recWeakest: 'Schulung oder Coaching zu {name}, dem schwächsten Kriterium, planen und im nächsten Zyklus erneut prüfen.',
    recLow: 'Mit allen unter 40 % der Skala einen Verbesserungsplan mit Prüftermin vereinbaren.',
    recSpread: 'Ein kurzes Abstimmungstreffen der Beurteilenden abhalten, damit die Skala für alle dasselbe bedeutet.',
    recTop: 'Die Besten bitten, ihre Arbeitsweise bei {name} zu teilen, wo die Einheit am stärksten ist.',
    recCountersign: 'Dafür sorgen, dass jede Beurteilung gegengezeichnet wird, damit Mitarbeitende ihr Ergebnis im Portal sehen.',
    upwardLine: '{name}: {mean} von {max} aus {responses}',
    noUpward: 'In diesem Zyklus wurde kein Feedback an Vorgesetzte eingeholt.',
  },
  fr: {
    title: 'Rapport d’évaluation : {unit}, {business}',
    summary: 'Synthèse', byCriterion: 'Notes par critère', ranking: 'Classement', distribution: 'Répartition', strengths: 'Points forts', gaps: 'Lacunes', recommendations: 'Recommandations', upward: 'Retour des collaborateurs',
    overview: '{employees} sur {forms} ({periods}). La moyenne est de {mean} sur {max} (médiane {median}, écart-type {spread}).',
    employeesWere: { one: '{n} employé a été évalué', other: '{n} employés ont été évalués' },
    formsOn: { one: '{n} formulaire', other: '{n} formulaires' },
    scores: { one: '{n} note', other: '{n} notes' },
    responses: { one: '{n} réponse', other: '{n} réponses' },
    criterionLine: '{name} : {mean} sur {max} ({percent} de l’échelle, {responses})',
    rankLine: '{rank}. {name} ({department}) : {total}',
    bandLine: '{band} : {count}',
    bands: { low: 'À améliorer (moins de 40 %)', fair: 'Passable (40–60 %)', good: 'Bien (60–80 %)', outstanding: 'Excellent (80 % et plus)' },
    top: 'Le critère le plus fort est {name}, à {percent} de l’échelle.',
    bottom: 'Le critère le plus faible est {name}, à {percent} de l’échelle.',
    lead: '{names} arrivent en tête de l’unité avec {total}.',
    strongAlso: 'Aussi au-dessus des trois quarts de l’échelle : {names}.',
    wideSpread: 'Les notes varient fortement (écart-type {spread}) : les évaluateurs n’appliquent peut-être pas l’échelle de la même façon.',
    lowShare: { one: '{count} employé sur {employees} est sous 40 % de l’échelle.', other: '{count} employés sur {employees} sont sous 40 % de l’échelle.' },
    recWeakest: 'Prévoir une formation ou un accompagnement sur {name}, le critère le plus faible, et le revoir au prochain cycle.',
    recLow: 'Convenir d’un plan d’amélioration daté avec chaque employé sous 40 % de l’échelle.',
    recSpread: 'Réunir brièvement les évaluateurs pour qu’ils donnent le même sens à l’échelle.',
    recTop: 'Demander aux meilleurs de partager leur façon de travailler sur {name}, le point fort de l’unité.',
    recCountersign: 'Veiller à ce que chaque évaluation soit contresignée pour que les employés voient leur résultat dans le portail.',
    upwardLine: '{name} : {mean} sur {max}, {responses}',
    noUpward: 'Aucun retour des collaborateurs n’a été recueilli dans ce cycle.',
  },
} as const;

type TPlural = { one: string; other: string };
/**
 * The form of a counted phrase the language's plural rules ask for (Intl.PluralRules: French says "0 employé",
 * English "0 employees"); `{n}` in it is the count. Languages with more categories fall back to `other`.
 */
export const plural = (language: TAiLanguage, n: number, forms: TPlural, values: Record<string, string | number> = {}) => {
  const category = new Intl.PluralRules(language).select(n);
  return fill(category === 'one' ? forms.one : forms.other, { n, ...values });
};

export const writeAppraisalReport = (facts: TAppraisalFacts, language: TAiLanguage): string => {
  const p = PHRASES[language];
  const count = (n: number, forms: TPlural) => plural(language, n, forms);
  const n = (v: number) => formatNumber(v, language, 2);
  const pct = (v: number) => formatPercent(v / 100, language);
  const max = facts.scale.max;
  const top = facts.criteria[0];
  const bottom = facts.criteria.length > 1 ? facts.criteria[facts.criteria.length - 1] : undefined;
  const leaders = facts.ranking.filter((r) => r.rank === 1);
  const strong = facts.criteria.filter((c) => c !== top && c.percent >= 75);
  const low = facts.distribution.find((d) => d.label === 'low')?.count ?? 0;
  const wide = facts.overall.spread >= (facts.scale.max - facts.scale.min) * 0.25;

  const sections: TSection[] = [
    { heading: p.summary, lines: [fill(p.overview, { employees: count(facts.employeesScored, p.employeesWere), forms: count(facts.formsScored, p.formsOn), periods: joinList(facts.periods, language), mean: n(facts.overall.mean), max, median: n(facts.overall.median), spread: n(facts.overall.spread) })] },
    { heading: p.byCriterion, lines: facts.criteria.map((c) => fill(p.criterionLine, { name: c.name, mean: n(c.mean), max, percent: pct(c.percent), responses: count(c.responses, p.scores) })) },
    { heading: p.ranking, lines: facts.ranking.map((r) => fill(p.rankLine, { rank: r.rank, name: r.name, department: r.department, total: n(r.totalScore) })) },
    { heading: p.distribution, lines: facts.distribution.slice().reverse().map((d) => fill(p.bandLine, { band: p.bands[d.label as keyof typeof p.bands] ?? d.label, count: d.count })) },
    {
      heading: p.strengths,
      lines: [
        ...(top ? [fill(p.top, { name: top.name, percent: pct(top.percent) })] : []),
        ...(leaders.length ? [fill(p.lead, { names: joinList(leaders.map((l) => l.name), language), total: n(leaders[0].totalScore) })] : []),
        ...(strong.length ? [fill(p.strongAlso, { names: joinList(strong.map((s) => s.name), language) })] : []),
      ],
    },
    {
      heading: p.gaps,
      lines: [
        ...(bottom ? [fill(p.bottom, { name: bottom.name, percent: pct(bottom.percent) })] : []),
        ...(low ? [plural(language, low, p.lowShare, { count: low, employees: facts.employeesScored })] : []),
        ...(wide ? [fill(p.wideSpread, { spread: n(facts.overall.spread) })] : []),
      ],
    },
    {
      heading: p.recommendations,
      lines: [
        ...(bottom ? [fill(p.recWeakest, { name: bottom.name })] : []),
        ...(low ? [p.recLow] : []),
        ...(wide ? [p.recSpread] : []),
        ...(top ? [fill(p.recTop, { name: top.name })] : []),
        p.recCountersign,
      ],
    },
    { heading: p.upward, lines: facts.upward.length ? facts.upward.map((u) => fill(p.upwardLine, { name: u.name, mean: n(u.mean), max, responses: count(u.responses, p.responses) })) : [p.noUpward] },
  ];
  return writeReport(fill(p.title, { unit: facts.unit, business: facts.businessName }), sections);
};
