import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TApprovalService } from '@bizdesk/contract';
import { approvalDelegations, approvalRequests, approvalRuleVersions, businesses } from '../src/db/schema/index.ts';
import { localDate } from '../src/platform/local-time.ts';
import { createApprovalsService, type TApprovalsService } from '../src/features/approvals/approvals.service.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { bearer, createTestApp, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { authOf, expectData, staffUser } from './helpers/procurement.ts';

// Issue 35: approval rules by amount band and level, delegation while away, comments on approve, rule versions.
describe('approval rules by amount band and level', () => {
  let t: TTestApp;
  let owner: TSession;
  let engine: TApprovalsService;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let buyer: TStaff;
  let pm: TStaff;
  let fin: TStaff;
  let md: TStaff;
  let deputy: TStaff;
  let ruleId: string;
  const M = 1_000_000_00; // ₦1,000,000 in kobo

  const call = (s: Pick<TSession, 'token'>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(s.token), remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
  const saveRule = (s: TSession, body: object) => call(s, 'PUT', '/api/v1/approvals/rules', body);
  /** Raises a request the way the orders feature does for a PO: through the engine, in the feature's transaction. */
  const raise = async (amount: number, by: TStaff = buyer, service: TApprovalService = 'purchase-order') => {
    const subjectId = crypto.randomUUID();
    await t.deps.db.transaction((tx) => engine.request(tx, authOf(by, by.userName, by.roles), { service, subjectId, title: `PO for ${amount / 100}`, amount, currency: 'NGN' }));
    return subjectId;
  };
  const decide = (s: TStaff, subjectId: string, extra: Record<string, unknown> = {}) =>
    call(s, 'PUT', '/api/v1/orders/update-approval-statusV2', { orderId: subjectId, ownerEmail: owner.user.email, service: 'purchase-order', userId: s.user._id, ...extra });
  const inboxIds = async (s: TStaff) => (expectData(await call(s, 'GET', '/api/v1/approvals/inbox?kind=purchase-order'), 200).rows as Array<{ subjectId: string }>).map((r) => r.subjectId);
  const row = async (subjectId: string) => (await t.deps.db.select().from(approvalRequests).where(eq(approvalRequests.subjectId, subjectId)))[0];
  const history = async (subjectId: string) => {
    const all = expectData(await call(owner, 'GET', '/api/v1/orders/approvals?view=all&service=purchase-order&limit=100'), 200);
    return all.find((r: { subjectId: string }) => r.subjectId === subjectId);
  };
  const twoBands = () => ({
    service: 'purchase-order',
    bands: [
      { upToMinor: 5 * M, levels: [{ userIds: [pm.user._id, fin.user._id], required: 1 }] },
      { upToMinor: null, levels: [{ userIds: [fin.user._id], required: 1 }, { userIds: [md.user._id], required: 1 }] },
    ],
  });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Band Builders', email: 'owner@band-builders.ng' });
    engine = createApprovalsService(t.deps, { notify: createNotificationsService(t.deps).notify });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access', 'Approvals-access']);
    pm = await staffUser(t.app, owner, 'Peter Procurement', ['Approvals-access']);
    fin = await staffUser(t.app, owner, 'Fola Finance', ['Approvals-access']);
    md = await staffUser(t.app, owner, 'Musa Director', ['Approvals-access']);
    deputy = await staffUser(t.app, owner, 'Dayo Deputy', ['Approvals-access']);
  });
  afterAll(async () => t?.close());

  it('refuses bands out of order, a closed last band and a level asking for more approvals than it lists', async () => {
    const closed = await saveRule(owner, { service: 'purchase-order', bands: [{ upToMinor: 5 * M, levels: [{ userIds: [pm.user._id], required: 1 }] }] });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/^bands\.0\.upToMinor: the last band is open-ended/);
    const tooMany = await saveRule(owner, { service: 'purchase-order', bands: [{ upToMinor: null, levels: [{ userIds: [pm.user._id], required: 2 }] }] });
    expect(tooMany.json().message).toBe('bands.0.levels.0.required: cannot be more than the 1 approver(s) listed');
    const falling = await saveRule(owner, { service: 'purchase-order', bands: [
      { upToMinor: 5 * M, levels: [{ userIds: [pm.user._id], required: 1 }] }, { upToMinor: 2 * M, levels: [{ userIds: [pm.user._id], required: 1 }] },
      { upToMinor: null, levels: [{ userIds: [md.user._id], required: 1 }] }] });
    expect(falling.json().message).toBe('bands.1.upToMinor: must be more than the band before');
    // Approvers need the role that reaches the approve route.
    const clerk = await staffUser(t.app, owner, 'Clara Clerk', ['Inventory-access']);
    const noRole = await saveRule(owner, { service: 'purchase-order', bands: [{ upToMinor: null, levels: [{ userIds: [clerk.user._id], required: 1 }] }] });
    expect(noRole.statusCode).toBe(400);
    // A user without Settings-access cannot change who approves purchase orders.
    expect((await saveRule(pm, twoBands())).statusCode).toBe(403);
  });

  it('routes a ₦6 M order to level 1 then level 2 of the higher band; the level-2 approver sees it only after level 1 approves', async () => {
    const saved = expectData(await saveRule(owner, twoBands()), 200);
    ruleId = saved._id;
    expect(saved).toMatchObject({ serviceName: 'purchase-order', version: 1, retiredAt: null });
    expect(saved.bands.map((b: { upToMinor: number | null; levels: unknown[] }) => [b.upToMinor, b.levels.length])).toEqual([[5 * M, 1], [null, 2]]);

    const order = await raise(6 * M);
    expect(await inboxIds(fin)).toContain(order);
    expect(await inboxIds(md)).not.toContain(order);
    expect(await inboxIds(pm)).not.toContain(order);
    expect((await decide(md, order)).statusCode).toBe(403);
    // The requester never decides it (they hold Approvals-access but are not on the chain anyway).
    expect((await decide(buyer, order)).statusCode).toBe(403);

    const first = expectData(await decide(fin, order, { reason: 'Within the Q3 budget' }), 200);
    expect(first.status).toBe('pending');
    expect(await inboxIds(fin)).not.toContain(order);
    expect(await inboxIds(md)).toContain(order);
    expect((await row(order)).chain?.band).toMatchObject({ index: 1, count: 2, fromMinor: 5 * M, upToMinor: null });

    const last = expectData(await decide(md, order, { reason: 'Go ahead' }), 200);
    expect(last.status).toBe('approved');
    // The comment on each approval is kept and shown in the request's history.
    const h = await history(order);
    expect(h.decisions.map((d: { userName: string; decision: string; reason: string }) => [d.userName, d.decision, d.reason]))
      .toEqual([['Fola Finance', 'approved', 'Within the Q3 budget'], ['Musa Director', 'approved', 'Go ahead']]);
  });

  it('sends a ₦3 M order to the lower band only: one approval of the procurement manager or finance', async () => {
    const order = await raise(3 * M);
    expect(await inboxIds(pm)).toContain(order);
    expect(await inboxIds(fin)).toContain(order);
    expect(await inboxIds(md)).not.toContain(order);
    expect(expectData(await decide(pm, order), 200).status).toBe('approved');
    // Exactly ₦5,000,000 is still "up to ₦5 M".
    const edge = await raise(5 * M);
    expect((await row(edge)).chain?.band?.index).toBe(0);
  });

  it('lets a delegate decide on behalf of an away approver during the range, and not after; never on their own request', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await call(fin, 'POST', '/api/v1/approvals/delegations', { delegateId: fin.user._id, startsOn: today, endsOn: inAWeek })).statusCode).toBe(400);
    const d = expectData(await call(fin, 'POST', '/api/v1/approvals/delegations', { delegateId: deputy.user._id, startsOn: today, endsOn: inAWeek }), 201);
    const mine = expectData(await call(fin, 'GET', '/api/v1/approvals/delegations'), 200);
    expect(mine.mine[0]).toMatchObject({ delegate: { userName: 'Dayo Deputy' }, isActive: true });
    expect(expectData(await call(deputy, 'GET', '/api/v1/approvals/delegations'), 200).toMe[0].user.userName).toBe('Fola Finance');

    const order = await raise(6 * M);
    expect(await inboxIds(deputy)).toContain(order);
    expectData(await decide(deputy, order, { reason: 'Approved while Fola is away' }), 200);
    const h = await history(order);
    expect(h.decisions[0]).toMatchObject({ userName: 'Dayo Deputy', onBehalfOf: { userName: 'Fola Finance' }, reason: 'Approved while Fola is away' });
    // Level 1 is done for Fola: it left her inbox and waits for the MD.
    expect(await inboxIds(fin)).not.toContain(order);
    expect(await inboxIds(md)).toContain(order);

    // Nobody approves their own request, even as a delegate: Fola delegates to the buyer, who raises an order.
    const toBuyer = expectData(await call(fin, 'POST', '/api/v1/approvals/delegations', { delegateId: buyer.user._id, startsOn: today, endsOn: inAWeek }), 201);
    const own = await raise(6 * M, buyer);
    expect(await inboxIds(buyer)).not.toContain(own);
    expect((await decide(buyer, own)).statusCode).toBe(403);
    expectData(await call(fin, 'DELETE', `/api/v1/approvals/delegations/${toBuyer._id}`), 200);
    expect((await call(deputy, 'DELETE', `/api/v1/approvals/delegations/${d._id}`)).statusCode).toBe(404);

    // After the range the delegate no longer sees or decides what waits for Fola.
    await t.deps.db.update(approvalDelegations).set({ startsOn: '2020-01-01', endsOn: '2020-01-31' }).where(eq(approvalDelegations.id, d._id));
    const later = await raise(6 * M);
    expect(await inboxIds(deputy)).not.toContain(later);
    expect((await decide(deputy, later)).statusCode).toBe(403);
    expect(expectData(await call(fin, 'GET', '/api/v1/approvals/delegations'), 200).mine).toEqual([]);
  });

  it('starts and ends a delegation on the business\'s own calendar day, not UTC\'s', async () => {
    // Kiritimati (UTC+14) and UTC−12 are always on different days: a delegation for Kiritimati's today is in force for
    // a business there, and has not started yet for a business whose day is still yesterday.
    const setZone = (timeZone: string) => t.deps.db.update(businesses).set({ timeZone }).where(eq(businesses.id, owner.user.businessId));
    const kiritimatiToday = localDate(new Date(), 'Pacific/Kiritimati');
    try {
      await setZone('Pacific/Kiritimati');
      const d = expectData(await call(fin, 'POST', '/api/v1/approvals/delegations', { delegateId: deputy.user._id, startsOn: kiritimatiToday, endsOn: kiritimatiToday }), 201);
      const active = (await call(fin, 'GET', '/api/v1/approvals/delegations')).json().data.mine.find((m: { _id: string }) => m._id === d._id);
      expect(active).toMatchObject({ isActive: true });
      await setZone('Etc/GMT+12');
      const waiting = (await call(fin, 'GET', '/api/v1/approvals/delegations')).json().data.mine.find((m: { _id: string }) => m._id === d._id);
      expect(waiting).toMatchObject({ isActive: false });
      const order = await raise(6 * M);
      expect(await inboxIds(deputy)).not.toContain(order);
      await t.deps.db.delete(approvalDelegations).where(eq(approvalDelegations.id, d._id));
    } finally {
      await setZone('Africa/Lagos');
    }
  });

  it('keeps requests under way on their old chain when the rule is edited, keeps every version, and stops applying a retired rule', async () => {
    const underWay = await raise(6 * M);
    // Edit: above ₦5 M the procurement manager then the MD.
    const edited = twoBands();
    edited.bands[1].levels[0].userIds = [pm.user._id];
    expect(expectData(await saveRule(owner, edited), 200).version).toBe(2);
    expect((await decide(pm, underWay)).statusCode).toBe(403);
    expect(await inboxIds(fin)).toContain(underWay);
    expectData(await decide(fin, underWay), 200);
    const fresh = await raise(6 * M);
    expect(await inboxIds(pm)).toContain(fresh);
    expect(await inboxIds(fin)).not.toContain(fresh);

    // Retire (another request still under way keeps its chain).
    const pendingOnRule = await raise(3 * M);
    const retired = expectData(await call(owner, 'POST', `/api/v1/approvals/rules/${ruleId}/retire`), 200);
    expect(retired.retiredAt).not.toBeNull();
    expect((await call(owner, 'POST', `/api/v1/approvals/rules/${ruleId}/retire`)).statusCode).toBe(409);
    const afterRetire = await raise(6 * M);
    expect((await row(afterRetire)).chain).toBeNull();
    // Without a live rule, anyone holding Approvals-access decides (the default); the old request still follows its chain.
    expect(expectData(await decide(deputy, afterRetire), 200).status).toBe('approved');
    expect((await decide(deputy, pendingOnRule)).statusCode).toBe(403);
    expect(expectData(await decide(fin, pendingOnRule), 200).status).toBe('approved');

    const versions = expectData(await call(owner, 'GET', `/api/v1/approvals/rules/${ruleId}/history`), 200);
    expect(versions.map((v: { version: number; action: string }) => [v.version, v.action])).toEqual([[3, 'retired'], [2, 'updated'], [1, 'created']]);
    expect(versions[1].bands[1].levels[0].approvers).toEqual(['Peter Procurement']);
    expect(versions[2].bands[1].levels[0].approvers).toEqual(['Fola Finance']);
    expect(typeof versions[0].changedBy).toBe('string');
    // Another business cannot read or retire it.
    const other = await registerBusiness(t.app, { businessName: 'Other Ltd', email: 'owner@other-band.ng' });
    expect((await call(other, 'GET', `/api/v1/approvals/rules/${ruleId}/history`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/v1/approvals/rules/${ruleId}/retire`)).statusCode).toBe(404);
  });

  it('keeps the spec calls as before: create-approvals sets a flat rule (a new version) and approval-rules lists it', async () => {
    const res = await call(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [pm.user._id, md.user._id], totalApprovalsRequired: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ serviceName: 'purchase-order', totalApprovalsRequired: 2, bands: null, retiredAt: null, version: 4 });
    const list = expectData(await call(owner, 'GET', '/api/v1/orders/approval-rules'), 200);
    expect(list.find((r: { serviceName: string }) => r.serviceName === 'purchase-order')).toMatchObject({ totalApprovalsRequired: 2, bands: null });
    const order = await raise(6 * M);
    expect((await row(order)).chain).toBeNull();
    expect(expectData(await decide(pm, order), 200).status).toBe('pending');
    expect(expectData(await decide(md, order), 200).status).toBe('approved');
    const versions = await t.deps.db.select().from(approvalRuleVersions).where(eq(approvalRuleVersions.ruleId, ruleId));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3, 4]);
  });
});
