import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAnnouncement } from '@bizdesk/contract';
import { apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

export const ANNOUNCEMENTS_KEY = ['announcements'] as const;
type TPaged<T> = TEnvelope<T[]> & { totalRecords: number };

export const useAnnouncements = (page: number, limit: number) =>
  useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, page, limit],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<TAnnouncement[]>('/blog/posts', { signal, query: { page, limit } })) as TPaged<TAnnouncement>;
      return { rows: res.data ?? [], totalRecords: res.totalRecords ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

export const usePostAnnouncement = () =>
  useApiMutation((input: { title: string; body: string }) => apiRequest<TAnnouncement>('/blog/posts', { method: 'POST', body: input }), { invalidate: [ANNOUNCEMENTS_KEY] });

export const useDeleteAnnouncement = () =>
  useApiMutation((id: string) => apiRequest(`/blog/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }), { invalidate: [ANNOUNCEMENTS_KEY] });
