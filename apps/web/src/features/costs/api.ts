import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TAddPayment, TBacklogPreview, TBacklogResult, TCostRecord, TCostRowInput, TManagementView, TOcrResult, TProjectFigures,
  TProjectPayment, TProjectSettings, TUpdateRecord, TCostImportBatch,
} from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

const enc = encodeURIComponent;
type TPaged<T> = TEnvelope<T[]> & { page: number; limit: number; total: number; totalRecords: number };

/** Every cost query starts with this key: one invalidation refreshes projects, records, payments and figures. */
export const COSTS_KEY = ['costs'] as const;

export const useProjects = (email: string, dept?: string) =>
  useQuery({
    queryKey: [...COSTS_KEY, 'projects', email, dept ?? ''],
    queryFn: ({ signal }) => apiData<TProjectFigures[]>(`/cost/projects/${enc(email)}`, { signal, query: { dept } }),
  });

export const useManagement = (email: string, dept?: string) =>
  useQuery({
    queryKey: [...COSTS_KEY, 'management', email, dept ?? ''],
    queryFn: ({ signal }) => apiData<TManagementView>(`/cost/management/${enc(email)}`, { signal, query: { dept } }),
  });

export type TRecordPage = { rows: TCostRecord[]; totalRecords: number; totalAmountMinor: number };
/** The records list's search and filters (issue 35): sent to the server, which applies them over every page. */
export type TRecordFilters = { q?: string; category?: string; source?: string; from?: string; to?: string; min?: string; max?: string };
/** GET filtered-record: one page of a project's matching records and the total of all of them (a failed fetch shows an empty list, spec 02 §4). */
export const useProjectRecords = (email: string, tag: string, page: number, limit: number, filters: TRecordFilters = {}) =>
  useQuery({
    queryKey: [...COSTS_KEY, 'records', email, tag, page, limit, filters],
    queryFn: async ({ signal }): Promise<TRecordPage> => {
      const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
      const res = (await apiRequest<TCostRecord[]>(`/cost/filtered-record/${enc(email)}/${enc(tag)}`, { signal, query: { page: page + 1, limit, ...query } })) as TPaged<TCostRecord> & { totalAmountMinor?: number };
      return { rows: res.data ?? [], totalRecords: res.totalRecords ?? 0, totalAmountMinor: res.totalAmountMinor ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

/** The project's spreadsheet imports, newest first (issue 35). */
export const useImportBatches = (email: string, tagName: string) =>
  useQuery({
    queryKey: [...COSTS_KEY, 'batches', email, tagName],
    queryFn: ({ signal }) => apiData<TCostImportBatch[]>(`/cost/import-batches/${enc(email)}`, { signal, query: { tagName } }),
  });

export const useUndoBatch = (successText: string) =>
  useApiMutation((input: { email: string; id: string }) => apiRequest(`/cost/import-batches/${enc(input.email)}/${enc(input.id)}/undo`, { method: 'POST' }), { invalidate: [COSTS_KEY], successText });

export const usePayments = (email: string, tagName: string) =>
  useQuery({
    queryKey: [...COSTS_KEY, 'payments', email, tagName],
    queryFn: ({ signal }) => apiData<TProjectPayment[]>('/cost/fetch-project-payment', { signal, query: { email, tagName } }),
  });

export type TNewCosts = { email: string; employeeName: string; tagName: string; records: TCostRowInput[]; source?: 'manual' | 'ocr'; vendorName?: string; invoiceNumber?: string };
export const useAddCosts = () =>
  useApiMutation((input: TNewCosts) => apiRequest<TCostRecord[]>('/cost/overhead-cost', { method: 'POST', body: input }), { invalidate: [COSTS_KEY] });

export const useUpdateRecord = () =>
  useApiMutation((input: TUpdateRecord) => apiRequest<TCostRecord>('/cost/update-record', { method: 'PUT', body: input }), { invalidate: [COSTS_KEY] });

export const useDeleteRecord = (successText: string) =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/cost/delete-record/${enc(id)}`, { method: 'DELETE' }), { invalidate: [COSTS_KEY], successText });

export const useGroupDelete = (successText: string) =>
  useApiMutation((input: { email: string; recordIds: string[] }) => apiRequest('/cost/group-delete', { method: 'POST', body: input }), { invalidate: [COSTS_KEY], successText });

export const useAddPayment = () =>
  useApiMutation((input: TAddPayment) => apiRequest<TProjectPayment>('/cost/add-payment', { method: 'POST', body: input }), { invalidate: [COSTS_KEY] });

/** Issue 35's project costing reads payments too: removing one refreshes the certificate's paid figure and the costing page. */
const PROJECT_COSTING_KEY = ['project-costing'] as const;
export const useRemovePayment = (successText: string) =>
  useApiMutation(async (id: string) => ({ ...(await apiRequest<{ _id: string }>(`/cost/payments/${enc(id)}`, { method: 'DELETE' })), message: undefined }),
    { invalidate: [COSTS_KEY, PROJECT_COSTING_KEY], successText });

export const useSaveProject = () =>
  useApiMutation((input: TProjectSettings) => apiRequest('/cost/project', { method: 'PUT', body: input }), { invalidate: [COSTS_KEY] });

export const previewBacklog = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiData<TBacklogPreview>('/cost/backlog-preview', { method: 'POST', form });
};

export const importBacklogChunk = (input: { email: string; tagName: string; formattedData: TCostRowInput[]; hashes: string[]; fileName?: string; batchId?: string }) =>
  apiData<TBacklogResult>('/cost/backlog-hashes', { method: 'POST', body: input });

export const readReceipt = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiData<TOcrResult>('/filybee/ocr-sdk', { method: 'POST', form });
};

export const saveSummary = (email: string, summary: string) => apiRequest('/filybee/save-summary', { method: 'POST', body: { email, summary } });
