import { useQuery } from '@tanstack/react-query';
import type { TFleet, TFleetRequisition, TTrip, TTripInput, TTruck, TTruckAvailability, TTruckDetail, TTruckEntry, TTruckEntryInput, TTruckInput, TTruckManaged, TAssignTruck } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

const enc = encodeURIComponent;
export const FLEET_KEY = ['fleet'] as const;

export const useFleet = (email: string) =>
  useQuery({ queryKey: [...FLEET_KEY, email], queryFn: () => apiData<TFleet>('/inventory/fleet', { method: 'POST', body: { email } }) });

export const useCreateTruck = () =>
  useApiMutation((input: TTruckInput) => apiRequest<TTruck>('/inventory/create-truck', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useAssignTruck = () =>
  useApiMutation((input: Partial<TAssignTruck> & { truckId: string }) => apiRequest<TTruck>('/inventory/add-truck', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useDeleteTruck = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/cost/delete-truck/${enc(id)}`, { method: 'DELETE' }), { invalidate: [FLEET_KEY] });
export const useTruckEntry = () =>
  useApiMutation((input: Omit<TTruckEntryInput, 'cost'> & { cost: string }) =>
    apiRequest<TTruckEntry>('/inventory/truck-entry', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useRequestTruck = () =>
  useApiMutation((input: { tagName: string; placeId?: string; purpose: string; destination?: string; startDate: string; endDate: string }) =>
    apiRequest<TFleetRequisition>('/cost/create-requisition', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
export const useApproveTruckRequest = () =>
  useApiMutation(({ requisitionId, truckId }: { requisitionId: string; truckId: string }) =>
    apiRequest<TFleetRequisition>(`/cost/approve-requisition/${enc(requisitionId)}`, { method: 'PUT', body: { truckId } }), { invalidate: [FLEET_KEY] });

/** The truck page (issue 34). */
export const useTruckDetail = (id: string) =>
  useQuery({ queryKey: [...FLEET_KEY, 'truck', id], queryFn: ({ signal }) => apiData<TTruckDetail>(`/fleet/trucks/${enc(id)}`, { signal }) });
export const useUpdateTruck = () =>
  useApiMutation(({ id, ...input }: TTruckManaged & { id: string }) => apiRequest<TTruck>(`/fleet/trucks/${enc(id)}`, { method: 'PUT', body: input }), { invalidate: [FLEET_KEY] });
export const useAddTrip = () =>
  useApiMutation((input: TTripInput) => apiRequest<TTrip>('/fleet/trips', { method: 'POST', body: input }), { invalidate: [FLEET_KEY] });
/** Each truck's state for the chosen dates (the assignment picker). */
export const useAvailability = (startDate: string, endDate: string, enabled: boolean) =>
  useQuery({
    enabled: enabled && Boolean(startDate) && Boolean(endDate) && endDate >= startDate,
    queryKey: [...FLEET_KEY, 'availability', startDate, endDate],
    queryFn: ({ signal }) => apiData<TTruckAvailability[]>('/fleet/availability', { signal, query: { startDate, endDate } }),
  });
