import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEmployeeDetail } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { employee, fail, mockFetch, ok, on } from '../testApi.ts';
import { ExitPanel } from './ExitDialog.tsx';

setupScreenTests('people');

const detail = (over: Partial<TEmployeeDetail> = {}): TEmployeeDetail => ({ ...employee({ name: 'Lee Eze', startDate: '2025-01-01' }), appraiser: null, superior: null, upline: null, downlines: [], ...over });

describe('ExitPanel', () => {
  it('records an exit with the last day, a reason from the list and a note', async () => {
    const lee = detail();
    const api = mockFetch(on('POST', `/employee/exit/${lee._id}`, () => ok({ ...lee, exitDate: '2026-11-15', exitReason: 'end-of-contract', exitNote: 'Fixed term' }, { message: 'Exit recorded' })));
    renderWithApp(<ExitPanel employee={lee} />);
    await userEvent.click(screen.getByRole('button', { name: 'Record exit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lee Eze leaves' });
    await userEvent.type(within(dialog).getByLabelText(/Last day/), '2026-11-15');
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    await userEvent.click(await screen.findByRole('option', { name: 'End of contract' }));
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Fixed term');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record exit' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(JSON.parse(String(api.calls[0]!.body))).toEqual({ lastDay: '2026-11-15', reason: 'end-of-contract', note: 'Fixed term' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's refusal on the field", async () => {
    const lee = detail();
    mockFetch(on('POST', `/employee/exit/${lee._id}`, () => fail(400, 'lastDay: is before Lee Eze joined on 2025-01-01')));
    renderWithApp(<ExitPanel employee={lee} />);
    await userEvent.click(screen.getByRole('button', { name: 'Record exit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Last day/), '2024-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record exit' }));
    // On the field, and as the dialog's message.
    expect(await within(dialog).findAllByText(/joined on 2025-01-01/)).toHaveLength(2);
    expect(within(dialog).getByLabelText(/Last day/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a recorded exit and withdraws it only after confirmation', async () => {
    const lee = detail({ exitDate: '2026-11-15', exitReason: 'resignation', exitNote: null });
    const api = mockFetch(on('DELETE', `/employee/exit/${lee._id}`, () => ok({ ...lee, exitDate: null, exitReason: null })));
    renderWithApp(<ExitPanel employee={lee} />);
    expect(screen.getByTestId('exit-recorded')).toHaveTextContent(/Lee Eze left on .*2026 \(Resignation\)/);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw exit' }));
    expect(api.calls).toHaveLength(0);
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw the exit of Lee Eze?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw exit' }));
    await waitFor(() => expect(api.calls.map((c) => c.method)).toEqual(['DELETE']));
  });
});
