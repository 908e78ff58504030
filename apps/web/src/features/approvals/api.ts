import { useQuery } from '@tanstack/react-query';
import type { TApprovalPolicy, TApprovalPolicyInput, TPeopleApprovalService } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { PROCUREMENT_KEY } from '../orders/api.ts';

/** Approval chains (issue 33): who decides leave (per type), expense claims and attendance corrections. */
export const POLICIES_KEY = ['approval-policies'] as const;

export const usePolicies = (enabled = true) =>
  useQuery({ enabled, queryKey: POLICIES_KEY, queryFn: ({ signal }) => apiData<TApprovalPolicy[]>('/approvals/policies', { signal }) });

const invalidate = [POLICIES_KEY, PROCUREMENT_KEY] as const;

export const useSavePolicy = () =>
  useApiMutation((body: TApprovalPolicyInput) => apiRequest<TApprovalPolicy>('/approvals/policies', { method: 'PUT', body }), { invalidate });

export const useResetPolicy = () =>
  useApiMutation((q: { service: TPeopleApprovalService; leaveTypeId?: string | null }) =>
    apiRequest<TApprovalPolicy>('/approvals/policies', { method: 'DELETE', query: { service: q.service, ...(q.leaveTypeId ? { leaveTypeId: q.leaveTypeId } : {}) } }), { invalidate });
