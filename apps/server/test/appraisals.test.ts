import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { APPRAISAL_MSG } from '@bizdesk/contract';
import { bearer, nextIp, registerBusiness, type TSession, portalSignIn } from './helpers/test-app.ts';
import { openAppWithSmtp } from './helpers/smtp.ts';
import { peopleApi } from './helpers/people.ts';

const LINK = /http:\/\/bizdesk\.test\/appraisal\/[A-Za-z0-9_-]{20,100}/g;
const tokenOf = (link: string) => link.split('/').pop()!;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** Every appraisal link in the mails to one address, oldest mail first. */
const linksIn = (raw: string) => [...raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=').matchAll(LINK)].map((m) => m[0]);

describe('appraisals: criteria, send → score → upline → downlines, tokens, totals, tenancy', () => {
  let env: Awaited<ReturnType<typeof openAppWithSmtp>>;
  let owner: TSession;
  let api: ReturnType<typeof peopleApi>;
  let sales: { _id: string; name: string; unit: string; unitId: string };
  let empty: { _id: string };
  const p: Record<string, Record<string, any>> = {};
  let criteria: Array<{ _id: string; name: string; weight: number }>;
  const app = () => env.t.app;
  const h = () => bearer(owner.token);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = h()) =>
    app().inject({ method, url, headers, payload: payload as any, remoteAddress: nextIp() });
  const configBody = (list: Array<{ name: string; weight: number; description?: string }>, department = sales._id) => ({ ownerEmail: owner.user.email, department, criteria: list });

  beforeAll(async () => {
    env = await openAppWithSmtp();
    owner = await registerBusiness(app(), { businessName: 'Kola Foods Ltd' });
    api = peopleApi(app(), owner);
    sales = await api.department('Sales');
    empty = await api.department('Logistics');
    const mk = async (key: string, firstName: string) => {
      p[key] = await api.employee({ firstName, lastName: 'Test', email: `${key}@kola.example`, departmentId: sales._id });
    };
    await mk('director', 'Dayo');
    await mk('manager', 'Musa');
    await mk('bola', 'Bola');
    await mk('chidi', 'Chidi');
    const hierarchy = async (payload: Record<string, unknown>) => {
      const res = await call('PUT', '/api/v1/employee/update-hierarchy', payload);
      expect(res.statusCode, res.body).toBe(200);
    };
    await hierarchy({ employeeId: p.manager._id, appraiser: p.director._id, superior: p.director._id, upline: p.director._id, downlines: [p.bola._id, p.chidi._id] });
    await hierarchy({ employeeId: p.bola._id, appraiser: p.manager._id, superior: p.director._id });
    await hierarchy({ employeeId: p.chidi._id, appraiser: p.manager._id, superior: p.director._id });
  });
  afterAll(async () => { await env.close(); });

  it('refuses criteria whose weights do not add up to 100, naming the sum', async () => {
    const res = await call('POST', '/api/v1/employee/appraisal-config', configBody([{ name: 'Sales targets', weight: 50 }, { name: 'Punctuality', weight: 40 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('criteria: the weights add up to 90; they must add up to 100');
    const twice = await call('POST', '/api/v1/employee/appraisal-config', configBody([{ name: 'Teamwork', weight: 50 }, { name: 'teamwork', weight: 50 }]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('is listed twice');
    const fraction = await call('POST', '/api/v1/employee/appraisal-config', configBody([{ name: 'A', weight: 50.5 }, { name: 'B', weight: 49.5 }]));
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toBe('criteria.0.weight: must be a whole number');
    const scale = await call('POST', '/api/v1/employee/appraisal-config', { ...configBody([{ name: 'A', weight: 100 }]), scale: { min: 5, max: 3 } });
    expect(scale.statusCode).toBe(400);
    expect(scale.json().message).toContain('scale.max');
  });

  it('saves the criteria of a department and reads them back with the default 1–5 scale', async () => {
    const res = await call('POST', '/api/v1/employee/appraisal-config', configBody([
      { name: 'Sales targets', weight: 50, description: 'Met the monthly target' }, { name: 'Punctuality', weight: 30 }, { name: 'Teamwork', weight: 20 },
    ]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: APPRAISAL_MSG.configSaved, data: { department: 'Sales', scale: { min: 1, max: 5 } } });
    const read = await call('GET', `/api/v1/employee/getappraisal?ownerEmail=${owner.user.email}&department=${sales._id}`);
    expect(read.statusCode).toBe(200);
    criteria = read.json().data.config.criteria;
    expect(criteria.map((c) => [c.name, c.weight])).toEqual([['Sales targets', 50], ['Punctuality', 30], ['Teamwork', 20]]);
    expect(read.json().data.cycles).toEqual([]);
  });

  it('will not send appraisals for a department without criteria or with a past due date', async () => {
    const none = await call('POST', '/api/v1/employee/send-appraisal', { department: empty._id, period: '2026 H2', dueDate: inDays(10) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(APPRAISAL_MSG.noCriteria);
    const past = await call('POST', '/api/v1/employee/send-appraisal', { department: sales._id, period: '2026 H2', dueDate: '2020-01-31' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('dueDate: must be today or later');
  });

  let managerLinks: string[] = [];
  let directorLinks: string[] = [];

  it('opens a cycle and e-mails each appraiser one single-use link per employee', async () => {
    const res = await call('POST', '/api/v1/employee/send-appraisal', { ownerEmail: owner.user.email, department: sales._id, period: '2026 H2', dueDate: inDays(14) });
    expect(res.statusCode, res.body).toBe(201);
    const { cycle, skipped } = res.json().data;
    expect(cycle.counts).toMatchObject({ sent: 3, submitted: 0, countersigned: 0 });
    // Dayo has no appraiser, upline or superior: he alone is left out, and told why.
    expect(skipped).toEqual([{ _id: p.director._id, name: 'Dayo Test', reason: APPRAISAL_MSG.noReviewer }]);
    managerLinks = linksIn(env.smtp.to('manager@kola.example').map((m) => m.text).join('\n'));
    directorLinks = linksIn(env.smtp.to('director@kola.example').map((m) => m.text).join('\n'));
    expect(managerLinks).toHaveLength(2); // Bola and Chidi, in one mail
    expect(env.smtp.to('manager@kola.example')).toHaveLength(1);
    expect(directorLinks).toHaveLength(1); // Musa
    // The outbox keeps no usable link.
    const outbox = await env.t.deps.db.execute(sql`SELECT text FROM mail_outbox WHERE "to" = 'manager@kola.example'`);
    expect(JSON.stringify(outbox)).not.toContain(tokenOf(managerLinks[0]));
    const again = await call('POST', '/api/v1/employee/send-appraisal', { department: sales._id, period: '2026 h2', dueDate: inDays(14) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPRAISAL_MSG.cycleExists);
  });

  const formOf = async (link: string) => {
    const res = await app().inject({ method: 'GET', url: `/api/v1/employee/appraisal/${tokenOf(link)}`, remoteAddress: nextIp() });
    return res;
  };
  const scoresFor = (values: number[]) => criteria.map((c, i) => ({ criterionId: c._id, score: values[i], comment: `${c.name} note` }));
  const submit = (link: string, payload: unknown) => app().inject({ method: 'PUT', url: `/api/v1/employee/appraisal/${tokenOf(link)}`, payload: payload as any, remoteAddress: nextIp() });

  it('shows the linked form without a sign-in and computes the total on the server', async () => {
    const view = await formOf(managerLinks[0]);
    expect(view.statusCode, view.body).toBe(200);
    const form = view.json().data;
    expect(form).toMatchObject({ purpose: 'score', kind: 'appraisal', businessName: 'Kola Foods Ltd', department: 'Sales', reviewerName: 'Musa Test', scale: { min: 1, max: 5 } });
    expect(['Bola Test', 'Chidi Test']).toContain(form.employeeName);
    // 5×50 + 3×30 + 2×20 = 380 → 3.8; the client claims 4.
    const wrong = await submit(managerLinks[0], { scores: scoresFor([5, 3, 2]), totalScore: 4 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('totalScore: does not match the weighted total of these scores, which is 3.8');
    const outOfScale = await submit(managerLinks[0], { scores: scoresFor([6, 3, 2]) });
    expect(outOfScale.statusCode).toBe(400);
    expect(outOfScale.json().message).toBe('scores.0.score: must be between 1 and 5');
    const missing = await submit(managerLinks[0], { scores: scoresFor([5, 3, 2]).slice(0, 2) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('scores: score every criterion (missing: Teamwork)');
    const foreign = await submit(managerLinks[0], { scores: [...scoresFor([5, 3]).slice(0, 2), { criterionId: p.bola._id, score: 3 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('scores.2.criterionId: is not a criterion of this form');
    // The refused attempts did not use the link up.
    const ok = await submit(managerLinks[0], { scores: scoresFor([5, 3, 2]), totalScore: 3.8, comments: 'Strong seller', employeeName: 'ignored', ownerEmail: owner.user.email, designation: null });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'submitted', totalScore: 3.8 });
    // Issue 29: the notification names the event and links to the appraisals screen; the score stays out of it.
    const notes = (await call('GET', `/api/v1/notification/fetch/${owner.user.email}`)).json().data.filter((n: { actionType: string }) => n.actionType === 'Appraisal submitted');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ subject: 'people', link: { screen: 'appraisals', id: ok.json().data._id } });
    expect(JSON.stringify(notes[0])).not.toMatch(/3\.8|"score"|of 5/);
  });

  it('refuses a used link and an expired one', async () => {
    const reuse = await submit(managerLinks[0], { scores: scoresFor([1, 1, 1]) });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json().message).toBe(APPRAISAL_MSG.linkUsed);
    expect((await formOf(managerLinks[0])).json().message).toBe(APPRAISAL_MSG.linkUsed);
    const unknown = await formOf(`http://x/appraisal/${'b'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(APPRAISAL_MSG.linkUnavailable);
    // The second manager link is valid until its due date; move its expiry into the past.
    const second = await formOf(managerLinks[1]);
    expect(second.statusCode).toBe(200);
    await env.t.deps.db.execute(sql`UPDATE appraisal_links SET expires_at = now() - interval '1 minute' WHERE form_id = ${second.json().data._id}`);
    const expired = await submit(managerLinks[1], { scores: scoresFor([4, 4, 4]) });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(APPRAISAL_MSG.linkExpired);
    // HR sends a new link: the old one stops working, the new one works past the due date.
    const before = env.smtp.to('manager@kola.example').length;
    const resent = await call('POST', `/api/v1/employee/appraisal-resend/${second.json().data._id}`);
    expect(resent.statusCode, resent.body).toBe(200);
    const [newLink] = linksIn(env.smtp.to('manager@kola.example').slice(before).map((m) => m.text).join('\n'));
    expect(newLink).toBeDefined();
    expect((await formOf(managerLinks[1])).json().message).toBe(APPRAISAL_MSG.linkUnavailable);
    managerLinks[1] = newLink;
    const later = await submit(managerLinks[1], { scores: scoresFor([2, 4, 5]) }); // 100+120+100 = 320 → 3.2
    expect(later.json().data).toMatchObject({ totalScore: 3.2 });
  });

  it('lets only one of two simultaneous submissions of a link through', async () => {
    const results = await Promise.all([submit(directorLinks[0], { scores: scoresFor([4, 5, 4]) }), submit(directorLinks[0], { scores: scoresFor([4, 5, 4]) })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });

  let countersignLinks: string[] = [];
  it('sends the appraiser’s scored forms up to the superior, who countersigns each', async () => {
    const before = env.smtp.to('director@kola.example').length;
    const res = await call('POST', '/api/v1/employee/sendappraisal-upline', { appraiserId: p.manager._id, superiorId: p.director._id, dept: sales._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sent).toBe(2);
    const mails = env.smtp.to('director@kola.example').slice(before);
    countersignLinks = linksIn(mails.map((m) => m.text).join('\n'));
    expect(countersignLinks).toHaveLength(2);
    const nothingLeft = await call('POST', '/api/v1/employee/sendappraisal-upline', { appraiserId: p.manager._id, superiorId: p.director._id, dept: sales._id });
    expect(nothingLeft.statusCode).toBe(400);
    expect(nothingLeft.json().message).toBe(APPRAISAL_MSG.nothingForSuperior);

    const view = (await formOf(countersignLinks[0])).json().data;
    expect(view).toMatchObject({ purpose: 'countersign', status: 'review' });
    expect(view.scores).toHaveLength(3);
    const scoring = await submit(countersignLinks[0], { scores: scoresFor([1, 1, 1]) });
    expect(scoring.statusCode).toBe(400);
    for (const link of countersignLinks) {
      const signed = await app().inject({ method: 'PUT', url: `/api/v1/employee/appraisal/${tokenOf(link)}/countersign`, payload: { comment: 'Agreed' }, remoteAddress: nextIp() });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().data.status).toBe('countersigned');
    }
    const board = (await call('GET', `/api/v1/employee/getappraisal?ownerEmail=${owner.user.email}&department=${sales._id}`)).json().data;
    expect(board.cycles[0].counts).toMatchObject({ sent: 3, submitted: 3, review: 2, countersigned: 2 });
  });

  it('shows results to HR, and to the employee in the portal once countersigned', async () => {
    const hr = await call('GET', `/api/v1/employee/appraisal-results/${p.bola._id}`);
    expect(hr.statusCode).toBe(200);
    const [result] = hr.json().data;
    const done = await call('POST', `/api/v1/employee/appraisal-resend/${result._id}`);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(APPRAISAL_MSG.nothingToResend);
    expect(result).toMatchObject({ status: 'countersigned', reviewerName: 'Musa Test', superiorName: 'Dayo Test', countersignComment: 'Agreed' });
    expect(result.scores.map((s: { name: string }) => s.name)).toEqual(['Sales targets', 'Punctuality', 'Teamwork']);
    const portal = bearer((await portalSignIn(app(), p.bola.portalCode)).token);
    const own = await call('GET', `/api/v1/employee/appraisal-results/${p.bola._id}`, undefined, portal);
    expect(own.json().data).toHaveLength(1);
    const other = await call('GET', `/api/v1/employee/appraisal-results/${p.chidi._id}`, undefined, portal);
    expect(other.statusCode).toBe(404);
    // Musa's appraisal is scored but not countersigned: his portal shows nothing yet.
    const musa = bearer((await portalSignIn(app(), p.manager.portalCode)).token);
    expect((await call('GET', `/api/v1/employee/appraisal-results/${p.manager._id}`, undefined, musa)).json().data).toEqual([]);
  });

  it('sends upward feedback forms to an upline’s downlines', async () => {
    const res = await call('POST', '/api/v1/employee/sendappraisal-downlines', { uplineId: p.manager._id, dept: sales._id, ownerEmail: owner.user.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sent).toBe(2);
    const bolaLink = linksIn(env.smtp.to('bola@kola.example').map((m) => m.text).join('\n'));
    expect(bolaLink).toHaveLength(1);
    const form = (await formOf(bolaLink[0])).json().data;
    expect(form).toMatchObject({ kind: 'upward', employeeName: 'Musa Test' });
    // Staff rate their manager on leadership questions, not on the job's criteria.
    expect(form.criteria.map((c: { name: string }) => c.name)).toContain('Communicates clearly');
    expect(form.criteria.map((c: { name: string }) => c.name)).not.toContain('Sales targets');
    expect((await submit(bolaLink[0], { scores: scoresFor([4, 4, 4]) })).statusCode).toBe(400);
    const upwardScores = form.criteria.map((c: { _id: string }) => ({ criterionId: c._id, score: 4 }));
    expect((await submit(bolaLink[0], { scores: upwardScores })).statusCode).toBe(200);
    const twice = await call('POST', '/api/v1/employee/sendappraisal-downlines', { uplineId: p.manager._id, dept: sales._id, ownerEmail: owner.user.email });
    expect(twice.statusCode).toBe(409);
    const none = await call('POST', '/api/v1/employee/sendappraisal-downlines', { uplineId: p.bola._id, dept: sales._id, ownerEmail: owner.user.email });
    expect(none.json().message).toBe(APPRAISAL_MSG.noDownlines);
    const board = (await call('GET', `/api/v1/employee/getappraisal?ownerEmail=${owner.user.email}&department=${sales._id}`)).json().data;
    expect(board.cycles[0].counts).toMatchObject({ upwardSent: 2, upwardSubmitted: 1 });
    // Upward feedback stays anonymous to whoever reads Musa's results.
    const results = (await call('GET', `/api/v1/employee/appraisal-results/${p.manager._id}`)).json().data;
    expect(results.find((r: { kind: string }) => r.kind === 'upward').reviewerName).toBeNull();
  });

  it('never tells HR or the owner which downline gave upward feedback: sent forms, board, results and audit trail', async () => {
    const names = /Bola|Chidi/;
    const board = (await call('GET', `/api/v1/employee/getappraisal?ownerEmail=${owner.user.email}&department=${sales._id}`)).json().data;
    const upward = board.cycles.flatMap((c: { forms: Array<{ kind: string }> }) => c.forms).filter((f: { kind: string }) => f.kind === 'upward');
    expect(upward).toHaveLength(2);
    for (const f of upward) expect(f).toMatchObject({ reviewer: null, totalScore: null, submittedAt: null });
    expect(JSON.stringify(upward)).not.toMatch(names);
    // Re-sending a waiting form answers without naming its reviewer either.
    const waiting = upward.find((f: { status: string }) => f.status === 'sent');
    const resent = await call('POST', `/api/v1/employee/appraisal-resend/${waiting._id}`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(JSON.stringify(resent.json().data)).not.toMatch(names);
    const results = (await call('GET', `/api/v1/employee/appraisal-results/${p.manager._id}`)).json().data;
    const feedback = results.filter((r: { kind: string }) => r.kind === 'upward');
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({ reviewerName: null, submittedAt: null });
    expect(JSON.stringify(feedback)).not.toMatch(names);
    const audit = (await env.t.deps.db.execute(sql`SELECT action, before, after FROM audit_log WHERE entity_id::text IN (SELECT id::text FROM appraisal_forms WHERE kind = 'upward')`)) as unknown as { rows: unknown[] };
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.rows)).not.toMatch(names);
  });

  it('removes the downline names that audit rows written before this rule kept (migration 0017)', async () => {
    const [form] = ((await env.t.deps.db.execute(sql`SELECT id, business_id FROM appraisal_forms WHERE kind = 'upward' AND status = 'submitted' LIMIT 1`)) as unknown as { rows: Array<{ id: string; business_id: string }> }).rows;
    await env.t.deps.db.execute(sql`INSERT INTO audit_log (business_id, actor_kind, action, entity, entity_id, after) VALUES
      (${form.business_id}, 'system', 'appraisal.submitted', 'appraisal-form', ${form.id}, ${JSON.stringify({ status: 'submitted', reviewer: 'Bola Test', totalScore: 4 })}::jsonb),
      (${form.business_id}, 'user', 'appraisal.link-resent', 'appraisal-form', ${form.id}, ${JSON.stringify({ to: 'Bola Test', purpose: 'score' })}::jsonb)`);
    const file = readFileSync(new URL('../src/db/migrations/0017_upward_feedback_anonymous.sql', import.meta.url), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await env.t.deps.db.execute(sql.raw(statement));
    const rows = ((await env.t.deps.db.execute(sql`SELECT action, after FROM audit_log WHERE entity_id = ${form.id} ORDER BY action`)) as unknown as { rows: Array<{ action: string; after: Record<string, unknown> }> }).rows;
    expect(JSON.stringify(rows)).not.toMatch(/Bola/);
    expect(rows.find((r) => r.action === 'appraisal.link-resent')?.after).toMatchObject({ to: null, purpose: 'score' });
  });

  it('sends the downlines their forms without telling the sender which form is whose', async () => {
    await call('PUT', '/api/v1/employee/update-hierarchy', { employeeId: p.director._id, downlines: [p.manager._id, p.bola._id] });
    const res = await call('POST', '/api/v1/employee/sendappraisal-downlines', { uplineId: p.director._id, dept: sales._id, ownerEmail: owner.user.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json().data)).not.toMatch(/Musa|Bola/);
  });

  it('writes the built-in report for the unit, naming the top and bottom criterion, and keeps it', async () => {
    const res = await call('GET', `/api/v1/openAi/appraisal-report/${owner.user.email}/Kola%20Foods%20Ltd/NG/${encodeURIComponent(sales.unit)}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ provider: 'builtin', model: null, language: 'en', unit: sales.unit });
    // Sales targets: 5,2,4 → 3.67 (66.7%); Punctuality: 3,4,5 → 4 (75%); Teamwork: 2,5,4 → 3.67 (66.7%), so ties sort by name.
    expect(report.facts.criteria.map((c: { name: string }) => c.name)).toEqual(['Punctuality', 'Sales targets', 'Teamwork']);
    expect(report.text).toContain('The strongest criterion is Punctuality at 75% of the scale.');
    expect(report.text).toContain('The weakest criterion is Teamwork at 67% of the scale.');
    expect(report.text).toContain('1. Musa Test (Sales): 4.3');
    expect(report.facts.upward).toEqual([{ name: 'Musa Test', mean: 4, responses: 1 }]);
    const de = await call('GET', `/api/v1/openAi/appraisal-report/${owner.user.email}/Kola/NG/${sales.unitId}?language=de`);
    expect(de.json().data.text).toContain('Das schwächste Kriterium ist Teamwork');
    const list = await call('GET', '/api/v1/openAi/appraisal-reports');
    expect(list.json()).toMatchObject({ totalRecords: 2 });
    const one = await call('GET', `/api/v1/openAi/appraisal-reports/${report._id}`);
    expect(one.json().data.text).toBe(report.text);
    const bad = await call('GET', `/api/v1/openAi/appraisal-report/${owner.user.email}/Kola/NG/${sales.unitId}?language=es`);
    expect(bad.statusCode).toBe(400);
  });

  it('says when a unit has no scores to report on', async () => {
    const unit = await api.department('Warehouse', 'Kano depot');
    const res = await call('GET', `/api/v1/openAi/appraisal-report/${owner.user.email}/Kola/NG/${unit.unitId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(APPRAISAL_MSG.noScoresForReport);
  });

  it('refuses another business every appraisal of this one', async () => {
    const rival = await registerBusiness(app(), { businessName: 'Rival Ltd' });
    const r = bearer(rival.token);
    const rivalEmail = rival.user.email;
    const attempts = [
      await call('GET', `/api/v1/employee/getappraisal?ownerEmail=${rivalEmail}&department=${sales._id}`, undefined, r),
      await call('GET', `/api/v1/employee/getappraisal?ownerEmail=${owner.user.email}&department=${sales._id}`, undefined, r),
      await call('POST', '/api/v1/employee/appraisal-config', { ownerEmail: rivalEmail, department: sales._id, criteria: [{ name: 'X', weight: 100 }] }, r),
      await call('POST', '/api/v1/employee/send-appraisal', { department: sales._id, period: 'Rival', dueDate: inDays(3) }, r),
      await call('POST', '/api/v1/employee/sendappraisal-upline', { appraiserId: p.manager._id, superiorId: p.director._id, dept: sales._id }, r),
      await call('POST', '/api/v1/employee/sendappraisal-downlines', { uplineId: p.manager._id, dept: sales._id, ownerEmail: rivalEmail }, r),
      await call('GET', `/api/v1/employee/appraisal-results/${p.bola._id}`, undefined, r),
      await call('POST', `/api/v1/employee/appraisal-resend/${(await call('GET', `/api/v1/employee/appraisal-results/${p.bola._id}`)).json().data[0]._id}`, undefined, r),
      await call('GET', `/api/v1/openAi/appraisal-report/${rivalEmail}/Rival/NG/${sales.unitId}`, undefined, r),
      await call('GET', `/api/v1/openAi/appraisal-report/${owner.user.email}/Kola/NG/${sales.unitId}`, undefined, r),
    ];
    for (const res of attempts) {
      expect([403, 404], res.body).toContain(res.statusCode);
      expect(res.body).not.toContain('Bola');
      expect(res.body).not.toContain('Sales targets');
    }
    const reports = await call('GET', '/api/v1/openAi/appraisal-reports', undefined, r);
    expect(reports.json().totalRecords).toBe(0);
  });
});
