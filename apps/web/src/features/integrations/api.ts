import { useQuery } from '@tanstack/react-query';
import type { TApiKey, TApiKeyCreate, TApiKeyCreated, TWebhook, TWebhookCreate, TWebhookCreated, TWebhookDelivery, TWebhookUpdate } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

export const apiKeysKey = ['api-keys'] as const;
export const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

/** GET /api-keys (owner): never the secrets. */
export const useApiKeys = () => useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => apiData<TApiKey[]>('/api-keys', { signal }) });

/** POST /api-keys: the answer holds the secret, shown once. */
export const useCreateApiKey = () =>
  useApiMutation((input: TApiKeyCreate) => apiRequest<TApiKeyCreated>('/api-keys', { method: 'POST', body: input }), { invalidate: [apiKeysKey] });

export const useRevokeApiKey = () =>
  useApiMutation((id: string) => apiRequest<TApiKey>(`/api-keys/${id}/revoke`, { method: 'POST' }), { invalidate: [apiKeysKey] });

export const useWebhooks = () => useQuery({ queryKey: webhooksKey, queryFn: ({ signal }) => apiData<TWebhook[]>('/webhooks', { signal }) });

export const useCreateWebhook = () =>
  useApiMutation((input: TWebhookCreate) => apiRequest<TWebhookCreated>('/webhooks', { method: 'POST', body: input }), { invalidate: [webhooksKey] });

export const useUpdateWebhook = () =>
  useApiMutation(({ id, ...input }: TWebhookUpdate & { id: string }) => apiRequest<TWebhook>(`/webhooks/${id}`, { method: 'PUT', body: input }), { invalidate: [webhooksKey] });

export const useDeleteWebhook = () =>
  useApiMutation((id: string) => apiRequest<null>(`/webhooks/${id}`, { method: 'DELETE' }), { invalidate: [webhooksKey] });

export const useSendTestEvent = () =>
  useApiMutation((id: string) => apiRequest<null>(`/webhooks/${id}/test`, { method: 'POST' }), { invalidate: [webhooksKey] });

/** The delivery log, polled while a delivery is still pending (retries are spread over minutes). */
export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => apiData<TWebhookDelivery[]>(`/webhooks/${id}/deliveries`, { signal }),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 3000 : false),
  });
