import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox } from '../src/db/schema/index.ts';
import { bearer, createTestApp, nextIp, portalSignIn, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';
import { dayIn } from './helpers/time.ts';

// Issue 33: leave (and claims, corrections) go through an approval chain: the requester's line manager (upline, else
// superior, else HR), then HR, as the business's policy per leave type says; N of M; automatic below N days.
describe('approval chains for people requests', () => {
  let t: TTestApp;
  let owner: TSession;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let hr: TStaff;
  let hr2: TStaff;
  let manager: TStaff;
  let nobody: TStaff;
  let boss: { _id: string };
  const types: Record<string, string> = {};
  const year = Number(dayIn('Africa/Lagos').slice(0, 4)) + 1;
  let nextWeek = 1;
  /** Monday..Friday of a fresh week of next year, so requests never overlap. */
  const week = () => {
    let day = new Date(Date.UTC(year, 0, 1 + 7 * nextWeek));
    nextWeek += 1;
    while (day.getUTCDay() !== 1) day = new Date(day.getTime() + 86_400_000);
    return [0, 1, 2, 3, 4].map((i) => new Date(day.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  };

  const call = (s: Pick<TSession, 'token'>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(s.token), remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
  const inbox = async (s: TSession, query = '') => expectData(await call(s, 'GET', `/api/v1/approvals/inbox${query}`), 200);
  const detailUrl = (id: string) => `/api/v1/approvals/inbox/leave/${id}`;
  const decide = (s: TSession, id: string, decision: 'approved' | 'rejected', comment?: string) => call(s, 'PUT', `${detailUrl(id)}/decision`, { decision, ...(comment ? { comment } : {}) });
  const employee = async (firstName: string, email: string) =>
    expectData(await call(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName, lastName: 'Okafor', email, startDate: '2024-01-08' }), 201);
  const hierarchy = async (employeeId: string, lines: { upline?: string | null; superior?: string | null }) =>
    expectData(await call(owner, 'PUT', '/api/v1/employee/update-hierarchy', { employeeId, ...lines }), 200);
  const askLeave = async (s: Pick<TSession, 'token'>, employeeId: string, type: string, dates: string[]) =>
    expectData(await call(s, 'POST', `/api/v1/employee/leave/${employeeId}`, { type, startDate: dates[0], endDate: dates[dates.length - 1], reason: 'Family' }), 201);
  const policy = async (body: object) => expectData(await call(owner, 'PUT', '/api/v1/approvals/policies', body), 200);
  const mailsTo = async (to: string) => (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.subject);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Chain Foods', email: 'owner@chain-foods.ng' });
    hr = await staffUser(t.app, owner, 'Halima HR', ['HR-access']);
    hr2 = await staffUser(t.app, owner, 'Hauwa HR', ['HR-access']);
    // A line manager holds no approver role: they reach the inbox because a request names them.
    manager = await staffUser(t.app, owner, 'Musa Manager', ['Inventory-access']);
    nobody = await staffUser(t.app, owner, 'Nkem Stores', ['Inventory-access']);
    for (const x of expectData(await call(owner, 'GET', '/api/v1/leave/types'), 200)) types[x.name] = x._id;
  });
  afterAll(async () => t?.close());

  it('shows the defaults, and refuses a policy that names nobody or asks for more approvals than approvers', async () => {
    const all = expectData(await call(hr, 'GET', '/api/v1/approvals/policies'), 200);
    expect(all.find((p: { service: string }) => p.service === 'leave')).toMatchObject({ isDefault: true, steps: [{ approvers: 'hr', required: 1 }] });
    expect(all.find((p: { service: string }) => p.service === 'expense-claim').steps.map((s: { approvers: string }) => s.approvers)).toEqual(['line-manager', 'hr']);
    const noUsers = await call(owner, 'PUT', '/api/v1/approvals/policies', { service: 'leave', steps: [{ approvers: 'users', required: 1 }] });
    expect(noUsers.statusCode).toBe(400);
    expect(noUsers.json().message).toBe('steps.0.userIds: name at least one user for a step of listed users');
    const tooMany = await call(owner, 'PUT', '/api/v1/approvals/policies', { service: 'leave', steps: [{ approvers: 'users', userIds: [hr.user._id], required: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('steps.0.required: cannot be more than the 1 user(s) listed');
    expect((await call(owner, 'PUT', '/api/v1/approvals/policies', { service: 'expense-claim', autoApproveBelowDays: 2, steps: [{ approvers: 'hr' }] })).statusCode).toBe(400);
    expect((await call(nobody, 'GET', '/api/v1/approvals/policies')).statusCode).toBe(403);
    // A user with nothing to decide has no inbox.
    expect((await call(nobody, 'GET', '/api/v1/approvals/inbox')).statusCode).toBe(403);
  });

  it('sends a leave to the line manager, then HR, notifying the requester of each decision, every decision audited', async () => {
    await policy({ service: 'leave', leaveTypeId: types.annual, steps: [{ approvers: 'line-manager' }, { approvers: 'hr', required: 1 }] });
    boss = await employee('Musa', manager.user.email);
    const worker = await employee('Ada', 'ada@chain-foods.ng');
    await hierarchy(worker._id, { upline: boss._id });
    const portal = await portalSignIn(t.app, worker.portalCode);
    const leave = await askLeave(portal, worker._id, 'annual', week().slice(0, 2));
    expect(leave.status).toBe('pending');
    expect(await mailsTo(manager.user.email)).toContain(`Approval needed: Ada Okafor: annual leave ${leave.startDate} to ${leave.endDate} (2 working days)`);

    // Step 1 waits for Musa: HR cannot decide it yet, nor see it in their inbox.
    expect((await inbox(hr)).counts.leave).toBeUndefined();
    const box = await inbox(manager);
    expect(box.rows.find((r: { subjectId: string }) => r.subjectId === leave._id)).toMatchObject({ kind: 'leave', approvals: 0, totalApprovalsRequired: 1 });
    const early = await call(hr, 'PUT', `/api/v1/leave/requests/${leave._id}/decision`, { decision: 'approved' });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('This request waits for the line manager (Musa Manager); you are not an approver at this step');

    const first = expectData(await decide(manager, leave._id, 'approved', 'Enjoy'), 200);
    expect(first).toMatchObject({ status: 'pending', canDecide: false, subject: { leave: { status: 'pending' } } });
    expect(first.chain).toEqual([
      { approvers: 'line-manager', resolvedFrom: 'upline', required: 1, approvals: 1, names: ['Musa Manager'] },
      { approvers: 'hr', resolvedFrom: 'role', required: 1, approvals: 0, names: expect.arrayContaining(['Halima HR', 'Hauwa HR']) },
    ]);
    expect(await mailsTo('ada@chain-foods.ng')).toContain(`Approved by Musa Manager: ${first.item.title}`);

    expect((await inbox(hr)).counts.leave).toBe(1);
    const done = expectData(await call(hr, 'PUT', `/api/v1/leave/requests/${leave._id}/decision`, { decision: 'approved' }), 200);
    expect(done.status).toBe('approved');
    expect(await mailsTo('ada@chain-foods.ng')).toContain(`Approved: ${first.item.title}`);
    const mine = expectData(await call(portal, 'GET', `/api/v1/leave/employee/${worker._id}`), 200);
    expect(mine.requests.find((r: { _id: string }) => r._id === leave._id).status).toBe('approved');
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.action, 'approval.approved')));
    expect(audits.filter((a) => a.entityId === box.rows.find((r: { subjectId: string }) => r.subjectId === leave._id)._id)).toHaveLength(2);
  });

  it('needs N of M listed approvers, and a rejection at any step declines the leave with its reason', async () => {
    await policy({ service: 'leave', leaveTypeId: types.sick, steps: [{ approvers: 'users', userIds: [hr.user._id, hr2.user._id, owner.user._id], required: 2 }] });
    const e = await employee('Bola', 'bola@chain-foods.ng');
    const leave = await askLeave(owner, e._id, 'sick', week().slice(0, 1));
    const one = expectData(await decide(hr, leave._id, 'approved'), 200);
    expect(one).toMatchObject({ status: 'pending', item: { approvals: 1, totalApprovalsRequired: 2 } });
    expect(expectData(await decide(hr2, leave._id, 'approved'), 200)).toMatchObject({ status: 'approved', subject: { leave: { status: 'approved' } } });
    // Once decided, the third approver has nothing left to do.
    expect((await decide(owner, leave._id, 'approved')).statusCode).toBe(409);

    const second = await askLeave(owner, e._id, 'sick', week().slice(0, 1));
    expect((await decide(hr, second._id, 'rejected')).statusCode).toBe(400);
    const no = expectData(await decide(hr, second._id, 'rejected', 'Stock-taking week'), 200);
    expect(no).toMatchObject({ status: 'rejected', subject: { leave: { status: 'declined', decisionReason: 'Stock-taking week' } } });
    expect(await mailsTo('bola@chain-foods.ng')).toContain(`Declined: ${no.item.title}`);
  });

  it('never lets a person approve their own request, also when they are HR', async () => {
    const halima = await employee('Halima', hr.user.email);
    const leave = await askLeave(hr, halima._id, 'compassionate', week().slice(0, 1));
    expect((await inbox(hr)).rows.some((r: { subjectId: string }) => r.subjectId === leave._id)).toBe(false);
    const own = await decide(hr, leave._id, 'approved');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve or reject your own request');
    expect((await call(hr, 'PUT', `/api/v1/leave/requests/${leave._id}/decision`, { decision: 'approved' })).statusCode).toBe(403);
    expect(expectData(await decide(hr2, leave._id, 'approved'), 200).status).toBe('approved');
  });

  it('falls back from a missing upline to the superior, then to HR', async () => {
    await policy({ service: 'leave', leaveTypeId: types.compassionate, steps: [{ approvers: 'line-manager' }] });
    const viaSuperior = await employee('Chidi', 'chidi@chain-foods.ng');
    await hierarchy(viaSuperior._id, { superior: boss._id });
    const a = await askLeave(owner, viaSuperior._id, 'compassionate', week().slice(0, 1));
    const detail = expectData(await call(manager, 'GET', detailUrl(a._id)), 200);
    expect(detail.chain).toEqual([{ approvers: 'line-manager', resolvedFrom: 'superior', required: 1, approvals: 0, names: ['Musa Manager'] }]);
    expect(detail.canDecide).toBe(true);

    // The upline has no user account and there is no superior: HR decides.
    const noAccount = await employee('Dayo', 'dayo@chain-foods.ng');
    const orphan = await employee('Efe', 'efe@chain-foods.ng');
    await hierarchy(orphan._id, { upline: noAccount._id });
    const b = await askLeave(owner, orphan._id, 'compassionate', week().slice(0, 1));
    const hrDetail = expectData(await call(hr, 'GET', detailUrl(b._id)), 200);
    expect(hrDetail.chain[0]).toMatchObject({ approvers: 'line-manager', resolvedFrom: 'hr' });
    expect(hrDetail.canDecide).toBe(true);
    expect((await call(manager, 'GET', detailUrl(b._id))).statusCode).toBe(403);
    expect(expectData(await decide(hr, b._id, 'approved'), 200).status).toBe('approved');
  });

  it('approves a leave below the policy\'s day threshold at once, and sends a longer one to the chain', async () => {
    await policy({ service: 'leave', leaveTypeId: types.compassionate, steps: [{ approvers: 'hr' }], autoApproveBelowDays: 3 });
    const e = await employee('Funmi', 'funmi@chain-foods.ng');
    const days = week();
    const short = await askLeave(owner, e._id, 'compassionate', days.slice(0, 2));
    expect(short).toMatchObject({ status: 'approved', decisionReason: 'Approved automatically: below 3 days' });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.action, 'approval.auto-approved')));
    expect(audits).toHaveLength(1);
    const long = await askLeave(owner, e._id, 'compassionate', days.slice(2, 5));
    expect(long.status).toBe('pending');
    // Reset: the leave policy (here the default, HR) applies again.
    const reset = expectData(await call(owner, 'DELETE', `/api/v1/approvals/policies?service=leave&leaveTypeId=${types.compassionate}`), 200);
    expect(reset).toMatchObject({ isDefault: true, autoApproveBelowDays: null });
  });
});
