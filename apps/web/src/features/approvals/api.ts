import { useQuery } from '@tanstack/react-query';
import type { TApprovalPolicy, TApprovalPolicyInput, TApprovalRule, TDelegationInput, TDelegations, TPeopleApprovalService, TRuleVersion, TSaveApprovalRule } from '@bizdesk/contract';
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

/** Issue 35: rules by amount band and level, their versions, retirement; delegation while away. */
export const RULE_HISTORY_KEY = ['approval-rule-history'] as const;
export const DELEGATIONS_KEY = ['approval-delegations'] as const;

export const useSaveBandedRule = () =>
  useApiMutation((body: TSaveApprovalRule) => apiRequest<TApprovalRule>('/approvals/rules', { method: 'PUT', body }), { invalidate: [PROCUREMENT_KEY, RULE_HISTORY_KEY] });

export const useRetireRule = () =>
  useApiMutation((id: string) => apiRequest<TApprovalRule>(`/approvals/rules/${encodeURIComponent(id)}/retire`, { method: 'POST' }), { invalidate: [PROCUREMENT_KEY, RULE_HISTORY_KEY] });

export const useRuleHistory = (id: string | null) =>
  useQuery({ enabled: Boolean(id), queryKey: [...RULE_HISTORY_KEY, id], queryFn: ({ signal }) => apiData<TRuleVersion[]>(`/approvals/rules/${encodeURIComponent(id!)}/history`, { signal }) });

export const useDelegations = () =>
  useQuery({ queryKey: DELEGATIONS_KEY, queryFn: ({ signal }) => apiData<TDelegations>('/approvals/delegations', { signal }) });

export const useDelegates = () =>
  useQuery({ queryKey: [...DELEGATIONS_KEY, 'delegates'], queryFn: ({ signal }) => apiData<Array<{ _id: string; userName: string }>>('/approvals/delegates', { signal }) });

export const useCreateDelegation = () =>
  useApiMutation((body: TDelegationInput) => apiRequest<{ _id: string }>('/approvals/delegations', { method: 'POST', body }), { invalidate: [DELEGATIONS_KEY, PROCUREMENT_KEY] });

export const useDeleteDelegation = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/approvals/delegations/${encodeURIComponent(id)}`, { method: 'DELETE' }), { invalidate: [DELEGATIONS_KEY, PROCUREMENT_KEY] });
