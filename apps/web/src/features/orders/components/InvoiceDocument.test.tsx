import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInboxItem, TInvoice, TRole, TUser } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { OWNER, fail, mockFetch, ok, on } from '../../employees/testApi.ts';
import { ApprovalPage } from '../pages/ApprovalPage.tsx';
import { InvoiceDialog, InvoicesPage } from '../pages/InvoicesPage.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';

const saved = vi.hoisted(() => [] as Array<{ blob: Blob; name: string }>);
vi.mock('../../../shared/ui/saveBlob.ts', () => ({ saveBlob: (blob: Blob, name: string) => { saved.push({ blob, name }); } }));

const person = (id: string, userName: string, roles: Array<TRole | 'owner'>): TUser => ({ ...OWNER, _id: id, email: `${userName.split(' ')[0].toLowerCase()}@adebayofoods.ng`, userName, roles });
const ACCOUNTANT = person('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', 'Kemi Accounts', ['Accounts-access']);
const APPROVER = person('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'Tayo Approver', ['Approvals-access']);
const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const INVOICE_ID = '44444444-4444-4444-8444-444444444444';
const PAYMENT_ID = '55555555-5555-4555-8555-555555555555';

const order = {
  _id: ORDER_ID, invoiceNumber: 'PO-000004', POType: 'regular', approvalStatus: 'approved', receiptStatus: 'received', vendor: { _id: 'v', name: 'Dangote Cement', email: null },
  currency: 'NGN', subtotalMinor: 100_000_000, vatMinor: 0, leviesMinor: 0, totalMinor: 100_000_000, vatRateBp: 0, levyRateBp: 0, description: null, expectedDate: null,
  notes: null, ceilingMinor: null, drawnMinor: 0, validFrom: null, validTo: null, quoteId: null, createdBy: 'Bayo Buyer', createdAt: '2026-11-20T09:00:00.000Z', cancelledAt: null,
  lines: [{ _id: 'l1', item: 'Cement 50 kg', unit: 'bag', quantity: '100', received: '100', invoiced: '0', unitPriceMinor: 1_000_000, lineTotalMinor: 100_000_000 }],
  grns: [{ _id: 'g1', receivedDate: '2026-11-21', receiver: 'Musa Storekeeper', note: null, createdAt: '2026-11-21T09:00:00.000Z', lines: [{ lineId: 'l1', item: 'Cement 50 kg', quantity: '100' }] }],
  callOffs: [], invoices: [], payments: [], outstandingMinor: 100_000_000, approval: null,
};
const invoice = (over: Partial<TInvoice> = {}): TInvoice => ({
  _id: INVOICE_ID, orderId: ORDER_ID, orderNumber: 'PO-000004', vendorName: 'Dangote Cement', invoiceNumber: 'DC-1001', invoiceDate: '2026-11-22', dueDate: null, currency: 'NGN',
  totalMinor: 100_000_000, paidMinor: 0, scheduledMinor: 0, match: 'matched',
  lines: [{ lineId: 'l1', item: 'Cement 50 kg', ordered: '100', received: '100', invoiced: '100', orderedUnitPriceMinor: 1_000_000, invoicedUnitPriceMinor: 1_000_000, state: 'matched', reasons: [] }],
  hold: { state: 'matched', isHeld: false, allowedMinor: 100_000_000, creditsMinor: 0, override: null } as TInvoice['hold'],
  creditNotes: [], outstandingMinor: 100_000_000, document: null, createdAt: '2026-11-22T09:00:00.000Z', ...over,
});

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces(['procurement', 'match']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
  saved.length = 0;
});

describe('the vendor\'s invoice document', () => {
  it('attaches the supplier\'s PDF when recording an invoice, after refusing a text file in the browser', async () => {
    setSessionUser(ACCOUNTANT);
    let sentFile: File | null = null;
    const api = mockFetch(
      on('GET', `/orders/get-orders/${ACCOUNTANT.ownerEmail}`, () => ok([order], { page: 1, limit: 100, total: 1, totalRecords: 1 })),
      on('GET', `/orders/detail/${ORDER_ID}`, () => ok(order)),
      on('POST', '/orders/invoices', () => ok(invoice(), { message: 'Invoice recorded' }, 201)),
      on('POST', `/orders/invoices/${INVOICE_ID}/document`, (c) => {
        sentFile = (c.body as FormData).get('file') as File;
        return ok(invoice({ document: { name: 'DC-1001.pdf', mime: 'application/pdf' } }), {}, 201);
      }),
    );
    const onClose = vi.fn();
    renderWithApp(<InvoiceDialog open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Order/ }));
    await userEvent.click(await screen.findByRole('option', { name: /PO-000004/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor invoice number/ }), 'DC-1001');
    expect(within(dialog).getByText('The supplier\'s invoice as PDF, JPEG or PNG, at most 10 MB (optional)')).toBeInTheDocument();

    const user = userEvent.setup({ applyAccept: false });
    const field = within(dialog).getByLabelText('Vendor\'s document');
    await user.upload(field, new File(['just text'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only PDF, JPEG and PNG files can be attached');
    expect(within(dialog).queryByTestId('invoice-document-name')).not.toBeInTheDocument();

    await user.upload(field, new File(['%PDF-1.4'], 'DC-1001.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByTestId('invoice-document-name')).toHaveTextContent('DC-1001.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentFile!.name).toBe('DC-1001.pdf');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/v1/orders/invoices', `/api/v1/orders/invoices/${INVOICE_ID}/document`]);
  }, 30_000);

  it('keeps the recorded invoice when the server refuses its document, and saving again only retries the document', async () => {
    setSessionUser(ACCOUNTANT);
    let attempts = 0;
    const api = mockFetch(
      on('GET', `/orders/get-orders/${ACCOUNTANT.ownerEmail}`, () => ok([order], { page: 1, limit: 100, total: 1, totalRecords: 1 })),
      on('GET', `/orders/detail/${ORDER_ID}`, () => ok(order)),
      on('POST', '/orders/invoices', () => ok(invoice(), {}, 201)),
      on('POST', `/orders/invoices/${INVOICE_ID}/document`, () => (++attempts === 1
        ? fail(415, 'Only PDF, JPEG and PNG files can be attached as the vendor\'s invoice', 'UNSUPPORTED_TYPE')
        : ok(invoice({ document: { name: 'scan.png', mime: 'image/png' } }), {}, 201))),
    );
    const onClose = vi.fn();
    renderWithApp(<InvoiceDialog open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Order/ }));
    await userEvent.click(await screen.findByRole('option', { name: /PO-000004/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor invoice number/ }), 'DC-1001');
    await userEvent.upload(within(dialog).getByLabelText('Vendor\'s document'), new File(['fake'], 'scan.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Invoice DC-1001 is recorded, but its document was not attached/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.upload(within(dialog).getByLabelText('Vendor\'s document'), new File(['png'], 'scan.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/orders/invoices')).toHaveLength(1);
  }, 30_000);

  it('shows the payment approver the vendor\'s document next to the match and downloads it, or says none is attached', async () => {
    setSessionUser(APPROVER);
    const row: TInboxItem = {
      _id: crypto.randomUUID(), kind: 'payment', subjectId: PAYMENT_ID, title: 'Payment to Dangote Cement', amount: 100_000_000, currency: 'NGN',
      requestedBy: { _id: 'x', userName: 'Kemi Accounts' }, createdAt: '2026-11-22T09:00:00.000Z', approvals: 0, totalApprovalsRequired: 1,
    };
    const payment = { _id: PAYMENT_ID, orderId: ORDER_ID, orderNumber: 'PO-000004', invoiceId: INVOICE_ID, invoiceNumber: 'DC-1001', vendorName: 'Dangote Cement', currency: 'NGN', amountMinor: 100_000_000, dueDate: '2026-12-01', status: 'pending-approval', paidDate: null, method: null, reference: null, note: null, createdAt: '2026-11-22T09:00:00.000Z' };
    let document: TInvoice['document'] = { name: 'DC-1001.pdf', mime: 'application/pdf' };
    const api = mockFetch(
      on('GET', '/approvals/inbox', () => ok({ rows: [row], counts: { payment: 1, total: 1 }, page: 1, limit: 10, totalRecords: 1 })),
      on('GET', `/approvals/inbox/payment/${PAYMENT_ID}`, () => ok({ item: row, status: 'pending', canDecide: true, history: [], subject: { kind: 'payment', payment, invoice: invoice({ document }), order } })),
      on('GET', `/orders/invoices/${INVOICE_ID}/document`, () => new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="DC-1001.pdf"' } })),
    );
    const { unmount } = renderWithApp(<ApprovalPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Open Payment to Dangote Cement/ }));
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByRole('button', { name: 'Vendor\'s document: DC-1001.pdf' });
    expect(within(dialog).getByText(/Musa Storekeeper/)).toBeInTheDocument();
    await userEvent.click(link);
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['DC-1001.pdf']));
    expect(api.calls.some((c) => c.url.pathname === `/api/v1/orders/invoices/${INVOICE_ID}/document`)).toBe(true);
    unmount();

    document = null;
    renderWithApp(<ApprovalPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Open Payment to Dangote Cement/ }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByText('No document attached')).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: /Vendor's document/ })).not.toBeInTheDocument();
  }, 30_000);

  it('marks invoices with a document by a paperclip on a 390 px phone, offers attach or replace, and none once paid', async () => {
    screenWidth(390);
    setSessionUser(ACCOUNTANT);
    const withDoc = invoice({ _id: 'a1', invoiceNumber: 'DC-1', document: { name: 'DC-1.pdf', mime: 'application/pdf' } });
    const without = invoice({ _id: 'a2', invoiceNumber: 'DC-2' });
    const paid = invoice({ _id: 'a3', invoiceNumber: 'DC-3', paidMinor: 100_000_000, outstandingMinor: 0, document: { name: 'DC-3.pdf', mime: 'application/pdf' } });
    let sent: string | null = null;
    mockFetch(
      on('GET', `/orders/invoices/${ACCOUNTANT.ownerEmail}`, () => ok([withDoc, without, paid])),
      on('GET', `/orders/payment-details/${ACCOUNTANT.ownerEmail}`, () => ok([])),
      on('POST', '/orders/invoices/a2/document', (c) => {
        sent = ((c.body as FormData).get('file') as File).name;
        return ok(invoice({ _id: 'a2', invoiceNumber: 'DC-2', document: { name: 'DC-2.png', mime: 'image/png' } }), {}, 201);
      }),
    );
    renderWithApp(<InvoicesPage />);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const cards = await within(table).findAllByRole('row');
    expect(within(cards[0]!).getByRole('button', { name: 'Vendor\'s document: DC-1.pdf' })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Replace document DC-1' })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: /Vendor's document/ })).not.toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: 'Vendor\'s document: DC-3.pdf' })).toBeInTheDocument();
    expect(within(cards[2]!).queryByRole('button', { name: /Replace document/ })).not.toBeInTheDocument();
    await userEvent.click(within(cards[1]!).getByRole('button', { name: 'Attach document DC-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach the vendor\'s document to DC-2' });
    await userEvent.upload(within(dialog).getByLabelText('Vendor\'s document'), new File(['png'], 'DC-2.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach document' }));
    await waitFor(() => expect(sent).toBe('DC-2.png'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);
});
