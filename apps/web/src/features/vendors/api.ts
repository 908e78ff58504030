import { useQuery } from '@tanstack/react-query';
import type { TAwardLines, TAwardPreview, TBoqDetail, TBoqSummary, TClient, TClientInput, TOrderDetail, TQuote, TQuoteInvitation, TSentToContractor, TVendor, TVendorInput } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { PROCUREMENT_KEY } from '../orders/api.ts';

const enc = encodeURIComponent;
const key = (...parts: unknown[]) => [...PROCUREMENT_KEY, ...parts] as const;
const invalidate = [PROCUREMENT_KEY] as const;

export const useVendors = (email: string) =>
  useQuery({ queryKey: key('vendors', email), queryFn: ({ signal }) => apiData<TVendor[]>(`/vendors/fetch-vendors/${enc(email)}`, { signal }) });
export const useClients = () => useQuery({ queryKey: key('clients'), queryFn: ({ signal }) => apiData<TClient[]>('/vendors/clients', { signal }) });
export const useBoqs = (email: string) =>
  useQuery({ queryKey: key('boqs', email), queryFn: ({ signal }) => apiData<TBoqSummary[]>(`/vendors/fetch-boq-entry/${enc(email)}`, { signal }) });
export const useBoq = (contractId: string | null) =>
  useQuery({ enabled: !!contractId, queryKey: key('boq', contractId), queryFn: ({ signal }) => apiData<TBoqDetail>(`/vendors/fetch-boq/${enc(contractId!)}`, { signal }) });
export const useQuotes = (email: string) =>
  useQuery({ queryKey: key('quotes', email), queryFn: ({ signal }) => apiData<TQuote[]>(`/vendors/fetch-quotes/${enc(email)}`, { signal }) });

export const useAddVendor = () => useApiMutation((body: TVendorInput) => apiRequest<TVendor[]>('/vendors/add-vendors', { method: 'POST', body }), { invalidate });
export const useUpdateVendor = () => useApiMutation(({ id, ...body }: TVendorInput & { id: string }) => apiRequest<TVendor>(`/vendors/update/${id}`, { method: 'PUT', body }), { invalidate });
export const useDeleteVendor = () => useApiMutation((id: string) => apiRequest(`/vendors/delete/${id}`, { method: 'DELETE' }), { invalidate });
export const useSaveClient = () => useApiMutation(({ id, ...body }: TClientInput & { id?: string }) =>
  apiRequest<TClient>(id ? `/vendors/clients/${id}` : '/vendors/clients', { method: id ? 'PUT' : 'POST', body }), { invalidate });
export const useDeleteClient = () => useApiMutation((id: string) => apiRequest(`/vendors/clients/${id}`, { method: 'DELETE' }), { invalidate });
export const useAddBoq = () => useApiMutation((body: { contractId: string; businessName: string; projectTitle: string; clientId?: string | null; lines: Array<{ item: string; description?: string; quantity: string; unit: string }> }) =>
  apiRequest<TBoqDetail>('/vendors/add-boq', { method: 'POST', body }), { invalidate });
export const useDeleteBoq = () => useApiMutation((id: string) => apiRequest(`/vendors/deleteBOQ/${id}`, { method: 'DELETE' }), { invalidate });
export const useSendToContractor = () => useApiMutation((body: { email: string; contractId: string; businessName: string; projectTitle: string; expiresInDays?: number }) =>
  apiRequest<TSentToContractor>('/vendors/send-to-contractor', { method: 'POST', body }), { invalidate });
export const useUploadQuote = (ownerEmail: string) => useApiMutation((body: { email: string; quotesData: { contractId: string; contractorName: string; vendorId?: string | null; lines: Array<{ lineId: string; unitPrice: string | null }> } }) =>
  apiRequest<TQuote>(`/vendors/upload-quotes/${enc(ownerEmail)}`, { method: 'POST', body }), { invalidate });
/** Per-line award (issue 35): preview (one PO per supplier, VAT, vendor match), then award. */
export const previewAward = (boqId: string, body: TAwardLines) => apiData<TAwardPreview>(`/vendors/award-preview/${boqId}`, { method: 'POST', body });
export const useAwardLines = () => useApiMutation(({ boqId, ...body }: TAwardLines & { boqId: string }) =>
  apiRequest<TOrderDetail[]>(`/vendors/award-lines/${boqId}`, { method: 'POST', body }), { invalidate });
export const useAwardQuote = () => useApiMutation((quoteId: string) => apiRequest<TOrderDetail>(`/vendors/award-quote/${quoteId}`, { method: 'POST' }), { invalidate });

/** The public quote page: no session; the link's token is the only credential. */
export const useQuoteInvitation = (contractId: string, token: string) =>
  useQuery({
    enabled: !!token,
    queryKey: ['quote-invitation', contractId, token],
    queryFn: ({ signal }) => apiData<TQuoteInvitation>('/vendors/quote-invitation', { signal, method: 'POST', body: { contractId, token }, auth: false }),
    retry: false,
  });
export const submitQuote = (body: {
  contractId: string; token: string; contractorName: string; phone?: string | null; notes?: string | null;
  taxId?: string | null; leadTimeDays?: number | null; validUntil?: string | null; validDays?: number | null;
  lines: Array<{ lineId: string; unitPrice: string | null; freeOfCharge?: boolean }>;
}) =>
  apiRequest<{ _id: string; totalMinor: number; currency: string }>('/vendors/submit-quote', { method: 'POST', body, auth: false });
