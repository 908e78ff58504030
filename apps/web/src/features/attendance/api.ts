import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TAttendanceLabel, TAttendanceRegisterWithNotes, TAttendanceSettings, TCheckin, TCorrectMark, TCorrectMarkResult, TEmployeeAttendance, TGeofenceExemption,
  TGeofenceExemptionInput, TMark, TMonthGridWithNotes, TSaveCoordinates, TSendSuspension, TSite, TSuspension,
} from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { downloadFile } from '../employees/files.ts';

const enc = encodeURIComponent;
/** Every attendance query starts with this key, so one invalidation refreshes the register, grid and history. */
export const ATTENDANCE_KEY = ['attendance'] as const;

/** The register of `dateOffset` days up to today, or up to `to` (a past day the date picker chose). */
export const useRegister = (email: string, dateOffset = 0, to?: string) =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'register', email, dateOffset, to ?? ''],
    queryFn: ({ signal }) => apiData<TAttendanceRegisterWithNotes>(`/employee/all-attendance/${enc(email)}/${dateOffset}`, { signal, query: to ? { to } : undefined }),
  });

export const useMonthGrid = (month: string, departmentId?: string) =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'month', month, departmentId ?? ''],
    queryFn: ({ signal }) => apiData<TMonthGridWithNotes>(`/attendance/month/${month}`, { signal, query: departmentId ? { departmentId } : undefined }),
    placeholderData: keepPreviousData,
  });

export const useEmployeeAttendance = (employeeId: string | null) =>
  useQuery({
    enabled: Boolean(employeeId),
    queryKey: [...ATTENDANCE_KEY, 'employee', employeeId],
    queryFn: ({ signal }) => apiData<TEmployeeAttendance>(`/attendance/getAttendance/${enc(employeeId!)}`, { signal, query: { limit: 60 } }),
  });

/** GET /attendance/checkins/pending-review: check-ins that synced too late to mark their day, waiting for HR. */
export const usePendingReviews = () =>
  useQuery({ queryKey: [...ATTENDANCE_KEY, 'pending-review'], queryFn: ({ signal }) => apiData<TCheckin[]>('/attendance/checkins/pending-review', { signal }) });

/** PUT /attendance/checkins/{id}/review: accepting marks the day from the check-in; rejecting leaves the day. */
export const useReviewCheckin = () =>
  useApiMutation((v: { id: string; decision: 'accepted' | 'rejected' }) => apiRequest<TCheckin>(`/attendance/checkins/${enc(v.id)}/review`, { method: 'PUT', body: { decision: v.decision } }), { invalidate: [ATTENDANCE_KEY] });

export const useAttendanceSettings = () =>
  useQuery({ queryKey: [...ATTENDANCE_KEY, 'settings'], queryFn: ({ signal }) => apiData<TAttendanceSettings>('/attendance/settings', { signal }) });

export const useSites = () => useQuery({ queryKey: [...ATTENDANCE_KEY, 'sites'], queryFn: ({ signal }) => apiData<TSite[]>('/attendance/sites', { signal }) });

/** GET /employee/mark/{date}/{employeeId}/{label} (a GET that changes data, as the spec names it). */
export const useMark = () =>
  useApiMutation((v: { date: string; employeeId: string; label: TAttendanceLabel }) => apiRequest<TMark>(`/employee/mark/${v.date}/${enc(v.employeeId)}/${v.label}`), { invalidate: [ATTENDANCE_KEY] });

export const useMarkAll = (email: string) =>
  useApiMutation((v: { date: string; label: TAttendanceLabel }) => apiRequest<{ marked: number; kept: number }>(`/employee/all/mark/${enc(email)}/${v.date}/${v.label}`), { invalidate: [ATTENDANCE_KEY] });

export const useSick = () =>
  useApiMutation((employeeId: string) => apiRequest<TMark>('/attendance/send-sick-status', { method: 'PUT', body: { employeeId } }), { invalidate: [ATTENDANCE_KEY] });

export const useSuspend = () =>
  useApiMutation((input: TSendSuspension) => apiRequest<TSuspension>('/attendance/send-suspension-details', { method: 'PUT', body: input }), { invalidate: [ATTENDANCE_KEY] });

export const useUpdateSettings = () =>
  useApiMutation((input: Partial<Pick<TAttendanceSettings, 'workStartTime' | 'requirePortalCoordinates'>>) => apiRequest<TAttendanceSettings>('/attendance/settings', { method: 'PUT', body: input }), { invalidate: [ATTENDANCE_KEY] });

export const useSaveSite = () =>
  useApiMutation((input: TSaveCoordinates) => apiRequest<TSite>('/attendance/save-coordinates', { method: 'POST', body: input }), { invalidate: [ATTENDANCE_KEY] });

export const useDeleteSite = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/attendance/sites/${enc(id)}`, { method: 'DELETE' }), { invalidate: [ATTENDANCE_KEY] });

/** PUT /attendance/marks/{employeeId}/{date}: HR sets or corrects a day with a reason (issue 33). */
export const useCorrectMark = () =>
  useApiMutation((v: { employeeId: string; date: string } & TCorrectMark) =>
    apiRequest<TCorrectMarkResult>(`/attendance/marks/${enc(v.employeeId)}/${v.date}`, { method: 'PUT', body: { label: v.label, reason: v.reason, ...(v.leaveType ? { leaveType: v.leaveType } : {}) } }),
  { invalidate: [ATTENDANCE_KEY, ['leave']] });

export const useExemptions = () =>
  useQuery({ queryKey: [...ATTENDANCE_KEY, 'exemptions'], queryFn: ({ signal }) => apiData<TGeofenceExemption[]>('/attendance/geofence-exemptions', { signal }) });
export const useAddExemption = () =>
  useApiMutation((input: TGeofenceExemptionInput) => apiRequest<TGeofenceExemption>('/attendance/geofence-exemptions', { method: 'POST', body: input }), { invalidate: [ATTENDANCE_KEY] });
export const useDeleteExemption = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/attendance/geofence-exemptions/${enc(id)}`, { method: 'DELETE' }), { invalidate: [ATTENDANCE_KEY] });

export const exportMonth = (month: string, format: 'csv' | 'xlsx', departmentId?: string) =>
  downloadFile(`/attendance/export/${month}`, { query: { format, ...(departmentId ? { departmentId } : {}) } });

export type { TCheckin };
