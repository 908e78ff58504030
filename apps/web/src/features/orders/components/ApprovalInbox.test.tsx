import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInboxDetail, TInboxItem, TRole, TUser } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { canAccessPath } from '../../../shared/access.ts';
import { OWNER, fail, mockFetch, ok, on } from '../../employees/testApi.ts';
import { ApprovalPage } from '../pages/ApprovalPage.tsx';

const person = (id: string, userName: string, roles: Array<TRole | 'owner'>): TUser => ({ ...OWNER, _id: id, email: `${userName.split(' ')[0].toLowerCase()}@adebayofoods.ng`, userName, roles });
const APPROVER = person('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'Tayo Approver', ['Approvals-access']);
const HR = person('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 'Halima HR', ['HR-access']);
const PO_ID = '11111111-1111-4111-8111-111111111111';
const TRUCK_REQ = '22222222-2222-4222-8222-222222222222';

const item = (over: Partial<TInboxItem>): TInboxItem => ({
  _id: crypto.randomUUID(), kind: 'purchase-order', subjectId: PO_ID, title: 'PO-000004 — Dangote Cement', amount: 3_200_000_000, currency: 'NGN',
  requestedBy: { _id: 'x', userName: 'Bayo Buyer' }, createdAt: '2026-11-20T09:00:00.000Z', approvals: 0, totalApprovalsRequired: 1, ...over,
});
const ROWS = [
  item({}),
  item({ kind: 'payroll', subjectId: crypto.randomUUID(), title: 'the 2026-11 payroll run', amount: 956_000_000 }),
  item({ kind: 'leave', subjectId: crypto.randomUUID(), title: 'Tunde Bello: sick leave 2027-02-02 to 2027-02-02 (1 working day)', amount: null, currency: null, requestedBy: { _id: null, userName: 'hr' } }),
];
const COUNTS = { 'purchase-order': 1, payroll: 1, leave: 1, total: 3 };

const order = {
  _id: PO_ID, invoiceNumber: 'PO-000004', POType: 'regular', approvalStatus: 'pending', receiptStatus: 'open', vendor: { _id: 'v', name: 'Dangote Cement', email: null },
  currency: 'NGN', subtotalMinor: 3_200_000_000, vatMinor: 0, leviesMinor: 0, totalMinor: 3_200_000_000, vatRateBp: 0, levyRateBp: 0, description: null, expectedDate: null,
  notes: null, ceilingMinor: null, drawnMinor: 0, validFrom: null, validTo: null, quoteId: null, createdBy: 'Bayo Buyer', createdAt: '2026-11-20T09:00:00.000Z', cancelledAt: null,
  lines: [{ _id: 'l1', item: 'Cement 50 kg', unit: 'bag', quantity: '4000', received: '0', invoiced: '0', unitPriceMinor: 800_000, lineTotalMinor: 3_200_000_000 }],
  grns: [], callOffs: [], invoices: [], payments: [], outstandingMinor: 3_200_000_000, approval: null,
};
const poDetail = (status: 'pending' | 'approved', history: TInboxDetail['history'] = []) => ({
  item: ROWS[0], status, canDecide: status === 'pending', history,
  subject: { kind: 'purchase-order', order: { ...order, approvalStatus: status }, quotes: { contractId: 'C-1', projectTitle: 'Lekki', quotes: [
    { _id: 'q1', contractorName: 'Dangote Cement', totalMinor: 3_200_000_000, currency: 'NGN', isChosen: true },
    { _id: 'q2', contractorName: 'Lafarge', totalMinor: 3_450_000_000, currency: 'NGN', isChosen: false },
  ] } },
});

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('procurement');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

describe('approvals inbox', () => {
  it('lists every kind with kind, title, amount, requester and date, and counts per kind', async () => {
    setSessionUser(APPROVER);
    mockFetch(on('GET', '/approvals/inbox', () => ok({ rows: ROWS, counts: COUNTS, page: 1, limit: 10, totalRecords: 3 })));
    renderWithApp(<ApprovalPage />);
    const po = await screen.findByRole('article', { name: /PO-000004/ });
    expect(within(po).getByText('Purchase order')).toBeInTheDocument();
    expect(within(po).getByText(/32,000,000/)).toBeInTheDocument();
    expect(within(po).getByText(/Bayo Buyer/)).toBeInTheDocument();
    expect(within(po).getByText(/2026/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /payroll run/ })).toHaveTextContent('Payroll run');
    expect(screen.getByRole('article', { name: /Tunde Bello/ })).toHaveTextContent('Leave request');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    const list = await screen.findByRole('listbox');
    expect(within(list).getByRole('option', { name: 'All kinds (3)' })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: 'Payroll run (1)' })).toBeInTheDocument();
  }, 30_000);

  it('opens a purchase order with its lines and quotes, refuses a rejection without a comment, and approves with a comment', async () => {
    setSessionUser(APPROVER);
    let decided: unknown = null;
    mockFetch(
      on('GET', '/approvals/inbox', () => ok({ rows: decided ? [] : ROWS, counts: COUNTS, page: 1, limit: 10, totalRecords: 3 })),
      on('GET', `/approvals/inbox/purchase-order/${PO_ID}`, () => ok(poDetail('pending'))),
      on('PUT', `/approvals/inbox/purchase-order/${PO_ID}/decision`, (c) => {
        decided = JSON.parse(String(c.body));
        return ok(poDetail('approved'), { message: 'Approval status updated successfully' });
      }),
    );
    renderWithApp(<ApprovalPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Open PO-000004/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('table', { name: 'Lines' })).toHaveTextContent('Cement 50 kg');
    expect(within(dialog).getByRole('table', { name: 'Quotes compared' })).toHaveTextContent('Lafarge');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason to reject')).toBeInTheDocument();
    expect(decided).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Within budget');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual({ decision: 'approved', comment: 'Within budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('makes the fleet approver pick a free truck and sends it with the approval', async () => {
    setSessionUser(APPROVER);
    let decided: unknown = null;
    const req = { _id: TRUCK_REQ, tagName: 'lekki-bridge', purpose: 'Haulage', destination: 'Lekki', startDate: '2031-05-10', endDate: '2031-05-14', requestedBy: 'Bayo', status: 'pending', truckId: null, plateNumber: null, approvals: 0, approvalsRequired: 1, createdAt: '2026-11-20T09:00:00.000Z' };
    const truck = { _id: '33333333-3333-4333-8333-333333333333', plateNumber: 'LAG-101-AA', model: 'MAN TGS', capacity: '30 tonnes', fuelType: 'diesel', state: 'free', assignedTagName: null, maintenanceUntil: null, bookings: [], fuelCostMinor: 0, maintenanceCostMinor: 0, createdAt: '2026-11-20T09:00:00.000Z' };
    const row = item({ kind: 'fleet-requisition', subjectId: TRUCK_REQ, title: 'a truck for lekki-bridge from 2031-05-10 to 2031-05-14', amount: null, currency: null });
    mockFetch(
      on('GET', '/approvals/inbox', () => ok({ rows: [row], counts: { 'fleet-requisition': 1, total: 1 }, page: 1, limit: 10, totalRecords: 1 })),
      on('GET', `/approvals/inbox/fleet-requisition/${TRUCK_REQ}`, () => ok({ item: row, status: 'pending', canDecide: true, history: [], subject: { kind: 'fleet-requisition', requisition: req, freeTrucks: [truck] } })),
      on('PUT', `/approvals/inbox/fleet-requisition/${TRUCK_REQ}/decision`, (c) => {
        decided = JSON.parse(String(c.body));
        return fail(409, 'stop here');
      }),
    );
    renderWithApp(<ApprovalPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Open a truck for lekki-bridge/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Choose a truck before approving')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Truck to book' }));
    await userEvent.click(await screen.findByRole('option', { name: /LAG-101-AA/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual({ decision: 'approved', truckId: truck._id }));
    expect(await within(dialog).findByText('stop here')).toBeInTheDocument();
  }, 30_000);

  it('opens the inbox to HR for leave, without the other tabs they cannot read', async () => {
    expect(canAccessPath(HR.roles, '/approval')).toBe(true);
    setSessionUser(HR);
    mockFetch(on('GET', '/approvals/inbox', () => ok({ rows: [ROWS[2]], counts: { leave: 1, total: 1 }, page: 1, limit: 10, totalRecords: 1 })));
    renderWithApp(<ApprovalPage />);
    expect(await screen.findByRole('article', { name: /Tunde Bello/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All requests' })).not.toBeInTheDocument();
  }, 30_000);
});
