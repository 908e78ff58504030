import type { TAppraisalCycle, TAppraisalFormStatus, TAppraisalFormKind, TAppraisalFormSummary, TAppraisalResult } from '@bizdesk/contract';
import type { TCycleRow, TFormRow } from './appraisals.repo.ts';

/** The questions a form asks: upward feedback its own set (the job's criteria on cycles from before that set existed). */
export const criteriaOf = (f: Pick<TFormRow, 'kind'>, c: Pick<TCycleRow, 'criteria' | 'upwardCriteria'>) =>
  (f.kind === 'upward' ? c.upwardCriteria ?? c.criteria : c.criteria);

/** Rows as the contract shows them. */
export const totalOf = (centi: number | null) => (centi === null ? null : centi / 100);

/**
 * Upward feedback is anonymous to everyone who reads it (HR, the owner, the upline): no view names its reviewer,
 * and none carries what would pair a form with one (its score or submission time next to a list of who was asked,
 * an order by reviewer name). The reviewer stays on the row only to mail the form and never ask one person twice.
 */
export const isAnonymous = (f: Pick<TFormRow, 'kind'>) => f.kind === 'upward';
/** Upward forms in an order that says nothing about who fills them (their random id). */
export const inAnonymousOrder = <T extends Pick<TFormRow, 'kind' | 'id'>>(forms: T[]) =>
  forms.some(isAnonymous) ? [...forms].sort((a, b) => (isAnonymous(a) && isAnonymous(b) ? a.id.localeCompare(b.id) : 0)) : forms;

export const toFormSummary = (f: TFormRow, expiresAt: Date): TAppraisalFormSummary => ({
  _id: f.id,
  kind: f.kind as TAppraisalFormKind,
  status: f.status as TAppraisalFormStatus,
  employee: { _id: f.employeeId, name: f.employeeName },
  reviewer: isAnonymous(f) ? null : { _id: f.reviewerId, name: f.reviewerName },
  superior: f.superiorId ? { _id: f.superiorId, name: f.superiorName ?? '' } : null,
  totalScore: isAnonymous(f) ? null : totalOf(f.totalCenti),
  submittedAt: isAnonymous(f) ? null : f.submittedAt?.toISOString() ?? null,
  countersignedAt: f.countersignedAt?.toISOString() ?? null,
  expiresAt: expiresAt.toISOString(),
});

export const toCycle = (c: TCycleRow, department: string, forms: TFormRow[]): TAppraisalCycle => {
  const own = forms.filter((f) => f.cycleId === c.id);
  const appraisals = own.filter((f) => f.kind === 'appraisal');
  const upward = own.filter((f) => f.kind === 'upward');
  const reached = (s: TAppraisalFormStatus[]) => appraisals.filter((f) => s.includes(f.status as TAppraisalFormStatus)).length;
  return {
    _id: c.id,
    departmentId: c.departmentId,
    department,
    period: c.period,
    dueDate: c.dueDate,
    createdAt: c.createdAt.toISOString(),
    // Each count is how many forms reached that step (a countersigned form was also submitted).
    counts: {
      sent: appraisals.length,
      submitted: reached(['submitted', 'review', 'countersigned']),
      review: reached(['review', 'countersigned']),
      countersigned: reached(['countersigned']),
      upwardSent: upward.length,
      upwardSubmitted: upward.filter((f) => f.status === 'submitted').length,
    },
    forms: own.map((f) => toFormSummary(f, c.expiresAt)),
  };
};

export const toResult = (f: TFormRow, c: TCycleRow, department: string): TAppraisalResult => ({
  _id: f.id,
  kind: f.kind as TAppraisalFormKind,
  status: f.status as TAppraisalFormStatus,
  period: c.period,
  department,
  reviewerName: isAnonymous(f) ? null : f.reviewerName,
  superiorName: f.superiorName,
  scale: { min: c.scaleMin, max: c.scaleMax },
  scores: criteriaOf(f, c).map((cr) => {
    const s = f.scores.find((x) => x.criterionId === cr._id);
    return { criterionId: cr._id, name: cr.name, weight: cr.weight, score: s?.score ?? 0, comment: s?.comment ?? '' };
  }).filter((s) => f.scores.some((x) => x.criterionId === s.criterionId)),
  totalScore: totalOf(f.totalCenti),
  comments: f.comments,
  countersignComment: f.countersignComment,
  submittedAt: isAnonymous(f) ? null : f.submittedAt?.toISOString() ?? null,
  countersignedAt: f.countersignedAt?.toISOString() ?? null,
});
