import { useQuery } from '@tanstack/react-query';
import type { TRecoveryCodes, TTwoFactorPolicy, TTwoFactorProof, TTwoFactorSetup, TTwoFactorStatus } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

export const twoFactorKey = ['two-factor'] as const;

/** GET /auth/two-factor: whether the caller has it on, recovery codes left, whether the owner requires it. */
export const useTwoFactorStatus = (enabled = true) =>
  useQuery({ queryKey: twoFactorKey, queryFn: ({ signal }) => apiData<TTwoFactorStatus>('/auth/two-factor', { signal }), enabled });

export const useTwoFactorSetup = () =>
  useApiMutation(() => apiRequest<TTwoFactorSetup>('/auth/two-factor/setup', { method: 'POST' }), { invalidate: [] });

export const useTwoFactorEnable = () =>
  useApiMutation((code: string) => apiRequest<TRecoveryCodes>('/auth/two-factor/enable', { method: 'POST', body: { code } }), { invalidate: [twoFactorKey] });

export const useTwoFactorDisable = () =>
  useApiMutation((proof: TTwoFactorProof) => apiRequest<null>('/auth/two-factor/disable', { method: 'POST', body: proof }), { invalidate: [twoFactorKey] });

export const useRenewRecoveryCodes = () =>
  useApiMutation((proof: TTwoFactorProof) => apiRequest<TRecoveryCodes>('/auth/two-factor/recovery-codes', { method: 'POST', body: proof }), { invalidate: [twoFactorKey] });

export const useTwoFactorPolicy = () =>
  useApiMutation((input: TTwoFactorPolicy) => apiRequest<TTwoFactorPolicy>('/auth/two-factor/policy', { method: 'PUT', body: input }), { invalidate: [twoFactorKey] });
