import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSessionUser } from '../../../shared/session.ts';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { OWNER, mockFetch, ok, on } from '../../employees/testApi.ts';
import { BankFileMenu } from './BankFileMenu.tsx';

setupScreenTests('pay');
const RUN = '00000000-0000-4000-8000-000000000099';

describe('BankFileMenu', () => {
  it('offers the Nigerian layouts, and before downloading names the lines left out of the file', async () => {
    setSessionUser(OWNER);
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    const api = mockFetch(
      on('GET', `/payroll/runs/${RUN}/bank-file/check`, () => ok({
        layout: 'ng-nibss', payable: 38, totalMinor: 1_000_000,
        refused: [{ employeeNumber: 'EMP-0007', name: 'Efe Obi', reason: 'no account number' }, { employeeNumber: 'EMP-0009', name: 'Chidi Obi', reason: '1000000019 is not a valid NUBAN for bank code 057' }],
      })),
      on('GET', `/payroll/runs/${RUN}/bank-file`, () => new Response('S/N\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="bank.csv"' } })),
    );
    renderWithApp(<BankFileMenu runId={RUN} month="2026-05" />);
    await userEvent.click(screen.getByTestId('bank-file-menu'));
    expect(screen.getByTestId('bank-file-ng-bank-bulk-xlsx')).toBeInTheDocument();
    expect(screen.queryByTestId('bank-file-gh-ach-csv')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('bank-file-ng-nibss-csv'));
    const dialog = await screen.findByRole('dialog', { name: '2 employees cannot be paid from this file' });
    expect(within(dialog).getByText('EMP-0007 Efe Obi')).toBeInTheDocument();
    expect(within(dialog).getByText('no account number')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.pathname.endsWith('/bank-file'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download 38 payments' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/bank-file') && c.url.searchParams.get('layout') === 'ng-nibss')).toBe(true));
  }, 20_000);
});
