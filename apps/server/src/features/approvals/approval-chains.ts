import type { TApprovalPolicy, TApprovalPolicyInput, TPeopleApprovalService, TPolicyStep } from '@bizdesk/contract';
import { PEOPLE_APPROVAL_SERVICES } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TStoredChain, TStoredChainStep } from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';
import * as chainRepo from './approval-chains.repo.ts';

/**
 * Approval chains (issue 33) for people requests: the policy of a service (or of one leave type) names ordered steps;
 * when a request is made each step is resolved to the user accounts that may decide it, and stored on the request, so a
 * later change of reporting lines, roles or policy never moves a request already under way.
 *
 * An employee and a user account are one person when they share an e-mail (case-insensitive, same business).
 */
type TSteps = Array<{ approvers: TPolicyStep['approvers']; userIds: string[]; required: number }>;

export const isPeopleService = (s: string): s is TPeopleApprovalService => (PEOPLE_APPROVAL_SERVICES as readonly string[]).includes(s);

/** Built-in policies: leave goes to HR (as before issue 33); claims and corrections to the line manager, then HR. */
export const DEFAULT_POLICY_STEPS: Record<TPeopleApprovalService, TSteps> = {
  leave: [{ approvers: 'hr', userIds: [], required: 1 }],
  'expense-claim': [{ approvers: 'line-manager', userIds: [], required: 1 }, { approvers: 'hr', userIds: [], required: 1 }],
  'attendance-correction': [{ approvers: 'line-manager', userIds: [], required: 1 }, { approvers: 'hr', userIds: [], required: 1 }],
};

export const toPolicy = (service: TPeopleApprovalService, leaveTypeId: string | null, row: chainRepo.TPolicyRow | undefined): TApprovalPolicy => ({
  service, leaveTypeId,
  steps: row ? row.steps : DEFAULT_POLICY_STEPS[service],
  autoApproveBelowDays: row?.autoApproveBelowDays ?? null,
  isDefault: !row,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** The policy that applies: the leave type's own, else the service's, else the default. */
export const policyFor = async (db: DbOrTx, businessId: string, service: TPeopleApprovalService, leaveTypeId?: string | null) => {
  const own = leaveTypeId ? await chainRepo.getPolicy(db, businessId, service, leaveTypeId) : undefined;
  const row = own ?? await chainRepo.getPolicy(db, businessId, service, '');
  return toPolicy(service, own ? leaveTypeId ?? null : null, row);
};

export const normaliseSteps = (input: TApprovalPolicyInput['steps']): TSteps =>
  input.map((s) => ({
    approvers: s.approvers,
    userIds: s.approvers === 'users' ? [...new Set((s.userIds ?? []).map((id) => id.toLowerCase()))] : [],
    // A line manager is one person: the step needs their one approval.
    required: s.approvers === 'line-manager' ? 1 : s.required,
  }));

const HR_ROLES = ['owner', 'HR-access'];

/**
 * Resolves the policy's steps for one request. The line manager is the requester's upline, else their superior, else
 * HR: each when it has a user account (the same e-mail) that is not the requester's own.
 */
export const resolveChain = async (db: DbOrTx, input: {
  businessId: string; service: TPeopleApprovalService; steps: TSteps; requesterEmployeeId: string | null; filerUserId: string | null; filerEmail: string | null;
}): Promise<TStoredChain & { requesterEmployeeId: string | null }> => {
  const { businessId } = input;
  const members = await chainRepo.findUsers(db, businessId);
  const nameOf = (id: string) => members.find((m) => m.id === id)?.userName ?? id;
  const userOfEmail = (email: string | null | undefined) => (email ? members.find((m) => m.email.toLowerCase() === email.toLowerCase()) : undefined);

  // The requester: the employee named, else the employee record of the user filing it (their own claim).
  const employeeId = input.requesterEmployeeId ?? (input.filerEmail ? (await chainRepo.findEmployeeByEmail(db, businessId, input.filerEmail))?.id ?? null : null);
  const employee = employeeId ? await chainRepo.getReportingLines(db, businessId, employeeId) : undefined;
  // Whose request it is: the employee's own user account; a user filing for nobody else is the requester too.
  // HR filing on an employee's behalf is not the requester (HR may still decide it, as before issue 33).
  const requesterUserIds = [...new Set([
    userOfEmail(employee?.email)?.id,
    input.requesterEmployeeId ? undefined : input.filerUserId ?? undefined,
  ].filter((x): x is string => Boolean(x)))];
  const hrIds = members.filter((m) => m.roles.some((r) => HR_ROLES.includes(r))).map((m) => m.id);

  const managerOf = async (): Promise<Pick<TStoredChainStep, 'approverIds' | 'resolvedFrom'>> => {
    for (const [from, id] of [['upline', employee?.uplineId], ['superior', employee?.superiorId]] as const) {
      if (!id || id === employee?.id) continue;
      const manager = await chainRepo.getReportingLines(db, businessId, id);
      const user = userOfEmail(manager?.email);
      if (user && !requesterUserIds.includes(user.id)) return { approverIds: [user.id], resolvedFrom: from };
    }
    return { approverIds: hrIds, resolvedFrom: 'hr' };
  };

  const steps: TStoredChainStep[] = [];
  for (const [i, s] of input.steps.entries()) {
    const who = s.approvers === 'hr' ? { approverIds: hrIds, resolvedFrom: 'role' as const }
      : s.approvers === 'users' ? { approverIds: s.userIds.filter((id) => members.some((m) => m.id === id)), resolvedFrom: 'listed' as const }
        : await managerOf();
    const required = who.resolvedFrom === 'hr' ? Math.max(1, s.required) : s.required;
    const eligible = who.approverIds.filter((id) => !requesterUserIds.includes(id));
    if (eligible.length < required) {
      throw conflict(`Step ${i + 1} of this ${input.service} approval (${s.approvers}) needs ${required} approval${required > 1 ? 's' : ''} but only ${eligible.length} `
        + `approver${eligible.length === 1 ? '' : 's'} other than the requester can give ${required > 1 ? 'them' : 'it'}. Update the approval policy first.`)
        .as('chainTooFewApprovers', { step: i + 1, required, available: eligible.length });
    }
    steps.push({ approvers: s.approvers, resolvedFrom: who.resolvedFrom, required, approverIds: who.approverIds, names: who.approverIds.map(nameOf) });
  }
  return { steps, requesterUserIds, requesterEmployeeId: employee?.id ?? null, requesterEmail: employee?.email ?? input.filerEmail ?? null };
};

/**
 * The step a chain waits at after these approvals: each step is done once `required` of its approvers approved (an
 * approval counts at every step whose approvers include the person). Returns steps.length when every step is done.
 */
export const stepAfter = (chain: TStoredChain, from: number, everyone: string[]) => {
  // A delegate's approval counts as its principal's (issue 35): one person, once.
  const approvedBy = [...new Set(everyone)];
  let step = from;
  while (step < chain.steps.length) {
    const s = chain.steps[step];
    const n = approvedBy.filter((id) => s.approverIds.includes(id) && !chain.requesterUserIds.includes(id)).length;
    if (n < s.required) break;
    step += 1;
  }
  return step;
};

export const approvalsAt = (chain: TStoredChain, step: number, approvedBy: string[]) =>
  step >= chain.steps.length ? 0 : [...new Set(approvedBy)].filter((id) => chain.steps[step].approverIds.includes(id) && !chain.requesterUserIds.includes(id)).length;
