import { useQuery } from '@tanstack/react-query';
import type { TBusinessProfile, TBusinessProfileInput } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { refreshSessionUser } from '../../shared/session.ts';

export const businessProfileKey = ['business-profile'] as const;

/** GET /business/profile: the business's name and the identifiers it files under (any user of the business). */
export const useBusinessProfile = () =>
  useQuery({ queryKey: businessProfileKey, queryFn: ({ signal }) => apiData<TBusinessProfile>('/business/profile', { signal }) });

/** PUT /business/profile (owner): a rename is re-read into the session so the top bar shows it at once. */
export const useSaveBusinessProfile = () =>
  useApiMutation(async (input: TBusinessProfileInput) => {
    const res = await apiRequest<TBusinessProfile>('/business/profile', { method: 'PUT', body: input });
    if (input.name !== undefined) await refreshSessionUser().catch(() => null);
    return res;
  }, { invalidate: [businessProfileKey] });
