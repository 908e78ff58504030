import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRunApproval } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { ApproveRunDialog } from './ApproveRunDialog.tsx';
import { ApproveBlocked, SelfApprovalNote } from './ApproveBlocked.tsx';

setupScreenTests('pay');

const approval = (over: Partial<TRunApproval> = {}): TRunApproval => ({
  canApprove: true, block: null, reason: null, needsReason: false, unpayable: [], unpayableCount: 0, ...over,
});
const BOLA = { employeeId: '11111111-1111-4111-8111-111111111111', employeeNumber: 'E002', name: 'Bola Obi', problem: 'no-bank-code' as const };
const CHIDI = { employeeId: '22222222-2222-4222-8222-222222222222', employeeNumber: 'E003', name: 'Chidi Obi', problem: 'invalid-nuban' as const };

describe('ApproveRunDialog', () => {
  it('lists the employees without a payable account and keeps Approve disabled until each is left out of the run', async () => {
    const onApprove = vi.fn();
    renderWithApp(<ApproveRunDialog open month="2026-03" approval={approval({ unpayable: [BOLA, CHIDI], unpayableCount: 2 })} busy={false} onApprove={onApprove} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Approve the 2026-03 run?' });
    expect(within(dialog).getByText('2 employees on the run have no payable bank account')).toBeInTheDocument();
    expect(within(dialog).getByText(/no bank code/)).toBeInTheDocument();
    expect(within(dialog).getByText(/fails the NUBAN check/)).toBeInTheDocument();
    const approve = within(dialog).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Leave Bola Obi out of this run' }));
    expect(approve).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Leave Chidi Obi out of this run' }));
    expect(approve).toBeEnabled();
    await userEvent.click(approve);
    expect(onApprove).toHaveBeenCalledWith({ exclude: [BOLA.employeeId, CHIDI.employeeId] });
  });

  it('asks the owner approving their own run for a reason, and sends it', async () => {
    const onApprove = vi.fn();
    renderWithApp(<ApproveRunDialog open month="2026-03" approval={approval({ needsReason: true })} busy={false} onApprove={onApprove} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/nobody else can approve it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(onApprove).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Give a reason: it is recorded on the run')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for approving your own run/ }), 'I run the business alone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledWith({ reason: 'I run the business alone' });
  });
});

describe('ApproveBlocked', () => {
  it('says up front why the preparer cannot approve, without "ask the owner" when they are the owner', () => {
    renderWithApp(<ApproveBlocked isOwner approval={approval({ canApprove: false, block: 'preparer', reason: 'server text' })} />);
    const note = screen.getByTestId('run-approve-blocked');
    expect(note).toHaveTextContent('You prepared this run; another user with Accounts-access and Approvals-access approves it.');
    expect(note.textContent).not.toMatch(/ask the owner/i);
  });

  it('leads a sole owner to the setting that lets them approve their own runs', () => {
    renderWithApp(<ApproveBlocked isOwner approval={approval({ canApprove: false, block: 'sole-owner-not-allowed', reason: 'server text' })} />);
    expect(screen.getByTestId('run-approve-blocked')).toHaveTextContent(/Nobody else can approve: allow the owner to approve their own runs in the business settings/);
    expect(screen.getByRole('link', { name: 'Open the business settings' })).toHaveAttribute('href', '/profile#payroll-approval');
  });

  it('shows who approved their own run and why', () => {
    renderWithApp(<SelfApprovalNote name="Ada Owner" reason="Only I hold the roles" />);
    expect(screen.getByTestId('run-self-approved')).toHaveTextContent('Approved by Ada Owner, who prepared it: Only I hold the roles');
  });
});
