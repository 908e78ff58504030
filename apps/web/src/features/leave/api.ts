import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  THoliday, THolidayUpdate, TLeaveAdjustmentInput, TLeaveHistory, TLeaveSettings, TLeaveSettingsInput, TLeaveBalancesRow, TLeaveDecision, TLeaveRequest, TLeaveStatus, TLeaveType, TLeaveTypeInput, TScheduleLeave, TScheduleMonth,
} from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { ATTENDANCE_KEY } from '../attendance/api.ts';

const enc = encodeURIComponent;
export const LEAVE_KEY = ['leave'] as const;
type TPaged<T> = TEnvelope<T[]> & { totalRecords: number };

export const useLeaveRequests = (q: { status?: TLeaveStatus; unitId?: string; id?: string; page: number; limit: number }) =>
  useQuery({
    queryKey: [...LEAVE_KEY, 'requests', q],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TLeaveRequest[]>('/leave/requests', { signal, query: { ...q } })) as TPaged<TLeaveRequest>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });

export const useBalances = (q: { unitId?: string; page: number; limit: number }) =>
  useQuery({
    queryKey: [...LEAVE_KEY, 'balances', q],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TLeaveBalancesRow[]>('/leave/balances', { signal, query: { ...q } })) as TPaged<TLeaveBalancesRow>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });

export const useLeaveTypes = (enabled = true) => useQuery({ enabled, queryKey: [...LEAVE_KEY, 'types'], queryFn: ({ signal }) => apiData<TLeaveType[]>('/leave/types', { signal }) });
export const useHolidays = (year: number) =>
  useQuery({ queryKey: [...LEAVE_KEY, 'holidays', year], queryFn: ({ signal }) => apiData<THoliday[]>('/leave/holidays', { signal, query: { year } }) });
export const useSchedule = (month: string, departmentId?: string) =>
  useQuery({
    queryKey: [...LEAVE_KEY, 'schedule', month, departmentId ?? ''],
    queryFn: ({ signal }) => apiData<TScheduleMonth>(`/leave/schedule/${month}`, { signal, query: departmentId ? { departmentId } : undefined }),
    placeholderData: keepPreviousData,
  });

export const useRequestLeave = () =>
  useApiMutation((v: { employeeId: string; input: TScheduleLeave }) => apiRequest<TLeaveRequest>(`/employee/leave/${enc(v.employeeId)}`, { method: 'POST', body: v.input }), { invalidate: [LEAVE_KEY] });
export const useDecideLeave = () =>
  useApiMutation((v: { id: string; input: TLeaveDecision }) => apiRequest<TLeaveRequest>(`/leave/requests/${enc(v.id)}/decision`, { method: 'PUT', body: v.input }), { invalidate: [LEAVE_KEY, ATTENDANCE_KEY] });
export const useSaveLeaveType = () =>
  useApiMutation((v: { id?: string; input: TLeaveTypeInput }) => apiRequest<TLeaveType>(v.id ? `/leave/types/${enc(v.id)}` : '/leave/types', { method: v.id ? 'PUT' : 'POST', body: v.input }), { invalidate: [LEAVE_KEY] });
export const useAddHoliday = () =>
  useApiMutation((input: { date: string; name: string }) => apiRequest<THoliday>('/leave/holidays', { method: 'POST', body: input }), { invalidate: [LEAVE_KEY, ATTENDANCE_KEY] });
export const useDeleteHoliday = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/leave/holidays/${enc(id)}`, { method: 'DELETE' }), { invalidate: [LEAVE_KEY, ATTENDANCE_KEY] });

// Leave that fits the calendar (issue 33)
export const useLeaveHistory = (employeeId: string | null, year: number) =>
  useQuery({ enabled: Boolean(employeeId), queryKey: [...LEAVE_KEY, 'history', employeeId, year], queryFn: ({ signal }) => apiData<TLeaveHistory>(`/leave/history/${enc(employeeId!)}`, { signal, query: { year } }) });
export const useAdjustLeave = () =>
  useApiMutation((input: TLeaveAdjustmentInput) => apiRequest<unknown>('/leave/adjustments', { method: 'POST', body: input }), { invalidate: [LEAVE_KEY] });
export const useUpdateHoliday = () =>
  useApiMutation((v: { id: string; input: THolidayUpdate }) => apiRequest<THoliday>(`/leave/holidays/${enc(v.id)}`, { method: 'PUT', body: v.input }), { invalidate: [LEAVE_KEY, ATTENDANCE_KEY] });
export const useLeaveSettings = () => useQuery({ queryKey: [...LEAVE_KEY, 'settings'], queryFn: ({ signal }) => apiData<TLeaveSettings>('/leave/settings', { signal }) });
export const useSaveLeaveSettings = () =>
  useApiMutation((input: TLeaveSettingsInput) => apiRequest<TLeaveSettings>('/leave/settings', { method: 'PUT', body: input }), { invalidate: [LEAVE_KEY] });

