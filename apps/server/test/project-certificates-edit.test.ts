import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

describe('project certificates: a mistyped certificate can be corrected or deleted, and the costing follows', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let projectId: string;
  const tag = 'Lekki Terminal';

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const certs = () => `/api/v1/projects/${projectId}/certificates`;
  const costing = async () => (await call(owner, 'GET', `/api/v1/projects/${projectId}/costing`)).json().data;
  const auditOf = (action: string, entityId: string) =>
    t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Chinwe Contractors', email: 'chinwe@certs.ng' });
    other = await registerBusiness(t.app, { businessName: 'Yaw Civils', email: 'yaw@certs.gh', country: 'GH' });
    const rec = await call(owner, 'POST', '/api/v1/cost/overhead-cost', {
      email: owner.user.email, employeeName: 'Tunde', tagName: tag, records: [{ description: 'Rebar', category: 'Steel', amount: '100000', date: '2026-01-10' }],
    });
    expect(rec.statusCode).toBe(201);
    projectId = (await call(owner, 'GET', `/api/v1/places?kind=project&q=${encodeURIComponent(tag)}`)).json().data[0]._id;
    const contract = await call(owner, 'PUT', `/api/v1/projects/${projectId}/contract`, { contractValue: '5000000', retentionPercent: '5', whtPercent: '2.5' });
    expect(contract.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('an edit recomputes retention and WHT as create does, and the costing totals follow; the audit keeps before and after', async () => {
    const made = await call(owner, 'POST', certs(), { number: 'IPC 1', date: '2026-02-01', gross: '1000000' });
    expect(made.statusCode).toBe(201);
    const id = made.json().data._id;
    expect(made.json().data).toMatchObject({ grossMinor: 100_000_000, retentionMinor: 5_000_000, whtMinor: 2_500_000, netMinor: 92_500_000 });
    expect(await costing()).toMatchObject({ billedMinor: 100_000_000, retentionHeldMinor: 5_000_000, whtSufferedMinor: 2_500_000 });

    // The amount was mistyped: 100 000.01, not 1 000 000 (rounded half up on the odd kobo, as on create).
    const edit = await call(owner, 'PUT', `${certs()}/${id}`, { number: 'IPC 1a', date: '2026-02-02', gross: 100000.01, otherDeductions: '1000', note: 'corrected' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ success: true, message: 'Certificate saved' });
    expect(edit.json().data).toMatchObject({
      _id: id, number: 'IPC 1a', date: '2026-02-02', grossMinor: 10_000_001, retentionMinor: 500_000, whtMinor: 250_000, otherDeductionsMinor: 100_000,
      netMinor: 10_000_001 - 500_000 - 250_000 - 100_000, status: 'billed', paidMinor: 0, note: 'corrected',
    });
    // Typed retention and WHT are kept as typed.
    const typed = await call(owner, 'PUT', `${certs()}/${id}`, { number: 'IPC 1a', date: '2026-02-02', gross: '100000', retention: '0', wht: '2000' });
    expect(typed.json().data).toMatchObject({ grossMinor: 10_000_000, retentionMinor: 0, whtMinor: 200_000, otherDeductionsMinor: 0, netMinor: 9_800_000 });
    expect(await costing()).toMatchObject({ billedMinor: 10_000_000, retentionHeldMinor: 0, whtSufferedMinor: 200_000 });
    const list = (await call(owner, 'GET', '/api/v1/projects/costing')).json().data;
    expect(list.find((p: { projectId: string }) => p.projectId === projectId)).toMatchObject({ billedMinor: 10_000_000, whtSufferedMinor: 200_000 });

    const rows = await auditOf('project.certificate-updated', id);
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => (r.after as { number: string; grossMinor: number }).grossMinor === 10_000_001)!;
    expect(first.before).toMatchObject({ number: 'IPC 1', grossMinor: 100_000_000 });
    expect(first.after).toMatchObject({ project: tag, number: 'IPC 1a', grossMinor: 10_000_001 });
    expect(first.actorId).toBe(owner.user._id);

    // Bad input is refused as on create; a number another certificate has is 409.
    expect((await call(owner, 'PUT', `${certs()}/${id}`, { number: 'IPC 1a', date: '2026-02-02', gross: '0' })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', `${certs()}/${id}`, { number: 'IPC 1a', date: '2026-02-02', gross: '100', otherDeductions: '200' })).statusCode).toBe(400);
    await call(owner, 'POST', certs(), { number: 'IPC 2', date: '2026-02-10', gross: '1' });
    const clash = await call(owner, 'PUT', `${certs()}/${id}`, { number: 'ipc 2', date: '2026-02-02', gross: '100000' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('already on this project');
  });

  it('an edit that would leave the net below what the client paid is refused, saying why; one above it keeps the payments', async () => {
    const id = (await call(owner, 'POST', certs(), { number: 'IPC 3', date: '2026-03-01', gross: '200000' })).json().data._id; // net 185 000
    expect((await call(owner, 'POST', `${certs()}/${id}/payments`, { amount: '150000', date: '2026-03-05' })).json().data.status).toBe('part-paid');
    const below = await call(owner, 'PUT', `${certs()}/${id}`, { number: 'IPC 3', date: '2026-03-01', gross: '100000' }); // net 92 500
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toContain('150000.00 paid');
    expect(below.json().message).toContain('raise the gross or lower the deductions');
    expect((await costing()).certificates.find((c: { _id: string }) => c._id === id)).toMatchObject({ grossMinor: 20_000_000, paidMinor: 15_000_000 });
    // Down to exactly what was paid: accepted, and now fully paid.
    const exact = await call(owner, 'PUT', `${certs()}/${id}`, { number: 'IPC 3', date: '2026-03-01', gross: '150000', retention: '0', wht: '0' });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data).toMatchObject({ netMinor: 15_000_000, paidMinor: 15_000_000, paidDate: '2026-03-05', status: 'paid' });
    // Back up: part-paid again.
    const up = await call(owner, 'PUT', `${certs()}/${id}`, { number: 'IPC 3', date: '2026-03-01', gross: '200000' });
    expect(up.json().data).toMatchObject({ netMinor: 18_500_000, paidMinor: 15_000_000, status: 'part-paid' });
    expect(await auditOf('project.certificate-updated', id)).toHaveLength(2);
  });

  it('a certificate with payments cannot be deleted; one without is removed from the costing, audited', async () => {
    const c = await costing();
    const paid = c.certificates.find((x: { number: string }) => x.number === 'IPC 3');
    const refused = await call(owner, 'DELETE', `${certs()}/${paid._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/IPC 3 has payments recorded/);
    expect((await costing()).certificates).toHaveLength(c.certificates.length);

    const unpaid = c.certificates.find((x: { number: string }) => x.number === 'IPC 1a');
    const gone = await call(owner, 'DELETE', `${certs()}/${unpaid._id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ success: true, message: 'Certificate deleted', data: { _id: unpaid._id } });
    const after = await costing();
    expect(after.certificates.map((x: { number: string }) => x.number)).not.toContain('IPC 1a');
    expect(after).toMatchObject({
      billedMinor: c.billedMinor - unpaid.grossMinor, retentionHeldMinor: c.retentionHeldMinor - unpaid.retentionMinor,
      whtSufferedMinor: c.whtSufferedMinor - unpaid.whtMinor, paidMinor: c.paidMinor,
    });
    const [row] = await auditOf('project.certificate-deleted', unpaid._id);
    expect(row.before).toMatchObject({ project: tag, number: 'IPC 1a', grossMinor: unpaid.grossMinor });
    expect((await call(owner, 'DELETE', `${certs()}/${unpaid._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `${certs()}/${unpaid._id}`, { number: 'X', date: '2026-01-01', gross: '1' })).statusCode).toBe(404);
  });

  it("another business gets 404 for both and changes nothing; its own project's id does not reach the certificate either", async () => {
    const c = await costing();
    const cert = c.certificates[0];
    const edit = await call(other, 'PUT', `${certs()}/${cert._id}`, { number: 'X', date: '2026-01-01', gross: '1' });
    const del = await call(other, 'DELETE', `${certs()}/${cert._id}`);
    for (const res of [edit, del]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(tag);
      expect(res.body).not.toContain(cert.number);
    }
    await call(other, 'POST', '/api/v1/cost/overhead-cost', {
      email: other.user.email, employeeName: 'Kofi', tagName: 'Tema Yard', records: [{ description: 'Sand', category: 'Sand', amount: '10', date: '2026-01-10' }],
    });
    const theirs = (await call(other, 'GET', '/api/v1/places?kind=project&q=Tema')).json().data[0]._id;
    expect((await call(other, 'DELETE', `/api/v1/projects/${theirs}/certificates/${cert._id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/api/v1/projects/${theirs}/certificates/${cert._id}`, { number: 'X', date: '2026-01-01', gross: '1' })).statusCode).toBe(404);
    expect((await costing()).certificates).toEqual(c.certificates);
  });
});
