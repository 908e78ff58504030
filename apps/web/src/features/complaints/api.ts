import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TComplaint, TComplaintAssignee, TComplaintCategory, TComplaintPolicies, TComplaintPolicy, TComplaintStatus,
} from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { portalRequest } from '../portal/portalSession.ts';
import { PORTAL_KEY } from '../portal/api.ts';

export const COMPLAINTS_KEY = ['complaints'] as const;
type TPaged<T> = TEnvelope<T[]> & { totalRecords: number };

/** What the filing form sends: HR may name the complainant; the portal files its own. */
export type TComplaintDraft = {
  complainDetail: string; category: TComplaintCategory; aboutEmployeeId?: string | null; anonymous?: boolean; employeeId?: string;
};

export type TComplaintListQuery = {
  status?: TComplaintStatus; overdue?: 'true'; category?: TComplaintCategory; assigneeUserId?: string; page: number; limit: number;
};
export const useComplaints = (q: TComplaintListQuery) =>
  useQuery({
    queryKey: [...COMPLAINTS_KEY, 'list', q],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TComplaint[]>('/employee/complain-status', { signal, query: { ...q } })) as TPaged<TComplaint>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });
export const useFileComplaint = () =>
  useApiMutation((input: TComplaintDraft) => apiRequest<TComplaint>('/employee/complain', { method: 'POST', body: input }), { invalidate: [COMPLAINTS_KEY] });
export const useUpdateComplaint = () =>
  useApiMutation((input: { complaintId: string; status: TComplaintStatus; resolutionNote?: string }) => apiRequest<TComplaint>('/employee/updateComplain', { method: 'POST', body: input }), { invalidate: [COMPLAINTS_KEY] });
export const useAssignComplaint = () =>
  useApiMutation((v: { id: string; assigneeUserId: string | null }) => apiRequest<TComplaint>(`/complaints/${encodeURIComponent(v.id)}/assign`, { method: 'PUT', body: { assigneeUserId: v.assigneeUserId } }), { invalidate: [COMPLAINTS_KEY] });
export const useAssignees = () =>
  useQuery({ queryKey: [...COMPLAINTS_KEY, 'assignees'], queryFn: ({ signal }) => apiData<TComplaintAssignee[]>('/complaints/assignees', { signal }) });
export const usePolicies = () =>
  useQuery({ queryKey: [...COMPLAINTS_KEY, 'policies'], queryFn: ({ signal }) => apiData<TComplaintPolicies>('/complaints/policies', { signal }) });
export const useSavePolicies = () =>
  useApiMutation((policies: TComplaintPolicy[]) => apiRequest<TComplaintPolicies>('/complaints/policies', { method: 'PUT', body: { policies } }), { invalidate: [COMPLAINTS_KEY] });

const ownComplaintsKey = (id: string) => [...PORTAL_KEY, id, 'complaints'] as const;
export const useOwnComplaints = (id: string, token: string) =>
  useQuery({
    queryKey: ownComplaintsKey(id),
    queryFn: async ({ signal }) => ((await portalRequest<TComplaint[]>('/employee/complain-status', { signal, token, kind: 'portal', query: { limit: 50 } })) as TEnvelope<TComplaint[]>).data,
  });
export const useFileOwnComplaint = (id: string, token: string) =>
  useApiMutation((input: TComplaintDraft) => portalRequest<TComplaint>('/employee/complain', { method: 'POST', body: input, token, kind: 'portal' }), { invalidate: [ownComplaintsKey(id)] });
