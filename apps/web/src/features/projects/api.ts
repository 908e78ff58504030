import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TCertificateInput, TCertificatePaymentInput, TProjectBudgetInput, TProjectCertificate, TProjectContractInput, TProjectCostEntry,
  TProjectCosting, TProjectEntriesQuery, TProjectHeadline,
} from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

import type { TLabourAllocation, TLabourAllocationInput } from '@bizdesk/contract';

/** Issue 35: an employee's labour split over projects (HR-access or Accounts-access). */
export const useLabourAllocation = (employeeId: string) =>
  useQuery({ queryKey: ['labour-allocation', employeeId], queryFn: ({ signal }) => apiData<TLabourAllocation>(`/projects/labour-allocation/${employeeId}`, { signal }) });

export const useSaveLabourAllocation = (employeeId: string) =>
  useApiMutation((body: TLabourAllocationInput) => apiRequest<TLabourAllocation>(`/projects/labour-allocation/${employeeId}`, { method: 'PUT', body }), { invalidate: [['labour-allocation', employeeId]] });

/** Every project-costing query starts with this key; the projects and Management screens (costs) change with a payment too. */
export const PROJECT_COSTING_KEY = ['project-costing'] as const;
const COSTS_KEY = ['costs'] as const;
const enc = encodeURIComponent;

export const useProjectCostingList = () =>
  useQuery({ queryKey: [...PROJECT_COSTING_KEY, 'list'], queryFn: ({ signal }) => apiData<TProjectHeadline[]>('/projects/costing', { signal }) });

export const useProjectCosting = (projectId: string) =>
  useQuery({ queryKey: [...PROJECT_COSTING_KEY, 'one', projectId], queryFn: ({ signal }) => apiData<TProjectCosting>(`/projects/${enc(projectId)}/costing`, { signal }) });

export const useProjectEntries = (projectId: string, query: Partial<TProjectEntriesQuery> & { page: number; limit: number }) =>
  useQuery({
    queryKey: [...PROJECT_COSTING_KEY, 'entries', projectId, query],
    queryFn: async ({ signal }) => {
      const res = await apiRequest<TProjectCostEntry[]>(`/projects/${enc(projectId)}/cost-entries`, { signal, query: query as Record<string, string | number | undefined> });
      return { rows: res.data, totalRecords: (res as unknown as { totalRecords: number }).totalRecords ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

const invalidate = [PROJECT_COSTING_KEY, COSTS_KEY];
/** The screens say what was saved in the reader's language (the server's message is English). */
const quiet = async <T,>(call: Promise<TEnvelope<T>>): Promise<TEnvelope<T>> => ({ ...(await call), message: undefined });

export const useSaveBudget = (projectId: string) =>
  useApiMutation((input: TProjectBudgetInput) => quiet(apiRequest<TProjectCosting>(`/projects/${enc(projectId)}/budget`, { method: 'PUT', body: input })), { invalidate });

export const useSaveContract = (projectId: string) =>
  useApiMutation((input: TProjectContractInput) => quiet(apiRequest<TProjectCosting>(`/projects/${enc(projectId)}/contract`, { method: 'PUT', body: input })), { invalidate });

export const useAddCertificate = (projectId: string) =>
  useApiMutation((input: TCertificateInput) => quiet(apiRequest<TProjectCertificate>(`/projects/${enc(projectId)}/certificates`, { method: 'POST', body: input })), { invalidate });

export const usePayCertificate = (projectId: string) =>
  useApiMutation(({ id, ...input }: TCertificatePaymentInput & { id: string }) =>
    quiet(apiRequest<TProjectCertificate>(`/projects/${enc(projectId)}/certificates/${enc(id)}/payments`, { method: 'POST', body: input })), { invalidate });

export const useUpdateCertificate = (projectId: string) =>
  useApiMutation(({ id, ...input }: TCertificateInput & { id: string }) =>
    quiet(apiRequest<TProjectCertificate>(`/projects/${enc(projectId)}/certificates/${enc(id)}`, { method: 'PUT', body: input })), { invalidate });

export const useDeleteCertificate = (projectId: string) =>
  useApiMutation((id: string) => quiet(apiRequest<{ _id: string }>(`/projects/${enc(projectId)}/certificates/${enc(id)}`, { method: 'DELETE' })), { invalidate });
