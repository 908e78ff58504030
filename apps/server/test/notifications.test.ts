import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { sql } from 'drizzle-orm';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { peopleApi } from './helpers/people.ts';
import { openStream as openAnyStream } from './helpers/stream.ts';
import { bearer, createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

/** The live stream over real HTTP (helpers/stream.ts), which these tests expect to open. */
const openStream = async (port: number, token: string) => {
  const stream = await openAnyStream(port, token);
  if (stream.status !== 200) throw new Error(`stream answered ${stream.status}`);
  return stream;
};

describe('notifications', () => {
  let t: TTestApp;
  let owner: TSession;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Chidi Pharmacy', email: 'chidi@pharmacy.ng' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  const create = (token: string, body: object) => t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: bearer(token), payload: body });

  it('creates a notification and returns it newest first from both fetch forms', async () => {
    const first = await create(owner.token, { category: 'Staff news', actionType: 'Leave request', message: 'Ngozi asked for leave' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ actionType: 'Leave request', message: 'Ngozi asked for leave', category: 'Staff news', read: false, subject: 'general', author: { _id: owner.user._id, name: 'Owner Person' } });
    await create(owner.token, { category: 'Finance news', actionType: 'Payroll', message: 'November payroll published' });

    const byPath = await t.app.inject({ method: 'GET', url: '/api/v1/notification/fetch/chidi@pharmacy.ng', headers: bearer(owner.token) });
    expect(byPath.statusCode).toBe(200);
    expect(byPath.json().data.map((n: { message: string }) => n.message).slice(0, 2)).toEqual(['November payroll published', 'Ngozi asked for leave']);
    const byQuery = await t.app.inject({ method: 'GET', url: '/api/v1/notification/fetch?ownerEmail=CHIDI@pharmacy.ng', headers: bearer(owner.token) });
    expect(byQuery.json().data).toEqual(byPath.json().data);
  });

  it("refuses another business's owner e-mail with 403 and no data", async () => {
    const other = await registerBusiness(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notification/fetch/chidi@pharmacy.ng', headers: bearer(other.token) });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Ngozi');
  });

  it('deletes only notifications older than beforeDate, and only of the caller business', async () => {
    const other = await registerBusiness(t.app);
    await create(other.token, { category: 'Staff news', actionType: 'Old', message: 'other business old' });
    await create(owner.token, { category: 'Reminders', actionType: 'Old', message: 'ten days old' });
    await t.deps.db.execute(sql`UPDATE notifications SET created_at = now() - interval '10 days' WHERE action_type = 'Old'`);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/notification/delete-old', headers: bearer(owner.token), payload: { beforeDate: new Date(Date.now() - 7 * 864e5).toISOString() } });
    expect(res.json()).toMatchObject({ success: true, message: MSG.notificationsDeleted, data: { deleted: 1 } });
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/notification/fetch/chidi@pharmacy.ng', headers: bearer(owner.token) });
    expect(mine.json().data.map((n: { message: string }) => n.message)).not.toContain('ten days old');
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${other.user.email}`, headers: bearer(other.token) });
    expect(theirs.json().data.map((n: { message: string }) => n.message)).toContain('other business old');
  });

  it('refuses a beforeDate that is not an ISO date-time', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/notification/delete-old', headers: bearer(owner.token), payload: { beforeDate: 'last week' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^beforeDate: must be an ISO date-time/);
  });

  it('streams a new notification live to the same business and not to another', async () => {
    const other = await registerBusiness(t.app);
    const mine = await openStream(port, owner.token);
    const theirs = await openStream(port, other.token);
    await create(owner.token, { category: 'Stock news', actionType: 'Stock low', message: 'Paracetamol below reorder level' });
    await expect.poll(() => mine.received.map((n) => n.message), { timeout: 5000 }).toContain('Paracetamol below reorder level');
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.received).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('fans a notification out to a stream on another instance through LISTEN/NOTIFY, carrying only its id', async () => {
    const { createPgEvents } = await import('../src/platform/events/events.ts');
    // A second instance's event bus on the same database.
    const second = await createPgEvents(t.deps.database.url, t.deps.log);
    const seen: string[] = [];
    const off = second.subscribe(owner.user.businessId, (e) => seen.push(e.id));
    const res = await create(owner.token, { category: 'Staff news', actionType: 'Fan-out', message: '€'.repeat(2000) });
    await expect.poll(() => seen, { timeout: 5000 }).toContain(res.json().data._id);
    off();
    await second.close();
  });

  it('listens again when its connection is cut (a failover, a restarted server), says so, and streams again', async () => {
    let resumed = 0;
    const off = t.deps.events.onResume(() => (resumed += 1));
    const stream = await openStream(port, owner.token);
    const cut = await t.deps.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'bizdesk-events'`);
    expect((cut as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // the notification written after the cut reaches the stream (written again until the channel is back)
    let n = 0;
    await expect.poll(async () => {
      await create(owner.token, { category: 'Staff news', actionType: 'Note', message: `after the cut ${(n += 1)}` });
      await new Promise((r) => setTimeout(r, 200));
      return stream.received.some((m) => m.message.startsWith('after the cut'));
    }, { timeout: 5000, interval: 50 }).toBe(true);
    expect(resumed).toBe(1);
    stream.close();
    off();
  });

  it('delivers an event only when its transaction commits, and never for one rolled back', async () => {
    const seen: string[] = [];
    const off = t.deps.events.subscribe(owner.user.businessId, (e) => seen.push(e.id));
    await t.deps.db.transaction(async (tx) => {
      await t.deps.events.publish(tx, { businessId: owner.user.businessId, type: 'test', id: 'committed' });
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
    });
    await expect.poll(() => seen, { timeout: 5000 }).toContain('committed');
    await t.deps.db.transaction(async (tx) => {
      await t.deps.events.publish(tx, { businessId: owner.user.businessId, type: 'test', id: 'rolled-back' });
      tx.rollback();
    }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual(['committed']);
    off();
  });

  it('gives a server notification a text key and params, and still stores and returns the English message', async () => {
    const people = peopleApi(t.app, owner);
    const dept = await people.department('Dispensary');
    const stream = await openStream(port, owner.token);
    const employee = await people.employee({ firstName: 'Ifeoma', lastName: 'Nwosu', email: 'ifeoma@pharmacy.ng', departmentId: dept._id });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notification/fetch/chidi@pharmacy.ng', headers: bearer(owner.token) });
    const added = res.json().data.find((n: { actionType: string }) => n.actionType === 'New employee');
    expect(added).toMatchObject({
      category: 'HR',
      message: `Ifeoma Nwosu (${employee.employeeNumber}) was added to Dispensary`,
      messageKey: 'employees.createdInDepartment',
      params: { name: 'Ifeoma Nwosu', number: employee.employeeNumber, department: 'Dispensary' },
      read: false,
    });
    // The live stream carries the same key and params as the list.
    await expect.poll(() => stream.received.find((n) => n.message === added.message), { timeout: 5000 }).toMatchObject({ messageKey: 'employees.createdInDepartment', params: added.params });
    stream.close();
  });

  it('keeps the old call shape: notify() without a key stores the plain message, returned with a null key', async () => {
    const { notify } = createNotificationsService(t.deps);
    const row = await notify(t.deps.db, owner.user.businessId, { category: 'Inventory', actionType: 'Stock count', message: 'Count the shelves on Friday' });
    expect(row).toMatchObject({ actionType: 'Stock count', message: 'Count the shelves on Friday', messageKey: null, params: null });
    // The API's create is people's own words: a key sent with it is not taken.
    const made = await create(owner.token, { category: 'Staff news', actionType: 'Hello', message: 'Plain words', messageKey: 'employees.removed', params: { name: 'X' } });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ message: 'Plain words', messageKey: null, params: null });
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/notification/fetch/chidi@pharmacy.ng', headers: bearer(owner.token) })).json().data;
    expect(list.find((n: { message: string }) => n.message === 'Count the shelves on Friday')).toMatchObject({ category: 'Inventory', subject: 'inventory', author: null, messageKey: null, params: null });
  });
});

describe('notification rules and live-stream revocation', () => {
  let t: TTestApp;
  let owner: TSession;
  let port: number;
  let staffCount = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Bell Ltd', email: 'owner@bell.ng' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  const addStaff = async (roles: string[]) => {
    staffCount += 1;
    const email = `staff${staffCount}@bell.ng`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: `Staff ${staffCount}`, email, password: 'staff pass 1', roles } });
    expect(res.statusCode).toBe(201);
    return { id: res.json().data._id as string, session: await login(t.app, email, 'staff pass 1') };
  };
  const create = (token: string, body: object) => t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: bearer(token), payload: body });
  const messages = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/notification/fetch/owner@bell.ng', headers: bearer(owner.token) })).json().data.map((n: { message: string }) => n.message);

  it('never deletes a notification younger than the 7-day retention, whatever beforeDate says', async () => {
    const hr = await addStaff(['HR-access']);
    for (const [message, days] of [['three days old', 3], ['six days old', 6], ['eight days old', 8], ['thirty days old', 30]] as const) {
      await create(owner.token, { category: 'Staff news', actionType: 'Aged', message });
      await t.deps.db.execute(sql`UPDATE notifications SET created_at = now() - make_interval(days => ${days}) WHERE message = ${message}`);
    }
    await create(owner.token, { category: 'Staff news', actionType: 'Fresh', message: 'just now' });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/notification/delete-old', headers: bearer(hr.session.token), payload: { beforeDate: '2099-12-31T00:00:00Z' } });
    expect(res.json()).toMatchObject({ success: true, data: { deleted: 2 } });
    const left = await messages();
    expect(left).toEqual(expect.arrayContaining(['three days old', 'six days old', 'just now']));
    expect(left).not.toContain('eight days old');
    // An earlier beforeDate still deletes only what is older than it.
    await create(owner.token, { category: 'Staff news', actionType: 'Aged', message: 'twenty days old' });
    await t.deps.db.execute(sql`UPDATE notifications SET created_at = now() - interval '20 days' WHERE message = 'twenty days old'`);
    const older = await t.app.inject({ method: 'DELETE', url: '/api/v1/notification/delete-old', headers: bearer(owner.token), payload: { beforeDate: new Date(Date.now() - 25 * 864e5).toISOString() } });
    expect(older.json().data.deleted).toBe(0);
  });

  it('lets only the owner or Settings-access post announcements', async () => {
    const hr = await addStaff(['HR-access']);
    for (const category of ['Announcements', ' announcements ']) {
      const res = await create(hr.session.token, { category, actionType: 'News', message: 'HR says hello to all' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.announcementsNotAllowed);
    }
    expect(await messages()).not.toContain('HR says hello to all');
    expect((await create(hr.session.token, { category: 'Staff news', actionType: 'Note', message: 'an HR note' })).statusCode).toBe(201);
    // A server category is not a person's to post (issue 29).
    expect((await create(hr.session.token, { category: 'HR', actionType: 'Note', message: 'an HR note' })).statusCode).toBe(403);
    const settings = await addStaff(['Settings-access']);
    expect((await create(settings.session.token, { category: 'Announcements', actionType: 'News', message: 'from settings' })).statusCode).toBe(201);
    expect((await create(owner.token, { category: 'Announcements', actionType: 'News', message: 'from the owner' })).statusCode).toBe(201);
  });

  const revocations: Array<[string, (user: { id: string; session: TSession }) => Promise<unknown>]> = [
    ['logs out', (u) => t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(u.session.token) })],
    ['has their roles changed', (u) => t.app.inject({ method: 'PUT', url: `/api/v1/auth/update-user-roles/${u.id}`, headers: bearer(owner.token), payload: { roles: ['Inventory-access'] } })],
    ['is deleted', (u) => t.app.inject({ method: 'DELETE', url: `/api/v1/auth/delete-user/${u.id}`, headers: bearer(owner.token) })],
  ];
  for (const [what, revoke] of revocations) {
    it(`cuts the live stream within a second when the user ${what}`, async () => {
      const user = await addStaff(['HR-access']);
      const stream = await openStream(port, user.session.token);
      const bystander = await openStream(port, owner.token);
      await create(owner.token, { category: 'Staff news', actionType: 'Before', message: `before ${what}` });
      await expect.poll(() => stream.received.map((n) => n.message), { timeout: 5000 }).toContain(`before ${what}`);
      const revokedAt = Date.now();
      await revoke(user);
      const endedAt = await Promise.race([stream.ended, new Promise<number>((r) => setTimeout(() => r(Infinity), 3000))]);
      expect(endedAt - revokedAt).toBeLessThan(1000);
      await create(owner.token, { category: 'Staff news', actionType: 'After', message: `after ${what}` });
      await expect.poll(() => bystander.received.map((n) => n.message), { timeout: 5000 }).toContain(`after ${what}`);
      expect(stream.received.map((n) => n.message)).not.toContain(`after ${what}`);
      stream.close();
      bystander.close();
    });
  }
});
