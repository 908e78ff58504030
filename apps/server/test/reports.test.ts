import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiReports, notifications } from '../src/db/schema/index.ts';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { costsApi } from './helpers/costs.ts';

/** A local OpenAI-compatible chat-completions server that records what it was asked. */
const startModel = async () => {
  const asked: Array<{ model: string; messages: Array<{ role: string; content: string }> }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      asked.push(JSON.parse(raw));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: 'local-model', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Model report: fuel dominates the costs.' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, asked, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
};

const seedProject = async (api: ReturnType<typeof costsApi>) => {
  await api.addRecords('Lekki Tower', [
    { description: 'Diesel', category: 'Fuel', amount: '600000', date: '2026-01-10' },
    { description: 'Diesel', category: 'Fuel', amount: '250000.50', date: '2026-02-10' },
    { description: 'Guards', category: 'Labour', amount: '150000', date: '2026-02-12' },
  ]);
  await api.payment('Lekki Tower', '800000', '2026-02-20');
  await api.call({ method: 'PUT', url: '/api/v1/cost/project', payload: { email: api.email, tagName: 'Lekki Tower', dept: 'Construction', budget: '2000000' } });
};

describe('AI reports with the built-in analyst', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof costsApi>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Builders', email: 'owner@adaeze-builders.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Works', email: 'owner@kwesi-works.gh', country: 'GH' });
    api = costsApi(t.app, owner);
    await seedProject(api);
  });
  afterAll(async () => t.close());

  it('response-one writes a project report that quotes its real totals, and stores it', async () => {
    const res = await api.list(`/api/v1/openAi/response-one/${owner.user.email}/Lekki%20Tower/NG`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ kind: 'project', tagName: 'Lekki Tower', provider: 'builtin', model: null, language: 'en' });
    // 600,000 + 250,000.50 + 150,000 = 1,000,000.50 overheads; 800,000 paid; margin -200,000.50
    expect(data.report).toContain('Overheads recorded: NGN 1,000,000.50 in 3 records.');
    expect(data.report).toContain('Payments received: NGN 800,000.00.');
    expect(data.report).toContain('Margin (payments less overheads): -NGN 200,000.50.');
    expect(data.report).toContain('Budget: NGN 2,000,000.00; 50% of it has been spent.');
    expect(data.report).toContain('Fuel: NGN 850,000.50 (85% of overheads).');
    expect(data.report).toMatch(/Overheads exceed payments by NGN 200,000.50/);
    const stored = await t.deps.db.select().from(aiReports).where(eq(aiReports.id, data._id));
    expect(stored[0].facts).toMatchObject({ tag: 'Lekki Tower', view: { totals: { overheadsMinor: 100000050, paymentsMinor: 80000000 } } });
    const list = await api.list(`/api/v1/openAi/reports/${owner.user.email}?tagName=Lekki%20Tower`);
    expect(list.json().data.map((r: { _id: string }) => r._id)).toEqual([data._id]);
  });

  it('writes in German when asked, with the same figures', async () => {
    const res = await api.list(`/api/v1/openAi/response-one/${owner.user.email}/Lekki%20Tower/NG?language=de`);
    expect(res.json().data.language).toBe('de');
    expect(res.json().data.report).toContain('Erfasste Gemeinkosten: 1.000.000,50');
  });

  it('response-all covers every project of the business; another business name is 404', async () => {
    const res = await api.list(`/api/v1/openAi/response-all/${owner.user.email}/${encodeURIComponent('Adaeze Builders')}/NG`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'business', tagName: null });
    expect(res.json().data.report).toContain('Lekki Tower: payments NGN 800,000.00, overheads NGN 1,000,000.50, margin -NGN 200,000.50.');
    const wrong = await api.list(`/api/v1/openAi/response-all/${owner.user.email}/${encodeURIComponent('Kwesi Works')}/NG`);
    expect(wrong.statusCode).toBe(404);
  });

  it('running-cost-response projects the overheads at completion from the work level and compares the budget', async () => {
    const res = await api.call({ method: 'POST', url: '/api/v1/openAi/running-cost-response', payload: { email: owner.user.email, projectTitle: 'Lekki Tower phase 1', country: 'NG', TotalOverheadExpenses: '1000000.50', CurrentWorkLevel: '40%', tagName: 'Lekki Tower' } });
    expect(res.statusCode).toBe(200);
    const { report } = res.json().data;
    expect(report).toContain('Work done: 40%.');
    // 1,000,000.50 / 40% = 2,500,001.25 at completion, over the 2,000,000 budget by 500,001.25
    expect(report).toContain('overheads at completion would be about NGN 2,500,001.25 (NGN 1,500,000.75 still to come)');
    expect(report).toContain('overrun its budget of NGN 2,000,000.00 by about NGN 500,001.25');
    const bad = await api.call({ method: 'POST', url: '/api/v1/openAi/running-cost-response', payload: { email: owner.user.email, projectTitle: 'X', country: 'NG', TotalOverheadExpenses: '10', CurrentWorkLevel: '0', tagName: 'Lekki Tower' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^CurrentWorkLevel: /);
  });

  it("refuses another business's e-mail and an unknown project", async () => {
    const foreign = await costsApi(t.app, other).list(`/api/v1/openAi/response-one/${owner.user.email}/Lekki%20Tower/NG`);
    expect(foreign.statusCode).toBe(403);
    const unknown = await api.list(`/api/v1/openAi/response-one/${owner.user.email}/Nowhere/NG`);
    expect(unknown.statusCode).toBe(404);
    const country = await api.list(`/api/v1/openAi/response-one/${owner.user.email}/Lekki%20Tower/Nigeria`);
    expect(country.statusCode).toBe(400);
  });

  it('announcements: the owner posts, everyone is notified and staff read; staff may not post', async () => {
    const post = await api.call({ method: 'POST', url: '/api/v1/blog/posts', payload: { title: 'Site closed Friday', body: 'The Lekki site is closed on Friday for inspection.' } });
    expect(post.statusCode).toBe(201);
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.businessId, owner.user.businessId));
    expect(notes.some((n) => n.category === 'Announcements' && n.actionType === 'Site closed Friday')).toBe(true);
    await api.call({ method: 'POST', url: '/api/v1/auth/user-register', payload: { userName: 'Clerk', email: 'clerk@adaeze-builders.ng', password: 'clerk pass 1', roles: ['HR-access'] } });
    const clerk = costsApi(t.app, await login(t.app, 'clerk@adaeze-builders.ng', 'clerk pass 1'));
    const read = await clerk.list('/api/v1/blog/posts');
    expect(read.json()).toMatchObject({ page: 1, limit: 10, totalRecords: 1, data: [{ title: 'Site closed Friday', authorName: 'Owner Person' }] });
    const refused = await clerk.call({ method: 'POST', url: '/api/v1/blog/posts', payload: { title: 'x', body: 'y' } });
    expect(refused.statusCode).toBe(403);
    const theirs = await costsApi(t.app, other).list('/api/v1/blog/posts');
    expect(theirs.json().totalRecords).toBe(0);
  });
});

describe('AI reports through a local OpenAI-compatible server', () => {
  let t: TTestApp;
  let model: Awaited<ReturnType<typeof startModel>>;
  let owner: TSession;
  let api: ReturnType<typeof costsApi>;

  beforeAll(async () => {
    model = await startModel();
    t = await createTestApp({ AI_BASE_URL: model.url, AI_MODEL: 'local-model' });
    owner = await registerBusiness(t.app, { businessName: 'Model Builders', email: 'owner@model-builders.ng' });
    api = costsApi(t.app, owner);
    await seedProject(api);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it("sends the project's real figures to the model and stores its answer", async () => {
    const res = await api.list(`/api/v1/openAi/response-one/${owner.user.email}/Lekki%20Tower/NG`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ provider: 'model', model: 'local-model', report: 'Model report: fuel dominates the costs.' });
    const prompt = model.asked.at(-1)!;
    expect(prompt.model).toBe('local-model');
    const user = prompt.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Overheads recorded: NGN 1,000,000.50 in 3 records.');
    expect(user).toContain('Payments received: NGN 800,000.00.');
  });
});
