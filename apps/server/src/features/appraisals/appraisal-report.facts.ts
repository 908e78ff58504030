import type { TAppraisalFacts } from '@bizdesk/contract';
import { distribution, mean, median, rankBy, standardDeviation } from '../../platform/ai/analyst-kit.ts';
import type { TCycleRow, TFormRow } from './appraisals.repo.ts';

type TScored = { form: TFormRow; cycle: TCycleRow; department: string };

/** Bands of the distribution, as shares of the scale; labels are keys the analyst and the web translate. */
export const BANDS = [
  { label: 'low', min: 0, max: 40 },
  { label: 'fair', min: 40, max: 60 },
  { label: 'good', min: 60, max: 80 },
  { label: 'outstanding', min: 80, max: 100 },
] as const;

const round2 = (v: number) => Math.round(v * 100) / 100;
const shareOfScale = (score: number, c: TCycleRow) => ((score - c.scaleMin) / (c.scaleMax - c.scaleMin)) * 100;

/**
 * What the report is written from: the latest cycle of each department of the unit that has scores.
 * Criteria are matched by name across departments; shares of the scale make different scales comparable.
 */
export const appraisalFacts = (o: { businessName: string; unit: string; scored: TScored[] }): TAppraisalFacts => {
  const latestCycle = new Map<string, string>();
  for (const s of o.scored) if (!latestCycle.has(s.cycle.departmentId)) latestCycle.set(s.cycle.departmentId, s.cycle.id); // newest first
  const inScope = o.scored.filter((s) => latestCycle.get(s.cycle.departmentId) === s.cycle.id);
  const appraisals = inScope.filter((s) => s.form.kind === 'appraisal');
  const upwardForms = inScope.filter((s) => s.form.kind === 'upward');
  const scale = appraisals[0] ? { min: appraisals[0].cycle.scaleMin, max: appraisals[0].cycle.scaleMax } : { min: 1, max: 5 };

  const byCriterion = new Map<string, { name: string; scores: number[]; shares: number[] }>();
  for (const s of appraisals) {
    for (const sc of s.form.scores) {
      const criterion = s.cycle.criteria.find((c) => c._id === sc.criterionId);
      if (!criterion) continue;
      const key = criterion.name.toLowerCase();
      const entry = byCriterion.get(key) ?? { name: criterion.name, scores: [], shares: [] };
      entry.scores.push(sc.score);
      entry.shares.push(shareOfScale(sc.score, s.cycle));
      byCriterion.set(key, entry);
    }
  }
  const criteria = [...byCriterion.values()]
    .map((c) => ({ name: c.name, mean: round2(mean(c.scores)), percent: round2(mean(c.shares)), responses: c.scores.length }))
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));

  const byEmployee = new Map<string, { name: string; department: string; totals: number[]; shares: number[] }>();
  for (const s of appraisals) {
    if (s.form.totalCenti === null) continue;
    const e = byEmployee.get(s.form.employeeId) ?? { name: s.form.employeeName, department: s.department, totals: [], shares: [] };
    e.totals.push(s.form.totalCenti / 100);
    e.shares.push(shareOfScale(s.form.totalCenti / 100, s.cycle));
    byEmployee.set(s.form.employeeId, e);
  }
  const people = [...byEmployee.values()].map((e) => ({ name: e.name, department: e.department, totalScore: round2(mean(e.totals)), share: mean(e.shares) }));
  const ranking = rankBy(people.sort((a, b) => a.name.localeCompare(b.name)), (p) => p.totalScore)
    .map((p) => ({ rank: p.rank, name: p.name, department: p.department, totalScore: p.totalScore }));
  const totals = people.map((p) => p.totalScore);

  const upwardBy = new Map<string, { name: string; totals: number[] }>();
  for (const s of upwardForms) {
    if (s.form.totalCenti === null) continue;
    const u = upwardBy.get(s.form.employeeId) ?? { name: s.form.employeeName, totals: [] };
    u.totals.push(s.form.totalCenti / 100);
    upwardBy.set(s.form.employeeId, u);
  }

  return {
    businessName: o.businessName,
    unit: o.unit,
    scale,
    formsScored: appraisals.length,
    employeesScored: people.length,
    periods: [...new Set(inScope.map((s) => s.cycle.period))],
    overall: { mean: round2(mean(totals)), median: round2(median(totals)), spread: round2(standardDeviation(totals)) },
    criteria,
    ranking,
    distribution: distribution(people.map((p) => p.share), BANDS).map((b) => ({ label: b.label, count: b.count })),
    upward: [...upwardBy.values()].map((u) => ({ name: u.name, mean: round2(mean(u.totals)), responses: u.totals.length })).sort((a, b) => b.mean - a.mean),
  };
};
