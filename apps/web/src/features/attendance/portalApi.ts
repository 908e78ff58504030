import { useQuery } from '@tanstack/react-query';
import type { TCheckin, TCorrectionRequest, TCorrectionRequestInput, TEmployeeAttendance, TMark, TMarkIn, TMarkOut } from '@bizdesk/contract';
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

/** Issue 33: the employee's own correction requests (forgot to check in), decided by HR through the approvals inbox. */
export const ownCorrectionsKey = (id: string) => [...PORTAL_KEY, id, 'corrections'] as const;
export const useOwnCorrections = (id: string, token: string) =>
  useQuery({
    queryKey: ownCorrectionsKey(id),
    queryFn: async ({ signal }) => (await portalRequest<TCorrectionRequest[]>(`/attendance/corrections/${enc(id)}`, { signal, token, kind: 'portal' })).data,
  });
export const portalRequestCorrection = (token: string, body: TCorrectionRequestInput) =>
  portalRequest<TCorrectionRequest>('/attendance/corrections', { method: 'POST', body, token, kind: 'portal' });
