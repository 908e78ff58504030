import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TOrderDetail, TOrderRevision, TRole, TUser } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { OWNER, mockFetch, ok, on } from '../../employees/testApi.ts';
import { OrderDetailDialog } from './OrderDetailDialog.tsx';

const person = (userName: string, roles: Array<TRole | 'owner'>): TUser => ({ ...OWNER, _id: crypto.randomUUID(), email: `${userName.split(' ')[0].toLowerCase()}@adebayofoods.ng`, userName, roles });
const BUYER = person('Bayo Buyer', ['Procurement-access']);
const ACCOUNTS = person('Kemi Accounts', ['Accounts-access']);
const PO_ID = '33333333-3333-4333-8333-333333333333';
const LINE_ID = '44444444-4444-4444-8444-444444444444';

const order = (over: Partial<TOrderDetail> = {}): TOrderDetail => ({
  _id: PO_ID, invoiceNumber: 'PO-000007', POType: 'regular', approvalStatus: 'approved', receiptStatus: 'partially-received', vendor: { _id: 'v', name: 'Dangote Cement', email: null },
  currency: 'NGN', subtotalMinor: 50_000_000, vatMinor: 3_750_000, leviesMinor: 0, totalMinor: 53_750_000, vatRateBp: 750, levyRateBp: 0, description: 'Cement', expectedDate: null,
  notes: null, ceilingMinor: null, drawnMinor: 0, validFrom: null, validTo: null, quoteId: null, createdBy: 'Bayo Buyer', createdAt: '2026-11-20T09:00:00.000Z', cancelledAt: null, revision: 1,
  lines: [{ _id: LINE_ID, item: 'Cement', unit: 'bags', quantity: '500', received: '200', invoiced: '0', unitPriceMinor: 100_000, lineTotalMinor: 50_000_000 }],
  grns: [], callOffs: [], invoices: [], payments: [], outstandingMinor: 53_750_000, approval: null, ...over,
});
const REVISION: TOrderRevision = {
  _id: 'r2', revision: 2, reason: 'Site needs 100 more bags', createdBy: 'Bayo Buyer', createdAt: '2026-11-21T10:00:00.000Z',
  before: { lines: [], subtotalMinor: 50_000_000, vatMinor: 3_750_000, leviesMinor: 0, totalMinor: 53_750_000, expectedDate: null, notes: null },
  after: { lines: [], subtotalMinor: 60_000_000, vatMinor: 4_500_000, leviesMinor: 0, totalMinor: 64_500_000, expectedDate: null, notes: null },
};

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces(['procurement', 'wht', 'match', 'ledger']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

describe('amending an order', () => {
  it('amends the lines with a reason, shows the new total with VAT, then the revision and its history', async () => {
    setSessionUser(BUYER);
    let current = order();
    let sent: unknown = null;
    mockFetch(
      on('GET', `/orders/detail/${PO_ID}`, () => ok(current)),
      on('GET', `/orders/${PO_ID}/revisions`, () => ok([REVISION])),
      on('POST', `/orders/${PO_ID}/amend`, (call) => {
        sent = JSON.parse(String(call.body));
        current = order({ revision: 2, approvalStatus: 'pending', subtotalMinor: 60_000_000, vatMinor: 4_500_000, totalMinor: 64_500_000 });
        return ok(current, { message: 'Order amended; it goes back for approval' });
      }),
    );
    renderWithApp(<OrderDetailDialog orderId={PO_ID} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Amend order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amend PO-000007' });
    const cement = within(dialog).getByRole('group', { name: 'Cement' });
    const qty = within(cement).getByRole('textbox', { name: /Quantity/ });
    expect(qty).toHaveValue('500');
    expect(within(cement).getByRole('textbox', { name: /Unit price/ })).toHaveValue('1000');
    expect(within(dialog).getByText(/at least 200/)).toBeInTheDocument();
    expect(within(dialog).getByText(/goes back for approval/)).toHaveTextContent('revision 2');

    await userEvent.clear(qty);
    await userEvent.type(qty, '600');
    expect(within(dialog).getByText(/New total with VAT/)).toHaveTextContent(/645,000\.00.*537,500\.00/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument(); // the reason
    expect(sent).toBeNull();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for the amendment/ }), 'Site needs 100 more bags');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ reason: 'Site needs 100 more bags', lines: [{ lineId: LINE_ID, quantity: '600', unitPrice: '1000' }] }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Amend PO-000007' })).not.toBeInTheDocument());
    expect(await screen.findByText('Revision 2')).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText(/Bayo Buyer/)).toHaveTextContent(/537,500\.00 → .*645,000\.00/);
    expect(within(history).getByText('Site needs 100 more bags')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Amend order' })).not.toBeInTheDocument(); // pending again
  }, 30_000);

  it('refuses a quantity below what was received before sending, and adds a new line', async () => {
    setSessionUser(BUYER);
    let sent: unknown = null;
    mockFetch(
      on('GET', `/orders/detail/${PO_ID}`, () => ok(order())),
      on('POST', `/orders/${PO_ID}/amend`, (call) => { sent = JSON.parse(String(call.body)); return ok(order({ revision: 2, approvalStatus: 'pending' })); }),
    );
    renderWithApp(<OrderDetailDialog orderId={PO_ID} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Amend order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amend PO-000007' });
    const qty = within(within(dialog).getByRole('group', { name: 'Cement' })).getByRole('textbox', { name: /Quantity/ });
    await userEvent.clear(qty);
    await userEvent.type(qty, '150');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for the amendment/ }), 'Less needed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('at least 200 (received or invoiced)')).toBeInTheDocument();
    expect(sent).toBeNull();
    await userEvent.clear(qty);
    await userEvent.type(qty, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add line' }));
    const added = within(dialog).getByRole('group', { name: 'New line' });
    await userEvent.type(within(added).getByRole('textbox', { name: /Item/ }), 'Sand');
    await userEvent.type(within(added).getByRole('textbox', { name: /Unit$/ }), 'tonnes');
    await userEvent.type(within(added).getByRole('textbox', { name: /Quantity/ }), '2');
    await userEvent.type(within(added).getByRole('textbox', { name: /Unit price/ }), '8000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ reason: 'Less needed', lines: [{ lineId: LINE_ID, quantity: '500', unitPrice: '1000' }, { item: 'Sand', unit: 'tonnes', quantity: '2', unitPrice: '8000' }] }));
  }, 30_000);

  it('offers no amendment to those who may not buy, nor on an order waiting for approval', async () => {
    setSessionUser(ACCOUNTS);
    mockFetch(on('GET', `/orders/detail/${PO_ID}`, () => ok(order())));
    renderWithApp(<OrderDetailDialog orderId={PO_ID} onClose={() => {}} />);
    expect(await screen.findByText('Dangote Cement')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Amend order' })).not.toBeInTheDocument();
    cleanup();
    setSessionUser(BUYER);
    mockFetch(on('GET', `/orders/detail/${PO_ID}`, () => ok(order({ approvalStatus: 'pending' }))));
    renderWithApp(<OrderDetailDialog orderId={PO_ID} onClose={() => {}} />);
    expect(await screen.findByText('Dangote Cement')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Amend order' })).not.toBeInTheDocument();
  }, 30_000);
});
