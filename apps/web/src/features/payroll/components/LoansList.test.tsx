import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLoan } from '@bizdesk/contract';
import { FlashHost } from '../../../shared/ui/FlashHost.tsx';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { fail, mockFetch, ok, on } from '../../employees/testApi.ts';
import { LoansList } from './LoansList.tsx';

setupScreenTests('pay');

const loan = (over: Partial<TLoan> = {}): TLoan => ({
  _id: '33333333-3333-4333-8333-333333333333', employeeId: '44444444-4444-4444-8444-444444444444', principalMinor: 6_000_000, monthlyRepaymentMinor: 2_000_000,
  startMonth: '2026-05', note: null, balanceMinor: 4_000_000, status: 'active', createdAt: '2026-05-01T00:00:00.000Z', overrides: [], ...over,
});
const money = (minor: number) => `NGN ${(minor / 100).toFixed(2)}`;

describe('LoansList', () => {
  it('writes off an active loan after a confirmation naming its balance, and says so', async () => {
    const api = mockFetch(on('POST', '/employee/loan-off', () => ok(loan({ balanceMinor: 0, status: 'written-off' }), { message: 'Loan written off' })));
    renderWithApp(<><LoansList loans={[loan()]} money={money} /><FlashHost /></>);
    expect(screen.getByTestId('loan-status')).toHaveTextContent('Active');
    await userEvent.click(screen.getByRole('button', { name: 'Write off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off this loan?' });
    expect(within(dialog).getByTestId('loan-off-body')).toHaveTextContent('The balance of NGN 40000.00 is written off and will not be recovered.');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Left the company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write off NGN 40000.00' }));
    expect(await screen.findByText('Loan written off: NGN 40000.00 will not be recovered')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]!.body))).toEqual({ loanId: loan()._id, action: 'write-off', note: 'Left the company' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's message when the loan cannot be settled", async () => {
    mockFetch(on('POST', '/employee/loan-off', () => fail(409, 'This loan is already settled', 'CONFLICT')));
    renderWithApp(<><LoansList loans={[loan()]} money={money} /><FlashHost /></>);
    await userEvent.click(screen.getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle this loan?' });
    expect(within(dialog).getByTestId('loan-off-body')).toHaveTextContent('The balance of NGN 40000.00 is recorded as paid outside payroll.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle NGN 40000.00' }));
    expect(await screen.findByText('This loan is already settled')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Settle this loan?' })).toBeInTheDocument();
  });

  it('shows a closed loan as such, with no actions', () => {
    mockFetch();
    renderWithApp(<LoansList loans={[loan({ status: 'settled', balanceMinor: 0 }), loan({ _id: '55555555-5555-4555-8555-555555555555', status: 'repaid', balanceMinor: 0 })]} money={money} />);
    expect(screen.getAllByTestId('loan-status').map((s) => s.textContent)).toEqual(['Settled', 'Repaid']);
    expect(screen.queryByRole('button', { name: /Settle|Write off/ })).not.toBeInTheDocument();
  });
});
