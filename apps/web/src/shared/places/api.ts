import { useQuery } from '@tanstack/react-query';
import type { TPlace, TPlaceInput, TPlaceKind } from '@bizdesk/contract';
import { apiData, apiRequest } from '../api/client.ts';
import { useApiMutation } from '../api/mutations.ts';

/** Every places query starts with this key: a new or changed place refreshes every picker. */
export const PLACES_KEY = ['places'] as const;

/** The business's projects, sites and stores of these kinds (all kinds when none are given). */
export const usePlaces = (kinds?: readonly TPlaceKind[]) =>
  useQuery({
    queryKey: [...PLACES_KEY, kinds?.join(',') ?? 'all'],
    queryFn: ({ signal }) => apiData<TPlace[]>('/places', { signal, query: kinds?.length ? { kind: kinds.join(',') } : {} }),
    staleTime: 60_000,
  });

export const useCreatePlace = () =>
  useApiMutation((body: TPlaceInput) => apiRequest<TPlace>('/places', { method: 'POST', body }), { invalidate: [PLACES_KEY] });
