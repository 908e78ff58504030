import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRole, TUser } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { canAccessPath } from '../../../shared/access.ts';
import { OWNER, fail, mockFetch, ok, on } from '../../employees/testApi.ts';
import { ApprovalPage } from './ApprovalPage.tsx';

const person = (id: string, userName: string, roles: Array<TRole | 'owner'>): TUser => ({ ...OWNER, _id: id, email: `${userName.split(' ')[0].toLowerCase()}@adebayofoods.ng`, userName, roles });
const ACCOUNTANT = person('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Kemi Accounts', ['Accounts-access', 'Approvals-access']);
const SETTINGS = person('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Sola Settings', ['Settings-access']);
const APPROVER = person('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'Tayo Approver', ['Approvals-access']);
const USERS = [OWNER, ACCOUNTANT, SETTINGS, APPROVER];

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('procurement');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

const openServices = async () => {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Service' }));
  return screen.findByRole('listbox');
};

describe('approval rules: who changes who approves money', () => {
  it('lets Accounts-access + Approvals-access (no Settings-access) open the screen and set the payroll approvers', async () => {
    expect(canAccessPath(ACCOUNTANT.roles, '/approval')).toBe(true);
    setSessionUser(ACCOUNTANT);
    let saved: unknown = null;
    mockFetch(
      on('POST', '/orders/create-approvals', (c) => {
        saved = JSON.parse(String(c.body));
        return ok({ _id: 'r1', serviceName: 'payroll', totalApprovalsRequired: 1, approvers: [] }, { message: 'Approval rule saved' }, 201);
      }),
      on('GET', '/orders/approval-rules', () => ok([])),
      on('GET', /^\/auth\/user-data\//, () => ok({ user: ACCOUNTANT, users: USERS, departments: [], collectionPoints: [] })),
      on('GET', '/orders/approvals', () => ok([], { totalRecords: 0 })),
    );
    renderWithApp(<ApprovalPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Approval rules' }));
    const form = await screen.findByRole('form', { name: 'Approval rule' });
    const list = await openServices();
    // Other services stay with Settings-access, which this user does not hold.
    expect(within(list).getByRole('option', { name: /Purchase order/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(list).getByRole('option', { name: /Payroll run/ }));
    // Payroll approvers need Accounts-access and Approvals-access (or are the owner): Tayo (Approvals only) is not offered.
    await waitFor(() => expect(within(form).queryByRole('checkbox', { name: /Tayo Approver/ })).not.toBeInTheDocument());
    await userEvent.click(within(form).getByRole('checkbox', { name: /Kemi Accounts/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(saved).toEqual({ ownerEmail: OWNER.ownerEmail, serviceName: 'payroll', userId: [ACCOUNTANT._id], totalApprovalsRequired: 1 }));
  }, 30_000);

  it('shows a Settings-only user that payroll and payment approvers need the owner or Accounts + Approvals, and the server\'s refusal in the form', async () => {
    expect(canAccessPath(SETTINGS.roles, '/approval')).toBe(true);
    setSessionUser(SETTINGS);
    mockFetch(
      on('POST', '/orders/create-approvals', () => fail(400, 'userId: Tayo Approver does not hold Approvals-access; give them that role first')),
      on('GET', '/orders/approval-rules', () => ok([])),
      on('GET', /^\/auth\/user-data\//, () => ok({ user: SETTINGS, users: USERS, departments: [], collectionPoints: [] })),
    );
    renderWithApp(<ApprovalPage />);
    // No Approvals-access: the requests it cannot read are not offered; the rules are.
    const form = await screen.findByRole('form', { name: 'Approval rule' });
    expect(within(form).getByText(/payroll runs and payments.*owner or a user with Accounts-access and Approvals-access/i)).toBeInTheDocument();
    const list = await openServices();
    expect(within(list).getByRole('option', { name: /Payroll run/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(list).getByRole('option', { name: /^Payment/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(list).getByRole('option', { name: /Purchase order/ }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /Tayo Approver/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByText('userId: Tayo Approver does not hold Approvals-access; give them that role first')).toBeInTheDocument();
  }, 30_000);
});
