import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPRAISAL_MSG } from '@bizdesk/contract';
import { bearer, nextIp, registerBusiness, type TSession, portalSignIn } from './helpers/test-app.ts';
import { openAppWithSmtp } from './helpers/smtp.ts';
import { peopleApi } from './helpers/people.ts';

/** Issue 33 item 4: appraisals that reach every employee, cross-department countersigning, upward questions. */
const LINK = /http:\/\/bizdesk\.test\/appraisal\/[A-Za-z0-9_-]{20,100}/g;
const tokenOf = (link: string) => link.split('/').pop()!;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const linksIn = (raw: string) => [...raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=').matchAll(LINK)].map((m) => m[0]);

describe('appraisals reach everyone: upline fallback, bulk appraisers, cross-department superiors, upward questions', () => {
  let env: Awaited<ReturnType<typeof openAppWithSmtp>>;
  let owner: TSession;
  let api: ReturnType<typeof peopleApi>;
  let field: { _id: string; unit: string; unitId: string };
  let hq: { _id: string };
  let finance: { _id: string };
  let manager: Record<string, any>;
  let director: Record<string, any>;
  let controller: Record<string, any>;
  const staff: Record<string, any>[] = [];
  const app = () => env.t.app;
  const h = () => bearer(owner.token);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = h()) =>
    app().inject({ method, url, headers, payload: payload as any, remoteAddress: nextIp() });
  const hierarchy = async (payload: Record<string, unknown>) => {
    const res = await call('PUT', '/api/v1/employee/update-hierarchy', payload);
    expect(res.statusCode, res.body).toBe(200);
  };
  const board = async (department: string) => (await call('GET', `/api/v1/employee/getappraisal?ownerEmail=${owner.user.email}&department=${department}`)).json().data;
  const readForm = async (link: string) => (await app().inject({ method: 'GET', url: `/api/v1/employee/appraisal/${tokenOf(link)}`, remoteAddress: nextIp() })).json().data;
  const submit = (link: string, payload: unknown) => app().inject({ method: 'PUT', url: `/api/v1/employee/appraisal/${tokenOf(link)}`, payload: payload as any, remoteAddress: nextIp() });
  const countersign = (link: string) => app().inject({ method: 'PUT', url: `/api/v1/employee/appraisal/${tokenOf(link)}/countersign`, payload: { comment: 'Agreed' }, remoteAddress: nextIp() });

  beforeAll(async () => {
    env = await openAppWithSmtp();
    owner = await registerBusiness(app(), { businessName: 'Reach Logistics Ltd' });
    api = peopleApi(app(), owner);
    field = await api.department('Field');
    hq = await api.department('Head office');
    finance = await api.department('Finance');
    manager = await api.employee({ firstName: 'Mariam', lastName: 'Okafor', email: 'mariam@reach.example', departmentId: hq._id });
    director = await api.employee({ firstName: 'Dapo', lastName: 'Bello', email: 'dapo@reach.example', departmentId: hq._id });
    controller = await api.employee({ firstName: 'Femi', lastName: 'Ade', email: 'femi@reach.example', departmentId: finance._id });
    for (let i = 1; i <= 20; i += 1) {
      staff.push(await api.employee({ firstName: `Driver${String(i).padStart(2, '0')}`, lastName: 'Field', email: `driver${i}@reach.example`, departmentId: field._id }));
    }
    // 19 drivers report to Mariam (head office); the last has only a superior (Dapo). Nobody has an appraiser.
    await hierarchy({ employeeId: manager._id, superior: director._id, downlines: staff.slice(0, 19).map((s) => s._id) });
    await hierarchy({ employeeId: staff[19]._id, superior: director._id });
    const saved = await call('POST', '/api/v1/employee/appraisal-config', {
      ownerEmail: owner.user.email, department: field._id, criteria: [{ name: 'Safe driving', weight: 60 }, { name: 'On-time delivery', weight: 40 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => { await env.close(); });

  it('lets HR set the upward feedback questions, refusing a list that repeats one', async () => {
    const before = (await board(field._id)).config.upwardQuestions;
    expect(before.map((q: { name: string }) => q.name)).toContain('Communicates clearly');
    const twice = await call('PUT', '/api/v1/employee/appraisal-upward-questions', { questions: [{ name: 'Listens' }, { name: 'listens' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('is listed twice');
    const empty = await call('PUT', '/api/v1/employee/appraisal-upward-questions', { questions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('questions: must list at least one question');
    const res = await call('PUT', '/api/v1/employee/appraisal-upward-questions', {
      questions: [{ name: 'Listens to the team' }, { name: 'Plans routes fairly', description: 'Shares long and short runs evenly' }, { name: 'Gives clear instructions' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(APPRAISAL_MSG.upwardQuestionsSaved);
    expect(res.json().data.map((q: { weight: number }) => q.weight)).toEqual([34, 33, 33]);
    const after = (await board(field._id)).config;
    expect(after.upwardQuestions.map((q: { name: string }) => q.name)).toEqual(['Listens to the team', 'Plans routes fairly', 'Gives clear instructions']);
    expect(after.criteria.map((c: { name: string }) => c.name)).toEqual(['Safe driving', 'On-time delivery']);
  });

  let managerLinks: string[] = [];
  let directorLinks: string[] = [];
  it('sends a department of 20 with no appraisers set to all 20: via the upline, else the superior', async () => {
    const res = await call('POST', '/api/v1/employee/send-appraisal', { ownerEmail: owner.user.email, department: field._id, period: '2026', dueDate: inDays(14) });
    expect(res.statusCode, res.body).toBe(201);
    const { cycle, skipped } = res.json().data;
    expect(skipped).toEqual([]);
    expect(cycle.counts.sent).toBe(20);
    const reviewers = new Map<string, string>(cycle.forms.map((f: { employee: { name: string }; reviewer: { name: string } }) => [f.employee.name, f.reviewer.name]));
    expect(reviewers.get('Driver01 Field')).toBe('Mariam Okafor');
    expect(reviewers.get('Driver20 Field')).toBe('Dapo Bello');
    managerLinks = linksIn(env.smtp.to('mariam@reach.example').map((m) => m.text).join('\n'));
    directorLinks = linksIn(env.smtp.to('dapo@reach.example').map((m) => m.text).join('\n'));
    expect(managerLinks).toHaveLength(19);
    expect(directorLinks).toHaveLength(1);
  });

  it('names anyone with no appraiser, upline or superior, and refuses a department where nobody has one', async () => {
    const yard = await api.department('Yard');
    const lone = await api.employee({ firstName: 'Lone', lastName: 'Worker', email: 'lone@reach.example', departmentId: yard._id });
    const led = await api.employee({ firstName: 'Led', lastName: 'Worker', email: 'led@reach.example', departmentId: yard._id });
    await call('POST', '/api/v1/employee/appraisal-config', { ownerEmail: owner.user.email, department: yard._id, criteria: [{ name: 'Tidiness', weight: 100 }] });
    const nobody = await call('POST', '/api/v1/employee/send-appraisal', { department: yard._id, period: '2026', dueDate: inDays(14) });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe(APPRAISAL_MSG.noAppraisers);
    await hierarchy({ employeeId: led._id, upline: manager._id });
    const res = await call('POST', '/api/v1/employee/send-appraisal', { department: yard._id, period: '2026', dueDate: inDays(14) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.cycle.counts.sent).toBe(1);
    expect(res.json().data.skipped).toEqual([{ _id: lone._id, name: 'Lone Worker', reason: APPRAISAL_MSG.noReviewer }]);
  });

  it('lets a superior of another department countersign, and the employee then sees the result in the portal', async () => {
    const criteria = (await readForm(managerLinks[0])).criteria as Array<{ _id: string }>;
    for (const link of [...managerLinks, ...directorLinks]) {
      const res = await submit(link, { scores: criteria.map((c) => ({ criterionId: c._id, score: 4 })) });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Femi works in Finance, not in Field or Head office.
    const sent = await call('POST', '/api/v1/employee/sendappraisal-upline', { appraiserId: manager._id, superiorId: controller._id, dept: field._id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.sent).toBe(19);
    const sent2 = await call('POST', '/api/v1/employee/sendappraisal-upline', { appraiserId: director._id, superiorId: controller._id, dept: field._id });
    expect(sent2.json().data.sent).toBe(1);
    const links = linksIn(env.smtp.to('femi@reach.example').map((m) => m.text).join('\n'));
    expect(links).toHaveLength(20);
    for (const link of links) expect((await countersign(link)).statusCode).toBe(200);
    expect((await board(field._id)).cycles[0].counts).toMatchObject({ sent: 20, submitted: 20, countersigned: 20 });

    for (const person of [staff[0], staff[19]]) {
      const portal = bearer((await portalSignIn(app(), person.portalCode)).token);
      const own = await call('GET', `/api/v1/employee/appraisal-results/${person._id}`, undefined, portal);
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toHaveLength(1);
      expect(own.json().data[0]).toMatchObject({ status: 'countersigned', superiorName: 'Femi Ade', department: 'Field', totalScore: 4 });
    }
  });

  it('asks downlines the upward questions, not the job criteria', async () => {
    const res = await call('POST', '/api/v1/employee/sendappraisal-downlines', { uplineId: manager._id, dept: field._id, ownerEmail: owner.user.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sent).toBe(20); // her 19 drivers and Led of the yard
    const [link] = linksIn(env.smtp.to('driver1@reach.example').map((m) => m.text).join('\n'));
    const form = await readForm(link);
    expect(form).toMatchObject({ kind: 'upward', employeeName: 'Mariam Okafor' });
    expect(form.criteria.map((c: { name: string }) => c.name)).toEqual(['Listens to the team', 'Plans routes fairly', 'Gives clear instructions']);
    const jobCriteria = (await board(field._id)).config.criteria as Array<{ _id: string }>;
    const wrong = await submit(link, { scores: jobCriteria.map((c) => ({ criterionId: c._id, score: 3 })) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('is not a criterion of this form');
    const ok = await submit(link, { scores: form.criteria.map((c: { _id: string }, i: number) => ({ criterionId: c._id, score: [5, 4, 3][i] })) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.totalScore).toBe(4.01); // 34×5 + 33×4 + 33×3 = 401
    // Editing the questions now leaves this cycle's forms as sent.
    await call('PUT', '/api/v1/employee/appraisal-upward-questions', { questions: [{ name: 'Something new' }] });
    const [other] = linksIn(env.smtp.to('driver2@reach.example').map((m) => m.text).join('\n'));
    expect((await readForm(other)).criteria).toHaveLength(3);
  });

  it('assigns appraisers to a whole department: by uplines (then superior), or one person, keeping those set unless told to replace', async () => {
    const depot = await api.department('Depot');
    const a = await api.employee({ firstName: 'Ada', lastName: 'Depot', email: 'ada@reach.example', departmentId: depot._id });
    const b = await api.employee({ firstName: 'Ben', lastName: 'Depot', email: 'ben@reach.example', departmentId: depot._id });
    const c = await api.employee({ firstName: 'Cy', lastName: 'Depot', email: 'cy@reach.example', departmentId: depot._id });
    await hierarchy({ employeeId: a._id, upline: manager._id });
    await hierarchy({ employeeId: b._id, superior: director._id });
    const none = await call('POST', '/api/v1/employee/appraisal-appraisers', { department: depot._id, mode: 'person' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('appraiserId: is required when mode is person');
    const byUplines = await call('POST', '/api/v1/employee/appraisal-appraisers', { department: depot._id, mode: 'uplines' });
    expect(byUplines.statusCode, byUplines.body).toBe(200);
    expect(byUplines.json()).toMatchObject({ message: APPRAISAL_MSG.appraisersAssigned, data: { assigned: 2, kept: 0, unassigned: [{ _id: c._id, name: 'Cy Depot', reason: APPRAISAL_MSG.noReviewer }] } });
    expect((await api.detail(a._id)).appraiserId).toBe(manager._id);
    expect((await api.detail(b._id)).appraiserId).toBe(director._id);

    const keep = await call('POST', '/api/v1/employee/appraisal-appraisers', { department: depot._id, mode: 'person', appraiserId: controller._id });
    expect(keep.json().data).toMatchObject({ assigned: 1, kept: 2, unassigned: [] });
    expect((await api.detail(c._id)).appraiserId).toBe(controller._id);
    expect((await api.detail(a._id)).appraiserId).toBe(manager._id);

    const replace = await call('POST', '/api/v1/employee/appraisal-appraisers', { department: depot._id, mode: 'person', appraiserId: controller._id, replace: true });
    expect(replace.json().data).toMatchObject({ assigned: 2, kept: 1 });
    expect((await api.detail(a._id)).appraiserId).toBe(controller._id);

    // Each change is on the employee's audit trail.
    const trail = await env.t.deps.db.execute(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'employee.hierarchy-changed' AND entity_id = '${a._id}'`);
    expect((trail as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(3);

    const foreign = await registerBusiness(app(), { businessName: 'Other Ltd' });
    const cross = await call('POST', '/api/v1/employee/appraisal-appraisers', { department: depot._id, mode: 'uplines' }, bearer(foreign.token));
    expect(cross.statusCode).toBe(404);
  });
});
