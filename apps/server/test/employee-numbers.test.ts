import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { waitForJob } from './helpers/seed-people.ts';
import { peopleApi } from './helpers/people.ts';

describe('automatic employee numbers', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof peopleApi>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Numbered Ltd' });
    api = peopleApi(t.app, owner);
  });
  afterAll(async () => t.close());

  it('keeps numbering after someone types EMP-999999999 by hand', async () => {
    const first = await api.employee({ email: 'first@numbered.ng' });
    await api.employee({ email: 'manual@numbered.ng', employeeNumber: 'EMP-999999999' });
    const next = [];
    for (const n of [1, 2, 3]) next.push(await api.employee({ email: `after${n}@numbered.ng` }));
    const numbers = next.map((e) => e.employeeNumber);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(n).toMatch(/^EMP-\d{5}$/);
    expect(numbers.map((n) => Number(n.slice(4)))).toEqual([1, 2, 3].map((k) => Number(first.employeeNumber.slice(4)) + k));
  });

  it('skips numbers already given by hand instead of answering 409', async () => {
    const last = Number((await api.employee({ email: 'before-run@numbered.ng' })).employeeNumber.slice(4));
    const typed = [1, 2, 3].map((k) => `EMP-${String(last + k).padStart(5, '0')}`);
    for (const [i, employeeNumber] of typed.entries()) await api.employee({ email: `typed${i}@numbered.ng`, employeeNumber: employeeNumber.toLowerCase() });
    const next = await api.employee({ email: 'after-run@numbered.ng' });
    expect(next.employeeNumber).toBe(`EMP-${String(last + 4).padStart(5, '0')}`);
    expect((await api.employee({ email: 'after-run2@numbered.ng' })).employeeNumber).toBe(`EMP-${String(last + 5).padStart(5, '0')}`);
  });

  it('continues after an import from the same counter: the next create takes the number after the imported ones', async () => {
    const shop = await registerBusiness(t.app, { businessName: 'Imported Numbers Ltd' });
    const shopApi = peopleApi(t.app, shop);
    expect((await shopApi.employee({ email: 'one@imported.ng' })).employeeNumber).toBe('EMP-00001');
    const csv = `First name,Last name,Email\n${[2, 3, 4].map((k) => `Row,${k},row${k}@imported.ng`).join('\n')}\n`;
    const body = multipart([{ name: 'file', filename: 'staff.csv', contentType: 'text/csv', data: Buffer.from(csv) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/employee/import', headers: { ...bearer(shop.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(202);
    expect((await waitForJob(t.app, shop.token, res.json().data.jobId)).status).toBe('succeeded');
    expect((await shopApi.employee({ email: 'five@imported.ng' })).employeeNumber).toBe('EMP-00005');
  });

  it('gives 72 simultaneous creates across 12 businesses distinct numbers, all at once, and /health still answers', async () => {
    const sessions = await Promise.all(Array.from({ length: 12 }, (_, b) => registerBusiness(t.app, { businessName: `Busy ${b} Ltd` })));
    const started = performance.now();
    const results = await Promise.all(sessions.flatMap((s, b) => Array.from({ length: 6 }, async (_, k) => {
      const began = performance.now();
      const e = await peopleApi(t.app, s).employee({ email: `p${k}@busy${b}.ng` });
      return { business: s.user.businessId, number: e.employeeNumber as string, ms: performance.now() - began };
    })));
    expect(performance.now() - started).toBeLessThan(10_000);
    for (const s of sessions) {
      const numbers = results.filter((r) => r.business === s.user.businessId).map((r) => r.number).sort();
      expect(numbers).toEqual(['EMP-00001', 'EMP-00002', 'EMP-00003', 'EMP-00004', 'EMP-00005', 'EMP-00006']);
    }
    const healthStarted = performance.now();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect(performance.now() - healthStarted).toBeLessThan(1000);
  });

  it('gives 72 simultaneous creates in one business 72 distinct numbers', async () => {
    const s = await registerBusiness(t.app, { businessName: 'Crowded Ltd' });
    const people = peopleApi(t.app, s);
    const created = await Promise.all(Array.from({ length: 72 }, (_, k) => people.employee({ email: `c${k}@crowded.ng` })));
    const numbers = new Set(created.map((e) => e.employeeNumber));
    expect(numbers.size).toBe(72);
    expect(numbers).toEqual(new Set(Array.from({ length: 72 }, (_, k) => `EMP-${String(k + 1).padStart(5, '0')}`)));
  });
});
