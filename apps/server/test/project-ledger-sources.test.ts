import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inventoryItems, projectCostEntries } from '../src/db/schema/index.ts';
import { findRunEmployerCosts } from '../src/features/payroll/payroll.repo.ts';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';
import { staffUser } from './helpers/procurement.ts';
import { inventoryApi } from './helpers/inventory.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// Issue 35, lane ledger: every cost source writes the project cost ledger once (COMMON.md's accounting rule).
let t: TTestApp;
let owner: TSession;
let buyer: TSession;
let approver: TSession;
let project: { _id: string; name: string };
let site: { _id: string; name: string };
let vendorId: string;
let storekeeperId: string;
const { call, ok } = injectApi(() => t);

const ledger = async (where: { sourceKind?: string; stage?: 'committed' | 'actual' } = {}) =>
  t.deps.db.select().from(projectCostEntries).where(and(
    eq(projectCostEntries.businessId, owner.user.businessId), eq(projectCostEntries.projectId, project._id),
    where.sourceKind ? eq(projectCostEntries.sourceKind, where.sourceKind) : undefined, where.stage ? eq(projectCostEntries.stage, where.stage) : undefined,
  ));
const sum = (rows: Array<{ amountMinor: number }>) => rows.reduce((s, r) => s + r.amountMinor, 0);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Lekki Ledger Ltd', email: 'owner@lekki-ledger.ng' });
  buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access', 'Inventory-access']);
  approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
  await ok(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [approver.user._id], totalApprovalsRequired: 1 }, 201);
  project = (await ok(owner, 'POST', '/api/v1/places', { kind: 'project', name: 'Lekki Towers' }, 201)).data;
  site = (await ok(owner, 'POST', '/api/v1/places', { kind: 'site', name: 'Lekki Towers block A', projectId: project._id }, 201)).data;
  vendorId = (await ok(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Eko Plaster Works', email: 'sales@eko-plaster.example' }, 201)).data[0]._id;
  // The storekeeper who records stock use is on the payroll too (no project allocation: overhead).
  storekeeperId = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Musa', lastName: 'Store', email: 'musa@lekki-ledger.ng', employeeNumber: 'EMP-00001', grossIncome: '1200000' }, 201)).data._id;
}, 60_000);
afterAll(async () => t?.close());

describe('project cost ledger sources (issue 35)', () => {
  let order: { _id: string; invoiceNumber: string; lines: Array<{ _id: string; item: string }> };

  it('an approved purchase order on a project is committed for its lines, net of VAT; pending it is nothing', async () => {
    order = (await ok(buyer, 'POST', '/api/v1/orders/add-orders', {
      vendorId, projectId: project._id, deliveryPlaceId: site._id,
      lines: [{ item: 'Plastering works', unit: 'm2', quantity: 10, unitPrice: '1000' }, { item: 'Cement', unit: 'bags', quantity: 10, unitPrice: '5000' }],
    }, 201)).data[0];
    expect((order as unknown as { project: unknown }).project).toEqual({ _id: project._id, name: 'Lekki Towers' });
    expect(await ledger()).toEqual([]);
    await ok(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' });
    const committed = await ledger({ sourceKind: 'purchase-order' });
    expect(committed.map((e) => [e.stage, e.category, e.amountMinor, e.siteId]).sort()).toEqual([
      ['committed', 'materials', 5_000_000, site._id], ['committed', 'subcontract', 1_000_000, site._id],
    ]);
  });

  it('a line received as not stocked is actual at receipt, one received into the site becomes stock; committed drops for both', async () => {
    // The site already held cement at 4,000 a bag: the receipt at 5,000 makes the moving average 4,500.
    const api = inventoryApi(t.app, owner);
    await api.createItem({ tagName: site.name, name: 'Cement', unit: 'bags', quantity: 10, unitCost: '4000' });
    const [plaster, cement] = order.lines;
    await ok(buyer, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa', lines: [
      { lineId: plaster._id, quantity: 4, notStocked: true }, { lineId: cement._id, quantity: 10, locationId: site._id },
    ] } });
    const rows = await ledger({ sourceKind: 'purchase-order' });
    expect(rows.map((e) => [e.stage, e.sourceKey, e.amountMinor]).sort()).toEqual([
      ['actual', plaster._id, 400_000], ['committed', plaster._id, 600_000],
    ].sort());
    expect(await ledger({ sourceKind: 'stock-use' })).toEqual([]); // stock is no project cost until used
  });

  it('the invoice replaces the receipt value with the invoiced price for the received quantity', async () => {
    await ok(buyer, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber: 'EPW-77', invoiceDate: '2026-03-05', lines: [{ lineId: order.lines[0]._id, quantity: 4, unitPrice: '1100' }] }, 201);
    const actual = await ledger({ sourceKind: 'purchase-order', stage: 'actual' });
    expect(actual.map((e) => [e.amountMinor, e.entryDate, e.reference])).toEqual([[440_000, '2026-03-05', `${order.invoiceNumber} · invoice EPW-77`]]);
    expect(sum(await ledger({ sourceKind: 'purchase-order', stage: 'committed' }))).toBe(600_000);
  });

  it('stock used at the project\'s site appears once, at the moving-average cost', async () => {
    const [row] = await t.deps.db.select().from(inventoryItems).where(and(eq(inventoryItems.businessId, owner.user.businessId), eq(inventoryItems.locationId, site._id), eq(inventoryItems.name, 'Cement')));
    const used = await inventoryApi(t.app, owner).usedstock(row.id, 3, 'Column bases', 'USE-1', { tag: site.name });
    expect(used.statusCode).toBe(200);
    const uses = await ledger({ sourceKind: 'stock-use' });
    expect(uses.map((e) => [e.stage, e.category, e.amountMinor, e.siteId])).toEqual([['actual', 'materials', 1_350_000, site._id]]);
  });

  it('a truck\'s fuel charged to the project (its assigned site) appears once', async () => {
    const truck = (await ok(owner, 'POST', '/api/v1/inventory/create-truck', { plateNumber: 'LKJ-101', model: 'MAN TGS', capacity: '30 t', fuelType: 'diesel' }, 201)).data;
    await ok(owner, 'POST', '/api/v1/inventory/add-truck', { truckId: truck._id, placeId: site._id });
    await ok(owner, 'POST', '/api/v1/inventory/truck-entry', { truckId: truck._id, kind: 'fuel', date: '2026-03-06', litres: 100, cost: '25000' }, 201);
    const fuel = await ledger({ sourceKind: 'fleet-fuel' });
    expect(fuel.map((e) => [e.category, e.amountMinor, e.reference])).toEqual([['plant-fuel', 2_500_000, 'LKJ-101']]);
  });

  it('an energy entry at the project is an actual energy cost', async () => {
    await ok(owner, 'POST', '/api/v1/inventory/tracker', {
      email: owner.user.email, manager: 'Ngozi Eze', tagName: project.name, placeId: project._id, businessName: 'Lekki Ledger Ltd', date: '2026-03-07', quantity: 50, expenses: '12000',
    }, 201);
    expect((await ledger({ sourceKind: 'energy' })).map((e) => [e.category, e.amountMinor])).toEqual([['energy', 1_200_000]]);
  });

  it('an approved payroll run puts each employee\'s allocated share of the cost to the employer on the project', async () => {
    const employeeId = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Tunde', lastName: 'Mason', email: 'tunde@lekki-ledger.ng', grossIncome: '2400000' }, 201)).data._id as string;
    await givePayableAccounts(t.app, owner, [employeeId, storekeeperId]);
    const over = await call(owner, 'PUT', `/api/v1/projects/labour-allocation/${employeeId}`, { effectiveMonth: '2026-03', allocations: [{ projectId: project._id, percentBp: 10001 }] });
    expect(over.status).toBe(400);
    const notProject = await call(owner, 'PUT', `/api/v1/projects/labour-allocation/${employeeId}`, { effectiveMonth: '2026-03', allocations: [{ projectId: site._id, percentBp: 5000 }] });
    expect(notProject.status).toBe(400);
    const saved = await ok(owner, 'PUT', `/api/v1/projects/labour-allocation/${employeeId}`, { effectiveMonth: '2026-03', allocations: [{ projectId: project._id, percentBp: 5000 }] });
    expect(saved.data.months).toEqual([{ effectiveMonth: '2026-03', allocations: [{ projectId: project._id, projectName: 'Lekki Towers', percentBp: 5000 }] }]);

    await ok(owner, 'PUT', '/api/v1/payroll/approval-setting', { payrollApproval: 'owner-when-alone' });
    const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month: '2026-03' })).data;
    await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
    await waitFor('the run to compute', async () => {
      const r = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-03')).data;
      if (r.job?.status === 'failed') throw new Error(r.job.message);
      return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
    });
    expect(await ledger({ sourceKind: 'payroll' })).toEqual([]); // not before approval
    const approved = await call(owner, 'POST', `/api/v1/payroll/runs/${run._id}/approve`, { reason: 'Only I hold the roles' });
    expect(approved.status).toBe(200);
    const [cost] = (await findRunEmployerCosts(t.deps.db, owner.user.businessId, run._id)).filter((c) => c.employee_id === employeeId);
    const labour = await ledger({ sourceKind: 'payroll' });
    expect(labour.map((e) => [e.category, e.stage, e.amountMinor, e.entryDate, e.sourceId])).toEqual([['labour', 'actual', Math.round(Number(cost.cost) / 2), '2026-03-31', run._id]]);
  }, 60_000);

  it('an OCR\'d supplier invoice that is already on the order links to it and adds nothing', async () => {
    const before = await ledger();
    const res = await ok(owner, 'POST', '/api/v1/cost/overhead-cost', {
      email: owner.user.email, employeeName: 'Bola Ade', tagName: project.name, source: 'ocr', vendorName: 'Eko Plaster Works', invoiceNumber: 'epw-77',
      records: [{ description: 'Plastering', category: 'Subcontract', amount: '4730', date: '2026-03-05' }],
    }, 201);
    expect(res.data[0].linkedTo).toBe(`Already in procurement as ${order.invoiceNumber} invoice EPW-77`);
    expect((await ledger()).length).toBe(before.length);
    // A receipt from another supplier is a cost of its own.
    const other = await ok(owner, 'POST', '/api/v1/cost/overhead-cost', {
      email: owner.user.email, employeeName: 'Bola Ade', tagName: project.name, source: 'ocr', vendorName: 'Mama Put Canteen', invoiceNumber: 'EPW-77',
      records: [{ description: 'Lunch for masons', category: 'Welfare', amount: '3000', date: '2026-03-05' }],
    }, 201);
    expect(other.data[0].linkedTo).toBeNull();
    expect((await ledger({ sourceKind: 'cost-record' })).map((e) => e.amountMinor)).toEqual([300_000]);
  });

  it('the project\'s ledger actual equals the sum of its sources, each counted once', async () => {
    const rows = await ledger({ stage: 'actual' });
    const bySource = new Map<string, number>();
    for (const r of rows) bySource.set(r.sourceKind, (bySource.get(r.sourceKind) ?? 0) + r.amountMinor);
    const [{ payroll }] = (await t.deps.db.execute(sql`SELECT coalesce(sum(amount_minor), 0)::bigint AS payroll FROM project_cost_entries WHERE project_id = ${project._id} AND source_kind = 'payroll'`) as unknown as { rows: Array<{ payroll: string }> }).rows;
    expect(Number(payroll)).toBeGreaterThan(0);
    expect(Object.fromEntries(bySource)).toEqual({
      'purchase-order': 440_000, 'stock-use': 1_350_000, 'fleet-fuel': 2_500_000, energy: 1_200_000, payroll: Number(payroll), 'cost-record': 300_000,
    });
    expect(sum(rows)).toBe(440_000 + 1_350_000 + 2_500_000 + 1_200_000 + Number(payroll) + 300_000);
  });

  it('a cancelled order leaves nothing on the project', async () => {
    const o = (await ok(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, project: 'Lekki Towers', lines: [{ item: 'Scaffold hire', unit: 'week', quantity: 2, unitPrice: '7000' }] }, 201)).data[0];
    await ok(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: o._id, approvalStatus: 'approved', POType: 'regular' });
    expect(sum((await ledger({ sourceKind: 'purchase-order' })).filter((e) => e.sourceId === o._id))).toBe(1_400_000);
    await ok(buyer, 'PUT', '/api/v1/orders/update-approval-status', { orderId: o._id, approvalStatus: 'cancelled', POType: 'regular', reason: 'Not needed' });
    expect((await ledger({ sourceKind: 'purchase-order' })).filter((e) => e.sourceId === o._id)).toEqual([]);
  });
});
