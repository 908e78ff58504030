import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPayrollApprovalSetting } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { mockFetch, ok, on } from '../../employees/testApi.ts';
import { PayrollApprovalCard } from './PayrollApprovalCard.tsx';

setupScreenTests('app');

const setting = (over: Partial<TPayrollApprovalSetting> = {}): TPayrollApprovalSetting => ({ payrollApproval: 'maker-checker', otherApprovers: 0, canEdit: true, ...over });

describe('PayrollApprovalCard', () => {
  it('lets a sole owner allow approving their own runs', async () => {
    const api = mockFetch(
      on('GET', '/payroll/approval-setting', () => ok(setting())),
      on('PUT', '/payroll/approval-setting', () => ok(setting({ payrollApproval: 'owner-when-alone' }), { message: 'Payroll approval setting saved' })),
    );
    renderWithApp(<PayrollApprovalCard />);
    expect(await screen.findByText('Nobody but the owner holds Accounts-access and Approvals-access.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /the owner may approve their own run while nobody else can/ }));
    await userEvent.click(save);
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ payrollApproval: 'owner-when-alone' });
  });

  it('shows the setting read-only to everyone else', async () => {
    mockFetch(on('GET', '/payroll/approval-setting', () => ok(setting({ canEdit: false, otherApprovers: 2 }))));
    renderWithApp(<PayrollApprovalCard />);
    expect(await screen.findByText('Besides the owner, 2 users hold Accounts-access and Approvals-access.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Someone other than the person who prepared it/ })).toBeDisabled();
  });
});
