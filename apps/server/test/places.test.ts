import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costRow } from './helpers/costs.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

/** Places (issue 34): rename with its clash, kind and a site's project, archive, and what a collection point or cost names. */
describe('places API', () => {
  let t: TTestApp;
  let owner: TSession;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Places Test Ltd' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload: payload as object } : {}) });
  const make = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/api/v1/places', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; name: string };
  };

  it('renames a place, answers 409 naming the clash, and keeps the old name resolving to it', async () => {
    const project = await make({ kind: 'project', name: 'Lekki Phase 2' });
    const store = await make({ kind: 'store', name: 'Central store' });
    const clash = await call('PATCH', `/api/v1/places/${store._id}`, { name: '  lekki   PHASE 2 ' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/^name: "Lekki Phase 2" already names a project/);
    const renamed = await call('PATCH', `/api/v1/places/${project._id}`, { name: 'Lekki Phase Two', address: 'Lekki, Lagos' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Lekki Phase Two', address: 'Lekki, Lagos' });
    // A cost booked under the old name lands on the renamed project.
    const cost = await call('POST', '/api/v1/cost/overhead-cost', { email: owner.user.email, employeeName: 'Owner', tagName: 'LEKKI PHASE 2', records: [costRow(1)] });
    expect(cost.statusCode, cost.body).toBe(201);
    const records = await call('GET', `/api/v1/cost/records/${encodeURIComponent(owner.user.email)}/${encodeURIComponent('Lekki Phase Two')}`);
    expect(records.statusCode, records.body).toBe(200);
    expect(records.body).toContain('Item 1');
    const list = (await call('GET', '/api/v1/places?kind=project')).json().data as Array<{ name: string }>;
    expect(list.map((p) => p.name)).toEqual(['Lekki Phase Two']);
  });

  it('makes a site of a project, refuses a site without a project, and refuses turning a project with sites into a store', async () => {
    const project = await make({ kind: 'project', name: 'Ikoyi Tower' });
    const site = await make({ kind: 'site', name: 'Ikoyi Block A', projectId: project._id });
    const noProject = await call('PATCH', `/api/v1/places/${(await make({ kind: 'store', name: 'Yard' }))._id}`, { kind: 'site' });
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().message).toMatch(/^projectId: /);
    const withSites = await call('PATCH', `/api/v1/places/${project._id}`, { kind: 'store' });
    expect(withSites.statusCode).toBe(400);
    expect(withSites.json().message).toMatch(/^kind: "Ikoyi Tower" has sites/);
    const sites = (await call('GET', `/api/v1/places?projectId=${project._id}`)).json().data as Array<{ _id: string; projectName: string }>;
    expect(sites).toEqual([expect.objectContaining({ _id: site._id, projectName: 'Ikoyi Tower' })]);
  });

  it('archives a place out of the pickers and refuses it for a new collection point; restores it', async () => {
    const site = await make({ kind: 'project', name: 'Ajah Estate' });
    expect((await call('POST', `/api/v1/places/${site._id}/archive`)).statusCode).toBe(200);
    const pickers = (await call('GET', '/api/v1/places')).json().data as Array<{ _id: string }>;
    expect(pickers.some((p) => p._id === site._id)).toBe(false);
    const all = (await call('GET', '/api/v1/places?includeArchived=true')).json().data as Array<{ _id: string; archived: boolean }>;
    expect(all.find((p) => p._id === site._id)?.archived).toBe(true);
    const point = await call('POST', '/api/v1/auth/dcollector', { employeeNumber: 'AJ-1', employeeName: 'Ajah Officer', tagName: 'ajah estate', userEmail: owner.user.email });
    expect(point.statusCode).toBe(400);
    expect(point.json().message).toMatch(/^tagName: "Ajah Estate" is archived/);
    expect((await call('POST', `/api/v1/places/${site._id}/unarchive`)).statusCode).toBe(200);
    const again = await call('POST', '/api/v1/auth/dcollector', { employeeNumber: 'AJ-1', employeeName: 'Ajah Officer', tagName: 'ajah estate', userEmail: owner.user.email });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ tagName: 'Ajah Estate', placeId: site._id });
  });

  it('refuses merging a place into itself or into one of its own sites', async () => {
    const project = await make({ kind: 'project', name: 'Epe Farm' });
    const site = await make({ kind: 'site', name: 'Epe Pond', projectId: project._id });
    const self = await call('POST', `/api/v1/places/${project._id}/merge`, { intoId: project._id });
    expect(self.statusCode).toBe(400);
    const intoSite = await call('POST', `/api/v1/places/${project._id}/merge`, { intoId: site._id });
    expect(intoSite.statusCode).toBe(400);
    expect(intoSite.json().message).toMatch(/^intoId: "Epe Pond" is a site of "Epe Farm"/);
  });
});
