import { useQuery } from '@tanstack/react-query';
import type { TCheckin, TEmployeeAttendance, TMark, TMarkIn, TMarkOut } from '@bizdesk/contract';
import { portalRequest } from '../portal/portalSession.ts';
import { PORTAL_KEY } from '../portal/api.ts';

const enc = encodeURIComponent;
export const ownAttendanceKey = (id: string) => [...PORTAL_KEY, id, 'attendance'] as const;

export const useOwnAttendance = (id: string, token: string) =>
  useQuery({
    queryKey: ownAttendanceKey(id),
    queryFn: async ({ signal }) => (await portalRequest<TEmployeeAttendance>(`/attendance/getAttendance/${enc(id)}`, { signal, token, kind: 'portal', query: { limit: 7 } })).data,
  });

export const portalMarkIn = (token: string, body: TMarkIn) => portalRequest<TCheckin>('/attendance/mark-in', { method: 'POST', body, token, kind: 'portal' });
export const portalMarkOut = (token: string, body: TMarkOut) => portalRequest<TCheckin>('/attendance/mark-out', { method: 'POST', body, token, kind: 'portal' });
export const portalSick = (token: string, employeeId: string) => portalRequest<TMark>('/attendance/send-sick-status', { method: 'PUT', body: { employeeId }, token, kind: 'portal' });
