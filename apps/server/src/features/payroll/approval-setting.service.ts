import { type TPayrollApprovalInput, type TPayrollApprovalSetting } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { forbidden } from '../../platform/errors.ts';
import * as repo from './run-approval.repo.ts';

/**
 * Who approves payroll (issue 32): a setting of the business. Every signed-in user reads it (the approve button explains
 * itself with it); only the owner changes it, since it decides who may release the business's money.
 */
export const createApprovalSettingService = ({ db }: TDeps) => {
  const read = async (auth: TUserAuth): Promise<TPayrollApprovalSetting> => {
    const isOwner = auth.roles.includes('owner');
    const [payrollApproval, owners] = await Promise.all([repo.getApprovalMode(db, auth.businessId), repo.countOtherApprovers(db, auth.businessId, null)]);
    // Everyone who may approve, less the owner: the people who could approve a run the owner prepared.
    return { payrollApproval, otherApprovers: Math.max(0, owners - 1), canEdit: isOwner };
  };
  return {
    get: read,
    update: async (auth: TUserAuth, input: TPayrollApprovalInput) => {
      if (!auth.roles.includes('owner')) throw forbidden('Only the owner decides who approves payroll');
      await db.transaction(async (tx) => {
        const before = await repo.getApprovalMode(tx, auth.businessId);
        await repo.setApprovalMode(tx, auth.businessId, input.payrollApproval);
        await audit(tx, auth, 'business.payroll-approval-updated', { entity: 'business', entityId: auth.businessId, before: { payrollApproval: before }, after: { payrollApproval: input.payrollApproval } });
      });
      return read(auth);
    },
  };
};
export type TApprovalSettingService = ReturnType<typeof createApprovalSettingService>;
