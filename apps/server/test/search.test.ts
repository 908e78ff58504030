import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';

/** Issue 10: the top-bar search finds what the user may see, grouped by area. */
describe('GET /api/v1/search/:email', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Foods', email: 'ada@adaeze-search.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Motors', email: 'kwesi@motors-search.gh', country: 'GH' });
    const api = peopleApi(t.app, owner);
    const driver = await api.designation('Driver');
    for (let i = 1; i <= 8; i++) await api.employee({ firstName: `Ngozi${i}`, lastName: 'Okafor', email: `ngozi${i}@adaeze-search.ng`, designationId: driver._id });
    await api.employee({ firstName: 'Tunde', lastName: 'Bakare', email: 'tunde@adaeze-search.ng' });
    await peopleApi(t.app, other).employee({ firstName: 'Ngozi', lastName: 'Elsewhere', email: 'ngozi@motors-search.gh' });
  });
  afterAll(async () => t.close());

  const search = (session: TSession, q: string, email = session.user.ownerEmail) => t.app.inject({ method: 'GET', url: `/api/v1/search/${encodeURIComponent(email)}?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${session.token}` } });

  it('finds employees by part of the name, at most six, saying there are more, each with the path that opens it', async () => {
    const res = await search(owner, 'okafor');
    expect(res.statusCode).toBe(200);
    const [group] = res.json().data;
    expect(group).toMatchObject({ area: 'employees', more: true });
    expect(group.hits).toHaveLength(6);
    expect(group.hits[0]).toMatchObject({ title: 'Ngozi1 Okafor', subtitle: 'Driver · ngozi1@adaeze-search.ng' });
    expect(group.hits[0].path).toMatch(/^\/employee-detail\?id=[0-9a-f-]{36}$/);
    const one = (await search(owner, 'Bakare')).json().data[0];
    expect(one).toMatchObject({ more: false, hits: [{ title: 'Tunde Bakare' }] });
  });

  it("never shows another business's employees", async () => {
    const titles = (await search(other, 'Ngozi')).json().data[0].hits.map((h: { title: string }) => h.title);
    expect(titles).toEqual(['Ngozi Elsewhere']);
    expect([403, 404]).toContain((await search(other, 'Ngozi', owner.user.ownerEmail)).statusCode);
  });

  it('answers 400 naming the problem for a text too short or too long, 401 without a token', async () => {
    const short = await search(owner, 'n');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/q.*at least 2 characters/);
    expect((await search(owner, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/search/${owner.user.ownerEmail}?q=ngozi` })).statusCode).toBe(401);
  });

  it('searches only the areas of the user\'s roles: a user without HR gets no employees', async () => {
    const staff = { userName: 'Sade Accounts', email: 'sade@adaeze-search.ng', password: 'Accounts-2026-x' };
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: { authorization: `Bearer ${owner.token}` }, payload: { ...staff, roles: ['Accounts-access'] } });
    expect(made.statusCode).toBe(201);
    const sade = await login(t.app, staff.email, staff.password);
    const res = await search(sade, 'Okafor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});
