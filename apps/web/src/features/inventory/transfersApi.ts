import { useQuery } from '@tanstack/react-query';
import type { TCountSave, TRequisitionIssue, TStockCount, TTransfer, TTransferInput } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { INVENTORY_KEY, REQUISITIONS_KEY } from './api.ts';

const enc = encodeURIComponent;
/** Under INVENTORY_KEY: a transfer or a posted count changes stock, and stock changes refresh these. */
export const TRANSFERS_KEY = [...INVENTORY_KEY, 'transfers'] as const;
export const COUNTS_KEY = [...INVENTORY_KEY, 'counts'] as const;

export const useTransfers = () => useQuery({ queryKey: TRANSFERS_KEY, queryFn: ({ signal }) => apiData<TTransfer[]>('/inventory/transfers', { signal }) });
export const useCreateTransfer = () =>
  useApiMutation((input: TTransferInput) => apiRequest<TTransfer>('/inventory/transfers', { method: 'POST', body: input }), { invalidate: [INVENTORY_KEY] });
export type TTransferAction = 'dispatch' | 'receive' | 'cancel';
export const useTransferAction = () =>
  useApiMutation(({ id, action }: { id: string; action: TTransferAction }) =>
    apiRequest<TTransfer>(`/inventory/transfers/${enc(id)}/${action}`, { method: 'POST', ...(action === 'receive' ? { body: {} } : {}) }), { invalidate: [INVENTORY_KEY] });

export const useCounts = () => useQuery({ queryKey: COUNTS_KEY, queryFn: ({ signal }) => apiData<TStockCount[]>('/inventory/counts', { signal }) });
export const useCount = (id: string | null) =>
  useQuery({ queryKey: [...COUNTS_KEY, id], enabled: Boolean(id), queryFn: ({ signal }) => apiData<TStockCount>(`/inventory/counts/${enc(id!)}`, { signal }) });
export const useCreateCount = () =>
  useApiMutation((placeId: string) => apiRequest<TStockCount>('/inventory/counts', { method: 'POST', body: { placeId } }), { invalidate: [INVENTORY_KEY] });
export const useSaveCount = () =>
  useApiMutation(({ id, ...input }: TCountSave & { id: string }) => apiRequest<TStockCount>(`/inventory/counts/${enc(id)}`, { method: 'PUT', body: input }), { invalidate: [INVENTORY_KEY] });
export const usePostCount = () =>
  useApiMutation(({ id, reason }: { id: string; reason: string }) => apiRequest<TStockCount>(`/inventory/counts/${enc(id)}/post`, { method: 'POST', body: { reason } }), { invalidate: [INVENTORY_KEY] });
export const useRefreshCount = () =>
  useApiMutation((id: string) => apiRequest<TStockCount>(`/inventory/counts/${enc(id)}/refresh`, { method: 'POST' }), { invalidate: [INVENTORY_KEY] });

export const useIssueRequisition = () =>
  useApiMutation(({ id, ...body }: TRequisitionIssue & { id: string }) =>
    apiRequest<{ status: string; transferNumber: string | null; purchaseRequests: string[] }>(`/inventory/requisitions/${enc(id)}/issue`, { method: 'POST', body }),
  { invalidate: [INVENTORY_KEY, REQUISITIONS_KEY] });
