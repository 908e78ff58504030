import { hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import { PAY_MSG } from '@bizdesk/contract';

/**
 * Who may approve a payroll run. Until the approvals engine (service 'payroll') is in main: the owner,
 * or a user the owner has given both Accounts-access and Approvals-access; never the person who
 * prepared (computed) the run. runs.service's approveRun is the only caller, so routing approval
 * through the approvals engine later replaces this one object.
 * Returns the reason for a refusal, or null when the caller may approve.
 */
export const approvalPolicy = {
  check: (auth: TUserAuth, run: { preparedById: string | null }): string | null => {
    const isOwner = auth.roles.includes('owner');
    if (!isOwner && !(hasRole(auth, 'Accounts-access') && hasRole(auth, 'Approvals-access'))) {
      return 'Only the owner, or a user with Accounts-access and Approvals-access, can approve a payroll run';
    }
    if (run.preparedById === auth.userId) return PAY_MSG.approverIsPreparer;
    return null;
  },
};
