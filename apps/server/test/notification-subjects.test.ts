import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, shiftDay } from './helpers/time.ts';
import { bearer, createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { openStream, type TSeen } from './helpers/stream.ts';

describe('notifications by subject (issue 29)', () => {
  let t: TTestApp;
  let owner: TSession;
  let port: number;
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Subject Ltd', email: 'owner@subject.ng' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  const addUser = async (roles: string[]) => {
    count += 1;
    const email = `user${count}@subject.ng`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: `User ${count}`, email, password: 'user pass 1', roles } });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data._id as string, session: await login(t.app, email, 'user pass 1') };
  };
  const list = async (s: TSession) => (await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${owner.user.email}`, headers: bearer(s.token) })).json().data as TSeen[];
  const create = (s: TSession, body: object) => t.app.inject({ method: 'POST', url: '/api/v1/notification/create', headers: bearer(s.token), payload: body });

  it('shows a user without roles none of the people and pay notifications, in the list and live; HR sees people only', async () => {
    const nobody = await addUser([]);
    const hr = await addUser(['HR-access']);
    const live = await openStream(port, nobody.session.token);
    const hrLive = await openStream(port, hr.session.token);
    const ownerLive = await openStream(port, owner.token);
    const people = peopleApi(t.app, owner);
    const e = await people.employee({ firstName: 'Kemi', lastName: 'Bello', email: 'kemi@subject.ng' });
    const h = bearer(owner.token);
    const today = dayIn('Africa/Lagos');
    const suspended = await t.app.inject({ method: 'PUT', url: '/api/v1/attendance/send-suspension-details', headers: h, payload: { employeeId: e._id, suspensionDetails: { reason: 'Stole from the till', from: today, to: shiftDay(today, 3) } } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const complaint = await t.app.inject({ method: 'POST', url: '/api/v1/employee/complain', headers: h, payload: { employeeId: e._id, complainDetail: 'My supervisor shouts at me daily', dueDate: shiftDay(today, 5) } });
    expect(complaint.statusCode, complaint.body).toBe(201);
    const { notify } = createNotificationsService(t.deps);
    await notify(t.deps.db, owner.user.businessId, { category: 'Accounts', actionType: 'Payroll approved', message: 'pay probe: 1,250,000.00 paid' });
    await notify(t.deps.db, owner.user.businessId, { category: 'Announcements', actionType: 'Office closed', message: 'general probe' });

    // The owner reads everything; a person of HR reads people and general; a user without roles reads general only.
    await expect.poll(() => ownerLive.received.map((n) => n.message).join('|'), { timeout: 5000 }).toContain('general probe');
    await expect.poll(() => live.received.map((n) => n.message), { timeout: 5000 }).toContain('general probe');
    await expect.poll(() => hrLive.received.map((n) => n.message), { timeout: 5000 }).toContain('general probe');
    await new Promise((r) => setTimeout(r, 300));
    expect(ownerLive.received.map((n) => n.subject)).toEqual(expect.arrayContaining(['people', 'pay', 'general']));
    for (const seen of [live.received, await list(nobody.session)]) {
      expect(seen.map((n) => n.subject)).toEqual(['general']);
      expect(JSON.stringify(seen)).not.toMatch(/Kemi|pay probe|supervisor|till/);
    }
    for (const seen of [hrLive.received, await list(hr.session)]) {
      expect([...new Set(seen.map((n) => n.subject))].sort()).toEqual(['general', 'people']);
      expect(JSON.stringify(seen)).not.toContain('pay probe');
    }
    const ownerList = await list(owner);
    expect(ownerList.map((n) => n.subject)).toEqual(expect.arrayContaining(['people', 'pay', 'general']));
    // The unread count on the dashboard counts only what the reader may see.
    const dash = async (s: TSession) => (await t.app.inject({ method: 'GET', url: "/api/v1/dashboard/summary", headers: bearer(s.token) }));
    const d = await dash(nobody.session);
    expect(d.json().data.unreadNotifications).toBe(1);
    live.close();
    hrLive.close();
    ownerLive.close();
  });

  it('keeps complaint texts, suspension reasons and appraisal scores out of notification texts, and links to the screen', async () => {
    const all = JSON.stringify(await list(owner));
    expect(all).not.toContain('Stole from the till');
    expect(all).not.toContain('supervisor shouts');
    const notes = await list(owner);
    expect(notes.find((n) => n.actionType === 'Suspension')).toMatchObject({ subject: 'people', link: { screen: 'attendance' } });
    expect(notes.find((n) => n.actionType === 'Complaint filed')).toMatchObject({ subject: 'people', link: { screen: 'complaints' } });
  });

  it("refuses a server category from a person, compared after Unicode normalisation, and stores a person's post with its author", async () => {
    const hr = await addUser(['HR-access']);
    for (const category of ['HR', 'hr', ' Payroll ', 'Ｐａｙｒｏｌｌ', 'Pay\u200broll', 'Н\u0052', 'Procurement\u2060', 'Аccounts', 'Ιnventory']) {
      const res = await create(hr.session, { category, actionType: 'Spoof', message: `spoof ${category}` });
      expect([category, res.statusCode]).toEqual([category, 403]);
      expect(res.json().message).toBe(MSG.categoryReserved);
    }
    for (const category of ['Announcements\u200b', '\u0410nnouncements', 'Ann\u043Euncements', 'ＡＮＮＯＵＮＣＥＭＥＮＴＳ', 'Announcements\u00ad']) {
      const res = await create(hr.session, { category, actionType: 'News', message: 'HR spoofs an announcement' });
      expect([JSON.stringify(category), res.statusCode]).toEqual([JSON.stringify(category), 403]);
      expect(res.json().message).toBe(MSG.announcementsNotAllowed);
    }
    expect(JSON.stringify(await list(owner))).not.toContain('spoof');
    const own = await create(hr.session, { category: 'Lunch', actionType: 'Jollof', message: 'Jollof in the canteen' });
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ category: 'Lunch', subject: 'general', author: { _id: hr.id, name: `User ${count}` }, messageKey: null });
    // The owner's announcement is stored under the one spelling, with its author.
    const ann = await create(owner, { category: '\u0410nnouncements', actionType: 'Holiday', message: 'Office closed Friday' });
    expect(ann.statusCode).toBe(201);
    expect(ann.json().data).toMatchObject({ category: 'Announcements', subject: 'general', author: { _id: owner.user._id } });
    const nobody = await addUser([]);
    expect((await list(nobody.session)).map((n) => n.message)).toEqual(expect.arrayContaining(['Jollof in the canteen', 'Office closed Friday']));
  });

  it('caps the live streams one user holds open: the one past the cap is refused with 429', async () => {
    const user = await addUser([]);
    const open = [];
    for (let i = 0; i < 10; i += 1) open.push(await openStream(port, user.session.token));
    expect(open.map((s) => s.status)).toEqual(Array(10).fill(200));
    const extra = await openStream(port, user.session.token);
    expect(extra.status).toBe(429);
    extra.close();
    // Another user is not held back by this one's streams.
    const other = await openStream(port, owner.token);
    expect(other.status).toBe(200);
    other.close();
    // Closing one frees its place.
    open[0].close();
    await expect.poll(async () => {
      const s = await openStream(port, user.session.token);
      s.close();
      return s.status;
    }, { timeout: 3000 }).toBe(200);
    for (const s of open) s.close();
  });
});
