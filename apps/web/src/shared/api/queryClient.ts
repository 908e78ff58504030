import { QueryClient } from '@tanstack/react-query';
import { onSessionCleared } from '../session.ts';
import { TransportError } from './errors.ts';

/** One query cache for the signed-in app; emptied when the session ends. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) will not change on retry; network trouble might.
      retry: (failures, error) => failures < 2 && !(error instanceof TransportError && error.kind === 'bad-request'),
    },
  },
});

onSessionCleared(() => queryClient.clear());
