import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TApprovalPolicy, TUser } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { screenWidth } from '../../test/screenWidth.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { OWNER, mockFetch, ok, on } from '../employees/testApi.ts';
import { ApprovalPolicies } from './ApprovalPolicies.tsx';

const HR: TUser = { ...OWNER, _id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', email: 'halima@adebayofoods.ng', userName: 'Halima HR', roles: ['HR-access'] };
const ANNUAL = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const policy = (over: Partial<TApprovalPolicy>): TApprovalPolicy => ({
  service: 'leave', leaveTypeId: null, steps: [{ approvers: 'hr', userIds: [], required: 1 }], autoApproveBelowDays: null, isDefault: true, updatedAt: null, ...over,
});
const POLICIES = [
  policy({}),
  policy({ service: 'expense-claim', steps: [{ approvers: 'line-manager', userIds: [], required: 1 }, { approvers: 'hr', userIds: [], required: 1 }] }),
  policy({ service: 'attendance-correction', steps: [{ approvers: 'line-manager', userIds: [], required: 1 }, { approvers: 'hr', userIds: [], required: 1 }] }),
];
const TYPES = [{ _id: ANNUAL, name: 'annual', yearlyEntitlement: 20, accruesMonthly: true, carryForwardCap: 5, isPaid: true }];

const serve = () => mockFetch(
  on('GET', '/approvals/policies', () => ok(POLICIES)),
  on('GET', '/leave/types', () => ok(TYPES)),
  on('PUT', '/approvals/policies', (c) => ok({ ...policy(JSON.parse(String(c.body))), isDefault: false }, { message: 'Approval policy saved' })),
);

describe('approval policy screen', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['approvals', 'procurement', 'time']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sets a leave type to line manager then HR with automatic approval below 3 days', async () => {
    screenWidth(1280);
    const { calls } = serve();
    renderWithApp(<ApprovalPolicies user={HR} />);
    const form = await screen.findByRole('form', { name: 'People approvals' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Applies to' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Leave: Annual/ }));
    // No policy of its own yet: it starts from the leave policy (HR).
    expect(within(form).getByText('Built-in default')).toBeInTheDocument();
    const step1 = within(form).getByRole('group', { name: 'Step 1' });
    await userEvent.click(within(step1).getByRole('combobox', { name: 'Approvers' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Line manager (upline, else superior, else HR)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add step' }));
    expect(within(within(form).getByRole('group', { name: 'Step 2' })).getByRole('combobox', { name: 'Approvers' })).toHaveTextContent('HR (users with HR-access)');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Approve automatically below (days)' }), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({
      service: 'leave', leaveTypeId: ANNUAL,
      steps: [{ approvers: 'line-manager', required: 1 }, { approvers: 'hr', required: 1 }],
      autoApproveBelowDays: 3,
    });
  });

  it('names the field and step of a wrong number, and sends nothing', async () => {
    screenWidth(1280);
    const { calls } = serve();
    renderWithApp(<ApprovalPolicies user={HR} />);
    const form = await screen.findByRole('form', { name: 'People approvals' });
    const needed = within(within(form).getByRole('group', { name: 'Step 1' })).getByRole('textbox', { name: 'Approvals needed' });
    await userEvent.clear(needed);
    await userEvent.type(needed, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Approvals needed (step 1): enter a whole number from 1 to 20');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('on a phone shows the expense claim default, line manager then HR, in one column', async () => {
    screenWidth(390);
    serve();
    renderWithApp(<ApprovalPolicies user={HR} />);
    const form = await screen.findByRole('form', { name: 'People approvals' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Applies to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Expense claim' }));
    expect(within(within(form).getByRole('group', { name: 'Step 1' })).getByRole('combobox', { name: 'Approvers' })).toHaveTextContent('Line manager');
    expect(within(within(form).getByRole('group', { name: 'Step 2' })).getByRole('combobox', { name: 'Approvers' })).toHaveTextContent('HR');
    // Leave only: claims are never approved by their days.
    expect(within(form).queryByRole('textbox', { name: 'Approve automatically below (days)' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Save policy' })).toBeVisible();
  });
});
