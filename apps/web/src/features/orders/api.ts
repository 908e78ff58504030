import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TInbox, TInboxDecision, TInboxDetail, TInboxKind, TApprovalRequest, TApprovalRule, TApprovalService, TInvoice, TOrder, TOrderDetail, TPayment, TProcurementSettings, TProcurementSummary,
  TAmendOrder, TOrderRevision,
} from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { fileForm } from '../../shared/api/fileForm.ts';
import { downloadFile } from '../employees/files.ts';

const enc = encodeURIComponent;
type TPaged<T> = TEnvelope<T[]> & { page: number; limit: number; total: number; totalRecords: number };

/** Every procurement query starts with this key: one invalidation refreshes orders, approvals, invoices and payments. */
export const PROCUREMENT_KEY = ['procurement'] as const;
const key = (...parts: unknown[]) => [...PROCUREMENT_KEY, ...parts] as const;

export type TOrderQuery = { POType?: 'regular' | 'standing'; status?: string; search?: string; page: number; limit: number };

export const useOrders = (email: string, query: TOrderQuery) =>
  useQuery({
    queryKey: key('orders', email, query),
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TOrder[]>(`/orders/get-orders/${enc(email)}`, { signal, query: { ...query } })) as TPaged<TOrder>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });

export const useOrder = (id: string | null) =>
  useQuery({ enabled: !!id, queryKey: key('order', id), queryFn: ({ signal }) => apiData<TOrderDetail>(`/orders/detail/${id}`, { signal }) });

export const useProcurementSettings = () =>
  useQuery({ queryKey: key('settings'), queryFn: ({ signal }) => apiData<TProcurementSettings>('/orders/settings', { signal }) });

export const useInvoices = (email: string) =>
  useQuery({ queryKey: key('invoices', email), queryFn: ({ signal }) => apiData<TInvoice[]>(`/orders/invoices/${enc(email)}`, { signal }) });

export const usePayments = (email: string) =>
  useQuery({ queryKey: key('payments', email), queryFn: ({ signal }) => apiData<TPayment[]>(`/orders/payment-details/${enc(email)}`, { signal }) });

export const useSummary = () =>
  useQuery({ queryKey: key('summary'), queryFn: ({ signal }) => apiData<TProcurementSummary>('/orders/summary', { signal }) });

export const useApprovals = (view: 'mine' | 'all', page: number, limit: number, service?: TApprovalService) =>
  useQuery({
    queryKey: key('approvals', view, page, limit, service),
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TApprovalRequest[]>('/orders/approvals', { signal, query: { view, page, limit, service } })) as TPaged<TApprovalRequest>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });

/** The approvals inbox: what waits for the signed-in person, every kind, with counts per kind (also the navigation's badge). */
export const INBOX_KEY = [...PROCUREMENT_KEY, 'inbox'] as const;
export const inboxQuery = (page: number, limit: number, kind?: TInboxKind) => ({
  queryKey: [...INBOX_KEY, page, limit, kind ?? null] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiData<TInbox>('/approvals/inbox', { signal, query: { page, limit, kind } }),
});
export const useInbox = (page: number, limit: number, kind?: TInboxKind, opts: { enabled?: boolean; refetchInterval?: number } = {}) =>
  useQuery({ ...inboxQuery(page, limit, kind), placeholderData: keepPreviousData, staleTime: 15_000, ...opts });

export const useInboxDetail = (target: { kind: TInboxKind; subjectId: string } | null) =>
  useQuery({
    enabled: !!target,
    queryKey: [...INBOX_KEY, 'detail', target?.kind, target?.subjectId],
    queryFn: ({ signal }) => apiData<TInboxDetail>(`/approvals/inbox/${target!.kind}/${target!.subjectId}`, { signal }),
  });

export const useApprovalRules = () =>
  useQuery({ queryKey: key('approval-rules'), queryFn: ({ signal }) => apiData<TApprovalRule[]>('/orders/approval-rules', { signal }) });

const invalidate = [PROCUREMENT_KEY] as const;
const post = <T,>(path: string, method: 'POST' | 'PUT' | 'DELETE' = 'POST') => (body?: unknown) => apiRequest<T>(path, { method, body });

export type TLineDraft = { item: string; unit: string; quantity: string; unitPrice: string };

export const useAddOrder = () => useApiMutation((body: { vendorId: string; lines: TLineDraft[]; expectedDate?: string | null; notes?: string | null; deliveryPlaceId?: string | null; projectId?: string | null }) => post<TOrderDetail[]>('/orders/add-orders')(body), { invalidate });
export const useAddStanding = () => useApiMutation((body: { vendorId: string; description: string; ceiling: string; validFrom: string; validTo: string; notes?: string | null }) => post<TOrderDetail>('/orders/add-standing')(body), { invalidate });
export const useCallOff = () => useApiMutation((body: { orderId: string; amount: string; description: string; date: string }) => post<TOrderDetail>('/orders/standing-po-update', 'PUT')(body), { invalidate });
export const useReceiveGoods = () => useApiMutation((grnData: { orderId: string; receivedDate: string; receiver: string; note?: string | null; lines: Array<{ lineId: string; quantity: string; locationId?: string | null; notStocked?: boolean }> }) => post<TOrderDetail>('/orders/grn-update', 'PUT')({ grnData }), { invalidate });
/** A return to the supplier against one GRN (issue 34); stock leaves the GRN line's place. */
export const useReturnGoods = (orderId: string) => useApiMutation((body: { grnId: string; returnedDate: string; reason: string; lines: Array<{ lineId: string; quantity: string }> }) =>
  post<TOrderDetail>(`/orders/${orderId}/returns`)(body), { invalidate: [...invalidate, ['inventory']] });
/** An approved order amended: a new revision that goes back for approval. */
export const useAmendOrder = (orderId: string) => useApiMutation((body: TAmendOrder) => post<TOrderDetail>(`/orders/${orderId}/amend`)(body), { invalidate });
/** An order's amendments, newest first (only fetched once it has any). */
export const useOrderRevisions = (orderId: string | null, enabled: boolean) =>
  useQuery({ enabled: !!orderId && enabled, queryKey: key('revisions', orderId), queryFn: ({ signal }) => apiData<TOrderRevision[]>(`/orders/${orderId}/revisions`, { signal }) });
export const useCancelOrder = () => useApiMutation((id: string) => apiRequest<TOrderDetail>(`/orders/cancel/${id}`, { method: 'DELETE' }), { invalidate });
export const useDecideOrder = () => useApiMutation((body: { orderId: string; approvalStatus: 'approved' | 'rejected'; POType: 'regular' | 'standing'; reason?: string }) => post<TOrderDetail>('/orders/update-approval-status', 'PUT')(body), { invalidate });
export const useDecideRequest = () => useApiMutation((body: { orderId: string; ownerEmail: string; service: TApprovalService; userId: string; approvalStatus: 'approved' | 'rejected'; reason?: string }) => post<TApprovalRequest>('/orders/update-approval-statusV2', 'PUT')(body), { invalidate });
/** A decision may change pay, leave, stock or the fleet: every query is refreshed. */
export const useInboxDecision = () => useApiMutation(
  ({ kind, subjectId, ...body }: TInboxDecision & { kind: TInboxKind; subjectId: string }) => post<TInboxDetail>(`/approvals/inbox/${kind}/${subjectId}/decision`, 'PUT')(body),
  { invalidate: [[]] },
);
export const useCreateApprovalRule = () => useApiMutation((body: { ownerEmail: string; userId: string[]; serviceName: TApprovalService; totalApprovalsRequired: number }) => post<TApprovalRule>('/orders/create-approvals')(body), { invalidate });
export const useAddInvoice = () => useApiMutation((body: { orderId: string; invoiceNumber: string; invoiceDate: string; dueDate?: string | null; lines: Array<{ lineId: string; quantity: string; unitPrice: string }> }) => post<TInvoice>('/orders/invoices')(body), { invalidate });
export const useSchedulePayment = () => useApiMutation((body: { orderId: string; invoiceId?: string | null; amount: string; dueDate: string; note?: string | null }) => post<TPayment>('/orders/schedule-payment')(body), { invalidate });
export const useTrackPayment = () => useApiMutation((body: { paymentId: string; paidDate: string; method: string; reference?: string | null }) => post<TPayment>('/orders/payment-track')(body), { invalidate });

/* Three-way match that holds money (issue 35). */
export const useOverrideInvoice = () => useApiMutation(({ invoiceId, reason }: { invoiceId: string; reason: string }) => post<TInvoice>(`/orders/invoices/${invoiceId}/override`)({ reason }), { invalidate });
export const useAddCreditNote = () => useApiMutation(({ invoiceId, ...body }: { invoiceId: string; number: string; date: string; reason: string; amount: string; lineId?: string | null }) =>
  post<TInvoice>(`/orders/invoices/${invoiceId}/credit-notes`)(body), { invalidate });
export const useSaveProcurementSettings = () => useApiMutation((body: { vatRate: string; levyRate: string; qtyTolerance: string; priceTolerance: string }) => post<TProcurementSettings>('/orders/settings', 'PUT')(body), { invalidate });

/* The vendor's own invoice document (PDF, JPEG or PNG), attached when recording the invoice or later. */
export const attachInvoiceDocument = (invoiceId: string, file: File) =>
  apiRequest<TInvoice>(`/orders/invoices/${enc(invoiceId)}/document`, { method: 'POST', form: fileForm(file) });
export const useAttachInvoiceDocument = () => useApiMutation(({ invoiceId, file }: { invoiceId: string; file: File }) => attachInvoiceDocument(invoiceId, file), { invalidate });
export const downloadInvoiceDocument = (invoice: Pick<TInvoice, '_id' | 'document'>) =>
  downloadFile(`/orders/invoices/${enc(invoice._id)}/document`, { fileName: invoice.document?.name });
