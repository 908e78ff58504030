import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerBusiness, bearer, type TSession, type TTestApp } from './helpers/test-app.ts';

const employee = (i: number) => ({
  firstName: `Ada${i}`, lastName: 'Concurrent', email: `ada${i}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  startDate: '2025-01-06',
});

describe('concurrent writes on a pool of 10', () => {
  let t: TTestApp;
  let owners: TSession[];
  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '10' });
    owners = [];
    for (let i = 0; i < 12; i++) owners.push(await registerBusiness(t.app, { businessName: `Business ${i} Ltd` }));
  });
  afterAll(async () => t?.close());

  it('creates 72 employees at once across 12 businesses without a stall, and health answers straight after', async () => {
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 72 }, async (_, i) => {
      const t0 = Date.now();
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owners[i % 12].user._id}`, headers: bearer(owners[i % 12].token), payload: employee(i) });
      return { status: res.statusCode, body: res.body, ms: Date.now() - t0 };
    }));
    const failed = results.filter((r) => r.status !== 201);
    expect(failed.map((f) => `${f.status} ${f.body.slice(0, 200)}`)).toEqual([]);
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(5_000);
    expect(Date.now() - started).toBeLessThan(10_000);

    const t0 = Date.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - t0).toBeLessThan(1_000);

    // Each business got its six, numbered without gaps or duplicates.
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owners[0].user.email}?page=1&limit=50`, headers: bearer(owners[0].token) });
    expect(list.statusCode).toBe(200);
    const numbers = (list.json().data as { employeeNumber: string }[]).map((e) => e.employeeNumber);
    expect(numbers).toHaveLength(6);
    expect(new Set(numbers).size).toBe(6);
  }, 60_000);

  it('answers health from outside the pool while every pooled connection is busy', async () => {
    const pool = t.deps.database.pool;
    const held = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
    try {
      const t0 = Date.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
      expect(Date.now() - t0).toBeLessThan(1_000);
    } finally {
      for (const c of held) c.release();
    }
  });
});
