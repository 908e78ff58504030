import { useQuery } from '@tanstack/react-query';
import type { TEmployeeLeave, TLeaveRequest, TScheduleLeave } from '@bizdesk/contract';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { portalRequest } from '../portal/portalSession.ts';
import { PORTAL_KEY } from '../portal/api.ts';

const enc = encodeURIComponent;
const ownLeaveKey = (id: string) => [...PORTAL_KEY, id, 'leave'] as const;

export const useOwnLeave = (id: string, token: string) =>
  useQuery({ queryKey: ownLeaveKey(id), queryFn: async ({ signal }) => (await portalRequest<TEmployeeLeave>(`/leave/employee/${enc(id)}`, { signal, token, kind: 'portal' })).data });

export const useRequestOwnLeave = (id: string, token: string) =>
  useApiMutation((v: { input: TScheduleLeave }) => portalRequest<TLeaveRequest>(`/employee/leave/${enc(id)}`, { method: 'POST', body: v.input, token, kind: 'portal' }), { invalidate: [ownLeaveKey(id)] });

