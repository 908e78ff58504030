import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TEnergyEntry, TEnergyReport, TMonthAverages } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

const enc = encodeURIComponent;
export const ENERGY_KEY = ['energy'] as const;

export const useMonthAverages = (email: string, alertPercent: number) =>
  useQuery({
    queryKey: [...ENERGY_KEY, 'months', email, alertPercent],
    queryFn: ({ signal }) => apiData<TMonthAverages>(`/inventory/monthavrg/${enc(email)}`, { signal, query: { alertPercent } }),
    placeholderData: keepPreviousData,
  });

export const useEnergyUsage = (email: string) =>
  useQuery({ queryKey: [...ENERGY_KEY, 'usage', email], queryFn: ({ signal }) => apiData<TEnergyEntry[]>(`/inventory/energy-usage/${enc(email)}`, { signal }) });

export type TEnergyForm = { date: string; kind?: 'diesel' | 'petrol' | 'grid' | 'gas'; placeId?: string; quantity: number; expenses: string; email: string; manager: string; tagName: string; businessName?: string };
export const useTrackEnergy = (token?: string) =>
  useApiMutation((input: TEnergyForm) => apiRequest<TEnergyEntry>('/inventory/tracker', { method: 'POST', body: input, token }), { invalidate: [ENERGY_KEY] });

export const useEnergyReport = () =>
  useApiMutation((input: { email: string; tagName?: string; instructions?: string; language?: 'en' | 'de' | 'fr'; alertPercent?: number }) =>
    apiRequest<TEnergyReport>('/inventory/improve-report', { method: 'PUT', body: input }), { invalidate: [] });
