import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName } from './common.ts';

/** Appraisals (spec 01 §3, §4, §7 "Appraisal"; issue 13). */

export const APPRAISAL_DEFAULT_SCALE = { min: 1, max: 5 } as const;
export const APPRAISAL_MAX_CRITERIA = 20;
export const APPRAISAL_WEIGHT_TOTAL = 100;
export const APPRAISAL_LANGUAGES = ['en', 'de', 'fr'] as const;
export type TAppraisalLanguage = (typeof APPRAISAL_LANGUAGES)[number];

const ZText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const ZAppraisalScale = z.object({
  min: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(9, 'must be at most 9'),
  max: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(10, 'must be at most 10'),
}).refine((s) => s.max > s.min, { message: 'the top of the scale must be above its bottom', path: ['max'] });
export type TAppraisalScale = z.infer<typeof ZAppraisalScale>;

export const ZAppraisalCriterionInput = z.object({
  name: ZName(80),
  description: ZText(500).optional().default(''),
  weight: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be at most 100'),
});
export type TAppraisalCriterionInput = z.input<typeof ZAppraisalCriterionInput>;

export const weightSum = (criteria: readonly { weight: number }[]) => criteria.reduce((a, c) => a + (Number.isFinite(c.weight) ? c.weight : 0), 0);
export const weightSumMessage = (sum: number) => `the weights add up to ${sum}; they must add up to ${APPRAISAL_WEIGHT_TOTAL}`;

/** POST /employee/appraisal-config: the criteria of one department (replacing its list) and, optionally, the business's scale. */
export const ZAppraisalConfigInput = z.object({
  ownerEmail: ZEmail,
  department: ZId.describe("the department's _id"),
  criteria: z.array(ZAppraisalCriterionInput)
    .min(1, 'must list at least one criterion')
    .max(APPRAISAL_MAX_CRITERIA, `must list at most ${APPRAISAL_MAX_CRITERIA} criteria`)
    .superRefine((list, ctx) => {
      const sum = weightSum(list);
      if (sum !== APPRAISAL_WEIGHT_TOTAL) ctx.addIssue({ code: 'custom', message: weightSumMessage(sum) });
      const seen = new Set<string>();
      list.forEach((c, i) => {
        const key = c.name.trim().toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `"${c.name}" is listed twice` });
        seen.add(key);
      });
    }),
  scale: ZAppraisalScale.optional().describe('the rating scale of the whole business (default 1–5)'),
});
export type TAppraisalConfigInput = z.input<typeof ZAppraisalConfigInput>;

export const ZAppraisalCriterion = z.object({ _id: ZId, name: z.string(), description: z.string(), weight: z.number().int() });
export type TAppraisalCriterion = z.infer<typeof ZAppraisalCriterion>;

/**
 * Upward feedback (staff rate their manager) asks its own questions, never the job's criteria. Until the business
 * edits them these leadership questions apply; their ids are fixed so scores keep pointing at them.
 */
export const APPRAISAL_DEFAULT_UPWARD_QUESTIONS = [
  { _id: '0b6a2f10-5d1e-4c3a-9e01-000000000001', name: 'Communicates clearly', description: 'Explains goals, priorities and decisions so the team knows what is expected', weight: 20 },
  { _id: '0b6a2f10-5d1e-4c3a-9e01-000000000002', name: 'Supports my development', description: 'Gives useful feedback, coaching and room to grow', weight: 20 },
  { _id: '0b6a2f10-5d1e-4c3a-9e01-000000000003', name: 'Treats everyone fairly', description: 'Shares work, credit and attention fairly across the team', weight: 20 },
  { _id: '0b6a2f10-5d1e-4c3a-9e01-000000000004', name: 'Makes decisions in good time', description: 'Decides and unblocks the team when needed', weight: 20 },
  { _id: '0b6a2f10-5d1e-4c3a-9e01-000000000005', name: 'Is approachable', description: 'Listens, is available and can be told about problems', weight: 20 },
] as const;
export const APPRAISAL_MAX_UPWARD_QUESTIONS = 10;

/** Equal integer weights adding up to 100 (the first ones take the remainder): questions are not weighted. */
export const equalWeights = (n: number) => Array.from({ length: n }, (_, i) => Math.floor(APPRAISAL_WEIGHT_TOTAL / n) + (i < APPRAISAL_WEIGHT_TOTAL % n ? 1 : 0));

/** PUT /employee/appraisal-upward-questions: the business's upward feedback questions, in order (each weighs the same). */
export const ZUpwardQuestionsInput = z.object({
  questions: z.array(z.object({ name: ZName(80), description: ZText(500).optional().default('') }))
    .min(1, 'must list at least one question')
    .max(APPRAISAL_MAX_UPWARD_QUESTIONS, `must list at most ${APPRAISAL_MAX_UPWARD_QUESTIONS} questions`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((q, i) => {
        const key = q.name.trim().toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `"${q.name}" is listed twice` });
        seen.add(key);
      });
    }),
});
export type TUpwardQuestionsInput = z.input<typeof ZUpwardQuestionsInput>;

export const ZAppraisalConfig = z.object({
  departmentId: ZId,
  department: z.string(),
  unit: z.string(),
  criteria: z.array(ZAppraisalCriterion),
  upwardQuestions: z.array(ZAppraisalCriterion).describe('what downlines answer about their upline (business-wide)'),
  scale: z.object({ min: z.number().int(), max: z.number().int() }),
  updatedAt: z.string().nullable(),
});
export type TAppraisalConfig = z.infer<typeof ZAppraisalConfig>;

export const ZGetAppraisalQuery = z.object({ ownerEmail: ZEmail, department: ZId.describe("the department's _id") });

export const APPRAISAL_FORM_KINDS = ['appraisal', 'upward'] as const;
export type TAppraisalFormKind = (typeof APPRAISAL_FORM_KINDS)[number];
/** sent → submitted (scored) → review (sent to the superior) → countersigned. Upward forms end at submitted. */
export const APPRAISAL_FORM_STATUSES = ['sent', 'submitted', 'review', 'countersigned'] as const;
export type TAppraisalFormStatus = (typeof APPRAISAL_FORM_STATUSES)[number];

const ZPerson = z.object({ _id: ZId, name: z.string() });

export const ZAppraisalFormSummary = z.object({
  _id: ZId,
  kind: z.enum(APPRAISAL_FORM_KINDS),
  status: z.enum(APPRAISAL_FORM_STATUSES),
  employee: ZPerson.describe('who is appraised'),
  reviewer: ZPerson.nullable().describe('who fills the form: the appraiser; null on upward feedback, whose reviewer is never shown'),
  superior: ZPerson.nullable(),
  totalScore: z.number().nullable(),
  submittedAt: z.string().nullable(),
  countersignedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type TAppraisalFormSummary = z.infer<typeof ZAppraisalFormSummary>;

export const ZAppraisalCounts = z.object({
  sent: z.number().int(), submitted: z.number().int(), review: z.number().int(), countersigned: z.number().int(),
  upwardSent: z.number().int(), upwardSubmitted: z.number().int(),
});

export const ZAppraisalCycle = z.object({
  _id: ZId,
  departmentId: ZId,
  department: z.string(),
  period: z.string(),
  dueDate: z.string(),
  createdAt: z.string(),
  counts: ZAppraisalCounts,
  forms: z.array(ZAppraisalFormSummary),
});
export type TAppraisalCycle = z.infer<typeof ZAppraisalCycle>;

/** GET /employee/getappraisal: the department's criteria and its progress board (latest cycles first). */
export const ZAppraisalOverview = z.object({ config: ZAppraisalConfig, cycles: z.array(ZAppraisalCycle) });
export type TAppraisalOverview = z.infer<typeof ZAppraisalOverview>;

/** POST /employee/send-appraisal: opens a cycle and e-mails each appraiser a link per employee. */
export const ZSendAppraisal = z.object({
  ownerEmail: ZEmail.optional(),
  department: ZId.describe("the department's _id"),
  period: ZName(60).describe('what the cycle covers, e.g. "2026 H2"'),
  dueDate: ZDate.describe('links expire at the end of this day in the business time zone'),
});
export type TSendAppraisal = z.infer<typeof ZSendAppraisal>;
export const ZSendAppraisalResult = z.object({
  cycle: ZAppraisalCycle,
  skipped: z.array(z.object({ _id: ZId, name: z.string(), reason: z.string() })).describe('employees of the department with no appraiser, upline or superior'),
});
export type TSendAppraisalResult = z.infer<typeof ZSendAppraisalResult>;

/**
 * POST /employee/appraisal-appraisers: appraisers for a whole department at once: one person for everyone, or each
 * employee's upline (their superior when no upline is set). `replace` false keeps appraisers already set.
 */
export const ZAssignAppraisers = z.object({
  department: ZId.describe("the department's _id"),
  mode: z.enum(['person', 'uplines'], { message: 'must be person or uplines' }),
  appraiserId: ZId.optional().describe('with mode person: who appraises everyone of the department'),
  replace: z.boolean().optional().default(false).describe('also replace appraisers already set'),
}).refine((b) => b.mode !== 'person' || Boolean(b.appraiserId), { message: 'is required when mode is person', path: ['appraiserId'] });
export type TAssignAppraisers = z.input<typeof ZAssignAppraisers>;
export const ZAssignAppraisersResult = z.object({
  assigned: z.number().int().describe('employees whose appraiser changed'),
  kept: z.number().int().describe('employees who already had an appraiser and kept it'),
  unassigned: z.array(z.object({ _id: ZId, name: z.string(), reason: z.string() })).describe('employees left without one, with why'),
});
export type TAssignAppraisersResult = z.infer<typeof ZAssignAppraisersResult>;

export const ZSendAppraisalUpline = z.object({ appraiserId: ZId, superiorId: ZId, dept: ZId });
export type TSendAppraisalUpline = z.infer<typeof ZSendAppraisalUpline>;
export const ZSendAppraisalDownlines = z.object({ uplineId: ZId, dept: ZId, ownerEmail: ZEmail });
export type TSendAppraisalDownlines = z.infer<typeof ZSendAppraisalDownlines>;
export const ZSentForms = z.object({ sent: z.number().int(), forms: z.array(ZAppraisalFormSummary) });
export type TSentForms = z.infer<typeof ZSentForms>;

/** The form a link opens (GET /employee/appraisal/{token}). */
export const ZAppraisalFormView = z.object({
  _id: ZId,
  kind: z.enum(APPRAISAL_FORM_KINDS),
  purpose: z.enum(['score', 'countersign']),
  status: z.enum(APPRAISAL_FORM_STATUSES),
  businessName: z.string(),
  employeeName: z.string(),
  designation: z.string().nullable(),
  department: z.string(),
  period: z.string(),
  dueDate: z.string(),
  reviewerName: z.string(),
  criteria: z.array(ZAppraisalCriterion),
  scale: z.object({ min: z.number().int(), max: z.number().int() }),
  scores: z.array(z.object({ criterionId: ZId, score: z.number().int(), comment: z.string() })),
  totalScore: z.number().nullable(),
  comments: z.string(),
});
export type TAppraisalFormView = z.infer<typeof ZAppraisalFormView>;

export const ZAppraisalTokenParams = z.object({
  id: z.string().trim().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not an appraisal link').describe('the token of the e-mailed link'),
});

/** PUT /employee/appraisal/{id}: the scores of one form ({id} = the link's token). totalScore is checked, not trusted. */
export const ZAppraisalScoresInput = z.object({
  scores: z.array(z.object({
    criterionId: ZId,
    score: z.number().int('must be a whole number'),
    comment: ZText(1000).optional().default(''),
  })).min(1, 'must score at least one criterion').max(APPRAISAL_MAX_CRITERIA, `must list at most ${APPRAISAL_MAX_CRITERIA} scores`),
  totalScore: z.number().finite().optional().describe('if sent, must equal the weighted total the server computes'),
  comments: ZText(4000).optional().default(''),
  employeeName: ZText(200).optional(),
  ownerEmail: ZEmail.optional(),
  designation: ZText(200).nullable().optional(),
});
export type TAppraisalScoresInput = z.input<typeof ZAppraisalScoresInput>;

export const ZCountersignInput = z.object({ comment: ZText(2000).optional().default('') });
export type TCountersignInput = z.input<typeof ZCountersignInput>;

/**
 * The weighted total on the rating scale: Σ(weight × score) / 100, to two decimals. Integer arithmetic
 * until the one division, so the server and the form always agree.
 */
export const weightedTotal = (criteria: readonly { _id: string; weight: number }[], scores: readonly { criterionId: string; score: number }[]) => {
  const points = criteria.reduce((acc, c) => acc + c.weight * (scores.find((s) => s.criterionId === c._id)?.score ?? 0), 0);
  return Math.round(points) / APPRAISAL_WEIGHT_TOTAL;
};

/** One scored form as its employee (portal, after countersigning) and HR (employee page) read it. */
export const ZAppraisalResult = z.object({
  _id: ZId,
  kind: z.enum(APPRAISAL_FORM_KINDS),
  status: z.enum(APPRAISAL_FORM_STATUSES),
  period: z.string(),
  department: z.string(),
  reviewerName: z.string().nullable().describe('null on upward feedback, which stays anonymous'),
  superiorName: z.string().nullable(),
  scale: z.object({ min: z.number().int(), max: z.number().int() }),
  scores: z.array(z.object({ criterionId: ZId, name: z.string(), weight: z.number().int(), score: z.number().int(), comment: z.string() })),
  totalScore: z.number().nullable(),
  comments: z.string(),
  countersignComment: z.string(),
  submittedAt: z.string().nullable(),
  countersignedAt: z.string().nullable(),
});
export type TAppraisalResult = z.infer<typeof ZAppraisalResult>;

// The AI report (GET /openAi/appraisal-report/{email}/{businessName}/{country}/{unit}).
export const ZAppraisalReportParams = z.object({
  email: ZEmail,
  businessName: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  country: z.string().trim().min(2, 'is required').max(60, 'must be at most 60 characters'),
  unit: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters').describe("the unit's _id or name"),
});
export const ZAppraisalReportQuery = z.object({
  language: z.enum(APPRAISAL_LANGUAGES, { message: 'must be en, de or fr' }).default('en'),
});

export const ZAppraisalFacts = z.object({
  businessName: z.string(),
  unit: z.string(),
  scale: z.object({ min: z.number().int(), max: z.number().int() }),
  formsScored: z.number().int(),
  employeesScored: z.number().int(),
  periods: z.array(z.string()),
  overall: z.object({ mean: z.number(), median: z.number(), spread: z.number() }),
  criteria: z.array(z.object({ name: z.string(), mean: z.number(), percent: z.number(), responses: z.number().int() })),
  ranking: z.array(z.object({ rank: z.number().int(), name: z.string(), department: z.string(), totalScore: z.number() })),
  distribution: z.array(z.object({ label: z.string(), count: z.number().int() })),
  upward: z.array(z.object({ name: z.string(), mean: z.number(), responses: z.number().int() })),
});
export type TAppraisalFacts = z.infer<typeof ZAppraisalFacts>;

export const ZAppraisalReport = z.object({
  _id: ZId,
  unit: z.string(),
  text: z.string(),
  provider: z.enum(['model', 'builtin']),
  model: z.string().nullable(),
  language: z.enum(APPRAISAL_LANGUAGES),
  createdAt: z.string(),
  facts: ZAppraisalFacts,
});
export type TAppraisalReport = z.infer<typeof ZAppraisalReport>;
export const ZAppraisalReportListItem = ZAppraisalReport.omit({ facts: true, text: true }).extend({ excerpt: z.string() });
export type TAppraisalReportListItem = z.infer<typeof ZAppraisalReportListItem>;

/** Appraisal texts people read (the spec writes none but the report placeholder, MSG.analysing). */
export const APPRAISAL_MSG = {
  configSaved: 'Appraisal criteria saved',
  cycleLaunched: 'Appraisal forms sent',
  sentToSuperior: 'Appraisals sent to the superior for countersigning',
  sentToDownlines: 'Upward feedback forms sent',
  scoresSaved: 'Appraisal submitted. Thank you.',
  countersigned: 'Appraisal countersigned',
  noCriteria: 'Set the appraisal criteria of this department before sending appraisals',
  noAppraisers: 'No employee of this department has an appraiser, an upline or a superior: assign appraisers first',
  noReviewer: 'has no appraiser, upline or superior: assign one to include them',
  appraiserGone: 'the appraiser is no longer on the staff list',
  appraisersAssigned: 'Appraisers assigned',
  upwardQuestionsSaved: 'Upward feedback questions saved',
  cycleExists: 'An appraisal cycle for this department and period already exists',
  noOpenCycle: 'Send appraisals for this department first: there is no cycle to add these forms to',
  nothingForSuperior: 'This appraiser has no scored appraisals in this department waiting for a superior',
  noDownlines: 'This employee has no downlines to ask for feedback',
  linkUnavailable: 'This appraisal link is not valid. Ask HR for a new one.',
  linkUsed: 'This appraisal link has already been used: the form was submitted.',
  linkExpired: 'This appraisal link has expired: its due date has passed. Ask HR for a new one.',
  linkResent: 'A new link was sent',
  nothingToResend: 'This form is complete: there is no link to send again',
  recipientGone: 'The person this form goes to is no longer on the staff list',
  noScoresForReport: 'There are no scored appraisals in this unit yet: send appraisals and have them scored first',
} as const;
