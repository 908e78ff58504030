import { useQuery } from '@tanstack/react-query';
import type { TFleet, TFleetRequisition, TTruck, TTruckEntry } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

const enc = encodeURIComponent;
export const FLEET_KEY = ['fleet'] as const;

export const useFleet = (email: string) =>
  useQuery({ queryKey: [...FLEET_KEY, email], queryFn: () => apiData<TFleet>('/inventory/fleet', { method: 'POST', body: { email } }) });

export const useCreateTruck = () =>
  useApiMutation((input: { plateNumber: string; model: string; capacity: string; fuelType: string }) => apiRequest<TTruck>('/inventory/create-truck', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useAssignTruck = () =>
  useApiMutation((input: { truckId: string; tagName?: string; release?: true }) => apiRequest<TTruck>('/inventory/add-truck', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useDeleteTruck = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/cost/delete-truck/${enc(id)}`, { method: 'DELETE' }), { invalidate: [FLEET_KEY] });
export const useTruckEntry = () =>
  useApiMutation((input: { truckId: string; kind: 'fuel' | 'maintenance'; date: string; endDate?: string; litres?: number; cost: string; note?: string }) =>
    apiRequest<TTruckEntry>('/inventory/truck-entry', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useRequestTruck = () =>
  useApiMutation((input: { tagName: string; purpose: string; destination?: string; startDate: string; endDate: string }) =>
    apiRequest<TFleetRequisition>('/cost/create-requisition', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useApproveTruckRequest = () =>
  useApiMutation(({ requisitionId, truckId }: { requisitionId: string; truckId: string }) =>
    apiRequest<TFleetRequisition>(`/cost/approve-requisition/${enc(requisitionId)}`, { method: 'PUT', body: { truckId } }), { invalidate: [FLEET_KEY] });
