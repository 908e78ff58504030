import { APPRAISAL_MSG, type TAppraisalFacts, type TAppraisalLanguage, type TAppraisalReport, type TAppraisalReportListItem, type TPageQuery } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import * as repo from './appraisals.repo.ts';
import { appraisalFacts } from './appraisal-report.facts.ts';
import { appraisalPrompt } from './appraisal-report.prompt.ts';
import { writeAppraisalReport } from './appraisal-report.analyst.ts';

type TReportRow = Awaited<ReturnType<typeof repo.createReport>>;

const toReport = (r: TReportRow): TAppraisalReport => ({
  _id: r.id, unit: r.unitName, text: r.text, provider: r.provider as TAppraisalReport['provider'], model: r.model,
  language: r.language as TAppraisalLanguage, createdAt: r.createdAt.toISOString(), facts: r.facts as TAppraisalFacts,
});

const EXCERPT = 240;

export const createAppraisalReportService = ({ db, ai }: TDeps) => ({
  /**
   * Writes a report for a unit and keeps it. `{businessName}` and `{country}` of the spec path are taken
   * from the caller's business, not from the path: the path only has to name it through `{email}`.
   */
  generate: async (auth: TUserAuth, params: { email: string; unit: string }, language: TAppraisalLanguage): Promise<TAppraisalReport> => {
    assertBusinessEmail(auth, params.email);
    const unit = await repo.findUnitByRef(db, auth.businessId, params.unit);
    if (!unit) throw notFound('Unit');
    const scored = await repo.findScoredFormsOfUnit(db, auth.businessId, unit.id);
    if (!scored.some((s) => s.form.kind === 'appraisal')) throw conflict(APPRAISAL_MSG.noScoresForReport);
    const facts = appraisalFacts({ businessName: auth.businessName, unit: unit.name, scored });
    // The model call runs outside any transaction: a slow endpoint holds no connection.
    const out = await ai.report('appraisal', { facts, prompt: appraisalPrompt(facts), analyst: (lang) => writeAppraisalReport(facts, lang) }, { language });
    return db.transaction(async (tx) => {
      const row = await repo.createReport(tx, {
        businessId: auth.businessId, unitId: unit.id, unitName: unit.name, text: out.text, provider: out.provider, model: out.model,
        language: out.language, facts, createdBy: auth.userId, createdAt: out.createdAt,
      });
      await audit(tx, auth, 'appraisal.report-written', { entity: 'appraisal-report', entityId: row.id, after: { unit: unit.name, provider: out.provider, model: out.model, language } });
      return toReport(row);
    });
  },

  list: async (auth: TUserAuth, query: TPageQuery) => {
    const [rows, totalRecords] = await Promise.all([repo.findReports(db, auth.businessId, query.limit, pageOffset(query)), repo.countReports(db, auth.businessId)]);
    const items: TAppraisalReportListItem[] = rows.map((r) => {
      const { facts: _f, text, ...rest } = toReport(r);
      return { ...rest, excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text };
    });
    return { rows: items, totalRecords };
  },

  get: async (auth: TUserAuth, id: string) => {
    const row = await repo.findReport(db, auth.businessId, id);
    if (!row) throw notFound('Report');
    return toReport(row);
  },
});
export type TAppraisalReportService = ReturnType<typeof createAppraisalReportService>;
