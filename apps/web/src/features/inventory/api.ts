import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TInventoryItem, TMovementKind, TMovementResult, TPerItem, TRequisition, TStockItem, TStockItemInput, TStockMovement, TStockStaff, TTotalValue } from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

const enc = encodeURIComponent;
type TPaged<T> = TEnvelope<T[]> & { page: number; limit: number; total: number; totalRecords: number };

/** Every inventory query starts with this key, so one invalidation refreshes stock, values and logs. */
export const INVENTORY_KEY = ['inventory'] as const;
export const REQUISITIONS_KEY = ['requisitions'] as const;

export const useItems = (email: string) =>
  useQuery({ queryKey: [...INVENTORY_KEY, 'all', email], queryFn: () => apiData<TInventoryItem[]>('/inventory/all-inventory', { method: 'POST', body: { email } }) });

export const useTotalValue = (email: string) =>
  useQuery({ queryKey: [...INVENTORY_KEY, 'value', email], queryFn: ({ signal }) => apiData<TTotalValue>(`/inventory/total-value/${enc(email)}`, { signal }) });

/** A project's items; a failed fetch shows an empty list (spec 02 §4). */
export const useProjectItems = (email: string, tag: string) =>
  useQuery({
    queryKey: [...INVENTORY_KEY, 'point', email, tag],
    queryFn: async ({ signal }) => apiData<TInventoryItem[]>(`/inventory/inventory-point/${enc(email)}/${enc(tag)}`, { signal }).catch(() => [] as TInventoryItem[]),
  });

export const usePerItem = (email: string, tag: string) =>
  useQuery({
    queryKey: [...INVENTORY_KEY, 'per-item', email, tag],
    queryFn: ({ signal }) => apiData<TPerItem[]>(`/inventory/per-item/${enc(email)}/${enc(tag)}`, { signal }).catch(() => [] as TPerItem[]),
  });

export type TLogFilter = { page: number; limit: number; kind?: TMovementKind; search?: string; from?: string; to?: string; itemId?: string };
export const useLogs = (email: string, filter: TLogFilter) =>
  useQuery({
    queryKey: [...INVENTORY_KEY, 'logs', email, filter],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TStockMovement[]>(`/inventory/logsG/${enc(email)}`, { signal, query: filter })) as TPaged<TStockMovement>;
      return { rows: res.data ?? [], totalRecords: res.totalRecords ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

export type TItemForm = { tagName: string; name: string; sku?: string | null; unit: string; category?: string | null; reorderLevel?: number; quantity?: number; unitCost?: string };
export const useCreateItem = () =>
  useApiMutation((input: TItemForm) => apiRequest<TInventoryItem>('/inventory/create', { method: 'POST', body: input }), { invalidate: [INVENTORY_KEY] });
export const useUpdateItem = () =>
  useApiMutation(({ id, ...input }: Partial<TItemForm> & { id: string }) => apiRequest<TInventoryItem>(`/inventory/update/${enc(id)}`, { method: 'POST', body: input }), { invalidate: [INVENTORY_KEY] });
export const useDeleteItem = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/inventory/delete/${enc(id)}`, { method: 'DELETE' }), { invalidate: [INVENTORY_KEY] });

export type TMoveForm = { kind: TMovementKind; email: string; itemId: string; nums: string; quantity: string; tag: string; reference?: string; used?: string; unitCost?: string };
/** instock / outstock / usedstock are GETs in the spec; each carries its reference so a retry never moves stock twice. */
export const movePath = (m: TMoveForm) => {
  const head = `/inventory/${m.kind}/${enc(m.email)}/${enc(m.itemId)}/${enc(m.nums)}/${enc(m.quantity)}`;
  if (m.kind === 'instock') return head + `/${enc(m.tag)}`;
  if (m.kind === 'outstock') return head + `/${enc(m.reference ?? '')}/${enc(m.tag)}`;
  return head + `/${enc(m.used ?? '')}/${enc(m.reference ?? '')}/${enc(m.tag)}`;
};
export const useMoveStock = (token?: string) =>
  useApiMutation((m: TMoveForm) => apiRequest<TMovementResult>(movePath(m), {
    token, query: m.kind === 'instock' ? { unitCost: m.unitCost || undefined, reference: m.reference || undefined } : undefined,
  }), { invalidate: [INVENTORY_KEY, REQUISITIONS_KEY] });

/** Staff who may be named as having received or used stock, and the signed-in user's own employee (issue 34). */
export const useStockStaff = (q: string, token?: string) =>
  useQuery({
    queryKey: [...INVENTORY_KEY, 'staff', q],
    queryFn: ({ signal }) => apiData<TStockStaff>('/stock-staff', { signal, token, query: { q: q || undefined } }),
    placeholderData: keepPreviousData,
    enabled: !token,
  });

// ── item master (issue 34) ──
export type TMasterFilter = { page: number; limit: number; q?: string; locationId?: string };
export const useStockItems = (filter: TMasterFilter) =>
  useQuery({
    queryKey: [...INVENTORY_KEY, 'masters', filter],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TStockItem[]>('/stock-items', { signal, query: filter })) as TPaged<TStockItem>;
      return { rows: res.data ?? [], totalRecords: res.totalRecords ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
export const useCreateStockItem = () =>
  useApiMutation((input: TStockItemInput) => apiRequest<TStockItem>('/stock-items', { method: 'POST', body: input }), { invalidate: [INVENTORY_KEY] });
export const useStockAtPlace = () =>
  useApiMutation(({ id, ...body }: { id: string; locationId: string; reorderLevel?: number }) => apiRequest<TStockItem>(`/stock-items/${enc(id)}/locations`, { method: 'POST', body }), { invalidate: [INVENTORY_KEY] });

/** CSV or XLSX of every item, fetched with the bearer header and saved by the browser. */
export const downloadStock = async (email: string, format: 'csv' | 'xlsx') => {
  const { apiUrl, authHeaders } = await import('../../shared/api/client.ts');
  const res = await fetch(apiUrl(`/inventory/export/${enc(email)}`, { format }), { headers: authHeaders() });
  if (!res.ok) throw new Error((await res.json().catch(() => ({})))?.message ?? 'Export failed');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `inventory.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

// ── requisitions ──
export const useRequisitions = (email: string) =>
  useQuery({ queryKey: [...REQUISITIONS_KEY, email], queryFn: () => apiData<TRequisition[]>('/inventory/get-all-requisitions', { method: 'POST', body: { email } }) });

export type TRequisitionForm = { tagName?: string; purpose: string; neededBy?: string; items: Array<{ itemId?: string; stockItemId?: string; quantity: number }> };
export const useCreateRequisition = (token?: string) =>
  useApiMutation((input: TRequisitionForm) => apiRequest<TRequisition>('/inventory/requisitions', { method: 'POST', body: input, token }), { invalidate: [REQUISITIONS_KEY] });
export const useDeleteRequisition = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/inventory/requisitions/${enc(id)}`, { method: 'DELETE' }), { invalidate: [REQUISITIONS_KEY] });
export const useDecideRequisition = () =>
  useApiMutation((input: { requestId: string; ownerEmail: string; userId: string; decision: 'approved' | 'rejected'; reason?: string }) =>
    apiRequest<TRequisition>('/orders/update-material-approval-status', { method: 'PUT', body: { ...input, service: 'material-requisition', approvalSource: 'web' } }), { invalidate: [REQUISITIONS_KEY, INVENTORY_KEY] });
