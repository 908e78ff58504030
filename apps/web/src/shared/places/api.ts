import { useQuery } from '@tanstack/react-query';
import type { TPlace, TPlaceConfirm, TPlaceInput, TPlaceKind, TPlaceMergeResult, TPlacePatch, TPlaceReview } from '@bizdesk/contract';
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

/** Every place, archived ones too (the Places screen). */
export const useAllPlaces = () =>
  useQuery({
    queryKey: [...PLACES_KEY, 'with-archived'],
    queryFn: ({ signal }) => apiData<TPlace[]>('/places', { signal, query: { includeArchived: 'true' } }),
  });

/** The migration's merge preview: places made from typed names, waiting for the owner's confirmation. */
export const usePlaceReview = (enabled = true) =>
  useQuery({
    queryKey: [...PLACES_KEY, 'review'],
    queryFn: ({ signal }) => apiData<TPlaceReview[]>('/places/review', { signal }),
    enabled,
  });

export const useUpdatePlace = () =>
  useApiMutation(({ id, body }: { id: string; body: TPlacePatch }) => apiRequest<TPlace>(`/places/${id}`, { method: 'PATCH', body }), { invalidate: [PLACES_KEY] });

export const useArchivePlace = () =>
  useApiMutation(({ id, archived }: { id: string; archived: boolean }) => apiRequest<TPlace>(`/places/${id}/${archived ? 'archive' : 'unarchive'}`, { method: 'POST' }), { invalidate: [PLACES_KEY] });

export const useConfirmPlaces = () =>
  useApiMutation((body: TPlaceConfirm) => apiRequest<TPlace[]>('/places/review/confirm', { method: 'POST', body }), { invalidate: [PLACES_KEY] });

export const useMergePlace = () =>
  useApiMutation(({ id, intoId }: { id: string; intoId: string }) => apiRequest<TPlaceMergeResult>(`/places/${id}/merge`, { method: 'POST', body: { intoId } }), { invalidate: [PLACES_KEY] });
