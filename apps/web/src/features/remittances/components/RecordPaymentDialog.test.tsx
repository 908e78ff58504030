import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRemittanceItem } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { fail, mockFetch, ok, on } from '../../employees/testApi.ts';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';

setupScreenTests('remittances');

const item = (over: Partial<TRemittanceItem> = {}): TRemittanceItem => ({
  kind: 'ng-paye', payee: 'Lagos', period: '2026-05', amountDueMinor: 6_950_000, employees: 1, missing: 0, dueDate: '2026-06-10', dueBasis: 'fixed',
  paidMinor: 2_000_000, outstandingMinor: 4_950_000, status: 'part-paid', payments: [], ...over,
});
const PDF = new File(['%PDF-1.4\n%%EOF\n'], 'lirs receipt.pdf', { type: 'application/pdf' });

describe('RecordPaymentDialog', () => {
  it('starts at the outstanding amount and sends the fields, then the receipt, as one form', async () => {
    const onClose = vi.fn();
    const api = mockFetch(on('POST', '/remittances/payments', () => ok({ _id: '33333333-3333-4333-8333-333333333333' }, { message: 'Payment recorded' }, 201)));
    renderWithApp(<RecordPaymentDialog item={item()} currency="NGN" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment: PAYE (State IRS)' });
    expect(within(dialog).getByLabelText(/Amount paid/)).toHaveValue('49,500.00');
    await userEvent.type(within(dialog).getByLabelText(/Payment reference/), 'LIRS-2026-05-77');
    await userEvent.upload(within(dialog).getByLabelText('Receipt'), PDF);
    expect(within(dialog).getByTestId('receipt-name')).toHaveTextContent('lirs receipt.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = api.calls[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['kind', 'payee', 'period', 'amount', 'reference', 'paidOn', 'receipt']);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'receipt'))).toMatchObject({ kind: 'ng-paye', payee: 'Lagos', period: '2026-05', amount: '49500.00', reference: 'LIRS-2026-05-77' });
    expect((form.get('receipt') as File).name).toBe('lirs receipt.pdf');
  });

  it("refuses an empty reference before sending, and keeps the dialog open with the server's message", async () => {
    const onClose = vi.fn();
    const api = mockFetch(on('POST', '/remittances/payments', () => fail(415, 'Only PDF, image, Word, Excel and PowerPoint files can be uploaded here', 'UNSUPPORTED_TYPE')));
    renderWithApp(<RecordPaymentDialog item={item()} currency="NGN" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(api.calls).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Payment reference/), 'REF-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Only PDF, image, Word, Excel and PowerPoint files can be uploaded here')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
