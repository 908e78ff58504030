import { useQuery } from '@tanstack/react-query';
import type { TDashboardSummary } from '@bizdesk/contract';
import { apiData } from '../../shared/api/client.ts';

export type { TDashboardSummary };

export const useDashboardSummary = () =>
  useQuery({ queryKey: ['dashboard', 'summary'], queryFn: ({ signal }) => apiData<TDashboardSummary>('/dashboard/summary', { signal }) });
