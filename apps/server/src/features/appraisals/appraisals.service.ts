import {
  APPRAISAL_DEFAULT_SCALE, APPRAISAL_DEFAULT_UPWARD_QUESTIONS, APPRAISAL_MSG, equalWeights, weightedTotal, ZAssignAppraisers, ZUpwardQuestionsInput,
  type TAssignAppraisers, type TAssignAppraisersResult, type TUpwardQuestionsInput,
  type TAppraisalConfig, type TAppraisalConfigInput, type TAppraisalFormView, type TAppraisalOverview, type TAppraisalResult,
  type TAppraisalScoresInput, type TCountersignInput, type TSendAppraisal, type TSendAppraisalDownlines, type TSendAppraisalResult,
  type TSendAppraisalUpline, type TSentForms, ZAppraisalConfigInput, ZAppraisalScoresInput, ZCountersignInput,
} from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { randomToken, sha256 } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import * as repo from './appraisals.repo.ts';
import { countersignRequestMail, scoreRequestMail, type TLinkLine } from './appraisal-mails.ts';
import { criteriaOf, inAnonymousOrder, isAnonymous, toCycle, toFormSummary, toResult, totalOf } from './appraisal-views.ts';
import { reviewerOf } from './appraisal-reviewers.ts';

const HR = 'HR';
/** A superior gets at least this long to countersign, even when the cycle's due date is near. */
const COUNTERSIGN_DAYS = 14;
/** A resent link lives at least this long, even when the cycle's due date has passed. */
const RESEND_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type TMailOut = { to: string; subject: string; text: string; secrets: string[] };

const gone = (message: string) => new AppError('INVALID_TOKEN', message, 410);

export const createAppraisalsService = (deps: TDeps, opts: { notify: TNotify; employees: Pick<TEmployeesService, 'setAppraisers'> }) => {
  const { db, mailer, config } = deps;

  const getDepartment = async (tx: DbOrTx, businessId: string, id: string) => {
    const d = await repo.findDepartment(tx, businessId, id);
    if (!d) throw notFound('Department');
    return d;
  };
  const getPerson = async (tx: DbOrTx, businessId: string, id: string, what = 'Employee') => {
    const p = await repo.findPerson(tx, businessId, id);
    if (!p) throw notFound(what);
    return p;
  };
  const scaleOf = async (tx: DbOrTx, businessId: string) => (await repo.findScale(tx, businessId)) ?? { ...APPRAISAL_DEFAULT_SCALE };
  const upwardQuestionsOf = async (tx: DbOrTx, businessId: string): Promise<repo.TCriterionRow[]> =>
    (await repo.findUpwardQuestions(tx, businessId)) ?? APPRAISAL_DEFAULT_UPWARD_QUESTIONS.map((q) => ({ ...q }));

  const configOf = async (tx: DbOrTx, businessId: string, departmentId: string): Promise<TAppraisalConfig> => {
    const d = await getDepartment(tx, businessId, departmentId);
    const row = await repo.findConfig(tx, businessId, departmentId);
    return {
      departmentId: d.id, department: d.name, unit: d.unit, criteria: row?.criteria ?? [], upwardQuestions: await upwardQuestionsOf(tx, businessId),
      scale: await scaleOf(tx, businessId), updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  };

  /** Mails go after the commit: a rolled-back send e-mails nobody, and no SMTP wait holds a transaction. */
  const sendAll = async (businessId: string, mails: TMailOut[]) => {
    for (const m of mails) await mailer.send({ businessId, ...m });
  };

  const issueLinks = (businessId: string, forms: repo.TFormRow[], purpose: 'score' | 'countersign', expiresAt: Date) => {
    const tokens = forms.map((f) => ({ form: f, token: randomToken() }));
    return {
      tokens,
      rows: tokens.map(({ form, token }) => ({ businessId, formId: form.id, purpose, tokenHash: sha256(token), expiresAt })),
    };
  };

  /** One mail per reviewer, listing a link per form. */
  const scoreMails = (auth: TUserAuth, cycle: repo.TCycleRow, tokens: { form: repo.TFormRow; token: string }[], people: repo.TPerson[], upward: boolean): TMailOut[] => {
    const byReviewer = new Map<string, TLinkLine[]>();
    for (const { form, token } of tokens) byReviewer.set(form.reviewerId, [...(byReviewer.get(form.reviewerId) ?? []), { employeeName: form.employeeName, token }]);
    return [...byReviewer].map(([reviewerId, links]) => {
      const reviewer = people.find((p) => p.id === reviewerId)!;
      const mail = scoreRequestMail({ publicUrl: config.publicUrl, businessName: auth.businessName, reviewerName: reviewer.name, period: cycle.period, dueDate: cycle.dueDate, links, upward });
      return { to: reviewer.email, ...mail, secrets: links.map((l) => l.token) };
    });
  };

  const overview = async (auth: TUserAuth, departmentId: string): Promise<TAppraisalOverview> => {
    const cfg = await configOf(db, auth.businessId, departmentId);
    const cycles = await repo.findCycles(db, auth.businessId, departmentId);
    const forms = await repo.findFormsOfCycles(db, auth.businessId, cycles.map((c) => c.id));
    return { config: cfg, cycles: cycles.map((c) => toCycle(c, cfg.department, forms)) };
  };

  /** The link's form, if the link may still be used; otherwise the page's reason (unknown, used, expired). */
  const openLink = async (tx: DbOrTx, token: string) => {
    const found = await repo.findLinkByHash(tx, sha256(token));
    if (!found) throw new AppError('NOT_FOUND', APPRAISAL_MSG.linkUnavailable, 404);
    if (found.link.usedAt) throw gone(APPRAISAL_MSG.linkUsed);
    if (found.link.expiresAt.getTime() <= Date.now()) throw gone(APPRAISAL_MSG.linkExpired);
    return found;
  };

  const formView = (found: NonNullable<Awaited<ReturnType<typeof repo.findLinkByHash>>>): TAppraisalFormView => ({
    _id: found.form.id,
    kind: found.form.kind as TAppraisalFormView['kind'],
    purpose: found.link.purpose as TAppraisalFormView['purpose'],
    status: found.form.status as TAppraisalFormView['status'],
    businessName: found.businessName,
    employeeName: found.form.employeeName,
    designation: found.form.designation,
    department: found.department,
    period: found.cycle.period,
    dueDate: found.cycle.dueDate,
    reviewerName: found.form.reviewerName,
    criteria: criteriaOf(found.form, found.cycle),
    scale: { min: found.cycle.scaleMin, max: found.cycle.scaleMax },
    scores: found.form.scores,
    totalScore: totalOf(found.form.totalCenti),
    comments: found.form.comments,
  });

  return {
    saveConfig: async (auth: TUserAuth, input: TAppraisalConfigInput) => {
      const body = ZAppraisalConfigInput.parse(input);
      assertBusinessEmail(auth, body.ownerEmail);
      await db.transaction(async (tx) => {
        await getDepartment(tx, auth.businessId, body.department);
        const before = await repo.findConfig(tx, auth.businessId, body.department);
        // A criterion keeps its id when its name stays, so scores of open cycles still point at it.
        const criteria = body.criteria.map((c) => ({
          _id: before?.criteria.find((b) => b.name.toLowerCase() === c.name.toLowerCase())?._id ?? crypto.randomUUID(),
          name: c.name, description: c.description, weight: c.weight,
        }));
        await repo.saveConfig(tx, auth.businessId, body.department, criteria);
        if (body.scale) await repo.saveScale(tx, auth.businessId, body.scale);
        await audit(tx, auth, 'appraisal.config-saved', { entity: 'appraisal-config', entityId: body.department, before: before?.criteria ?? null, after: { criteria, scale: body.scale } });
      });
      return configOf(db, auth.businessId, body.department);
    },

    overview: async (auth: TUserAuth, ownerEmail: string, departmentId: string) => {
      assertBusinessEmail(auth, ownerEmail);
      return overview(auth, departmentId);
    },

    sendAppraisal: async (auth: TUserAuth, input: TSendAppraisal): Promise<TSendAppraisalResult> => {
      if (input.ownerEmail) assertBusinessEmail(auth, input.ownerEmail);
      const { mails, skipped, cycleId } = await db.transaction(async (tx) => {
        const dept = await getDepartment(tx, auth.businessId, input.department);
        const cfg = await repo.findConfig(tx, auth.businessId, dept.id);
        if (!cfg?.criteria.length) throw badRequest(APPRAISAL_MSG.noCriteria);
        const expiresAt = await repo.endOfDayIn(tx, input.dueDate, auth.timeZone);
        if (expiresAt.getTime() <= Date.now()) throw badRequest('dueDate: must be today or later').as('notBeforeToday');
        const staff = await repo.findPeopleOfDepartment(tx, auth.businessId, dept.id);
        // The appraiser set on the employee, else their upline, else their superior (of any department).
        const linked = [...new Set(staff.flatMap((s) => [s.appraiserId, s.uplineId, s.superiorId]).filter((v): v is string => Boolean(v)))];
        const appraisers = await repo.findPeople(tx, auth.businessId, linked);
        const chosen = staff.map((s) => ({ person: s, pick: reviewerOf(s, appraisers) }));
        const withAppraiser = chosen.flatMap((c) => (c.pick.reviewer ? [{ person: c.person, appraiser: c.pick.reviewer }] : []));
        const skippedPeople = chosen.flatMap((c) => (c.pick.reviewer ? [] : [{ _id: c.person.id, name: c.person.name, reason: c.pick.reason }]));
        if (!withAppraiser.length) throw badRequest(APPRAISAL_MSG.noAppraisers);
        const upwardCriteria = await upwardQuestionsOf(tx, auth.businessId);
        const scale = await scaleOf(tx, auth.businessId);
        const cycle = await repo.createCycle(tx, {
          businessId: auth.businessId, departmentId: dept.id, period: input.period, dueDate: input.dueDate, expiresAt,
          criteria: cfg.criteria, upwardCriteria, scaleMin: scale.min, scaleMax: scale.max, createdBy: auth.userId,
        });
        if (!cycle) throw conflict(APPRAISAL_MSG.cycleExists);
        const forms = await repo.createForms(tx, withAppraiser.map(({ person: s, appraiser }) => ({
          businessId: auth.businessId, cycleId: cycle.id, kind: 'appraisal', employeeId: s.id, reviewerId: appraiser.id,
          employeeName: s.name, designation: s.designation, reviewerName: appraiser.name, ownerEmail: auth.ownerEmail,
        })));
        const { tokens, rows } = issueLinks(auth.businessId, forms, 'score', expiresAt);
        await repo.createLinks(tx, rows);
        await audit(tx, auth, 'appraisal.cycle-launched', {
          entity: 'appraisal-cycle', entityId: cycle.id,
          after: { department: dept.name, period: cycle.period, dueDate: cycle.dueDate, forms: forms.length, byFallback: withAppraiser.filter((w) => w.appraiser.id !== w.person.appraiserId).length, skipped: skippedPeople.length },
        });
        await opts.notify(tx, auth.businessId, {
          category: HR, actionType: 'Appraisals sent', message: `${forms.length} appraisal form${forms.length === 1 ? '' : 's'} sent for ${dept.name} (${cycle.period})`,
          messageKey: 'appraisals.sent', params: { count: forms.length, department: dept.name, period: cycle.period }, link: { screen: 'appraisals', id: null },
        });
        return { mails: scoreMails(auth, cycle, tokens, appraisers, false), skipped: skippedPeople, cycleId: cycle.id };
      });
      await sendAll(auth.businessId, mails);
      const board = await overview(auth, input.department);
      return { cycle: board.cycles.find((c) => c._id === cycleId)!, skipped };
    },

    sendToSuperior: async (auth: TUserAuth, input: TSendAppraisalUpline): Promise<TSentForms> => {
      const { mails, forms } = await db.transaction(async (tx) => {
        const dept = await getDepartment(tx, auth.businessId, input.dept);
        const appraiser = await getPerson(tx, auth.businessId, input.appraiserId, 'Appraiser');
        const superior = await getPerson(tx, auth.businessId, input.superiorId, 'Superior');
        if (superior.id === appraiser.id) throw badRequest('superiorId: must be someone other than the appraiser').as('superiorIsAppraiser');
        const waiting = await repo.findFormsForSuperior(tx, auth.businessId, dept.id, appraiser.id);
        if (!waiting.length) throw badRequest(APPRAISAL_MSG.nothingForSuperior);
        if (waiting.some((w) => w.form.employeeId === superior.id)) throw badRequest('superiorId: cannot countersign their own appraisal').as('superiorOwnAppraisal');
        const updated: repo.TFormRow[] = [];
        for (const w of waiting) updated.push((await repo.updateForm(tx, auth.businessId, w.form.id, { status: 'review', superiorId: superior.id, superiorName: superior.name }))!);
        const latestExpiry = Math.max(...waiting.map((w) => w.cycle.expiresAt.getTime()));
        const expiresAt = new Date(Math.max(latestExpiry, Date.now() + COUNTERSIGN_DAYS * DAY_MS));
        const { tokens, rows } = issueLinks(auth.businessId, updated, 'countersign', expiresAt);
        await repo.createLinks(tx, rows);
        await audit(tx, auth, 'appraisal.sent-to-superior', updated.map((f) => ({ entity: 'appraisal-form' as const, entityId: f.id, before: { status: 'submitted' }, after: { status: 'review', superior: superior.name } })));
        await opts.notify(tx, auth.businessId, {
          category: HR, actionType: 'Appraisals for countersigning', message: `${updated.length} appraisal${updated.length === 1 ? '' : 's'} by ${appraiser.name} sent to ${superior.name} for countersigning`,
          messageKey: 'appraisals.forCountersigning', params: { count: updated.length, appraiser: appraiser.name, superior: superior.name }, link: { screen: 'appraisals', id: null },
        });
        const links = tokens.map(({ form, token }) => ({ employeeName: form.employeeName, token }));
        const mail = countersignRequestMail({ publicUrl: config.publicUrl, businessName: auth.businessName, superiorName: superior.name, appraiserName: appraiser.name, links });
        const byCycle = new Map(waiting.map((w) => [w.cycle.id, w.cycle.expiresAt]));
        return { mails: [{ to: superior.email, ...mail, secrets: links.map((l) => l.token) }], forms: updated.map((f) => toFormSummary(f, byCycle.get(f.cycleId)!)) };
      });
      await sendAll(auth.businessId, mails);
      return { sent: forms.length, forms };
    },

    sendToDownlines: async (auth: TUserAuth, input: TSendAppraisalDownlines): Promise<TSentForms> => {
      assertBusinessEmail(auth, input.ownerEmail);
      const { mails, forms } = await db.transaction(async (tx) => {
        const dept = await getDepartment(tx, auth.businessId, input.dept);
        const upline = await getPerson(tx, auth.businessId, input.uplineId, 'Upline');
        const cycle = await repo.findOpenCycle(tx, auth.businessId, dept.id);
        if (!cycle) throw badRequest(APPRAISAL_MSG.noOpenCycle);
        const downlines = await repo.findDownlines(tx, auth.businessId, upline.id);
        if (!downlines.length) throw badRequest(APPRAISAL_MSG.noDownlines);
        const created = await repo.createForms(tx, downlines.map((d) => ({
          businessId: auth.businessId, cycleId: cycle.id, kind: 'upward', employeeId: upline.id, reviewerId: d.id,
          employeeName: upline.name, designation: upline.designation, reviewerName: d.name, ownerEmail: auth.ownerEmail,
        })));
        if (!created.length) throw conflict(`Upward feedback on ${upline.name} was already requested in ${cycle.period}`).as('feedbackRequested', { name: upline.name, period: cycle.period });
        const { tokens, rows } = issueLinks(auth.businessId, created, 'score', cycle.expiresAt);
        await repo.createLinks(tx, rows);
        await audit(tx, auth, 'appraisal.sent-to-downlines', { entity: 'appraisal-cycle', entityId: cycle.id, after: { upline: upline.name, forms: created.length } });
        await opts.notify(tx, auth.businessId, {
          category: HR, actionType: 'Upward feedback requested', message: `${created.length} of ${upline.name}'s downlines asked for feedback (${cycle.period})`,
          messageKey: 'appraisals.upwardRequested', params: { count: created.length, upline: upline.name, period: cycle.period }, link: { screen: 'appraisals', id: null },
        });
        return { mails: scoreMails(auth, cycle, tokens, downlines, true), forms: inAnonymousOrder(created).map((f) => toFormSummary(f, cycle.expiresAt)) };
      });
      await sendAll(auth.businessId, mails);
      return { sent: forms.length, forms };
    },

    /**
     * A new link for a form still waiting for its scorer or its superior (lost mail, passed due date): the old
     * link stops working, the new one lives at least RESEND_DAYS, and goes to the same person.
     */
    resendLink: async (auth: TUserAuth, formId: string): Promise<TSentForms> => {
      const { mails, form } = await db.transaction(async (tx) => {
        const found = await repo.findFormForUpdate(tx, auth.businessId, formId);
        if (!found) throw notFound('Appraisal form');
        const { form: f, cycle } = found;
        const purpose = f.status === 'sent' ? 'score' : f.status === 'review' ? 'countersign' : null;
        if (!purpose) throw conflict(APPRAISAL_MSG.nothingToResend);
        const toId = purpose === 'score' ? f.reviewerId : f.superiorId;
        const to = toId ? await repo.findPerson(tx, auth.businessId, toId) : undefined;
        if (!to) throw badRequest(APPRAISAL_MSG.recipientGone);
        await repo.retireLinks(tx, auth.businessId, f.id, purpose);
        const expiresAt = new Date(Math.max(cycle.expiresAt.getTime(), Date.now() + RESEND_DAYS * DAY_MS));
        const { tokens, rows } = issueLinks(auth.businessId, [f], purpose, expiresAt);
        await repo.createLinks(tx, rows);
        await audit(tx, auth, 'appraisal.link-resent', { entity: 'appraisal-form', entityId: f.id, after: { to: isAnonymous(f) ? null : to.name, purpose, expiresAt: expiresAt.toISOString() } });
        const links = tokens.map(({ form, token }) => ({ employeeName: form.employeeName, token }));
        const mail = purpose === 'score'
          ? scoreRequestMail({ publicUrl: config.publicUrl, businessName: auth.businessName, reviewerName: to.name, period: cycle.period, dueDate: expiresAt.toISOString().slice(0, 10), links, upward: f.kind === 'upward' })
          : countersignRequestMail({ publicUrl: config.publicUrl, businessName: auth.businessName, superiorName: to.name, appraiserName: f.reviewerName, links });
        return { mails: [{ to: to.email, ...mail, secrets: links.map((l) => l.token) }], form: toFormSummary(f, expiresAt) };
      });
      await sendAll(auth.businessId, mails);
      return { sent: 1, forms: [form] };
    },

    /** Appraisers for a whole department: one person for all, or each employee's upline (then superior). */
    assignAppraisers: async (auth: TUserAuth, input: TAssignAppraisers): Promise<TAssignAppraisersResult> => {
      const body = ZAssignAppraisers.parse(input);
      return db.transaction(async (tx) => {
        const dept = await getDepartment(tx, auth.businessId, body.department);
        const staff = await repo.findPeopleOfDepartment(tx, auth.businessId, dept.id);
        const fixed = body.mode === 'person' ? await getPerson(tx, auth.businessId, body.appraiserId!, 'Appraiser') : null;
        const linked = body.mode === 'uplines' ? await repo.findPeople(tx, auth.businessId, [...new Set(staff.flatMap((s) => [s.uplineId, s.superiorId, s.appraiserId]).filter((v): v is string => Boolean(v)))]) : [];
        const changes: Array<{ employeeId: string; appraiserId: string; before: string | null }> = [];
        const unassigned: TAssignAppraisersResult['unassigned'] = [];
        let kept = 0;
        for (const s of staff) {
          // A deleted appraiser is unlinked by the employees feature, so an appraiser still set is a live one.
          if (s.appraiserId && !body.replace) {
            kept += 1;
            continue;
          }
          const pick = fixed ? (fixed.id === s.id ? null : fixed) : reviewerOf({ ...s, appraiserId: null }, linked).reviewer;
          if (!pick) {
            unassigned.push({ _id: s.id, name: s.name, reason: fixed ? 'cannot appraise themselves' : APPRAISAL_MSG.noReviewer });
            continue;
          }
          if (pick.id === s.appraiserId) kept += 1;
          else changes.push({ employeeId: s.id, appraiserId: pick.id, before: s.appraiserId });
        }
        await opts.employees.setAppraisers(tx, auth, changes);
        await audit(tx, auth, 'appraisal.appraisers-assigned', {
          entity: 'department', entityId: dept.id,
          after: { department: dept.name, mode: body.mode, appraiser: fixed?.name ?? null, replace: body.replace, assigned: changes.length, kept, unassigned: unassigned.length },
        });
        return { assigned: changes.length, kept, unassigned };
      });
    },

    /** The business's upward feedback questions (every later cycle asks them; open cycles keep theirs). */
    saveUpwardQuestions: async (auth: TUserAuth, input: TUpwardQuestionsInput) => {
      const body = ZUpwardQuestionsInput.parse(input);
      return db.transaction(async (tx) => {
        const before = await upwardQuestionsOf(tx, auth.businessId);
        const weights = equalWeights(body.questions.length);
        const questions = body.questions.map((q, i) => ({
          _id: before.find((b) => b.name.toLowerCase() === q.name.toLowerCase())?._id ?? crypto.randomUUID(),
          name: q.name, description: q.description, weight: weights[i],
        }));
        await repo.saveUpwardQuestions(tx, auth.businessId, questions);
        await audit(tx, auth, 'appraisal.upward-questions-saved', { entity: 'appraisal-config', entityId: auth.businessId, before, after: questions });
        return questions;
      });
    },

    readForm: async (token: string): Promise<TAppraisalFormView> => formView(await openLink(db, token)),

    submitScores: async (token: string, input: TAppraisalScoresInput) => {
      const body = ZAppraisalScoresInput.parse(input);
      return db.transaction(async (tx) => {
        const found = await openLink(tx, token);
        if (found.link.purpose !== 'score') throw badRequest('This link is for countersigning: open it to countersign the appraisal').as('linkIsCountersign');
        if (body.ownerEmail && body.ownerEmail !== found.ownerEmail.toLowerCase()) throw badRequest('ownerEmail: is not the e-mail of the business that sent this form').as('notSenderEmail');
        const criteria = criteriaOf(found.form, found.cycle);
        const { scaleMin: min, scaleMax: max } = found.cycle;
        body.scores.forEach((s, i) => {
          if (!criteria.some((c) => c._id === s.criterionId)) throw badRequest(`scores.${i}.criterionId: is not a criterion of this form`).as('notFormCriterion');
          if (s.score < min || s.score > max) throw badRequest(`scores.${i}.score: must be between ${min} and ${max}`).as('scoreBetween', { min, max });
        });
        const missing = criteria.filter((c) => !body.scores.some((s) => s.criterionId === c._id));
        if (missing.length) throw badRequest(`scores: score every criterion (missing: ${missing.map((m) => m.name).join(', ')})`).as('scoreEveryCriterion', { names: missing.map((m) => m.name).join(', ') });
        if (new Set(body.scores.map((s) => s.criterionId)).size !== body.scores.length) throw badRequest('scores: each criterion may be scored once').as('scoreOnce');
        const total = weightedTotal(criteria, body.scores);
        if (body.totalScore !== undefined && Math.abs(body.totalScore - total) > 0.005) {
          throw badRequest(`totalScore: does not match the weighted total of these scores, which is ${total}`).as('totalMismatch', { total });
        }
        if (!(await repo.consumeLink(tx, found.link.id))) throw gone(APPRAISAL_MSG.linkUsed);
        const scores = criteria.map((c) => {
          const s = body.scores.find((x) => x.criterionId === c._id)!;
          return { criterionId: c._id, score: s.score, comment: s.comment };
        });
        const form = (await repo.updateForm(tx, found.form.businessId, found.form.id, {
          scores, totalCenti: Math.round(total * 100), comments: body.comments, status: 'submitted', submittedAt: new Date(),
        }))!;
        const system = { kind: 'system' as const, businessId: form.businessId };
        await audit(tx, system, 'appraisal.submitted', { entity: 'appraisal-form', entityId: form.id, before: { status: found.form.status }, after: isAnonymous(form) ? { status: 'submitted' } : { status: 'submitted', reviewer: form.reviewerName, totalScore: total } });
        await opts.notify(tx, form.businessId, form.kind === 'upward'
          ? {
            category: HR, actionType: 'Upward feedback received', message: `Feedback on ${form.employeeName} was submitted (${found.cycle.period})`,
            messageKey: 'appraisals.upwardReceived', params: { name: form.employeeName, period: found.cycle.period }, link: { screen: 'appraisals', id: form.id },
          }
          : {
            // The scores stay on the form, for HR to open from the link.
            category: HR, actionType: 'Appraisal submitted', message: `${form.reviewerName} appraised ${form.employeeName} (${found.cycle.period})`,
            messageKey: 'appraisals.submitted', params: { reviewer: form.reviewerName, name: form.employeeName, period: found.cycle.period }, link: { screen: 'appraisals', id: form.id },
          });
        return { _id: form.id, status: 'submitted' as const, totalScore: total };
      });
    },

    countersign: async (token: string, input: TCountersignInput) => {
      const body = ZCountersignInput.parse(input);
      return db.transaction(async (tx) => {
        const found = await openLink(tx, token);
        if (found.link.purpose !== 'countersign') throw badRequest('This link is for scoring: submit the scores instead').as('linkIsScoring');
        if (!(await repo.consumeLink(tx, found.link.id))) throw gone(APPRAISAL_MSG.linkUsed);
        const form = (await repo.updateForm(tx, found.form.businessId, found.form.id, { status: 'countersigned', countersignedAt: new Date(), countersignComment: body.comment }))!;
        await audit(tx, { kind: 'system', businessId: form.businessId }, 'appraisal.countersigned', { entity: 'appraisal-form', entityId: form.id, before: { status: 'review' }, after: { status: 'countersigned', superior: form.superiorName } });
        await opts.notify(tx, form.businessId, {
          category: HR, actionType: 'Appraisal countersigned', message: `${form.superiorName ?? 'The superior'} countersigned the appraisal of ${form.employeeName} (${found.cycle.period})`,
          link: { screen: 'appraisals', id: form.id },
          ...(form.superiorName
            ? { messageKey: 'appraisals.countersigned', params: { superior: form.superiorName, name: form.employeeName, period: found.cycle.period } }
            : { messageKey: 'appraisals.countersignedUnnamed', params: { name: form.employeeName, period: found.cycle.period } }),
        });
        return { _id: form.id, status: 'countersigned' as const, totalScore: totalOf(form.totalCenti) };
      });
    },

    /** HR reads every form about the employee; the employee (portal) reads their own appraisals once countersigned. */
    results: async (auth: TAuth, employeeId: string): Promise<TAppraisalResult[]> => {
      if (auth.kind === 'collector' || (auth.kind === 'portal' && auth.employeeId !== employeeId)) throw notFound('Employee');
      await getPerson(db, auth.businessId, employeeId);
      const rows = await repo.findFormsOfEmployee(db, auth.businessId, employeeId);
      const visible = auth.kind === 'portal' ? rows.filter((r) => r.form.kind === 'appraisal' && r.form.status === 'countersigned') : rows.filter((r) => r.form.status !== 'sent');
      return visible.map((r) => toResult(r.form, r.cycle, r.department));
    },
  };
};
export type TAppraisalsService = ReturnType<typeof createAppraisalsService>;
