import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TApprovalRule, TRole, TUser } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { OWNER, mockFetch, ok, on } from '../employees/testApi.ts';
import { BandedRules } from './ApprovalRuleBands.tsx';

const person = (id: string, userName: string, roles: TRole[]): TUser => ({ ...OWNER, _id: id, email: `${userName.split(' ')[0].toLowerCase()}@adebayofoods.ng`, userName, roles });
const FIN = person('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Fola Finance', ['Approvals-access']);
const MD = person('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Musa Director', ['Approvals-access']);
const approver = (u: TUser) => ({ _id: u._id, userName: u.userName, email: u.email });
const RULE: TApprovalRule = {
  _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', serviceName: 'purchase-order', totalApprovalsRequired: 2, approvers: [approver(FIN), approver(MD)], updatedAt: '2026-11-01T00:00:00.000Z', version: 2, retiredAt: null,
  bands: [
    { upToMinor: 500_000_000, levels: [{ required: 1, approvers: [approver(FIN)] }] },
    { upToMinor: null, levels: [{ required: 1, approvers: [approver(FIN)] }, { required: 1, approvers: [approver(MD)] }] },
  ],
};

describe('approval rules by amount band and level', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['approvals', 'procurement']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each band and level, edits a rule into bands, and retires it only after confirmation', async () => {
    let saved: unknown = null;
    let retired = false;
    mockFetch(
      on('GET', '/orders/approval-rules', () => ok([RULE])),
      on('GET', /^\/auth\/user-data\//, () => ok({ user: OWNER, users: [OWNER, FIN, MD], departments: [], collectionPoints: [] })),
      on('PUT', '/approvals/rules', (c) => {
        saved = JSON.parse(String(c.body));
        return ok(RULE, { message: 'Approval rule saved' });
      }),
      on('POST', `/approvals/rules/${RULE._id}/retire`, () => {
        retired = true;
        return ok({ ...RULE, retiredAt: '2026-11-02T00:00:00.000Z' }, { message: 'Approval rule retired' });
      }),
    );
    renderWithApp(<BandedRules user={OWNER} />);
    const card = await screen.findByRole('article', { name: 'Purchase order' });
    expect(within(card).getByText(/Up to ₦5,000,000/)).toBeInTheDocument();
    expect(within(card).getByText(/Above ₦5,000,000/)).toBeInTheDocument();
    expect(within(card).getByText('Level 2: 1 of Musa Director')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Edit the rule for Purchase order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approval rule by amount' });
    const upper = within(dialog).getByRole('group', { name: 'Band 2' });
    // Level 2 of the upper band: the MD, and now the owner too, both needed.
    const level2 = within(upper).getByRole('group', { name: 'Approvers of level 2' });
    await userEvent.click(within(level2).getByRole('checkbox', { name: OWNER.userName }));
    const required = within(upper).getAllByRole('spinbutton', { name: 'Approvals needed' })[1];
    await userEvent.clear(required);
    await userEvent.type(required, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(saved).toEqual({
      service: 'purchase-order',
      bands: [
        { upToMinor: 500_000_000, levels: [{ userIds: [FIN._id], required: 1 }] },
        { upToMinor: null, levels: [{ userIds: [FIN._id], required: 1 }, { userIds: [MD._id, OWNER._id], required: 2 }] },
      ],
    }));

    await userEvent.click(within(card).getByRole('button', { name: 'Retire the rule for Purchase order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retire this rule?' });
    expect(retired).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(retired).toBe(true));
  }, 30_000);
});
