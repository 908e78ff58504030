import { useQuery } from '@tanstack/react-query';
import type { TPayrollApprovalInput, TPayrollApprovalSetting } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

export const payrollApprovalKey = ['payroll-approval-setting'] as const;

/** GET /payroll/approval-setting: who approves payroll (any user of the business reads it). */
export const usePayrollApprovalSetting = () =>
  useQuery({ queryKey: payrollApprovalKey, queryFn: ({ signal }) => apiData<TPayrollApprovalSetting>('/payroll/approval-setting', { signal }) });

/** PUT /payroll/approval-setting (owner); the runs' approve buttons read it again. */
export const useSavePayrollApprovalSetting = () =>
  useApiMutation((input: TPayrollApprovalInput) => apiRequest<TPayrollApprovalSetting>('/payroll/approval-setting', { method: 'PUT', body: input }), { invalidate: [payrollApprovalKey, ['pay']] });
